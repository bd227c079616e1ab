/**
 * The content rules, in one place for the three places that apply them: the build (site/lib/content.ts),
 * the CMS at /admin before it saves, and the CMS's local backend before it writes a file
 * (docs/decisions/0029-cms-for-editors.md). Same checks, same French messages, so a value that would stop
 * the build cannot be saved.
 */
import { z } from 'zod';
import type { Page } from '../pages/page.ts';
import type { SharedContent } from '../pages/shared-content.ts';
import { icon } from '../pages/sections.ts';

export class ContentError extends Error {
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`Contenu invalide dans ${file} :\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ContentError';
    this.file = file;
    this.problems = problems;
  }
}

/** zod's own French messages, per call, so that nothing global changes for the other parsers. */
const french = z.locales.fr().localeError;

/** "sections.3.cards.1.icon" → "section 4 (features), champ cards[1].icon". */
export function describePath(path: readonly PropertyKey[], data: unknown): string {
  if (path[0] === 'sections' && typeof path[1] === 'number') {
    const sections = (data as { sections?: { type?: string }[] } | undefined)?.sections;
    const type = sections?.[path[1]]?.type ?? '?';
    const rest = path
      .slice(2)
      .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
      .join('')
      .replace(/^\./, '');
    return `section ${path[1] + 1} (${type})${rest ? `, champ ${rest}` : ''}`;
  }
  return `champ ${path.map(String).join('.') || '(racine)'}`;
}

/** Every reason `schema` refuses `data`, one French line each, with the place. Empty when it is valid. */
export function schemaProblems(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data, { error: french });
  if (result.success) return [];
  return result.error.issues.map((issue) => `${describePath(issue.path, data)} : ${issue.message}`);
}

export function validate<S extends z.ZodType>(schema: S, data: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(data, { error: french });
  if (result.success) return result.data;
  throw new ContentError(file, schemaProblems(schema, data));
}

export type IconExists = (name: string) => boolean;

/**
 * Every icon name in `data` that the icon set lacks. The schema is walked beside the data, so an icon
 * field added to any schema is checked without a change here.
 */
export function iconProblems(schema: z.ZodType, data: unknown, exists: IconExists): string[] {
  const problems: string[] = [];
  walk(schema, data, [], (node, value, path) => {
    if (node === icon && typeof value === 'string' && !exists(value))
      problems.push(
        `${describePath(path, data)} : icône inconnue « ${value} » (choisissez un nom de https://lucide.dev/icons)`,
      );
  });
  return problems;
}

type Visit = (schema: z.ZodType, value: unknown, path: PropertyKey[]) => void;

function walk(schema: z.ZodType, value: unknown, path: PropertyKey[], visit: Visit): void {
  visit(schema, value, path);
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      if (value !== undefined && value !== null) walk(def.innerType as z.ZodType, value, path, visit);
      return;
    case 'pipe':
      walk(def.in as z.ZodType, value, path, visit);
      return;
    case 'object':
      if (value && typeof value === 'object')
        for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>))
          walk(child, (value as Record<string, unknown>)[key], [...path, key], visit);
      return;
    case 'array':
      if (Array.isArray(value))
        value.forEach((item, index) => walk(def.element as z.ZodType, item, [...path, index], visit));
      return;
    case 'record':
      if (value && typeof value === 'object')
        for (const [key, item] of Object.entries(value))
          walk(def.valueType as z.ZodType, item, [...path, key], visit);
      return;
    case 'union': {
      // The option that accepts the value (for sections: the one of its `type`).
      const options = def.options as z.ZodType[];
      const discriminator = def.discriminator as string | undefined;
      const match = options.find((option) =>
        discriminator && value && typeof value === 'object'
          ? (option as z.ZodObject).shape?.[discriminator]?.safeParse(
              (value as Record<string, unknown>)[discriminator],
            ).success
          : option.safeParse(value).success,
      );
      if (match) walk(match, value, path, visit);
      return;
    }
  }
}

/** Every id a page's sections point to must exist in the shared content. */
export function referenceProblems(page: Page, shared: Pick<SharedContent, 'testimonials' | 'faq' | 'glossary'>): string[] {
  const problems: string[] = [];
  const testimonials = new Set(shared.testimonials.map((item) => item.id));
  const faq = new Set(shared.faq.map((item) => item.id));
  const glossary = new Set(shared.glossary.map((item) => item.term));
  page.sections.forEach((section, index) => {
    const where = `section ${index + 1} (${section.type})`;
    if (section.type === 'testimonials')
      for (const id of section.testimonials)
        if (!testimonials.has(id)) problems.push(`${where}, champ testimonials : témoignage inconnu « ${id} »`);
    if (section.type === 'faq' && section.questions !== 'all')
      for (const id of section.questions)
        if (!faq.has(id)) problems.push(`${where}, champ questions : question inconnue « ${id} »`);
    if (section.type === 'glossary')
      for (const term of section.terms)
        if (!glossary.has(term)) problems.push(`${where}, champ terms : terme inconnu « ${term} »`);
  });
  return problems;
}

/** The testimonials a page cites: each is cited on one page only (« témoignage … déjà utilisé par »). */
export const citedTestimonials = (page: Page): string[] =>
  page.sections.flatMap((section) => (section.type === 'testimonials' ? section.testimonials : []));

/** The shared blocks shown on every article point to FAQ entries by id. */
export function articleExtrasProblems(shared: Pick<SharedContent, 'faq' | 'articleExtras'>): string[] {
  const faq = new Set(shared.faq.map((item) => item.id));
  return shared.articleExtras.faq.flatMap((id, index) =>
    faq.has(id) ? [] : [`champ articleExtras.faq[${index}] : question inconnue « ${id} »`],
  );
}

export function authorProblem(author: string, known: readonly string[]): string[] {
  return known.includes(author) ? [] : [`champ author : auteur inconnu « ${author} » (connus : ${known.join(', ')})`];
}

/** A key (path, slug, id) that another file already uses: `others` maps each key to its file. */
export function duplicateProblem(key: string, others: ReadonlyMap<string, string>, what: string): string[] {
  const other = others.get(key);
  return other ? [`${what} « ${key} » déjà utilisé par ${other}`] : [];
}

export function checkUnique(entries: { key: string; file: string }[], what: string): void {
  const seen = new Map<string, string>();
  for (const { key, file } of entries) {
    const problem = duplicateProblem(key, seen, what);
    if (problem.length) throw new ContentError(file, problem);
    seen.set(key, file);
  }
}

/** A FAQ answer's own page (the assistant links to it) must be a page of the site. */
export function faqPageProblems(faq: readonly { id: string; page?: string }[], paths: ReadonlySet<string>): string[] {
  return faq.flatMap((item) =>
    item.page && !paths.has(item.page) ? [`question ${item.id}, champ page : page inconnue « ${item.page} »`] : [],
  );
}

/** A heading as an editor types it again: apostrophes and spaces of any kind made plain. */
export const plainHeading = (text: string) =>
  text.replace(/[’‘]/g, "'").replace(/[\s\u00A0\u202F]+/g, ' ').trim().toLowerCase();

/**
 * The `questions` whose `part` names no `## ` heading of the body (DENTY would attach them to nothing):
 * the editor renamed the part, or mistyped it.
 */
export function questionPartProblems(
  questions: readonly { part?: string }[],
  headings: readonly (string | undefined)[],
): string[] {
  const known = new Set(headings.flatMap((heading) => (heading ? [plainHeading(heading)] : [])));
  const list = headings.filter(Boolean).map((heading) => `« ${heading} »`).join(', ');
  return questions.flatMap(({ part }, index) =>
    part === undefined || known.has(plainHeading(part))
      ? []
      : [
          `champ questions.${index}.part : « ${part} » n’est le titre d’aucune partie (## ) du texte${list ? ` ; les parties : ${list}` : ''}`,
        ],
  );
}
