/**
 * How the CMS reads and writes the files of content/: YAML through the same parser as the build (`yaml`),
 * long lines never folded, and the shared lists (FAQ, testimonials, glossary) kept as lists at the root of
 * their file, which Decap cannot edit by itself: they are handed to it as one field, `items`.
 * Each entry carries the text it was read from, under a key no form shows, so that a save changes only
 * what the editor changed (cms/keep-layout.ts, and cms/keep-markdown.ts for the text of a page or an article).
 */
import { parse, parseDocument, stringify } from 'yaml';
import { keepJsonLayout, keepYamlLayout } from './keep-layout.ts';
import { keepMarkdownLayout } from './keep-markdown.ts';
import { formats, listFieldName } from '../core/content/cms-collections.ts';
import { splitFrontMatter } from '../core/content/files.ts';
import { page } from '../core/pages/page.ts';
import { author, postFrontMatter } from '../core/blog/post.ts';
import { articleStatus, parisDay } from '../core/blog/schedule.ts';

/**
 * Keys are written in the schema's order (an article starts with its id and slug), whatever order the
 * form shows them in; a page and an article share no key that would make this ambiguous.
 */
const frontMatterOrder = [...new Set([...Object.keys(postFrontMatter.shape), ...Object.keys(page.shape)])];
const authorOrder = Object.keys(author.shape);

type Data = Record<string, unknown>;

/** The file's text as it was opened: the layout a save keeps. */
const sourceKey = '_source';

const yamlText = (value: unknown) => stringify(value, { lineWidth: 0, minContentWidth: 0 });

/**
 * A field the editor left empty is left out of the file, as if it had never been there: an optional value
 * is absent, not an empty string (which the schemas would refuse, e.g. an image path).
 */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  const result: Data = {};
  for (const [key, item] of Object.entries(value)) {
    const clean = withoutEmpty(item);
    const empty =
      clean === undefined ||
      clean === null ||
      clean === '' ||
      (typeof clean === 'object' && !Array.isArray(clean) && !(clean instanceof Date) && !Object.keys(clean).length);
    if (!empty) result[key] = clean;
  }
  return result;
}

/** Keys in the form's order (Decap gives it), then any other key the file had; empty values left out. */
function ordered(data: Data, sortedKeys: string[] = []): Data {
  const clean = withoutEmpty(data) as Data;
  const result: Data = {};
  for (const key of [...sortedKeys, ...Object.keys(clean)])
    if (!(key in result) && clean[key] !== undefined) result[key] = clean[key];
  return result;
}

const frontMatterParts = /^---\r?\n([\s\S]*?\r?\n)---\r?\n?([\s\S]*)$/;

/**
 * Where an article stands today (« Brouillon », « Programmé pour le 3 décembre 2026 », « Publié le… »),
 * under a key no form shows and no file holds: the list's summary and its « Programmés » filter read it
 * (core/content/cms-collections.ts). Computed when the file is read and again on save (cms/save.ts).
 */
export const statusKey = '_status';
export const statusOf = (data: Data) => articleStatus(data, parisDay(new Date()));

export const frontMatter = {
  fromFile(content: string): Data {
    const read = splitFrontMatter(content, parse);
    // A file the build cannot read either: opened empty, and saving it says why (cms/save.ts).
    if ('error' in read) return { body: content };
    const data = read.data as Data;
    const status = data && 'publishDate' in data ? { [statusKey]: statusOf(data).label } : {};
    return { ...data, ...status, body: read.body, [sourceKey]: content };
  },
  toFile(data: object): string {
    const { body, [sourceKey]: source, [statusKey]: _status, ...rest } = data as Data;
    const text = typeof body === 'string' ? body.trim() : '';
    const front = ordered(rest, frontMatterOrder);
    const parts = typeof source === 'string' ? frontMatterParts.exec(source) : null;
    const kept = parts ? keepYamlLayout(parts[1]!, front, frontMatterOrder) : '';
    // The text after the front matter with the file's own lines wherever they still say the same, and
    // its blank lines around (cms/keep-markdown.ts).
    const opened = parts?.[2] ?? '';
    const start = opened.search(/\S/);
    const end = opened.trimEnd().length;
    const after = !text
      ? ''
      : start < 0
        ? `${text}\n`
        : opened.slice(0, start) + keepMarkdownLayout(opened.slice(start, end), text) + opened.slice(end);
    return `---\n${kept || yamlText(front)}---\n${after}`;
  },
};

/**
 * The comment that opens a shared file (what the file is for) rides along under this key, which no form
 * shows, and is written back on save.
 */
const commentKey = '_comment';

function readYaml(content: string): { value: unknown; comment?: string } {
  const document = parseDocument(content);
  if (document.errors.length) throw document.errors[0]!;
  return { value: document.toJS(), comment: document.commentBefore ?? undefined };
}

function writeYaml(value: unknown, comment: unknown): string {
  const header =
    typeof comment === 'string' && comment
      ? `${comment
          .split('\n')
          .map((line) => `#${line}`)
          .join('\n')}\n\n`
      : '';
  return header + yamlText(value);
}

/**
 * A shared file: an object (navigation, solutions…) or a list at its root (FAQ, testimonials, glossary).
 * Decap knows one format per collection, so this one tells them apart by what the file holds, and
 * remembers it under a key no form shows.
 */
const listKey = '_list';

export const sharedYaml = {
  fromFile(content: string): Data {
    const { value, comment } = readYaml(content);
    const data: Data = Array.isArray(value) ? { [listFieldName]: value, [listKey]: true } : ((value as Data) ?? {});
    return { ...data, ...(comment && { [commentKey]: comment }), [sourceKey]: content };
  },
  toFile(data: object, sortedKeys?: string[]): string {
    const { [commentKey]: comment, [listKey]: isList, [sourceKey]: source, ...rest } = data as Data;
    const value = isList ? withoutEmpty(rest[listFieldName] ?? []) : ordered(rest, sortedKeys);
    // The opening comment is part of the document kept.
    const kept = typeof source === 'string' ? keepYamlLayout(source, value, sortedKeys) : '';
    return kept || writeYaml(value, comment);
  },
};

/** Authors: JSON, two-space indented (a new file), empty fields left out. */
export const jsonFile = {
  fromFile: (content: string): Data => ({ ...(JSON.parse(content) as Data), [sourceKey]: content }),
  toFile(data: object): string {
    const { [sourceKey]: source, ...rest } = data as Data;
    const value = ordered(rest, authorOrder);
    return typeof source === 'string' ? keepJsonLayout(source, value) : `${JSON.stringify(value, null, 2)}\n`;
  },
};

/**
 * content/site.json: as authors' JSON, but an empty value is kept (an unset tracker's ID is an empty
 * string the build reads), and the keys no form shows are left as they are.
 */
export const settingsFile = {
  fromFile: jsonFile.fromFile,
  toFile(data: object): string {
    const { [sourceKey]: source, ...rest } = data as Data;
    return typeof source === 'string' ? keepJsonLayout(source, rest) : `${JSON.stringify(rest, null, 2)}\n`;
  },
};

export const customFormats: [string, string, typeof sharedYaml][] = [
  [formats.frontMatter, 'md', frontMatter],
  [formats.yaml, 'yaml', sharedYaml],
  [formats.json, 'json', jsonFile],
  [formats.settings, 'json', settingsFile],
];
