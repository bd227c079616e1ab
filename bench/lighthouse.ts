/**
 * Lighthouse (its default mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU slowdown)
 * on five pages of the site served by the real server, in Debian's Chromium started by chrome-launcher.
 * Three runs per page, median of each figure. Each run starts with cleared storage: a first visit,
 * cookie banner shown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import { firstArticlePath } from '../scripts/lib/bytes.ts';
import { fmt, loadAverage, log, median, root, startServer, table, type BenchContext, type Section } from './common.ts';

export const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface RunFigures {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  transfer: number;
  /** Audits under 100 % in the accessibility, best-practices and SEO categories (why a score is not 100). */
  failing: string[];
  warnings: string[];
}

export async function lighthouseBench(context: BenchContext, runs = RUNS): Promise<Section> {
  const chromePath = chromiumPath();
  if (!chromePath)
    throw new Error('Chromium introuvable : installez-le (apt-get install chromium) ou indiquez CHROMIUM_PATH.');
  const article = firstArticlePath(context.siteDir);
  const pages = ['/', '/blog', ...(article ? [article] : []), '/contact', '/fonctionnalites'];

  const loadBefore = loadAverage();
  const server = await startServer({ siteDir: context.siteDir });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
  });
  const results: {
    path: string;
    runs: RunFigures[];
    median: Omit<RunFigures, 'failing' | 'warnings'>;
    failing: string[];
  }[] = [];
  try {
    for (const path of pages) {
      const figures: RunFigures[] = [];
      for (let run = 1; run <= runs; run++) {
        log(`lighthouse : ${path} (${run}/${runs})…`);
        const lhr = await audit(`${server.origin}${path}`, chrome.port);
        const score = (id: (typeof CATEGORIES)[number]) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const failing = new Set<string>();
        for (const id of CATEGORIES) {
          for (const ref of lhr.categories[id]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && id !== 'performance')
              failing.add(`${ref.id}${details(audit)}`);
          }
        }
        figures.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          transfer: value('total-byte-weight'),
          failing: [...failing],
          warnings: lhr.runWarnings,
        });
      }
      const med = (key: keyof Omit<RunFigures, 'failing' | 'warnings'>) => median(figures.map((figure) => figure[key]));
      results.push({
        path,
        runs: figures,
        median: {
          performance: med('performance'),
          accessibility: med('accessibility'),
          'best-practices': med('best-practices'),
          seo: med('seo'),
          lcp: med('lcp'),
          tbt: med('tbt'),
          cls: med('cls'),
          transfer: med('transfer'),
        },
        failing: [...new Set(figures.flatMap((figure) => figure.failing))],
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const loadAfter = loadAverage();
  const rows = results.map(({ path, median: m }) => [
    `\`${path}\``,
    fmt.score(m.performance),
    fmt.score(m.accessibility),
    fmt.score(m['best-practices']),
    fmt.score(m.seo),
    fmt.ms(m.lcp),
    fmt.ms(m.tbt),
    Number.isFinite(m.cls) ? m.cls.toFixed(3) : '–',
    fmt.kib(m.transfer),
  ]);
  const failing = results.filter((r) => r.failing.length).map((r) => `- \`${r.path}\` : ${r.failing.join(', ')}`);
  const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((run) => run.warnings)))].map(
    (warning) => `- ${warning}`,
  );
  const markdown = [
    `Lighthouse ${lighthouseVersion()} (préréglage mobile : réseau 4G lent et CPU ×4 simulés), Chromium ${chromePath}, médiane de ${runs} passages par page, stockage vidé à chaque passage (première visite, bandeau cookies affiché). Objectifs (docs/requirements.md#performance-budgets) : performance ≥ 98 avec TBT ≤ 150 ms, les trois autres 100, CLS 0. Machine : ${loadBefore} au départ, ${loadAfter} à la fin.`,
    '',
    table(['page', 'performance', 'accessibilité', 'bonnes pratiques', 'SEO', 'LCP', 'TBT', 'CLS', 'transfert'], rows),
    ...(failing.length ? ['', 'Audits sous 100 % (hors performance), tous passages confondus :', '', ...failing] : []),
    ...(warnings.length ? ['', 'Avertissements de Lighthouse :', '', ...warnings] : []),
  ].join('\n');

  const worst = (key: 'performance' | 'accessibility' | 'best-practices' | 'seo') =>
    Math.min(...results.map((r) => r.median[key]));
  const headline = [
    `Lighthouse mobile (pire page, médianes) : performance ${fmt.score(worst('performance'))}, accessibilité ${fmt.score(worst('accessibility'))}, bonnes pratiques ${fmt.score(worst('best-practices'))}, SEO ${fmt.score(worst('seo'))} ; LCP max ${fmt.ms(Math.max(...results.map((r) => r.median.lcp)))}, TBT max ${fmt.ms(Math.max(...results.map((r) => r.median.tbt)))}, CLS max ${Math.max(...results.map((r) => r.median.cls)).toFixed(3)}.`,
  ];
  return { title: 'Lighthouse (mobile)', headline, markdown, data: results };
}

/**
 * One Lighthouse run; a run that Lighthouse itself reports as broken (NO_NAVSTART, NO_FCP… on a busy
 * machine) is run again, twice at most, rather than counted.
 */
async function audit(url: string, port: number, attempts = 3) {
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    problem = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'aucun résultat';
    log(`lighthouse : ${url} : ${problem}, nouvel essai…`);
  }
  throw new Error(`Lighthouse, ${url} : ${problem} (${attempts} essais)`);
}

/** What a failing audit found, briefly: the console messages, the elements, the URLs (three at most). */
function details(audit: { details?: unknown }): string {
  const items = ((audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 3);
  const described = items
    .map((item) => {
      const node = item.node as { snippet?: string } | undefined;
      const text = (item.description ?? node?.snippet ?? item.url ?? item.source) as string | undefined;
      return typeof text === 'string' ? text.replace(/\s+/g, ' ').slice(0, 160) : undefined;
    })
    .filter(Boolean);
  return described.length ? ` (${described.join(' ; ')})` : '';
}

function lighthouseVersion(): string {
  return (
    JSON.parse(readFileSync(join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }
  ).version;
}
