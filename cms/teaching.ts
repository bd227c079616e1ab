/**
 * « Questions à apprendre » (docs/decisions/0067-teaching-denty-from-real-questions.md): a collection of
 * the CMS with one entry, DENTY's vocabulary file, shown through one field, `taught`, whose widget lists
 * what visitors asked and DENTY missed (POST /admin/api/questions, server/routes/teaching.ts). Attaching
 * a question adds `{ question, answer }` to `taught`; « Publier » saves it as any edit (cms/formats.ts
 * keeps the file's layout, cms/save.ts and the local backend check it with the build's rules).
 * Only with the local backend (`npm run dev`): the list lives in the server's database, which the CMS of
 * the published site (a git host) cannot read.
 */
import { formats } from '../core/content/cms-collections.ts';
import { sharedPath } from '../core/content/files.ts';

export const TEACHING_COLLECTION = 'apprendre';
export const TEACHING_WIDGET = 'teach-questions';

const nbsp = '\u00A0';

export const teachingCollection = {
  name: TEACHING_COLLECTION,
  label: 'Questions à apprendre',
  description: `Les questions de visiteurs auxquelles DENTY n’a pas su répondre${nbsp}: rattachez chacune à la page, la section ou la réponse de la FAQ qui y répond, puis publiez.`,
  format: formats.yaml,
  delete: false,
  create: false,
  editor: { preview: false },
  files: [
    {
      name: 'questions',
      label: 'Questions des visiteurs',
      file: sharedPath('assistantVocabulary'),
      // Required: Decap would say « (optionnel) » after the label; the list is never saved empty from here.
      fields: [{ name: 'taught', label: 'Questions à apprendre', widget: TEACHING_WIDGET }],
    },
  ],
};

/** The CMS's configuration with « Questions à apprendre » when the backend is the local one. */
export function withTeaching<T extends { backend: Record<string, unknown>; collections: unknown[] }>(config: T): T {
  if (config.backend.name !== 'proxy') return config;
  return { ...config, collections: [...config.collections, teachingCollection] } as T;
}
