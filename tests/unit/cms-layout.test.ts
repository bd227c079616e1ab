// @vitest-environment jsdom
/**
 * One change, one diff (docs/decisions/0051-saves-keep-the-file.md): the CMS's formats write back the
 * file the editor opened, changed only where a value changed. jsdom: « Texte enrichi »'s own Markdown
 * reader and writer (decap-cms-widget-markdown) expect a browser.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { frontMatter, jsonFile, settingsFile, sharedYaml, statusKey, statusOf } from '../../cms/formats.ts';
import { articleStatus } from '../../core/blog/schedule.ts';
import { contentKind } from '../../core/content/files.ts';
import { markdownToSlate, slateToMarkdown } from 'decap-cms-widget-markdown/dist/esm/serializers/index.js';
import { commonPairs } from '../../cms/keep-layout.ts';

const root = join(import.meta.dirname, '..', '..');
const contentFiles = ['pages', 'blog', 'authors', 'shared'].flatMap((folder) =>
  readdirSync(join(root, 'content', folder))
    .map((name) => `content/${folder}/${name}`)
    .filter((path) => contentKind(path)),
);
const formatOf = (path: string) => {
  const kind = contentKind(path)!.kind;
  return kind === 'author' ? jsonFile : kind === 'site' ? settingsFile : kind === 'shared' ? sharedYaml : frontMatter;
};
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The lines of `after` that differ from `before`'s, as a line diff counts them (same length assumed). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, index) => line !== a[index]);
}

describe('A save keeps the file the editor opened', () => {
  it.each(contentFiles)('%s, saved unchanged, is written back byte for byte', (path) => {
    const source = read(path);
    const format = formatOf(path);
    expect(format.toFile(format.fromFile(source))).toBe(source);
  });

  it('changes one line when one word of the home banner changes', () => {
    const source = read('content/pages/home.md');
    const data = frontMatter.fromFile(source) as { sections: { type: string; title: string }[] };
    const hero = data.sections.find((section) => section.type === 'hero')!;
    hero.title = hero.title.replace('pilote', 'mode');
    const written = frontMatter.toFile(data);
    expect(changedLines(source, written)).toEqual([`    title: "${hero.title}"`]);
  });

  it('adds a FAQ entry as its own lines, the others untouched, the comment kept', () => {
    const source = read('content/shared/faq.yaml');
    const data = sharedYaml.fromFile(source) as { items: Record<string, string>[] };
    data.items.splice(1, 0, { id: 'q-rentree', question: 'Comment préparer la rentrée ?', answer: 'En juillet.' });
    const written = sharedYaml.toFile(data);
    const added = written.split('\n').filter((line) => !source.split('\n').includes(line));
    expect(added).toEqual(['- id: q-rentree', '  question: Comment préparer la rentrée ?', '  answer: En juillet.']);
    expect(written.startsWith(source.split('\n- ')[0]!)).toBe(true);
  });

  it('changes one line of an author’s JSON, in its own layout', () => {
    const source = read('content/authors/tech-team.json');
    const data = jsonFile.fromFile(source) as { role: string };
    data.role = 'Ingénierie et sécurité';
    expect(changedLines(source, jsonFile.toFile(data))).toEqual(['  "role": "Ingénierie et sécurité",']);
  });

  it('changes the price in content/site.json on its one line, the developers’ settings untouched', () => {
    const source = read('content/site.json');
    expect(settingsFile.toFile(settingsFile.fromFile(source))).toBe(source);
    const data = settingsFile.fromFile(source) as { pricing: { monthly: string } };
    data.pricing.monthly = '159 € HT / mois';
    const lines = changedLines(source, settingsFile.toFile(data));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"monthly": "159 € HT / mois"');
    expect(lines[0]).toContain('"plan": "Pack Essentiel"');
  });

  it.each([...contentFiles, 'content/site.json'])(
    '%s: one word edited as in the form (« Texte enrichi » for a text) is a diff of at most 2 lines',
    (path) => {
      const source = read(path);
      const format = formatOf(path);
      const data = format.fromFile(source) as Record<string, unknown>;
      const word = typeof data.body === 'string' && data.body.trim() ? editText(data) : editField(data);
      const written = format.toFile(data);
      expect(written).toContain(word);
      expect(diffLines(source, written), `${path} :\n${changed(source, written).join('\n')}`).toBeLessThanOrEqual(2);
    },
  );

  it('changes one line of site.json for one edited row of the hours, and adds one line for a new row', () => {
    const source = read('content/site.json');
    const data = settingsFile.fromFile(source) as { company: { hours: { days: string; hours: string }[] } };
    data.company.hours[1]!.hours = '9 h – 13 h';
    expect(changedLines(source, settingsFile.toFile(data))).toEqual([
      '      { "days": "Samedi", "hours": "9 h – 13 h" },',
    ]);
    data.company.hours.splice(2, 0, { days: 'Jours fériés', hours: 'Fermé' });
    const added = settingsFile.toFile(data).split('\n');
    expect(added.filter((line) => !source.split('\n').includes(line))).toEqual([
      '      { "days": "Samedi", "hours": "9 h – 13 h" },',
      '      { "days": "Jours fériés", "hours": "Fermé" },',
    ]);
    expect(added).toHaveLength(source.split('\n').length + 1);
  });

  it('changes one line of an article’s text, and none of its front matter', () => {
    const path = 'content/blog/suivi-post-operatoire.md';
    const source = read(path);
    const data = frontMatter.fromFile(source) as { body: string };
    data.body = data.body.replace('Une intervention réussie', 'Une intervention bien menée');
    const lines = changedLines(source, frontMatter.toFile(data));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Une intervention bien menée');
  });
});

/** Lines removed plus lines added, as `git diff` counts them. */
function diffLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  const common = commonPairs(a, b).length;
  return a.length - common + (b.length - common);
}
const changed = (before: string, after: string) => {
  const kept = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !kept.has(line));
};

const WORD = /(?<![\p{L}\d{-])\p{Ll}{6,}(?![\p{L}\d}-])/u;
/** The new word, unlike any other: the edit shows in the file. */
const NEW_WORD = 'remplacement';

type SlateNode = { type?: string; text?: string; children?: SlateNode[] };
/**
 * One word changed in the text as « Texte enrichi » does it: the Markdown read into the editor, one leaf
 * changed, the whole text written back by Decap. In a list when there is one, else a table, else a
 * paragraph: where Decap's style differs most from the file's.
 */
function editText(data: Record<string, unknown>): string {
  const slate = markdownToSlate(data.body as string) as SlateNode[];
  const leaves = (nodes: SlateNode[], inside: string[] = []): { leaf: SlateNode; inside: string[] }[] =>
    nodes.flatMap((node) =>
      node.children ? leaves(node.children, [...inside, node.type ?? '']) : [{ leaf: node, inside }],
    );
  const all = leaves(slate).filter(({ leaf }) => WORD.test(leaf.text ?? ''));
  const { leaf } =
    all.find(({ inside }) => inside.includes('bulleted-list')) ??
    all.find(({ inside }) => inside.includes('table')) ??
    all[0]!;
  leaf.text = leaf.text!.replace(WORD, NEW_WORD);
  data.body = slateToMarkdown(slate);
  return NEW_WORD;
}

/** One word changed in the first text field that has one (no address, id or name of a thing). */
function editField(data: Record<string, unknown>): string {
  const skip = new Set([
    'id',
    'slug',
    'path',
    'href',
    'icon',
    'type',
    'widget',
    'image',
    'src',
    'avatar',
    'page',
    'answer',
  ]);
  const visit = (value: unknown): boolean => {
    if (Array.isArray(value))
      return value.some((item, index) => {
        if (typeof item === 'string' && WORD.test(item) && !item.startsWith('/')) {
          value[index] = item.replace(WORD, NEW_WORD);
          return true;
        }
        return visit(item);
      });
    if (!value || typeof value !== 'object') return false;
    const object = value as Record<string, unknown>;
    return Object.keys(object).some((key) => {
      if (key.startsWith('_') || skip.has(key)) return false;
      const item = object[key];
      if (typeof item === 'string' && WORD.test(item) && !/^(\/|https?:|mailto:)/.test(item)) {
        object[key] = item.replace(WORD, NEW_WORD);
        return true;
      }
      return visit(item);
    });
  };
  expect(visit(data)).toBe(true);
  return NEW_WORD;
}

describe('Where an article stands, in the list', () => {
  it('reads « Brouillon », « Programmé pour le… » or « Publié le… », and never writes it', () => {
    const source = read('content/blog/suivi-post-operatoire.md');
    const data = frontMatter.fromFile(source) as Record<string, unknown>;
    expect(data[statusKey]).toBe('Publié le 2\u00A0juillet\u00A02026');
    expect(frontMatter.toFile(data)).toBe(source);
    expect(statusOf({ ...data, draft: true }).label).toBe('Brouillon');
    expect(articleStatus({ publishDate: '2027-12-01' }, '2026-11-28')).toEqual({
      state: 'scheduled',
      label: 'Programmé pour le 1er\u00A0décembre\u00A02027',
      on: '1er\u00A0décembre\u00A02027',
    });
  });
});
