/**
 * One change, one diff (docs/decisions/0051-saves-keep-the-file.md): the CMS's formats write back the
 * file the editor opened, changed only where a value changed.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { frontMatter, jsonFile, settingsFile, sharedYaml } from '../../cms/formats.ts';
import { contentKind } from '../../core/content/files.ts';

const root = join(import.meta.dirname, '..', '..');
const contentFiles = ['pages', 'blog', 'authors', 'shared'].flatMap((folder) =>
  readdirSync(join(root, 'content', folder))
    .map((name) => `content/${folder}/${name}`)
    .filter((path) => contentKind(path)),
);
const formatOf = (path: string) => {
  const kind = contentKind(path)!.kind;
  return kind === 'author' ? jsonFile : kind === 'shared' ? sharedYaml : frontMatter;
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
