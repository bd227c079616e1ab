/**
 * Build scaling: our Eleventy build of the real site, then of the site with 1,000, 4,000 and 10,000
 * generated articles (bench/articles.ts, in a temporary folder), each beside a bare Eleventy
 * build of the same Markdown files (bench/bare.config.js) in the same run, the two interleaved. Wall
 * time, CPU time and peak memory of each, the ratios ours / bare, the weight of the first list page and
 * of the split search index, and the blog search in Chromium on the real site and the largest one.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { SEARCH_MANIFEST } from '../core/blog/listing.ts';
import { generateArticles } from './articles.ts';
import {
  buildPages,
  eleventyCli,
  fmt,
  log,
  median,
  root,
  runNode,
  table,
  type BenchContext,
  type Measured,
  type Section,
} from './common.ts';
import { profilePhases, type Phase } from './profile.ts';
import { QUERIES, searchQueries } from './search.ts';
import type { QueryMeasure } from '../scripts/lib/blog-search.ts';

export const SCALES = [0, 1000, 4000, 10000] as const;
/**
 * Runs of each build at each scale (bare and ours in turn, so a busy minute hits both). Three at 4,000,
 * the scale closest to the bar: on a shared machine the median of two is one lucky or unlucky run.
 */
const RUNS: Record<number, number> = { 0: 3, 1000: 2, 4000: 3, 10000: 2 };
/** The profile (--profile) is taken at this many generated articles. */
const PROFILE_SCALE = 4000;

interface Figures {
  ms: number;
  cpuMs: number;
  runs: number;
  peakMiB?: number;
  pages: number;
}

interface ScaleResult {
  extra: number;
  articles: number;
  ours: Figures;
  bare: Figures;
  ratio: number;
  cpuRatio: number;
  firstPage: { raw: number; gzip: number };
  categoryPage: { gzip: number };
  searchIndex: { files: number; raw: number; gzip: number; manifestGzip: number; largestGzip: number };
}

function countHtml(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += entry.name === 'assets' ? 0 : countHtml(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;

function indexSizes(dir: string): ScaleResult['searchIndex'] {
  const files = readdirSync(dir).map((name) => join(dir, name));
  const sizes = files.map((file) => ({ file, raw: statSync(file).size, gzip: gzip(file) }));
  return {
    files: files.length,
    raw: sizes.reduce((total, size) => total + size.raw, 0),
    gzip: sizes.reduce((total, size) => total + size.gzip, 0),
    manifestGzip: gzip(join(dir, SEARCH_MANIFEST)),
    largestGzip: Math.max(...sizes.filter((size) => !size.file.endsWith(SEARCH_MANIFEST)).map((size) => size.gzip)),
  };
}

async function bareBuild(input: string, output: string): Promise<Measured> {
  return runNode(
    [
      eleventyCli,
      '--quiet',
      `--config=${join(root, 'bench', 'bare.config.js')}`,
      `--input=${input}`,
      `--output=${output}`,
    ],
    { typescript: false, label: `eleventy (bare) → ${output}` },
  );
}

const figures = (runs: Measured[], pages: number): Figures => ({
  ms: median(runs.map((m) => m.ms)),
  cpuMs: median(runs.map((m) => m.cpuMs ?? Number.NaN)),
  runs: runs.length,
  peakMiB: runs.some((m) => m.peakMiB === undefined) ? undefined : Math.max(...runs.map((m) => m.peakMiB!)),
  pages,
});

function queryTable(measures: QueryMeasure[]): string {
  return table(
    ['requête', 'résultat', 'code', 'index', 'total', 'fichiers', 'latence'],
    measures.map((m) => [
      `« ${m.query} »`,
      m.status,
      fmt.kib(m.codeBytes),
      fmt.kib(m.indexBytes),
      fmt.kib(m.codeBytes + m.indexBytes),
      m.files.length,
      fmt.ms(m.latencyMs),
    ]),
  );
}

export async function buildBench(context: BenchContext, scales: readonly number[] = SCALES): Promise<Section> {
  const realPosts = readdirSync(join(root, 'content', 'blog')).filter(
    (name) => name.endsWith('.md') && !name.startsWith('_'),
  );
  const results: ScaleResult[] = [];
  const searches: { articles: number; measures: QueryMeasure[] }[] = [];
  let phases: Phase[] | undefined;
  const largestScale = Math.max(...scales);

  for (const extra of scales) {
    const label = extra === 0 ? 'site réel' : `+${extra} articles`;
    const postsDir = join(context.workDir, `posts-${extra}`);
    const bareInput = join(context.workDir, `bare-input-${extra}`);
    mkdirSync(bareInput, { recursive: true });
    for (const name of realPosts) cpSync(join(root, 'content', 'blog', name), join(bareInput, name));
    if (extra > 0) {
      generateArticles(extra, postsDir);
      cpSync(postsDir, bareInput, { recursive: true });
    }
    const env: Record<string, string> = extra > 0 ? { EXTRA_POSTS_DIR: postsDir } : {};
    const oursOut = join(context.workDir, `site-${extra}`);
    const bareOut = join(context.workDir, `bare-${extra}`);
    const ours: Measured[] = [];
    const bare: Measured[] = [];
    const runs = RUNS[extra] ?? 1;
    for (let run = 0; run < runs; run++) {
      log(`build : ${label}, Eleventy nu (${run + 1}/${runs})…`);
      rmSync(bareOut, { recursive: true, force: true });
      bare.push(await bareBuild(bareInput, bareOut));
      log(`build : ${label}, notre build (${run + 1}/${runs})…`);
      rmSync(oursOut, { recursive: true, force: true });
      ours.push(await buildPages(oursOut, env));
    }
    const result: ScaleResult = {
      extra,
      articles: realPosts.length + extra,
      ours: figures(ours, countHtml(oursOut)),
      bare: figures(bare, countHtml(bareOut)),
      ratio: 0,
      cpuRatio: 0,
      firstPage: {
        raw: statSync(join(oursOut, 'blog', 'index.html')).size,
        gzip: gzip(join(oursOut, 'blog', 'index.html')),
      },
      categoryPage: { gzip: gzip(join(oursOut, 'blog', 'categorie', 'gestion', 'index.html')) },
      searchIndex: indexSizes(join(oursOut, 'blog', 'index-recherche')),
    };
    result.ratio = result.ours.ms / result.bare.ms;
    result.cpuRatio = result.ours.cpuMs / result.bare.cpuMs;
    results.push(result);
    log(`build : ${label} : ${fmt.s(result.ours.ms)} contre ${fmt.s(result.bare.ms)} (Eleventy nu).`);

    if (extra === 0 || extra === largestScale) {
      log(`build : ${label}, ${QUERIES.length} recherches dans Chromium…`);
      searches.push({ articles: result.articles, measures: await searchQueries(oursOut) });
    }
    if (context.options.profile && extra === PROFILE_SCALE) {
      log(`build : ${label}, profil CPU de notre build…`);
      const profileDir = mkdtempSync(join(tmpdir(), 'dentivo-profile-'));
      try {
        rmSync(oursOut, { recursive: true, force: true });
        await buildPages(oursOut, env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
        phases = profilePhases(profileDir);
      } finally {
        rmSync(profileDir, { recursive: true, force: true });
      }
    }
    // The outputs of the large builds weigh hundreds of megabytes: gone once measured.
    if (extra > 0)
      for (const dir of [oursOut, bareOut, bareInput, postsDir]) rmSync(dir, { recursive: true, force: true });
  }

  const rows = results.map((r) => [
    r.extra === 0
      ? `site réel (${r.articles} articles)`
      : `${r.articles.toLocaleString('en-US')} articles (+${r.extra.toLocaleString('en-US')})`,
    fmt.s(r.ours.ms),
    fmt.s(r.ours.cpuMs),
    fmt.mib(r.ours.peakMiB),
    fmt.int(r.ours.pages),
    fmt.s(r.bare.ms),
    fmt.s(r.bare.cpuMs),
    fmt.mib(r.bare.peakMiB),
    fmt.int(r.bare.pages),
    `**${fmt.ratio(r.ratio)}**`,
    fmt.ratio(r.cpuRatio),
  ]);
  const sizeRows = results.map((r) => [
    r.articles.toLocaleString('en-US'),
    fmt.size(r.firstPage.raw),
    fmt.size(r.firstPage.gzip),
    fmt.size(r.categoryPage.gzip),
    fmt.int(r.searchIndex.files),
    fmt.size(r.searchIndex.raw),
    fmt.size(r.searchIndex.gzip),
    fmt.size(r.searchIndex.manifestGzip),
    fmt.size(r.searchIndex.largestGzip),
  ]);
  const largest = results[results.length - 1]!;
  const largestSearch = searches[searches.length - 1];
  const worstQuery = largestSearch
    ? Math.max(...largestSearch.measures.map((m) => m.codeBytes + m.indexBytes))
    : Number.NaN;

  const markdown = [
    `Pages : Eleventy avec notre configuration (contenu, validation, rendu des îlots, typographie, index de recherche), sortie dans un dossier du bench, \`EXTRA_POSTS_DIR\` pour les articles générés. Eleventy nu : \`bench/bare.config.js\`, les mêmes fichiers Markdown en HTML simple. Chaque build est un processus Node à part ; les deux builds alternent (nu, nous, nu, nous…) ; temps = médiane des builds de chaque ligne (${Object.entries(
      RUNS,
    )
      .map(
        ([scale, runs]) => `${runs} à ${scale === '0' ? 'taille réelle' : `+${Number(scale).toLocaleString('en-US')}`}`,
      )
      .join(
        ', ',
      )}) ; CPU = temps processeur du processus (utilisateur + système, tous ses fils), moins sensible qu’une durée à une machine chargée ; mémoire = pic de mémoire résidente (VmHWM). Widgets (\`npm run build:widgets\`, indépendant du nombre d’articles) : ${fmt.s(context.prepare.viteMs)}.`,
    '',
    table(
      [
        'contenu',
        'notre build',
        'CPU',
        'mémoire',
        'pages',
        'Eleventy nu',
        'CPU',
        'mémoire',
        'pages',
        'ratio (durée)',
        'ratio (CPU)',
      ],
      rows,
    ),
    '',
    'Première page de `/blog` (12 cartes, quelle que soit la taille du blog) et de `/blog/categorie/gestion`, puis l’index de recherche découpé (`/blog/index-recherche/` : manifeste, fragments de termes, filtres, cartes) :',
    '',
    table(
      [
        'articles',
        '/blog HTML',
        'gzip -9',
        'catégorie gzip',
        'fichiers d’index',
        'index total',
        'gzip -9',
        'manifeste gzip',
        'plus gros fichier gzip',
      ],
      sizeRows,
    ),
    '',
    ...searches.flatMap(({ articles, measures }) => [
      `Recherche dans Chromium, ${articles.toLocaleString('en-US')} articles : chaque requête sur une première visite de \`/blog\` ; transfert = gzip -9 des fichiers envoyés du clic dans la boîte aux résultats affichés (code : îlot et moteur de recherche ; index : manifeste, fragments, filtres, cartes) ; latence = de la requête tapée au nombre affiché, pause de frappe de 150 ms comprise.`,
      '',
      queryTable(measures),
      '',
    ]),
    ...(phases
      ? [
          `Profil CPU de notre build à ${(realPosts.length + PROFILE_SCALE).toLocaleString('en-US')} articles (\`--profile\`, échantillons du fil principal, chacun attribué à la première phase trouvée sur sa pile) :`,
          '',
          table(
            ['phase', 'temps', 'part'],
            phases.map((phase) => [phase.name, fmt.ms(phase.ms), `${(phase.share * 100).toFixed(1)} %`]),
          ),
          '',
        ]
      : []),
  ].join('\n');

  const headline = [
    `Build : site réel ${fmt.s(results[0]!.ours.ms)} (${fmt.ratio(results[0]!.ratio)} Eleventy nu) ; ${results
      .slice(1)
      .map(
        (r) =>
          `${r.articles.toLocaleString('en-US')} articles ${fmt.s(r.ours.ms)}, ${fmt.mib(r.ours.peakMiB)} (${fmt.ratio(r.ratio)}, CPU ${fmt.ratio(r.cpuRatio)})`,
      )
      .join(
        ' ; ',
      )} ; première page de /blog ${fmt.size(largest.firstPage.gzip)} gz à ${largest.articles.toLocaleString('en-US')} articles.`,
    ...(largestSearch
      ? [
          `Recherche à ${largestSearch.articles.toLocaleString('en-US')} articles : au plus ${fmt.kib(worstQuery)} transférés par requête (cible ≤ 150 KiB), latence médiane ${fmt.ms(median(largestSearch.measures.map((m) => m.latencyMs)))}.`,
        ]
      : []),
  ];
  return {
    title: 'Build et montée en charge du blog',
    headline,
    markdown,
    data: { viteMs: context.prepare.viteMs, results, searches, phases },
  };
}
