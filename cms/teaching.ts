/**
 * « Questions à apprendre » (docs/decisions/0067-teaching-denty-from-real-questions.md): a collection of
 * the CMS with one entry, DENTY's vocabulary file, shown through one field, `taught`, whose widget lists
 * what visitors asked and DENTY missed (POST /admin/api/questions, server/routes/teaching.ts). Attaching
 * a question adds `{ question, answer }` to `taught`; « Publier » saves it as any edit (cms/formats.ts
 * keeps the file's layout, cms/save.ts and the local backend check it with the build's rules).
 * A FAQ answer written from this screen rides in its `taught` item (`faq`) until « Publier »: the FAQ file
 * is then written first, then the vocabulary, in one save for the editor (`withNewAnswers`).
 * Only with the local backend (`npm run dev`): the list lives in the server's database, which the CMS of
 * the published site (a git host) cannot read.
 */
import { parse } from 'yaml';
import { currentBackend } from 'decap-cms-core/dist/esm/backend';
import { formats } from '../core/content/cms-collections.ts';
import { parseContentFile, sharedPath } from '../core/content/files.ts';
import type { ReadFile } from '../core/content/check.ts';
import { sharedYaml } from './formats.ts';

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

interface Taught {
  question: string;
  answer: string;
  faq?: { id: string; question: string; answer: string };
}

/**
 * Before the vocabulary is saved: the FAQ answers written on this screen are added to the FAQ file (its
 * layout kept, cms/formats.ts), after the same check as any save (`check`, the FAQ's problems or '');
 * `files` then holds the new FAQ, so that the vocabulary is checked against it. Returns the `taught`
 * list as the vocabulary holds it, or undefined when there was nothing to add.
 */
export async function withNewAnswers(
  taught: Taught[],
  files: Map<string, ReadFile>,
  check: (path: string, data: Record<string, unknown>) => string,
): Promise<{ taught: Taught[] } | { problems: string } | undefined> {
  const answers = taught.flatMap((item) => (item.faq ? [item.faq] : []));
  if (!answers.length) return undefined;
  const path = sharedPath('faq');
  const backend = currentBackend().implementation;
  const [file] = await backend.entriesByFiles([{ path }]);
  const faq = sharedYaml.fromFile(file?.data ?? '[]');
  faq.items = [...(faq.items as unknown[]), ...answers];
  const problems = check(path, faq);
  if (problems) return { problems };
  const raw = sharedYaml.toFile(faq);
  await backend.persistEntry(
    { dataFiles: [{ path, raw, slug: 'faq' }], assets: [] },
    { newEntry: false, commitMessage: 'Contenu : nouvelle réponse de la FAQ, depuis « Questions à apprendre »' },
  );
  files.set(path, parseContentFile(path, raw, parse) as ReadFile);
  return { taught: taught.map(({ faq: _faq, ...item }) => item) };
}
