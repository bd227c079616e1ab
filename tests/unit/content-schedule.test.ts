/**
 * Scheduled articles (core/blog/schedule.ts): an article dated after the build's day is checked but not
 * published (no page, list, feed, sitemap entry, search index or DENTY's index) until a build on or after
 * its date; the build says so in French, and the CMS's save check agrees with the build.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadContent, ContentError } from '../../site/lib/content.ts';
import { siteData } from '../../site/lib/site-data.ts';
import { searchFiles, searchTerms } from '../../site/lib/blog-search.ts';
import { writeAssistantIndexFile } from '../../site/lib/assistant-index.ts';
import { isScheduled, parisDay, scheduledNotice } from '../../core/blog/schedule.ts';
import { checkContent, type ReadFile } from '../../core/content/check.ts';
import { contentKind, parseContentFile } from '../../core/content/files.ts';
import { iconExists } from '../../site/lib/icons.ts';

const root = join(import.meta.dirname, '..', '..');
/** The build's own generated files (plain JavaScript templates): the sitemap and the two feeds. */
type Render = (data: { site: unknown }) => string;
const generated = async (name: string) =>
  ((await import(/* @vite-ignore */ `../../site/pages/generated/${name}.11ty.js`)) as { render: Render }).render;
const [sitemap, jsonFeed, atomFeed] = (await Promise.all(['sitemap', 'feed-json', 'feed-atom'].map(generated))) as [
  Render,
  Render,
  Render,
];
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const slug = 'zephyrine-rentree-programmee';
const fixture = (publishDate: string) => `---
id: 900
slug: ${slug}
title: "Zéphyrine, la rentrée programmée du cabinet"
summary: "Un article écrit à l’avance et daté d’un jour à venir : il attend ce jour-là pour paraître sur le site."
category: Équipe & Organisation
tags: [Organisation]
author: dr-claire-vasseur
publishDate: ${publishDate}
---

## Un article prêt avant son jour

Zéphyrine prépare la rentrée du cabinet dès juillet, avec un planning et des rappels envoyés à temps.
`;

function contentWith(publishDate: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-schedule-'));
  dirs.push(dir);
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  writeFileSync(join(dir, 'content', 'blog', `${slug}.md`), fixture(publishDate));
  return dir;
}

/** Everything the build writes from the articles, as one text to search. */
function builtOutputs(dir: string, today: string): string {
  const content = loadContent(dir, {}, { today });
  const site = siteData(content);
  const index = join(dir, 'assistant-index.json');
  writeAssistantIndexFile(index, {
    ...content.shared,
    vocabulary: content.vocabulary,
    pages: site.routes.map((route) => route.page),
    posts: site.posts,
  });
  const search = searchFiles(searchTerms(site.posts), site.posts, (post) => post.title).files;
  return [
    JSON.stringify(site.posts.map((post) => post.slug)),
    JSON.stringify(site.blogLists),
    site
      .latestPosts(3)
      .map((post) => post.slug)
      .join(' '),
    site
      .postsByAuthor('dr-claire-vasseur')
      .map((post) => post.slug)
      .join(' '),
    sitemap({ site }),
    jsonFeed({ site }),
    atomFeed({ site }),
    readFileSync(index, 'utf8'),
    [...search.values()].join('\n'),
  ].join('\n');
}

describe('An article dated after the build’s day', () => {
  const dir = contentWith('2026-12-03');

  it('is left out of every page, list, feed, sitemap and index, and kept for its day', () => {
    const content = loadContent(dir, {}, { today: '2026-11-27' });
    expect(content.posts.map((post) => post.slug)).not.toContain(slug);
    expect(content.scheduled.map((post) => post.slug)).toEqual([slug]);
    const outputs = builtOutputs(dir, '2026-11-27');
    expect(outputs).not.toContain(slug);
    expect(outputs).not.toMatch(/zéphyrine|zephyrine/i);
  });

  it('is published by the build of its own day', () => {
    const content = loadContent(dir, {}, { today: '2026-12-03' });
    expect(content.posts.map((post) => post.slug)).toContain(slug);
    expect(content.scheduled).toEqual([]);
    const outputs = builtOutputs(dir, '2026-12-03');
    expect(outputs).toContain(`/blog/${slug}`);
    expect(outputs).toMatch(/zéphyrine/i);
  });

  it('still keeps its own slug: one taken by a published article stops the build now, not on its day', () => {
    const clash = contentWith('2026-12-03');
    const file = join(clash, 'content', 'blog', `${slug}.md`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(`slug: ${slug}`, 'slug: suivi-post-operatoire'));
    expect(() => loadContent(clash, {}, { today: '2026-11-27' })).toThrow(ContentError);
  });
});

describe('What the build says', () => {
  it('counts the scheduled articles and gives their days in French', () => {
    expect(scheduledNotice([])).toBe('');
    expect(scheduledNotice([{ publishDate: '2026-12-03' }])).toBe(
      '1 article programmé, publié le 3\u00A0décembre\u00A02026',
    );
    expect(
      scheduledNotice([{ publishDate: '2027-01-10' }, { publishDate: '2026-12-01' }, { publishDate: '2026-12-01' }]),
    ).toBe('3 articles programmés, publiés le 1er\u00A0décembre\u00A02026 et le 10\u00A0janvier\u00A02027');
  });

  it('takes the day in Paris: an article of the 28th is published from midnight there', () => {
    expect(parisDay(new Date('2026-11-27T22:59:00Z'))).toBe('2026-11-27');
    expect(parisDay(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28');
    expect(parisDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(isScheduled({ publishDate: '2026-11-28' }, '2026-11-27')).toBe(true);
    expect(isScheduled({ publishDate: '2026-11-27' }, '2026-11-27')).toBe(false);
  });
});

describe('The CMS’s save check agrees with the build', () => {
  it('refuses a FAQ answer that sends readers to an article not yet published', () => {
    const files = readAll(contentWith('2026-12-03'));
    const faq = (files.get('content/shared/faq.yaml') as { data: { page?: string }[] }).data;
    faq[0]!.page = `/blog/${slug}`;
    expect([...checkContent(files, iconExists, undefined, '2026-11-27').values()].flat().join('\n')).toContain(
      `/blog/${slug}`,
    );
    expect(checkContent(files, iconExists, undefined, '2026-12-03').size).toBe(0);
  });
});

/** Every content file of `dir`, read as the CMS reads the repository. */
function readAll(dir: string): Map<string, ReadFile> {
  const files = new Map<string, ReadFile>();
  for (const folder of ['pages', 'blog', 'authors', 'shared'])
    for (const name of readdirSync(join(dir, 'content', folder))) {
      const path = `content/${folder}/${name}`;
      if (!contentKind(path)) continue;
      const read = parseContentFile(path, readFileSync(join(dir, path), 'utf8'), parse);
      files.set(path, 'error' in read ? read : { data: read.data });
    }
  return files;
}
