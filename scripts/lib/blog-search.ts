/**
 * One blog search as a visitor makes it, measured the same way by the byte bar of the tests
 * (tests/e2e/blog-budgets.spec.ts) and by the bench (bench/search.ts): on a loaded list page,
 * the visitor clicks the search box and types a query; everything the site sends from that moment until
 * the results are shown and the network is quiet is counted, each file as gzip -9 of its built copy
 * (scripts/lib/bytes.ts), split into code (the island and the search engine) and index (manifest,
 * shards, filters, cards). The latency runs from the query typed to the count shown (it includes the
 * island's typing pause); the bench reports it, no test asserts it.
 */
import type { Page, Request } from 'playwright-core';
import { statSync } from 'node:fs';
import { builtFileFor, gzipSize } from './bytes.ts';

export interface QueryMeasure {
  query: string;
  /** 'N articles trouvés' as shown. */
  status: string;
  codeBytes: number;
  indexBytes: number;
  files: { path: string; gzip: number }[];
  latencyMs: number;
}

export async function measureQuery(
  page: Page,
  siteDir: string,
  query: string,
  { quietMs = 500, timeoutMs = 60_000 } = {},
): Promise<QueryMeasure> {
  const origin = new URL(page.url()).origin;
  const requests: Request[] = [];
  let inFlight = 0;
  let last = Date.now();
  const onRequest = (request: Request) => {
    inFlight += 1;
    last = Date.now();
    requests.push(request);
  };
  const onDone = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    const box = page.getByRole('searchbox', { name: 'Rechercher un article' });
    await box.click();
    const status = page.locator('.blog-search__count');
    const start = Date.now();
    await box.fill(query);
    await status.filter({ hasText: /trouvé/ }).waitFor({ timeout: timeoutMs });
    const latencyMs = Date.now() - start;
    const deadline = Date.now() + timeoutMs;
    while (!(inFlight === 0 && Date.now() - last >= quietMs)) {
      if (Date.now() > deadline) throw new Error(`Le réseau n’est pas resté calme après la recherche « ${query} ».`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
    const files = new Map<string, number>();
    for (const request of requests) {
      const url = new URL(request.url());
      if (url.origin !== origin || url.pathname.startsWith('/__dev')) continue;
      const file = builtFileFor(siteDir, url.pathname);
      if (!file) throw new Error(`${url.pathname} a été demandé par la recherche mais n’existe pas dans ${siteDir}`);
      if (statSync(file).isFile()) files.set(url.pathname, gzipSize(file));
    }
    const list = [...files].map(([path, gzip]) => ({ path, gzip }));
    const code = list.filter((file) => file.path.endsWith('.js'));
    return {
      query,
      status: (await status.textContent())?.trim() ?? '',
      codeBytes: code.reduce((total, file) => total + file.gzip, 0),
      indexBytes: list.filter((file) => !file.path.endsWith('.js')).reduce((total, file) => total + file.gzip, 0),
      files: list,
      latencyMs,
    };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}
