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
import { shortSlug } from '../core/common/slug.ts';
import { parisDay } from '../core/blog/schedule.ts';
import { formatDateFr } from '../core/common/dates.ts';
import { editorWords } from '../core/content/editor-words.ts';
import { frontMatter, jsonFile, settingsFile, sharedYaml, statusKey, statusOf } from './formats.ts';
import { readRepository } from './repository.ts';
import { TEACHING_COLLECTION, withNewAnswers } from './teaching.ts';
import { fromJS } from 'immutable';

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
  if (collection === 'pages') return `${pagesFolder}/${shortSlug(String(data.name ?? ''))}.md`;
  return undefined;
}

/**
 * A new article needs neither a number, nor an address, nor a date: the next free number, its title's
 * words (shortened at a word's end: core/common/slug.ts), today.
 */
export function completeArticle(data: Data, files: ReadonlyMap<string, ReadFile>, today: Date = new Date()): Data {
  const result = { ...data };
  if (!result.publishDate) result.publishDate = today.toISOString().slice(0, 10);
  if (!result.slug && typeof result.title === 'string') result.slug = shortSlug(result.title);
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

/**
 * A new entry whose address another already has: said before anything is written, with what to do
 * (Decap would otherwise write it under an invented « -1 » name, which the build then refuses).
 */
function takenAddress(collection: string, path: string, files: ReadonlyMap<string, ReadFile>): string {
  const other = files.get(path);
  if (!other) return '';
  const data = ('data' in other ? other.data : undefined) as Data | undefined;
  const name = String(data?.title ?? data?.name ?? '');
  const address = path
    .split('/')
    .pop()!
    .replace(/\.\w+$/, '');
  const what =
    collection === 'blog' ? `l’article « ${name} »` : collection === 'pages' ? `la page « ${name} »` : `« ${name} »`;
  const field =
    collection === 'pages' ? 'le nom de la page' : 'le titre, ou écrivez une autre adresse dans « Adresse »';
  return `L’adresse « ${address} » est déjà celle de ${what} : changez ${field}.`;
}

const YEAR_MS = 366 * 24 * 3600 * 1000;
const dateLabels: Record<string, string> = { publishDate: 'La date de publication', updated: 'La date de mise à jour' };

/** The dates of the form a year or more from today that the file did not have: a slip of the keyboard, often. */
function farDates(data: Data, opened: Data | undefined, today = parisDay(new Date())): string[] {
  return Object.keys(dateLabels)
    .filter((key) => typeof data[key] === 'string' && data[key] !== opened?.[key])
    .filter((key) => Math.abs(Date.parse(String(data[key])) - Date.parse(today)) > YEAR_MS)
    .map((key) => `${dateLabels[key]} est le ${formatDateFr(String(data[key]))}, à plus d’un an d’aujourd’hui.`);
}

type Settable = { set(key: string, value: unknown): Settable };

/** What Decap's notice shows (it writes an error as text): the sentence alone, without « Error: ». */
class Refused extends Error {
  constructor(message = 'des champs sont à corriger, voir le détail en bas de l’écran.') {
    super(message);
  }
  override toString() {
    return this.message;
  }
}

/**
 * Decap's `preSave` listener: completes a new article, then refuses the save (by throwing, which Decap shows
 * and which keeps the form) when the build would refuse the file.
 */
export async function beforeSave(
  entry: EntryMap,
  showProblems: (text: string) => void,
  confirm: (title: string, text: string, yes: string, no: string) => Promise<boolean>,
): Promise<unknown> {
  const collection = entry.get('collection') ?? '';
  const { files } = await readRepository();
  let data = entry.get('data').toJS();
  if (collection === 'blog') data = completeArticle(data, files);
  const path = entry.get('newRecord') ? newPath(collection, data) : entry.get('path');
  if (!path) return undefined;
  // FAQ answers written in « Questions à apprendre »: into the FAQ first (cms/teaching.ts).
  const written =
    collection === TEACHING_COLLECTION
      ? await withNewAnswers(data.taught as never, files, (faq, faqData) =>
          problemsOfSave('shared', faq, faqData, files),
        )
      : undefined;
  if (written && 'problems' in written) {
    showProblems(editorWords(written.problems));
    throw new Refused();
  }
  if (written) data = { ...data, taught: written.taught };
  const problems =
    (entry.get('newRecord') && takenAddress(collection, path, files)) || problemsOfSave(collection, path, data, files);
  showProblems(editorWords(problems));
  // Decap shows this in its notice; the whole message stays on screen (cms/problems.ts).
  if (problems) throw new Refused();
  if (written) return (entry.get('data') as unknown as Settable).set('taught', fromJS(written.taught));
  const opened = files.get(path);
  const far = farDates(
    data,
    entry.get('newRecord') || !opened || !('data' in opened) ? undefined : (opened.data as Data),
  );
  if (
    far.length &&
    !(await confirm(
      'Cette date est-elle la bonne ?',
      `${far.join(' ')} Une faute de frappe donne vite 1907 ou 2207.`,
      'Enregistrer avec cette date',
      'Corriger la date',
    ))
  )
    throw new Refused('rien n’a été enregistré : corrigez la date, puis publiez de nouveau.');
  let result = entry.get('data') as unknown as Settable;
  if (collection !== 'blog') return result;
  for (const key of ['id', 'slug', 'publishDate'] as const)
    if (data[key] !== entry.get('data').toJS()[key]) result = result.set(key, data[key]);
  // The list says where the article now stands (cms/status.ts).
  return result.set(statusKey, statusOf(data).label);
}
