/**
 * Loads everything under content/, validates it with the schemas of core/, and hands templates one
 * typed object. A mistake stops the build with the file, the place (section index, field) and the reason.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
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
} from '../../core/blog/post.ts';
import { loadConfig, resolveHref, type SiteConfig } from '../../core/site/config.ts';
import { renderMarkdown, type TocItem } from './markdown.ts';
import { lastModifiedFinder } from './last-modified.ts';
import { iconExists } from './icons.ts';
import {
  ContentError,
  validate,
  checkUnique,
  referenceProblems,
  iconProblems,
  articleExtrasProblems,
  authorProblem,
  faqPageProblems,
} from '../../core/content/validate.ts';
import { splitFrontMatter as splitSource } from '../../core/content/files.ts';

// The rules live in core/content/ so that the CMS applies them too (docs/decisions/0029-cms-for-editors.md).
export { ContentError, validate };

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const read = splitSource(source, parseYaml);
  if ('error' in read) throw new ContentError(file, [read.error]);
  return read;
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
  const vocabulary = validate(vocabularySchema, readYaml(join(root, vocabularyFile), root), vocabularyFile);
  const sharedProblems = [...iconProblems(sharedContent, shared, iconExists), ...articleExtrasProblems(shared)];
  if (sharedProblems.length) throw new ContentError('content/shared/*.yaml', sharedProblems);

  const authors = listFiles(join(contentDir, 'authors'), '.json').map((file) =>
    validate(authorSchema, JSON.parse(readFileSync(file, 'utf8')), relative(root, file)),
  );
  const authorsBySlug = new Map(authors.map((a) => [a.slug, a]));

  const pages = listFiles(join(contentDir, 'pages'), '.md').map((file): LoadedPage => {
    const name = relative(root, file);
    const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'), name);
    const parsed = validate(pageSchema, data, name);
    const problems = [...iconProblems(pageSchema, data, iconExists), ...referenceProblems(parsed, shared)];
    if (problems.length) throw new ContentError(name, problems);
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
      if (!writer) throw new ContentError(name, authorProblem(front.author, [...authorsBySlug.keys()]));
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

/** DENTY's links (a FAQ answer's `page`, the vocabulary's subjects) lead to pages and questions that exist. */
function checkAssistantTargets(
  shared: SharedContent,
  vocabulary: AssistantVocabulary,
  vocabularyFile: string,
  paths: string[],
): void {
  const known = new Set(paths);
  const faqProblems = faqPageProblems(shared.faq, known);
  if (faqProblems.length) throw new ContentError('content/shared/faq.yaml', faqProblems);
  const problems = unknownVocabularyTargets(vocabulary, known, new Set(shared.faq.map((item) => item.id)));
  if (problems.length) throw new ContentError(vocabularyFile, problems);
}
