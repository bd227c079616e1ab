/**
 * The docs stay a guide one can follow (docs/README.md, « Keeping the docs true »): the README is a front
 * door, every decision record fits one page and is listed in the index with its title and status, and
 * every relative link of README.md and docs/ leads to a file, and to a heading or anchor of it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const decisions = join(root, 'docs', 'decisions');
const read = (file: string) => readFileSync(file, 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The anchors GitHub gives a Markdown file: its headings' slugs and its explicit `<a id>`. */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count ? `${slug}-${count}` : slug);
  }
  for (const [, id] of text.matchAll(/<a id="([^"]+)"><\/a>/g)) found.add(id!);
  return found;
}

/** The decisions table of docs/README.md: number → [file, title, status]. */
function indexRows(): Map<string, [string, string, string]> {
  const rows = new Map<string, [string, string, string]>();
  for (const [, number, file, title, status] of read(join(root, 'docs', 'README.md')).matchAll(
    /^\| \[(\d{4})\]\(decisions\/([^)]+)\) +\| (.+?) +\| (.+?) +\|$/gm,
  ))
    rows.set(number!, [file!, title!, status!]);
  return rows;
}

describe('The docs', () => {
  it('README.md is a front door: at most 150 lines, the two commands first', () => {
    const readme = read(join(root, 'README.md'));
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const firstBlock = /```bash\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm install && npm test');
  });

  const records = readdirSync(decisions).filter((name) => /^\d{4}-.+\.md$/.test(name));

  it.each(records)('%s fits one page and is listed with its title and status', (name) => {
    const text = read(join(decisions, name));
    expect(text.split('\n').length, 'au plus 80 lignes').toBeLessThanOrEqual(80);
    const [, number, title] = /^# (\d{4})\. (.+)$/m.exec(text)!;
    expect(name.startsWith(number!)).toBe(true);
    const status = /^Status: ([^.;(]+)/m.exec(text)?.[1]?.trim();
    expect(status, 'une ligne « Status: … »').toMatch(/^(accepted|in progress|superseded by \d{4})$/);
    expect(indexRows().get(number!)).toEqual([name, title, status]);
  });

  it('lists no decision that has no file', () => {
    for (const [file] of indexRows().values()) expect(existsSync(join(decisions, file)), file).toBe(true);
    expect(indexRows().size).toBe(records.length);
  });

  const pages = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

  it.each(pages.map((file) => relative(root, file)))('every relative link of %s resolves', (page) => {
    const file = join(root, page);
    const text = read(file).replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      // Other sites (http:, mailto:) and the site's own addresses (app:signup) are not files.
      if (/^[a-z]+:/i.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = path ? join(dirname(file), path) : file;
      if (!existsSync(resolved)) {
        broken.push(`${target} (fichier absent)`);
        continue;
      }
      if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(read(resolved)).has(anchor))
        broken.push(`${target} (ancre absente)`);
    }
    expect(broken).toEqual([]);
  });

  it('every docs/…#anchor a source comment cites exists', () => {
    const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.sql', '*.njk', '*.css'], {
      cwd: root,
      encoding: 'utf8',
    }).split('\n');
    const broken = sources
      .filter(Boolean)
      .flatMap((source) =>
        [...read(join(root, source)).matchAll(/\bdocs\/([\w/.-]+\.md)#([\w-]+)/g)]
          .filter(
            ([, doc, anchor]) =>
              !existsSync(join(root, 'docs', doc!)) || !anchors(read(join(root, 'docs', doc!))).has(anchor!),
          )
          .map(([cited]) => `${source}: ${cited}`),
      );
    expect(broken).toEqual([]);
  });
});
