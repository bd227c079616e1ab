// @vitest-environment jsdom
/**
 * What the CMS saves is what the build reads (docs/decisions/0029-cms-for-editors.md): its file formats
 * keep every file's meaning, its save check says what the build says, and uploads get names that
 * cannot break a URL. jsdom: the formats read Markdown with « Texte enrichi »'s own code (cms/keep-markdown.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { frontMatter, jsonFile, sharedYaml } from '../../cms/formats.ts';
import { checkContent, describeProblems, newProblems, type ReadFile } from '../../core/content/check.ts';
import { contentKind, parseContentFile } from '../../core/content/files.ts';
import { mediaFileName, mediaNamePattern } from '../../core/content/media-names.ts';
import { loadContent, ContentError } from '../../site/lib/content.ts';
import { iconExists } from '../../site/lib/icons.ts';

const root = join(import.meta.dirname, '..', '..');
/** The copies of content/ each test works on, removed at the end. */
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});
const contentFiles = ['pages', 'blog', 'authors', 'shared'].flatMap((folder) =>
  readdirSync(join(root, 'content', folder))
    .map((name) => `content/${folder}/${name}`)
    .filter((path) => contentKind(path)),
);

function readAll(dir: string): Map<string, ReadFile> {
  return new Map(
    contentFiles
      .filter((path) => existsSync(join(dir, path)))
      .map((path) => {
        const read = parseContentFile(path, readFileSync(join(dir, path), 'utf8'), parse);
        return [path, 'error' in read ? read : { data: read.data }];
      }),
  );
}

function copyOfContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-cms-content-'));
  copies.push(dir);
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  return dir;
}

describe('The CMS writes files the build reads the same way', () => {
  it.each(contentFiles)('%s keeps its meaning through the form and back', (path) => {
    const source = readFileSync(join(root, path), 'utf8');
    const kind = contentKind(path)!;
    const format = kind.kind === 'author' ? jsonFile : kind.kind === 'shared' ? sharedYaml : frontMatter;
    const written = format.toFile(format.fromFile(source));
    const before = parseContentFile(path, source, parse);
    const after = parseContentFile(path, written, parse);
    expect(after).toEqual(before);
  });

  it('keeps the comment that opens a shared file', () => {
    const source = readFileSync(join(root, 'content/shared/faq.yaml'), 'utf8');
    expect(sharedYaml.toFile(sharedYaml.fromFile(source))).toMatch(/^# Questions fréquentes partagées/);
  });

  it('leaves out what the editor left empty, instead of writing empty strings', () => {
    const text = frontMatter.toFile({ title: 'Un titre', image: '', callout: { title: '', items: [] }, body: 'Texte' });
    expect(text).toBe('---\ntitle: Un titre\ncallout:\n  items: []\n---\nTexte\n');
  });
});

describe('The save check says what the build says', () => {
  it('finds nothing wrong in the real content', () => {
    expect(describeProblems(checkContent(readAll(root), iconExists))).toBe('');
  });

  const mistakes: [string, string, (text: string) => string][] = [
    ['an unknown icon', 'content/pages/agenda.md', (text) => text.replace(/icon: [a-z-]+/, 'icon: pas-une-icone')],
    [
      'an icon that is not a name',
      'content/pages/agenda.md',
      (text) => text.replace(/icon: [a-z-]+/, 'icon: Pas Une Icone'),
    ],
    [
      'an unknown author',
      'content/blog/suivi-post-operatoire.md',
      (text) => text.replace(/^author: .*$/m, 'author: inconnu'),
    ],
    [
      'an unknown category',
      'content/blog/suivi-post-operatoire.md',
      (text) => text.replace(/^category: .*$/m, 'category: Divers'),
    ],
    [
      'an unknown testimonial',
      'content/pages/home.md',
      (text) => text.replace(/testimonials: \[t-[a-z-]+/, 'testimonials: [t-personne'),
    ],
    ['a title too long', 'content/pages/agenda.md', (text) => text.replace(/^title: .*$/m, `title: ${'x'.repeat(80)}`)],
  ];
  it.each(mistakes)('%s: the same lines as the build’s error', (_name, path, change) => {
    const dir = copyOfContent();
    writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));
    let buildError: ContentError | undefined;
    try {
      loadContent(dir, {});
    } catch (error) {
      buildError = error as ContentError;
    }
    expect(buildError).toBeInstanceOf(ContentError);
    const problems = checkContent(readAll(dir), iconExists);
    expect(problems.get(buildError!.file)).toEqual(buildError!.problems);
  });

  it('sees that removing a page would break the FAQ answers and DENTY’s subjects that lead to it', () => {
    const dir = copyOfContent();
    const vocabulary = readFileSync(join(dir, 'content/shared/assistant-vocabulary.yaml'), 'utf8');
    const page = /pages: \[(\/[a-z-]+)/.exec(vocabulary)![1]!;
    const file = readdirSync(join(dir, 'content/pages')).find((name) =>
      readFileSync(join(dir, 'content/pages', name), 'utf8').includes(`\npath: ${page}\n`),
    )!;
    const before = checkContent(readAll(dir), iconExists);
    rmSync(join(dir, 'content/pages', file));
    const after = new Map([...readAll(dir)].filter(([, read]) => !('error' in read)));
    let buildError: ContentError | undefined;
    try {
      loadContent(dir, {});
    } catch (error) {
      buildError = error as ContentError;
    }
    const problems = newProblems(before, checkContent(after, iconExists));
    expect(buildError).toBeInstanceOf(ContentError);
    expect(problems.get(buildError!.file)).toEqual(buildError!.problems);
    expect(describeProblems(problems)).toContain(`page inconnue « ${page} »`);
  });

  it('sees that removing a FAQ entry would break the pages that cite it', () => {
    const dir = copyOfContent();
    const faq = join(dir, 'content/shared/faq.yaml');
    writeFileSync(faq, readFileSync(faq, 'utf8').replace('id: q-essai', 'id: q-essai-gratuit'));
    const problems = checkContent(readAll(dir), iconExists);
    expect(problems.get('content/pages/home.md')).toEqual([
      expect.stringMatching(/^section \d+ \(faq\), champ questions : question inconnue « q-essai »$/),
    ]);
  });
});

describe('Uploaded files get names that cannot break a URL', () => {
  const sha = 'a3f9c21b00000000000000000000000000000000000000000000000000000000';
  it.each([
    ['Photo Équipe (2).JPG', 'photo-equipe-2-a3f9c21b.jpg'],
    ['cabinet dentaire à Lyon.jpeg', 'cabinet-dentaire-a-lyon-a3f9c21b.jpg'],
    ['Capture d’écran 2026-03-01 à 10.15.32.png', 'capture-d-ecran-2026-03-01-a-10-15-32-a3f9c21b.png'],
    ['...webp', 'image-a3f9c21b.webp'],
  ])('%s → %s', (original, expected) => {
    expect(mediaFileName(original, sha)).toBe(expected);
    expect(expected).toMatch(mediaNamePattern);
  });
});
