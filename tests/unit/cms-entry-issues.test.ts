/**
 * What the CMS's preview says instead of the page while an entry is invalid (core/content/entry-issues.ts):
 * the field at fault in the form's own French label, with what to do, from the schema's own refusals.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { entryIssues, placeInForm, withoutEmptyFields } from '../../core/content/entry-issues.ts';
import { postFrontMatter } from '../../core/blog/post.ts';
import { page } from '../../core/pages/page.ts';
import { ARTICLE_TITLE_MAX } from '../../core/common/seo.ts';
import { splitFrontMatter } from '../../core/content/files.ts';

const root = join(import.meta.dirname, '..', '..');
const frontOf = (path: string) => {
  const read = splitFrontMatter(readFileSync(join(root, path), 'utf8'), parse);
  if ('error' in read) throw new Error(read.error);
  return read.data as Record<string, unknown>;
};
const article = frontOf('content/blog/suivi-post-operatoire.md');
const agenda = frontOf('content/pages/agenda.md');

describe('The preview names the field at fault', () => {
  it('finds nothing to say of a valid article or page', () => {
    expect(entryIssues(postFrontMatter, article)).toEqual([]);
    expect(entryIssues(page, agenda)).toEqual([]);
  });

  it('says a title for search engines is too long, in the form’s label, with the numbers and what to do', () => {
    const issues = entryIssues(postFrontMatter, { ...article, seoTitle: 'x'.repeat(72) });
    expect(issues).toEqual([
      `Titre pour les moteurs de recherche : 72 caractères, maximum ${ARTICLE_TITLE_MAX}. Raccourcissez-le.`,
    ]);
  });

  it('names each empty field of a new article, not a generic sentence', () => {
    const issues = entryIssues(
      postFrontMatter,
      withoutEmptyFields({ id: 1, slug: 'apercu', publishDate: '2026-11-27', title: '', summary: '' }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        'Titre : à remplir.',
        'Résumé : à remplir.',
        'Catégorie : à choisir.',
        'Auteur : à remplir.',
      ]),
    );
    expect(issues.join('\n')).not.toMatch(/seoTitle|summary|invalid|expected/i);
  });

  it('says why a long title needs its shorter version, without the code’s names', () => {
    const { seoTitle: _seoTitle, ...rest } = article;
    const issues = entryIssues(postFrontMatter, rest);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^Titre pour les moteurs de recherche : le titre compte \d+ caractères/);
    expect(issues[0]).not.toContain('(seoTitle)');
  });

  it('counts what is missing from a page’s description and names a section’s field with its place', () => {
    const short = entryIssues(page, { ...agenda, description: 'Un agenda en ligne.' });
    expect(short).toEqual(['Description : 19 caractères, au moins 50. Complétez-le.']);
    const sections = agenda.sections as Record<string, unknown>[];
    const index = sections.findIndex((section) => section.type === 'features');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(placeInForm(['sections', index, 'cards', 1, 'title'], agenda)).toBe(
      `Section ${index + 1} (Cartes de fonctionnalités), Cartes n° 2, Titre`,
    );
  });

  it('leaves out what the form emptied, as the save does', () => {
    expect(
      withoutEmptyFields({ title: 'Titre', seoTitle: '', callout: { title: '', items: ['un'] }, tags: ['a', ''] }),
    ).toEqual({
      title: 'Titre',
      callout: { items: ['un'] },
      tags: ['a', ''],
    });
    // An emptied date or button text is not a malformed one.
    expect(entryIssues(postFrontMatter, { ...article, updated: '', ctaText: '' })).not.toEqual([]);
    expect(entryIssues(postFrontMatter, withoutEmptyFields({ ...article, updated: '', ctaText: '' }))).toEqual([]);
  });
});
