/**
 * Loads everything under content/, validates it with the schemas of core/, and hands templates one
 * typed object. A mistake stops the build with the file, the place (section index, field) and the reason.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { load, CORE_SCHEMA } from 'js-yaml';
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
import { RESERVED_BLOG_SLUGS } from '../../core/blog/listing.ts';
import { isScheduled, parisDay } from '../../core/blog/schedule.ts';
import {
  ConfigError,
  loadConfig,
  placeholderAddresses,
  resolveHref,
  type SiteConfig,
} from '../../core/common/config.ts';
import { renderMarkdown, type TextSection, type TocItem } from './markdown.ts';
import { lastModifiedFinder } from './last-modified.ts';
import { iconExists } from './icons.ts';
import {
  ContentError,
  validate,
  checkUnique,
  citedTestimonials,
  referenceProblems,
  iconProblems,
  articleExtrasProblems,
  authorProblem,
  faqPageProblems,
  questionPartProblems,
} from '../../core/content/validate.ts';
import { splitFrontMatter as splitSource } from '../../core/content/files.ts';
import { detached } from '../../core/common/strings.ts';
import { companyValues, resolveDetails, unknownDetails, withDetails } from '../../core/content/company-details.ts';

// The rules live in core/content/ so that the CMS applies them too (docs/decisions/0029-cms-for-editors.md).
export { ContentError, validate };

/** YAML 1.2's core schema: a date stays the text the editor typed (the schemas read AAAA-MM-JJ). */
const parseYaml = (text: string): unknown => load(text, { schema: CORE_SCHEMA });
/** The placeholder addresses were announced (site/lib/content.ts load). */
let warnedOfPlaceholders = false;

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  // Parsed from a copy: the front matter's strings, kept with the post, are cut from the text they were
  // read in, and would keep the whole file alive with them.
  const read = splitSource(source, (yaml) => parseYaml(detached(yaml)));
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
  body?: { html: string; toc: TocItem[]; sections: TextSection[] };
  /** Last real change (YYYY-MM-DD): front matter `updated`, else the file's last commit. */
  modified: string;
}

export interface Post extends PostFrontMatter {
  file: string;
  authorSlug: string;
  authorName: string;
  html: string;
  /** The plain text of the body, cut at its headings (site/lib/markdown.ts). */
  sections: TextSection[];
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
  /**
   * Articles dated after the build's day: checked like the others, published by the first build on or
   * after their date (core/blog/schedule.ts), never in this build's pages, lists, feeds or indexes.
   */
  scheduled: Post[];
  authors: Author[];
}

export interface ContentOptions {
  /** The content folder (default `<root>/content`; CONTENT_DIR for the dev-loop test). */
  contentDir?: string;
  /** More articles, outside content/ (the bench's generated ones: EXTRA_POSTS_DIR). */
  extraPostsDir?: string;
  /** The build's day (AAAA-MM-JJ), for scheduled articles; else today in Paris (core/blog/schedule.ts). */
  today?: string;
}

/** What a file parses to, kept until the file (or `extra`, what else it depends on) changes. */
class FileCache<T> {
  #entries = new Map<string, { stamp: string; mtime: Date; value: T }>();

  /**
   * The file's value (`parse` gets its text, read only when it changed) and modification time. A file
   * met for the first time is opened once, its size and date read from the open file: at 10,000
   * articles a separate stat per file was a tenth of reading them.
   */
  get(file: string, parse: (text: string) => T, extra = ''): { value: T; mtime: Date } {
    const stampOf = (info: Stats) => `${info.mtimeMs}:${info.size}:${extra}`;
    const hit = this.#entries.get(file);
    if (hit?.stamp === stampOf(statSync(file))) return hit;
    const fd = openSync(file, 'r');
    try {
      const info = fstatSync(fd);
      const entry = { stamp: stampOf(info), mtime: info.mtime, value: parse(readFileSync(fd, 'utf8')) };
      this.#entries.set(file, entry);
      return entry;
    } finally {
      closeSync(fd);
    }
  }

  /** Forgets files that are gone, so a deleted article does not stay in memory. */
  keepOnly(files: readonly string[]): void {
    const keep = new Set(files);
    for (const file of this.#entries.keys()) if (!keep.has(file)) this.#entries.delete(file);
  }
}

type ParsedPost = Omit<Post, 'authorSlug' | 'authorName' | 'modified'>;
type ParsedPage = Omit<LoadedPage, 'modified'>;

/**
 * Reads content/ on every call, reparsing only the files that changed since the last one: the build
 * calls it once, `npm run dev` on every rebuild (an edited article costs one Markdown render).
 */
export function createContentLoader(
  root: string,
  env: Record<string, string | undefined> = process.env,
  options: ContentOptions = {},
): { load(): Content } {
  const contentDir = resolve(root, options.contentDir ?? 'content');
  const pageCache = new FileCache<ParsedPage>();
  const postCache = new FileCache<ParsedPost>();

  function load(): Content {
    const lastModified = lastModifiedFinder(root);
    const config = loadConfig(JSON.parse(readFileSync(join(contentDir, 'site.json'), 'utf8')), env);
    const placeholders = placeholderAddresses(config);
    if (placeholders?.level === 'error') throw new ConfigError(placeholders.message);
    // Once per process: `npm run dev` loads on every change.
    if (placeholders && !warnedOfPlaceholders) console.warn(`\n⚠ ${placeholders.message}\n`);
    warnedOfPlaceholders ||= Boolean(placeholders);
    // The company's details, cited in content as « {e-mail} » (core/content/company-details.ts).
    const details = companyValues(config.company);
    /** A file's data with its details in place, once no placeholder is unknown. */
    const resolved = (data: unknown, file: string, body = '') => {
      const problems = unknownDetails([data, body]);
      if (problems.length) throw new ContentError(file, problems);
      return withDetails(data, details);
    };
    // `text` is the whole file: the warning about dropped HTML names the line in it.
    const markdown = (body: string, file: string, text: string) =>
      renderMarkdown(resolveDetails(body, details, true), {
        resolveHref: (href) => resolveHref(href, config.appUrl),
        source: { file, line: text.slice(0, text.lastIndexOf(body)).split('\n').length },
      });

    const sharedDir = join(contentDir, 'shared');
    const shared = validate(
      sharedContent,
      resolved(
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
      ),
      'content/shared/*.yaml',
    );
    const vocabularyPath = join(sharedDir, 'assistant-vocabulary.yaml');
    const vocabularyFile = relative(root, vocabularyPath);
    const vocabulary = validate(vocabularySchema, readYaml(vocabularyPath, root), vocabularyFile);
    const sharedProblems = [...iconProblems(sharedContent, shared, iconExists), ...articleExtrasProblems(shared)];
    if (sharedProblems.length) throw new ContentError('content/shared/*.yaml', sharedProblems);

    const authors = listFiles(join(contentDir, 'authors'), '.json').map((file) =>
      validate(
        authorSchema,
        resolved(JSON.parse(readFileSync(file, 'utf8')), relative(root, file)),
        relative(root, file),
      ),
    );
    const authorsBySlug = new Map(authors.map((a) => [a.slug, a]));

    // Links and details depend on site.json: a changed one renders the files again.
    const stamp = `${config.appUrl}\n${Object.values(details).join('\n')}`;
    const pageFiles = listFiles(join(contentDir, 'pages'), '.md');
    pageCache.keepOnly(pageFiles);
    const pages = pageFiles.map((file): LoadedPage => {
      const { value: page, mtime } = pageCache.get(
        file,
        (text) => {
          const name = relative(root, file);
          const { data: written, body } = splitFrontMatter(text, name);
          const data = resolved(written, name, body);
          const parsed = validate(pageSchema, data, name);
          const problems = iconProblems(pageSchema, data, iconExists);
          if (problems.length) throw new ContentError(name, problems);
          const rendered = body ? markdown(body, name, text) : undefined;
          const parts = questionPartProblems(parsed.questions, rendered?.sections.map((part) => part.title) ?? []);
          if (parts.length) throw new ContentError(name, parts);
          return { ...parsed, file: name, body: rendered };
        },
        stamp,
      );
      // Shared content may have changed without the page: its references are checked every time.
      const problems = referenceProblems(page, shared);
      if (problems.length) throw new ContentError(page.file, problems);
      return { ...page, modified: page.updated ?? lastModified(file, mtime) };
    });
    checkUnique(
      pages.flatMap((p) => [p.path, ...p.aliases].map((path) => ({ key: path, file: p.file }))),
      'chemin de page',
    );
    checkUnique(
      pages.flatMap((p) => citedTestimonials(p).map((id) => ({ key: id, file: p.file }))),
      'témoignage',
    );

    const postFiles = [
      ...listFiles(join(contentDir, 'blog'), '.md'),
      ...(options.extraPostsDir ? listFiles(options.extraPostsDir, '.md') : []),
    ];
    postCache.keepOnly(postFiles);
    const written = postFiles
      .map((file): Post => {
        const { value: parsed, mtime } = postCache.get(
          file,
          (text) => {
            const name = relative(root, file);
            const { data, body } = splitFrontMatter(text, name);
            const front = validate(postFrontMatter, resolved(data, name, body), name);
            if ((RESERVED_BLOG_SLUGS as readonly string[]).includes(front.slug))
              throw new ContentError(name, [
                `champ slug : « ${front.slug} » est réservé aux listes du blog (${RESERVED_BLOG_SLUGS.join(', ')})`,
              ]);
            const rendered = markdown(body, name, text);
            const parts = questionPartProblems(
              front.questions,
              rendered.sections.map((part) => part.title),
            );
            if (parts.length) throw new ContentError(name, parts);
            return {
              ...front,
              file: name,
              html: rendered.html,
              sections: rendered.sections,
              headings: rendered.toc,
              // Each article has its own cover (docs/requirements.md#blog-post-model), else the placeholder.
              imageUrl: front.image ?? '/placeholder.svg',
              imageAlt: front.image ? (front.imageAlt ?? front.title) : '',
              words: rendered.words,
            };
          },
          stamp,
        );
        const writer = authorsBySlug.get(parsed.author);
        if (!writer) throw new ContentError(parsed.file, authorProblem(parsed.author, [...authorsBySlug.keys()]));
        return {
          ...parsed,
          authorSlug: writer.slug,
          authorName: writer.name,
          modified: [parsed.publishDate, parsed.updated ?? lastModified(file, mtime)].sort().at(-1)!,
        };
      })
      .filter((post) => !post.draft);
    // A scheduled article keeps its own slug and id now: the build of its day must not fail on them.
    checkUnique(
      written.map((p) => ({ key: p.slug, file: p.file })),
      'slug d’article',
    );
    checkUnique(
      written.map((p) => ({ key: String(p.id), file: p.file })),
      'id d’article',
    );
    const today = options.today ?? parisDay(new Date());
    const posts = written.filter((post) => !isScheduled(post, today));
    const scheduled = written.filter((post) => isScheduled(post, today));

    checkAssistantTargets(shared, vocabulary, vocabularyFile, [
      ...pages.flatMap((page) => [page.path, ...page.aliases]),
      ...posts.map((post) => `/blog/${post.slug}`),
    ]);

    return { config, shared, vocabulary, pages, posts: newestFirst(posts), scheduled: newestFirst(scheduled), authors };
  }

  return { load };
}

/** One reading of the content, nothing kept (tests, scripts). */
export function loadContent(
  root: string,
  env: Record<string, string | undefined> = process.env,
  options: ContentOptions = {},
): Content {
  return createContentLoader(root, env, options).load();
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
