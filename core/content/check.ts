/**
 * Every rule the build applies to content/, over files already read: what the CMS runs before it saves
 * and its local backend before it writes (docs/decisions/0029-cms-for-editors.md). It is made of the same
 * functions as the build's loader (site/lib/content.ts), so both say the same thing in the same words.
 */
import { z } from 'zod';
import type { Page } from '../pages/page.ts';
import type { SharedContent } from '../pages/shared-content.ts';
import type { PostFrontMatter } from '../blog/post.ts';
import { isScheduled, parisDay } from '../blog/schedule.ts';
import { contentKind, sharedFiles, sharedKeys, sharedPath } from './files.ts';
import { unknownDetails } from './company-details.ts';
import { sharedContent } from '../pages/shared-content.ts';
import { unknownVocabularyTargets, type AssistantVocabulary } from '../assistant/vocabulary.ts';
import {
  articleExtrasProblems,
  authorProblem,
  citedTestimonials,
  duplicateProblem,
  faqPageProblems,
  iconProblems,
  referenceProblems,
  schemaProblems,
  type IconExists,
} from './validate.ts';

/** A file of content/ as read: its data (front matter and text for Markdown), or why it could not be read. */
export type ReadFile = { data: unknown; body?: string } | { error: string };

/** File path (from the repository root) → the French problems found in it. Empty: the build will pass. */
export type Problems = Map<string, string[]>;

/**
 * `saving`: the file a save writes, read last, so that a slug, an id or a path it takes from another file
 * is said of it (« déjà utilisé par » the other), not of the file that had it first.
 */
export function checkContent(
  files: ReadonlyMap<string, ReadFile>,
  iconExists: IconExists,
  saving?: string,
  today: string = parisDay(new Date()),
): Problems {
  const problems: Problems = new Map();
  const add = (file: string, lines: string[]) => {
    if (lines.length) problems.set(file, [...(problems.get(file) ?? []), ...lines]);
  };
  const valid = <T>(file: string, read: ReadFile, schema: z.ZodType): T | undefined => {
    if ('error' in read) return add(file, [read.error]), undefined;
    // A Markdown file's text cites the company's details too (core/content/company-details.ts).
    add(file, unknownDetails('body' in read ? [read.data, read.body] : read.data));
    const lines = schemaProblems(schema, read.data);
    add(file, lines);
    add(file, lines.length ? [] : iconProblems(schema, read.data, iconExists));
    return lines.length ? undefined : (schema.parse(read.data) as T);
  };

  // Shared copy first: pages and articles point into it.
  const shared: Partial<SharedContent & { assistantVocabulary: AssistantVocabulary }> = {};
  for (const key of sharedKeys) {
    const file = sharedPath(key);
    const read = files.get(file);
    if (!read) {
      add(file, ['fichier manquant']);
      continue;
    }
    // Shared copy is wrapped in its key, so that a place reads as in the build (« champ faq.3.id »);
    // the vocabulary is checked on its own, as the build does.
    const schema = sharedFiles[key].schema as z.ZodType;
    const own = !(key in sharedContent.shape);
    const value = own
      ? valid<unknown>(file, read, schema)
      : valid<Record<string, unknown>>(file, 'error' in read ? read : { data: { [key]: read.data } }, z.object({ [key]: schema }))?.[key];
    if (value !== undefined) (shared as Record<string, unknown>)[key] = value;
  }
  if (shared.faq && shared.articleExtras)
    add(sharedPath('articleExtras'), articleExtrasProblems({ faq: shared.faq, articleExtras: shared.articleExtras }));

  const authors: string[] = [];
  const paths = new Map<string, string>();
  const testimonials = new Map<string, string>();
  const slugs = new Map<string, string>();
  const ids = new Map<string, string>();
  const published = new Set<string>();
  const posts: { file: string; post: PostFrontMatter }[] = [];
  const order = ([a]: [string, ReadFile], [b]: [string, ReadFile]) =>
    Number(a === saving) - Number(b === saving) || a.localeCompare(b);
  for (const [file, read] of [...files].sort(order)) {
    const kind = contentKind(file);
    if (kind?.kind === 'author') {
      const author = valid<{ slug: string }>(file, read, kind.schema);
      if (author) authors.push(author.slug);
    }
    if (kind?.kind === 'page') {
      const page = valid<Page>(file, read, kind.schema);
      if (!page) continue;
      if (shared.faq && shared.testimonials && shared.glossary)
        add(
          file,
          referenceProblems(page, { faq: shared.faq, testimonials: shared.testimonials, glossary: shared.glossary }),
        );
      for (const path of [page.path, ...page.aliases]) {
        add(file, duplicateProblem(path, paths, 'chemin de page'));
        paths.set(path, file);
      }
      for (const id of citedTestimonials(page)) {
        add(file, duplicateProblem(id, testimonials, 'témoignage'));
        testimonials.set(id, file);
      }
    }
    // The environment overrides some settings at build; the file itself must hold what the schema asks.
    if (kind?.kind === 'site') valid<unknown>(file, read, kind.schema);
    if (kind?.kind === 'post') {
      const post = valid<PostFrontMatter>(file, read, kind.schema);
      if (post) posts.push({ file, post });
    }
  }
  for (const { file, post } of posts) {
    add(file, authorProblem(post.author, authors));
    // Drafts are not published, so only published articles must have their own slug and id (as the build).
    if (post.draft) continue;
    add(file, duplicateProblem(post.slug, slugs, 'slug d’article'));
    slugs.set(post.slug, file);
    add(file, duplicateProblem(String(post.id), ids, 'id d’article'));
    ids.set(String(post.id), file);
    // A scheduled article has no page yet (core/blog/schedule.ts): DENTY cannot send a reader to it.
    if (!isScheduled(post, today)) published.add(post.slug);
  }
  // DENTY's links lead to pages that exist (a FAQ answer's page, the vocabulary's subjects).
  const known = new Set([...paths.keys(), ...published].map((key) => (key.startsWith('/') ? key : `/blog/${key}`)));
  if (shared.faq) add(sharedPath('faq'), faqPageProblems(shared.faq, known));
  if (shared.faq && shared.assistantVocabulary)
    add(
      sharedPath('assistantVocabulary'),
      unknownVocabularyTargets(shared.assistantVocabulary, known, new Set(shared.faq.map((item) => item.id))),
    );
  return problems;
}

/** The problems of `after` that `before` did not have: what one change would break. */
export function newProblems(before: Problems, after: Problems): Problems {
  const added: Problems = new Map();
  for (const [file, lines] of after) {
    const old = new Set(before.get(file) ?? []);
    const fresh = lines.filter((line) => !old.has(line));
    if (fresh.length) added.set(file, fresh);
  }
  return added;
}

/** The build's own wording: « Contenu invalide dans FILE : » then one line per problem. */
export function describeProblems(problems: Problems): string {
  return [...problems]
    .map(([file, lines]) => `Contenu invalide dans ${file} :\n${lines.map((line) => `  - ${line}`).join('\n')}`)
    .join('\n');
}
