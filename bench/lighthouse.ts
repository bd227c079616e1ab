/**
 * Lighthouse (its default mobile preset: Moto G Power screen, simulated slow 4G and 4× CPU slowdown)
 * on five pages of the site served by the real server, in Debian's Chromium started by chrome-launcher.
 *
 * Each page is measured beside its own script-free copy (bench/script-free.ts), and with
 * `--against <commit>` beside the same two built from that commit: five runs of each, interleaved (one
 * of each per round, the order turning every round), medians. Whatever slows the machine during a round
 * slows every variant of that round alike; the load average is read before each run and printed beside
 * the figures. Each run starts with cleared storage: a first visit, cookie banner shown.
 *
 * Two readings of every run: Lighthouse's own (observed), whose Total Blocking Time follows the tasks'
 * wall time and so the machine's load; and the same run scored by Lighthouse on its trace with every
 * main-thread task shrunk to its CPU time (bench/main-thread.ts), which is what the page itself costs.
 * The trace also says what the main thread did, by cause (docs/decisions/0056-quiet-main-thread.md).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse, { auditFlowArtifacts, type Flags, type Result } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import { firstArticlePath } from '../scripts/lib/bytes.ts';
import {
  buildSiteAt,
  fmt,
  loadAverage,
  log,
  median,
  root,
  startServer,
  table,
  type BenchContext,
  type RunningServer,
  type Section,
} from './common.ts';
import {
  analyseMainThread,
  CAUSES,
  cpuTimeTrace,
  type Cause,
  type MainThreadFigures,
  type Trace,
} from './main-thread.ts';
import { scriptFreeCopy } from './script-free.ts';

export const RUNS = 5;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Variant {
  label: string;
  siteDir: string;
  /** The real page: all four categories. A script-free copy: performance only. */
  full: boolean;
  server?: RunningServer;
}

interface RunFigures {
  /** The machine's load average over the last minute, read when the run started. */
  load: number;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  transfer: number;
  /** The same run scored on its main thread's CPU time. */
  cpuPerformance: number;
  cpuTbt: number;
  mainThread: MainThreadFigures;
  /** Audits under 100 % in the accessibility, best-practices and SEO categories (why a score is not 100). */
  failing: string[];
  warnings: string[];
}

type Figure = Exclude<keyof RunFigures, 'mainThread' | 'failing' | 'warnings'>;
const FIGURES: Figure[] = [
  'load',
  'performance',
  'accessibility',
  'best-practices',
  'seo',
  'lcp',
  'tbt',
  'cls',
  'transfer',
  'cpuPerformance',
  'cpuTbt',
];

interface PageResult {
  path: string;
  variant: string;
  runs: RunFigures[];
  median: Record<Figure, number>;
  mainThread: MedianMainThread;
  failing: string[];
}

interface MedianMainThread {
  cpuMs: number;
  byCause: Record<Cause, number>;
  longTasks: number;
  styleElements: number;
  layoutObjects: number;
  frames: number;
  drawCpuMs: number;
  animationsStarted: number;
  animationsNotComposited: number;
  animationsStillRunning: number;
  animationNames: string[];
}

export async function lighthouseBench(context: BenchContext, runs = context.options.runs ?? RUNS): Promise<Section> {
  const chromePath = chromiumPath();
  if (!chromePath)
    throw new Error('Chromium introuvable : installez-le (apt-get install chromium) ou indiquez CHROMIUM_PATH.');
  const article = firstArticlePath(context.siteDir);
  const pages = context.options.pages ?? ['/', '/blog', ...(article ? [article] : []), '/contact', '/fonctionnalites'];

  log('lighthouse : copie sans script du site…');
  const variants: Variant[] = [
    { label: 'page', siteDir: context.siteDir, full: true },
    { label: 'sans script', siteDir: join(context.workDir, 'site-sans-script'), full: false },
  ];
  scriptFreeCopy(context.siteDir, variants[1]!.siteDir);
  let against: { ref: string; commit: string } | undefined;
  if (context.options.against) {
    const ref = context.options.against;
    log(`lighthouse : construction du site de « ${ref} »…`);
    const before = join(context.workDir, 'site-avant');
    const { commit } = await buildSiteAt(ref, before, context.workDir);
    against = { ref, commit };
    const name = `avant (${ref})`;
    variants.push({ label: name, siteDir: before, full: true });
    variants.push({
      label: `${name}, sans script`,
      siteDir: join(context.workDir, 'site-avant-sans-script'),
      full: false,
    });
    scriptFreeCopy(before, variants[3]!.siteDir);
  }

  const loadBefore = loadAverage();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
  });
  const results: PageResult[] = [];
  try {
    // One real server per variant, started together (each opens its embedded database, slow on a busy machine).
    const started = await Promise.allSettled(
      variants.map(async (variant) => {
        variant.server = await startServer({ siteDir: variant.siteDir, readyWithinMs: 300_000 });
      }),
    );
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    for (const path of pages) {
      const figures = new Map<Variant, RunFigures[]>(variants.map((variant) => [variant, []]));
      for (let run = 0; run < runs; run++) {
        for (let turn = 0; turn < variants.length; turn++) {
          const variant = variants[(turn + run) % variants.length]!;
          log(`lighthouse : ${path}, ${variant.label} (${run + 1}/${runs})…`);
          figures.get(variant)!.push(await measure(`${variant.server!.origin}${path}`, chrome.port, variant.full));
        }
      }
      for (const variant of variants) results.push(summarise(path, variant, figures.get(variant)!));
    }
  } finally {
    chrome.kill();
    for (const variant of variants) await variant.server?.stop();
  }
  const loadAfter = loadAverage();
  return report({ results, variants, runs, chromePath, loadBefore, loadAfter, against });
}

/** One Lighthouse run of one page, with its CPU-time reading and what its main thread did. */
async function measure(url: string, port: number, full: boolean): Promise<RunFigures> {
  const load = loadavg()[0]!;
  const onlyCategories = full ? [...CATEGORIES] : ['performance'];
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories };
  const result = await audit(url, flags);
  const { lhr, artifacts } = result;
  const trace = artifacts.Trace as unknown as Trace;
  const cpu = await auditFlowArtifacts({
    gatherSteps: [
      {
        artifacts: { ...artifacts, Trace: cpuTimeTrace(trace) as unknown as typeof artifacts.Trace },
        // The gathering's own settings: Lighthouse refuses to audit with others.
        flags,
      },
    ],
  });
  const cpuLhr = cpu.steps[0]!.lhr;
  const score = (report: Result, id: string) => (report.categories[id]?.score ?? Number.NaN) * 100;
  const value = (report: Result, id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const failing = new Set<string>();
  for (const id of CATEGORIES) {
    if (id === 'performance') continue;
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item && item.score !== null && item.score < 1) failing.add(`${ref.id}${details(item)}`);
    }
  }
  return {
    load,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    'best-practices': score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcp: value(lhr, 'largest-contentful-paint'),
    tbt: value(lhr, 'total-blocking-time'),
    cls: value(lhr, 'cumulative-layout-shift'),
    transfer: value(lhr, 'total-byte-weight'),
    cpuPerformance: score(cpuLhr, 'performance'),
    cpuTbt: value(cpuLhr, 'total-blocking-time'),
    mainThread: analyseMainThread(trace),
    failing: [...failing],
    warnings: lhr.runWarnings,
  };
}

/**
 * One Lighthouse run; a run that Lighthouse itself reports as broken (NO_NAVSTART, NO_FCP… on a busy
 * machine) is run again, twice at most, rather than counted.
 */
async function audit(url: string, flags: Flags, attempts = 3) {
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = await lighthouse(url, flags);
    if (result && !result.lhr.runtimeError) return result;
    problem = result?.lhr.runtimeError
      ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`
      : 'aucun résultat';
    log(`lighthouse : ${url} : ${problem}, nouvel essai…`);
  }
  throw new Error(`Lighthouse, ${url} : ${problem} (${attempts} essais)`);
}

function summarise(path: string, variant: Variant, runs: RunFigures[]): PageResult {
  const med = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  const threads = runs.map((run) => run.mainThread);
  return {
    path,
    variant: variant.label,
    runs,
    median: Object.fromEntries(FIGURES.map((figure) => [figure, med((run) => run[figure])])) as Record<Figure, number>,
    mainThread: {
      cpuMs: median(threads.map((t) => t.cpuMs)),
      byCause: Object.fromEntries(
        Object.keys(CAUSES).map((cause) => [cause, median(threads.map((t) => t.byCause[cause as Cause]))]),
      ) as Record<Cause, number>,
      longTasks: median(threads.map((t) => t.longTasks)),
      styleElements: median(threads.map((t) => t.styleElements)),
      layoutObjects: median(threads.map((t) => t.layoutObjects)),
      frames: median(threads.map((t) => t.frames)),
      drawCpuMs: median(threads.map((t) => t.drawCpuMs)),
      animationsStarted: median(threads.map((t) => t.animations.started)),
      animationsNotComposited: median(threads.map((t) => t.animations.notComposited)),
      animationsStillRunning: median(threads.map((t) => t.animations.stillRunning)),
      animationNames: [...new Set(threads.flatMap((t) => t.animations.names))].sort(),
    },
    failing: variant.full ? [...new Set(runs.flatMap((run) => run.failing))] : [],
  };
}

function report({
  results,
  variants,
  runs,
  chromePath,
  loadBefore,
  loadAfter,
  against,
}: {
  results: PageResult[];
  variants: Variant[];
  runs: number;
  chromePath: string;
  loadBefore: string;
  loadAfter: string;
  against: { ref: string; commit: string } | undefined;
}): Section {
  const loads = (result: PageResult) => {
    const values = result.runs.map((run) => run.load);
    return `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
  };
  const side = table(
    ['page', 'variante', 'performance', 'TBT', 'LCP', 'CLS', 'performance (CPU)', 'TBT (CPU)', 'charge'],
    results.map((r) => [
      `\`${r.path}\``,
      r.variant,
      fmt.score(r.median.performance),
      fmt.ms(r.median.tbt),
      fmt.ms(r.median.lcp),
      Number.isFinite(r.median.cls) ? r.median.cls.toFixed(3) : '–',
      fmt.score(r.median.cpuPerformance),
      fmt.ms(r.median.cpuTbt),
      loads(r),
    ]),
  );
  const full = results.filter((r) => variants.find((v) => v.label === r.variant)?.full);
  const others = table(
    ['page', 'variante', 'accessibilité', 'bonnes pratiques', 'SEO', 'transfert'],
    full.map((r) => [
      `\`${r.path}\``,
      r.variant,
      fmt.score(r.median.accessibility),
      fmt.score(r.median['best-practices']),
      fmt.score(r.median.seo),
      fmt.kib(r.median.transfer),
    ]),
  );
  const causes = Object.keys(CAUSES) as Cause[];
  const thread = table(
    [
      'page',
      'variante',
      'CPU total',
      ...causes.map((cause) => CAUSES[cause]),
      'tâches longues',
      'éléments restylés',
      'objets mis en page',
      'images affichées',
      'CPU de dessin',
      'animations',
    ],
    results.map((r) => {
      const m = r.mainThread;
      return [
        `\`${r.path}\``,
        r.variant,
        fmt.int(m.cpuMs),
        ...causes.map((cause) => fmt.int(m.byCause[cause])),
        fmt.int(m.longTasks),
        fmt.int(m.styleElements),
        fmt.int(m.layoutObjects),
        fmt.int(m.frames),
        fmt.int(m.drawCpuMs),
        m.animationsStarted
          ? `${fmt.int(m.animationsStarted)} (${m.animationNames.join(', ')}) ; non composées ${fmt.int(m.animationsNotComposited)} ; encore en cours ${fmt.int(m.animationsStillRunning)}`
          : '0',
      ];
    }),
  );
  const failing = full
    .filter((r) => r.failing.length)
    .map((r) => `- \`${r.path}\` (${r.variant}) : ${r.failing.join(', ')}`);
  const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((run) => run.warnings)))].map(
    (warning) => `- ${warning}`,
  );
  const order = variants.map((variant) => `« ${variant.label} »`).join(', ');
  const markdown = [
    `Lighthouse ${lighthouseVersion()} (préréglage mobile : réseau 4G lent et CPU ×4 simulés), Chromium ${chromePath}. ${runs} passages par page et par variante, entrelacés : un de chaque variante par tour (${order}${against ? `, « avant » construit depuis \`${against.ref}\`, ${against.commit.slice(0, 7)}` : ''}), l’ordre tournant à chaque tour ; médianes. Stockage vidé à chaque passage (première visite, bandeau cookies affiché). Objectifs (docs/requirements.md#performance-budgets) : performance ≥ 98 avec TBT ≤ 150 ms, les trois autres 100, CLS 0. Machine : ${loadBefore} au départ, ${loadAfter} à la fin ; « charge » : la charge moyenne sur une minute relevée avant chaque passage (plus basse – plus haute).`,
    '',
    'Deux lectures de chaque passage. « performance » et « TBT » : Lighthouse tel quel ; son TBT suit le temps écoulé des tâches, donc aussi le temps qu’elles passent à attendre un cœur sur une machine chargée. « (CPU) » : le même passage noté par Lighthouse sur sa trace où chaque tâche du fil principal ne dure que son temps CPU (bench/main-thread.ts) : ce que coûte la page elle-même, ce qu’une machine calme mesurerait à peu près.',
    '',
    side,
    '',
    'Accessibilité, bonnes pratiques, SEO (pages réelles) :',
    '',
    others,
    '',
    'Ce que fait le fil principal pendant le chargement, de la navigation à la fin de la trace (médianes, ms de CPU, pas de temps écoulé). « tâches longues » : celles que la simulation de Lighthouse voit bloquer (CPU × 4, × 2 avec une mise en page, ≥ 50 ms) ; « éléments restylés », « objets mis en page » : sommés sur tous les recalculs du document de la page ; « images affichées » : images produites avec du nouveau à l’écran (une capture de Lighthouse chacune) ; « CPU de dessin » : le compositeur et les threads de tramage de la page, et le processus GPU, qui dessine chaque image en logiciel ici et dispute les deux cœurs au fil principal.',
    '',
    thread,
    ...(failing.length ? ['', 'Audits sous 100 % (hors performance), tous passages confondus :', '', ...failing] : []),
    ...(warnings.length ? ['', 'Avertissements de Lighthouse :', '', ...warnings] : []),
  ].join('\n');

  const pick = (label: string) => results.filter((r) => r.variant === label);
  const summary = (label: string) => {
    const rows = pick(label);
    const worst = (key: Figure) => Math.min(...rows.map((r) => r.median[key]));
    const most = (key: Figure) => Math.max(...rows.map((r) => r.median[key]));
    return `performance ${fmt.score(worst('performance'))} (CPU ${fmt.score(worst('cpuPerformance'))}), TBT max ${fmt.ms(most('tbt'))} (CPU ${fmt.ms(most('cpuTbt'))})`;
  };
  const home = (label: string) => results.find((r) => r.path === '/' && r.variant === label);
  const homeFree = home('sans script');
  const realRows = pick('page');
  const worstOf = (key: 'accessibility' | 'best-practices' | 'seo') =>
    fmt.score(Math.min(...realRows.map((r) => r.median[key])));
  const headline = [
    `Lighthouse mobile (pire page, médianes de ${runs}) : ${summary('page')} ; accessibilité ${worstOf('accessibility')}, bonnes pratiques ${worstOf('best-practices')}, SEO ${worstOf('seo')} ; LCP max ${fmt.ms(Math.max(...realRows.map((r) => r.median.lcp)))}, CLS max ${Math.max(...realRows.map((r) => r.median.cls)).toFixed(3)}.`,
    ...(homeFree
      ? [
          `Copie sans script de \`/\` : TBT ${fmt.ms(homeFree.median.tbt)} (CPU ${fmt.ms(homeFree.median.cpuTbt)}), performance ${fmt.score(homeFree.median.performance)}.`,
        ]
      : []),
    ...(against ? [`Avant (\`${against.ref}\`, même passage) : ${summary(`avant (${against.ref})`)}.`] : []),
  ];
  return { title: 'Lighthouse (mobile)', headline, markdown, data: results };
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
