/**
 * Byte bars of the blog at any size (docs/requirements.md#performance-budgets): the first page of
 * /blog and of each category stays small because it holds one page of cards, and one search fetches
 * only the parts of the index it needs. Measured on this build (the bench measures 10,000 articles).
 */
import { test, expect } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { siteDir } from '../support/site.ts';
import { gzipSize, kib, KIB } from '../../scripts/lib/bytes.ts';
import { measureQuery } from '../../scripts/lib/blog-search.ts';

const FIRST_PAGE = 40 * KIB;
const QUERY = 150 * KIB;

test('la première page de /blog et de chaque catégorie pèse ≤ 40 KiB gz', async ({}, testInfo) => {
  const categories = readdirSync(join(siteDir, 'blog', 'categorie'));
  expect(categories.length).toBe(5);
  for (const file of [
    join(siteDir, 'blog', 'index.html'),
    ...categories.map((key) => join(siteDir, 'blog', 'categorie', key, 'index.html')),
  ]) {
    const size = gzipSize(file);
    testInfo.annotations.push({ type: 'octets', description: `${file.slice(siteDir.length)} : ${kib(size)}` });
    expect(size, file).toBeLessThanOrEqual(FIRST_PAGE);
  }
});

test('une recherche transfère ≤ 150 KiB gz, code de la recherche compris', async ({ page }, testInfo) => {
  await page.goto('/blog');
  // The cookie banner stays: answering it would put the pointer over the page, and the search wakes on
  // the first pointer over it, sometimes before the measure starts.
  const measure = await measureQuery(page, siteDir, 'équipe');
  const total = measure.codeBytes + measure.indexBytes;
  testInfo.annotations.push({
    type: 'octets',
    description: `« équipe » : ${kib(total)} (code ${kib(measure.codeBytes)}, index ${kib(measure.indexBytes)}, ${measure.files.length} fichiers)`,
  });
  expect(measure.status).toMatch(/^\d+\u00A0articles? trouvés?$/);
  expect(measure.files.some((file) => file.path.endsWith('manifest.json'))).toBe(true);
  expect(total, measure.files.map((file) => `${file.path} ${kib(file.gzip)}`).join(', ')).toBeLessThanOrEqual(QUERY);
});
