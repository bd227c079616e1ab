/**
 * Build scaling: our Eleventy build of the real site, then of the site with 1,000 and 4,000 generated
 * articles (scripts/bench/articles.ts, in a temporary folder), each beside a bare Eleventy build of the
 * same Markdown files (bench/bare.config.js) in the same run. Wall time and peak memory of each, the
 * ratio ours / bare, and the weight of /blog and of its search index.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

export const SCALES = [0, 1000, 4000] as const;
/** Runs of each bare build and of our build of the real site (the large builds of ours run once). */
const REPEAT = 3;

interface ScaleResult {
  extra: number;
  articles: number;
  ours: { ms: number; runs: number; peakMiB?: number; pages: number };
  bare: { ms: number; runs: number; peakMiB?: number; pages: number };
  ratio: number;
  blogHtml: { raw: number; gzip: number };
  searchIndex: { raw: number; gzip: number };
}

function countHtml(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += entry.name === 'assets' ? 0 : countHtml(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

function sizes(file: string): { raw: number; gzip: number } {
  return { raw: statSync(file).size, gzip: gzipSync(readFileSync(file), { level: 9 }).byteLength };
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
    {
      typescript: false,
      label: `eleventy (bare) → ${output}`,
    },
  );
}

export async function buildBench(context: BenchContext, scales: readonly number[] = SCALES): Promise<Section> {
  const realPosts = readdirSync(join(root, 'content', 'blog')).filter(
    (name) => name.endsWith('.md') && !name.startsWith('_'),
  );
  const results: ScaleResult[] = [];

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

    // The cheap builds run three times (median), so that one busy second does not make the ratio.
    const oursRuns = extra === 0 ? REPEAT : 1;
    const oursOut = join(context.workDir, `site-${extra}`);
    const bareOut = join(context.workDir, `bare-${extra}`);
    const ours: Measured[] = [];
    const bare: Measured[] = [];
    for (let run = 0; run < REPEAT; run++) {
      if (run < oursRuns) {
        log(`build : ${label}, notre build (${run + 1}/${oursRuns})…`);
        ours.push(await buildPages(oursOut, extra > 0 ? { EXTRA_POSTS_DIR: postsDir } : {}));
      }
      log(`build : ${label}, Eleventy nu (${run + 1}/${REPEAT})…`);
      bare.push(await bareBuild(bareInput, bareOut));
    }
    const oursMs = median(ours.map((m) => m.ms));
    const bareMs = median(bare.map((m) => m.ms));
    const peak = (runs: Measured[]) =>
      runs.some((m) => m.peakMiB === undefined) ? undefined : Math.max(...runs.map((m) => m.peakMiB!));

    results.push({
      extra,
      articles: realPosts.length + extra,
      ours: { ms: oursMs, runs: ours.length, peakMiB: peak(ours), pages: countHtml(oursOut) },
      bare: { ms: bareMs, runs: bare.length, peakMiB: peak(bare), pages: countHtml(bareOut) },
      ratio: oursMs / bareMs,
      blogHtml: sizes(join(oursOut, 'blog', 'index.html')),
      searchIndex: sizes(join(oursOut, 'blog', 'search-index.json')),
    });
    log(`build : ${label} : ${fmt.s(oursMs)} contre ${fmt.s(bareMs)} (Eleventy nu).`);
  }

  const rows = results.map((r) => [
    r.extra === 0
      ? `site réel (${r.articles} articles)`
      : `${r.articles.toLocaleString('en-US')} articles (+${r.extra.toLocaleString('en-US')})`,
    fmt.s(r.ours.ms),
    fmt.mib(r.ours.peakMiB),
    fmt.int(r.ours.pages),
    fmt.s(r.bare.ms),
    fmt.mib(r.bare.peakMiB),
    fmt.int(r.bare.pages),
    fmt.ratio(r.ratio),
  ]);
  const largest = results[results.length - 1]!;
  const sizeRows = results.map((r) => [
    r.articles.toLocaleString('en-US'),
    fmt.size(r.blogHtml.raw),
    fmt.size(r.blogHtml.gzip),
    fmt.size(r.searchIndex.raw),
    fmt.size(r.searchIndex.gzip),
  ]);

  const markdown = [
    `Pages : Eleventy avec notre configuration (chargement du contenu, validation, rendu des îlots, typographie), sortie dans un dossier du bench, \`EXTRA_POSTS_DIR\` pour les articles générés. Eleventy nu : \`bench/bare.config.js\`, les mêmes fichiers Markdown en HTML simple. Chaque build est un processus Node à part ; temps = médiane de ${REPEAT} builds (les nôtres à 1 000 et 4 000 articles : un seul), mémoire = pic de mémoire résidente du processus (VmHWM). Widgets (\`npm run build:widgets\`, indépendant du nombre d’articles) : ${fmt.s(context.prepare.viteMs)}.`,
    '',
    table(['contenu', 'notre build', 'mémoire', 'pages', 'Eleventy nu', 'mémoire', 'pages', 'ratio nous / nu'], rows),
    '',
    'Poids de `/blog` (toutes les cartes dans le HTML) et de son index de recherche (`/blog/search-index.json`, chargé au premier filtre) :',
    '',
    table(['articles', '/blog HTML', 'gzip -9', 'index de recherche', 'gzip -9'], sizeRows),
  ].join('\n');

  const headline = [
    `Build : site réel ${fmt.s(results[0]!.ours.ms)} (${fmt.ratio(results[0]!.ratio)} Eleventy nu) ; ${largest.articles.toLocaleString('en-US')} articles ${fmt.s(largest.ours.ms)}, ${fmt.mib(largest.ours.peakMiB)} (${fmt.ratio(largest.ratio)} Eleventy nu) ; /blog ${fmt.size(largest.blogHtml.gzip)} gz, index de recherche ${fmt.size(largest.searchIndex.gzip)} gz.`,
  ];
  return {
    title: 'Build et montée en charge du contenu',
    headline,
    markdown,
    data: { viteMs: context.prepare.viteMs, results },
  };
}
