/**
 * Before the CMS saves: the build's own rules, with its own French messages (docs/decisions/0029-cms-for-editors.md).
 * The file is written exactly as it will be saved, read back as the build reads it, and checked with the
 * rest of content/ as it is in the repository (core/content/check.ts): a change that would stop the build
 * (a field, a reference, an icon, a slug already used, a FAQ entry that a page still cites) is refused,
 * and the editor keeps the form as it was.
 */
import { parse } from 'yaml';
import iconNames from 'virtual:lucide-names';
import { checkContent, describeProblems, newProblems, type ReadFile } from '../core/content/check.ts';
import {
  authorsFolder,
  pagesFolder,
  parseContentFile,
  postsFolder,
  sharedKeys,
  sharedPath,
} from '../core/content/files.ts';
import { slugKey } from '../core/common/slug.ts';
import { editorWords } from '../core/content/editor-words.ts';
import { frontMatter, jsonFile, settingsFile, sharedYaml } from './formats.ts';
import { readRepository } from './repository.ts';

const icons = new Set(iconNames);
const iconExists = (name: string) => icons.has(name);

type Data = Record<string, unknown>;

/** Decap's entry, an Immutable.js map: only what is read here. */
export interface EntryMap {
  get(key: 'data'): { toJS(): Data; set(key: string, value: unknown): unknown };
  get(key: 'collection' | 'path' | 'slug'): string | undefined;
  get(key: 'newRecord'): boolean | undefined;
  getIn(path: string[]): unknown;
}

/** The text Decap will write for this entry, through the same formats (cms/formats.ts). */
function fileText(collection: string, data: Data): { path?: string; text: string } {
  if (collection === 'authors') return { text: jsonFile.toFile(data) };
  if (collection === 'settings') return { text: settingsFile.toFile(data) };
  if (collection === 'shared') return { text: '' };
  return { text: frontMatter.toFile(data) };
}

/** Where a new entry will be written (Decap names it from the slug template of core/content/cms-collections.ts). */
function newPath(collection: string, data: Data): string | undefined {
  if (collection === 'blog') return `${postsFolder}/${String(data.slug)}.md`;
  if (collection === 'authors') return `${authorsFolder}/${String(data.slug)}.json`;
  if (collection === 'pages') return `${pagesFolder}/${slugKey(String(data.name ?? ''))}.md`;
  return undefined;
}

/**
 * A new article needs neither a number, nor a slug, nor a date: the next free number, its title in slug
 * form, today.
 */
export function completeArticle(data: Data, files: ReadonlyMap<string, ReadFile>, today: Date = new Date()): Data {
  const result = { ...data };
  if (!result.publishDate) result.publishDate = today.toISOString().slice(0, 10);
  if (!result.slug && typeof result.title === 'string') result.slug = slugKey(result.title);
  if (result.id === undefined || result.id === null || result.id === '') {
    const ids = [...files]
      .filter(([path]) => path.startsWith(`${postsFolder}/`))
      .map(([, read]) => ('data' in read ? Number((read.data as Data | null)?.id) : NaN))
      .filter(Number.isFinite);
    result.id = Math.max(0, ...ids) + 1;
  }
  return result;
}

/** The problems this save would add to content/, in the build's words; empty when it may be saved. */
export function problemsOfSave(
  collection: string,
  path: string,
  data: Data,
  files: ReadonlyMap<string, ReadFile>,
): string {
  const after = new Map(files);
  // By its path: another collection may edit a shared file too (« Questions à apprendre », cms/teaching.ts).
  const sharedKey = sharedKeys.find((key) => sharedPath(key) === path);
  if (sharedKey) {
    after.set(path, parseContentFile(path, sharedYaml.toFile(data), parse));
  } else after.set(path, parseContentFile(path, fileText(collection, data).text, parse));
  const problems = newProblems(checkContent(files, iconExists), checkContent(after, iconExists, path));
  // The build names the file it reaches second: say when that is another file than the one being saved.
  const own = new Map([...problems].filter(([file]) => file === path));
  const others = new Map([...problems].filter(([file]) => file !== path));
  return [
    describeProblems(own),
    others.size ? `Cette modification rendrait invalide un autre fichier :\n${describeProblems(others)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** What Decap's notice shows (it writes an error as text): the sentence alone, without « Error: ». */
class Refused extends Error {
  constructor() {
    super('des champs sont à corriger, voir le détail en bas de l’écran.');
  }
  override toString() {
    return this.message;
  }
}

/**
 * Decap's `preSave` listener: completes a new article, then refuses the save (by throwing, which Decap shows
 * and which keeps the form) when the build would refuse the file.
 */
export async function beforeSave(entry: EntryMap, showProblems: (text: string) => void): Promise<unknown> {
  const collection = entry.get('collection') ?? '';
  const { files } = await readRepository();
  let data = entry.get('data').toJS();
  if (collection === 'blog') data = completeArticle(data, files);
  const path = entry.get('newRecord') ? newPath(collection, data) : entry.get('path');
  if (!path) return undefined;
  const problems = problemsOfSave(collection, path, data, files);
  showProblems(editorWords(problems));
  // Decap shows this in its notice; the whole message stays on screen (cms/problems.ts).
  if (problems) throw new Refused();
  let result = entry.get('data');
  for (const key of ['id', 'slug', 'publishDate'] as const)
    if (collection === 'blog' && data[key] !== entry.get('data').toJS()[key])
      result = (result as { set(key: string, value: unknown): typeof result }).set(key, data[key]);
  return result;
}
