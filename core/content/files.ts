/**
 * Where each kind of content lives under content/ and which schema it must satisfy: the one map that the
 * build's checks, the CMS's collections and its local backend share (docs/decisions/0029-cms-for-editors.md).
 */
import type { z } from 'zod';
import { page } from '../pages/page.ts';
import { sharedContent } from '../pages/shared-content.ts';
import { author, postFrontMatter } from '../blog/post.ts';
import { assistantVocabulary } from '../assistant/vocabulary.ts';
import { siteConfig } from '../common/config.ts';

export const pagesFolder = 'content/pages';
export const postsFolder = 'content/blog';
export const authorsFolder = 'content/authors';
export const sharedFolder = 'content/shared';
/** The site's settings: what an editor owns in it (the price, the contact details, the hours) is in the CMS. */
export const siteFile = 'content/site.json';

/** Each file of content/shared/, by key: the shared copy of core/pages/shared-content.ts, and DENTY's vocabulary. */
export const sharedFiles = {
  faq: { file: 'faq.yaml', schema: sharedContent.shape.faq },
  testimonials: { file: 'testimonials.yaml', schema: sharedContent.shape.testimonials },
  glossary: { file: 'glossary.yaml', schema: sharedContent.shape.glossary },
  navigation: { file: 'navigation.yaml', schema: sharedContent.shape.navigation },
  solutions: { file: 'solutions.yaml', schema: sharedContent.shape.solutions },
  audit: { file: 'audit.yaml', schema: sharedContent.shape.audit },
  articleExtras: { file: 'article-extras.yaml', schema: sharedContent.shape.articleExtras },
  assistantVocabulary: { file: 'assistant-vocabulary.yaml', schema: assistantVocabulary },
} as const satisfies Record<keyof typeof sharedContent.shape, unknown> & Record<string, { file: string; schema: z.ZodType }>;
export type SharedKey = keyof typeof sharedFiles;
export const sharedKeys = Object.keys(sharedFiles) as SharedKey[];

export function sharedPath(key: SharedKey): string {
  return `${sharedFolder}/${sharedFiles[key].file}`;
}

export type ContentKind =
  | { kind: 'page'; schema: typeof page }
  | { kind: 'post'; schema: typeof postFrontMatter }
  | { kind: 'author'; schema: typeof author }
  | { kind: 'shared'; key: SharedKey; schema: z.ZodType }
  | { kind: 'site'; schema: typeof siteConfig };

/** The kind of a file of content/ from its path; undefined for a file the site does not read. */
export function contentKind(path: string): ContentKind | undefined {
  if (path === siteFile) return { kind: 'site', schema: siteConfig };
  const match = /^content\/(pages|blog|authors|shared)\/([^/]+)$/.exec(path);
  if (!match || match[2]!.startsWith('_')) return undefined;
  const [, folder, name] = match as unknown as [string, string, string];
  if (folder === 'pages' && name.endsWith('.md')) return { kind: 'page', schema: page };
  if (folder === 'blog' && name.endsWith('.md')) return { kind: 'post', schema: postFrontMatter };
  if (folder === 'authors' && name.endsWith('.json')) return { kind: 'author', schema: author };
  const key = sharedKeys.find((candidate) => sharedFiles[candidate].file === name);
  if (folder === 'shared' && key) return { kind: 'shared', key, schema: sharedFiles[key].schema };
  return undefined;
}

/** Markdown files: YAML front matter between `---` lines, then the body. The YAML parser is handed in. */
export function splitFrontMatter(
  source: string,
  parseYaml: (text: string) => unknown,
): { data: unknown; body: string } | { error: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { error: 'le fichier doit commencer par un bloc --- (front matter YAML) ---' };
  try {
    return { data: parseYaml(match[1]!), body: match[2]!.trim() };
  } catch (error) {
    return { error: `YAML illisible : ${(error as Error).message}` };
  }
}

/** Reads one file of content/ into data (the front matter, for Markdown), or the reason it cannot be read. */
export function parseContentFile(
  path: string,
  source: string,
  parseYaml: (text: string) => unknown,
): { data: unknown; body?: string } | { error: string } {
  if (path.endsWith('.md')) return splitFrontMatter(source, parseYaml);
  try {
    return { data: path.endsWith('.json') ? JSON.parse(source) : parseYaml(source) };
  } catch (error) {
    return { error: `${path.endsWith('.json') ? 'JSON' : 'YAML'} illisible : ${(error as Error).message}` };
  }
}
