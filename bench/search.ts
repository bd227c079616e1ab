/**
 * Blog search as visitors use it, on a build (the build part runs it on the real site and on the
 * largest generated one): the real server, Chromium, five queries each on a fresh first visit of /blog.
 * Transfer = everything the site sends from the click in the search box until the results are shown
 * and the network is quiet (gzip -9 of the built files: scripts/lib/blog-search.ts), code and index
 * apart; latency = from the query typed to the count shown, the island's 150 ms typing pause included.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import { measureQuery, type QueryMeasure } from '../scripts/lib/blog-search.ts';
import { startServer } from './common.ts';

/** Typed as a visitor would: a word without its accent, a common word, two words, a typo, a phrase. */
export const QUERIES = ['equipe', 'devis', 'rendez-vous manqués', 'ordonance', 'le planning des assistantes'] as const;

export async function searchQueries(siteDir: string): Promise<QueryMeasure[]> {
  const server = await startServer({ siteDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: QueryMeasure[] = [];
  try {
    for (const query of QUERIES) {
      const context = await browser.newContext({ locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${server.origin}/blog`, { waitUntil: 'networkidle' });
      const refuse = page.getByRole('button', { name: 'Refuser' });
      if (await refuse.isVisible()) await refuse.click();
      results.push(await measureQuery(page, siteDir, query));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
