/**
 * Loads everything under content/, validates it with the schemas of core/, and hands templates one
 * typed object. A mistake stops the build with the file, the place (section index, field) and the reason.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { page as pageSchema, type Page } from '../../core/pages/page.ts';
import { sharedContent, type SharedContent } from '../../core/pages/shared-content.ts';
import {
  assistantVocabulary as vocabularySchema,
  unknownVocabularyTargets,
  type AssistantVocabulary,
} from '../../core/assistant/vocabulary.ts';
import {
  author as authorSchema,
  postFrontMatter,
  newestFirst,
  type Author,
  type PostFrontMatter,
  categories,
} from '../../core/blog/post.ts';
import { loadConfig, resolveHref, type SiteConfig } from '../../core/site/config.ts';
import { renderMarkdown, type TocItem } from './markdown.ts';
import { lastModifiedFinder } from './last-modified.ts';

const frenchErrors = z.locales.fr().localeError;

export class ContentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Contenu invalide dans ${file} :\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

/** "sections.3.cards.1.icon" → "section 4 (features), champ cards[1].icon". */
function describePath(path: PropertyKey[], data: unknown): string {
  if (path[0] === 'sections' && typeof path[1] === 'number') {
    const sections = (data as { sections?: { type?: string }[] }).sections;
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

export function validate<S extends z.ZodType>(schema: S, data: unknown, file: string, french = false): z.infer<S> {
  const result = schema.safeParse(data, french ? { error: frenchErrors } : undefined);
  if (result.success) return result.data;
  throw new ContentError(
    file,
    result.error.issues.map((issue) => `${describePath(issue.path, data)} : ${issue.message}`),
  );
}

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(file, ['le fichier doit commencer par un bloc --- (front matter YAML) ---']);
  try {
    return { data: parseYaml(match[1]!), body: match[2]!.trim() };
  } catch (error) {
    throw new ContentError(file, [`YAML illisible : ${(error as Error).message}`]);
  }
}

function readYaml(file: string, root: string): unknown {
  try {
    return parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(relative(root, file), [`YAML illisible : ${(error as Error).message}`]);
  }
}

function listFiles(dir: string, extension: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension) && !name.startsWith('_'))
    .sort()
    .map((name) => join(dir, name));
}

export interface LoadedPage extends Page {
  file: string;
  /** Markdown body of the file (legal pages), rendered after the sections. */
  body?: { html: string; toc: TocItem[] };
  /** Last real change (YYYY-MM-DD): front matter `updated`, else the file's last commit. */
  modified: string;
}

export interface Post extends PostFrontMatter {
  file: string;
  authorSlug: string;
  authorName: string;
  html: string;
  text: string;
  headings: TocItem[];
  imageUrl: string;
  imageAlt: string;
  words: number;
  /** Last real change (YYYY-MM-DD), never before publication: `updated`, else the file's last commit. */
  modified: string;
}

export interface Content {
  config: SiteConfig;
  shared: SharedContent;
  /** DENTY's vocabulary (content/shared/assistant-vocabulary.yaml). */
  vocabulary: AssistantVocabulary;
  pages: LoadedPage[];
  posts: Post[];
  authors: Author[];
}

export function loadContent(
  root: string,
  env: Record<string, string | undefined> = process.env,
  options: { extraPostsDir?: string } = {},
): Content {
  const contentDir = join(root, 'content');
  const lastModified = lastModifiedFinder(root);
  const config = loadConfig(JSON.parse(readFileSync(join(contentDir, 'site.json'), 'utf8')), env);
  const markdown = (source: string) =>
    renderMarkdown(source, { resolveHref: (href) => resolveHref(href, config.appUrl) });

  const sharedDir = join(contentDir, 'shared');
  const shared = validate(
    sharedContent,
    {
      testimonials: readYaml(join(sharedDir, 'testimonials.yaml'), root),
      faq: readYaml(join(sharedDir, 'faq.yaml'), root),
      glossary: readYaml(join(sharedDir, 'glossary.yaml'), root),
      navigation: readYaml(join(sharedDir, 'navigation.yaml'), root),
      solutions: readYaml(join(sharedDir, 'solutions.yaml'), root),
      audit: readYaml(join(sharedDir, 'audit.yaml'), root),
      articleExtras: readYaml(join(sharedDir, 'article-extras.yaml'), root),
    },
    'content/shared/*.yaml',
  );
  const vocabularyFile = 'content/shared/assistant-vocabulary.yaml';
  const vocabulary = validate(vocabularySchema, readYaml(join(root, vocabularyFile), root), vocabularyFile, true);

  const authors = listFiles(join(contentDir, 'authors'), '.json').map((file) =>
    validate(authorSchema, JSON.parse(readFileSync(file, 'utf8')), relative(root, file)),
  );
  const authorsBySlug = new Map(authors.map((a) => [a.slug, a]));

  const pages = listFiles(join(contentDir, 'pages'), '.md').map((file): LoadedPage => {
    const name = relative(root, file);
    const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'), name);
    const parsed = validate(pageSchema, data, name);
    checkReferences(parsed, shared, name);
    return {
      ...parsed,
      file: name,
      body: body ? markdown(body) : undefined,
      modified: parsed.updated ?? lastModified(file),
    };
  });
  checkUnique(
    pages.flatMap((p) => [p.path, ...p.aliases].map((path) => ({ key: path, file: p.file }))),
    'chemin de page',
  );

  const postFiles = [
    ...listFiles(join(contentDir, 'blog'), '.md'),
    ...(options.extraPostsDir ? listFiles(options.extraPostsDir, '.md') : []),
  ];
  const posts = postFiles
    .map((file): Post => {
      const name = relative(root, file);
      const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'), name);
      const front = validate(postFrontMatter, data, name);
      const writer = authorsBySlug.get(front.author);
      if (!writer)
        throw new ContentError(name, [
          `champ author : auteur inconnu « ${front.author} » (connus : ${[...authorsBySlug.keys()].join(', ')})`,
        ]);
      const rendered = markdown(body);
      return {
        ...front,
        file: name,
        authorSlug: writer.slug,
        authorName: writer.name,
        html: rendered.html,
        text: rendered.text,
        headings: rendered.toc,
        // Each article has its own cover (docs/requirements.md#blog-post-model), else the placeholder.
        imageUrl: front.image ?? '/placeholder.svg',
        imageAlt: front.image ? (front.imageAlt ?? front.title) : '',
        words: rendered.text.split(/\s+/).length,
        modified: [front.publishDate, front.updated ?? lastModified(file)].sort().at(-1)!,
      };
    })
    .filter((post) => !post.draft);
  checkUnique(
    posts.map((p) => ({ key: p.slug, file: p.file })),
    'slug d’article',
  );
  checkUnique(
    posts.map((p) => ({ key: String(p.id), file: p.file })),
    'id d’article',
  );

  checkAssistantTargets(shared, vocabulary, vocabularyFile, [
    ...pages.flatMap((page) => [page.path, ...page.aliases]),
    ...posts.map((post) => `/blog/${post.slug}`),
  ]);

  return { config, shared, vocabulary, pages, posts: newestFirst(posts), authors };
}

function checkUnique(entries: { key: string; file: string }[], what: string): void {
  const seen = new Map<string, string>();
  for (const { key, file } of entries) {
    const other = seen.get(key);
    if (other) throw new ContentError(file, [`${what} « ${key} » déjà utilisé par ${other}`]);
    seen.set(key, file);
  }
}

/** DENTY's links (a FAQ answer's `page`, the vocabulary's subjects) lead to pages and questions that exist. */
function checkAssistantTargets(
  shared: SharedContent,
  vocabulary: AssistantVocabulary,
  vocabularyFile: string,
  paths: string[],
): void {
  const known = new Set(paths);
  const faqProblems = shared.faq.flatMap((item) =>
    item.page && !known.has(item.page) ? [`question ${item.id}, champ page : page inconnue « ${item.page} »`] : [],
  );
  if (faqProblems.length) throw new ContentError('content/shared/faq.yaml', faqProblems);
  const problems = unknownVocabularyTargets(vocabulary, known, new Set(shared.faq.map((item) => item.id)));
  if (problems.length) throw new ContentError(vocabularyFile, problems);
}

/** Every id a section points to must exist in the shared content. */
function checkReferences(page: Page, shared: SharedContent, file: string): void {
  const problems: string[] = [];
  const has = (list: { id?: string; term?: string }[], key: 'id' | 'term', value: string) =>
    list.some((item) => item[key as 'id'] === value);
  page.sections.forEach((section, index) => {
    const where = `section ${index + 1} (${section.type})`;
    if (section.type === 'testimonials')
      for (const id of section.testimonials)
        if (!has(shared.testimonials, 'id', id))
          problems.push(`${where}, champ testimonials : témoignage inconnu « ${id} »`);
    if (section.type === 'faq' && section.questions !== 'all')
      for (const id of section.questions)
        if (!has(shared.faq, 'id', id)) problems.push(`${where}, champ questions : question inconnue « ${id} »`);
    if (section.type === 'glossary')
      for (const term of section.terms)
        if (!has(shared.glossary, 'term', term)) problems.push(`${where}, champ terms : terme inconnu « ${term} »`);
  });
  if (problems.length) throw new ContentError(file, problems);
}

export { categories };
