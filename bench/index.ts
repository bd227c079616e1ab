/**
 * `npm run bench`: performance, size and load figures side by side (docs/bench.md).
 * A report, not a test: it never fails on a time. It builds the site into its own folder, then runs
 *   lighthouse  Lighthouse mobile on five pages, each beside its script-free copy, 5 runs
 *               interleaved, medians; what the main thread does, by cause (bench/lighthouse.ts)
 *   build       build time and memory at 14, 1,000, 4,000 and 10,000 articles, beside bare
 *               Eleventy; blog search in Chromium                        (bench/build.ts)
 *   dev         npm run dev: from saving an article to the page reloaded (bench/dev.ts)
 *   load        autocannon on the server, before and after a kill -9    (bench/load.ts)
 *   weight      first and repeat visits, widgets beside the references  (bench/weight.ts)
 *   drawer      the assistant's drawer opening, CPU ×4                  (bench/drawer.ts)
 *   admin       /admin opened with nothing cached: to the list of articles (bench/admin.ts)
 * and prints the Markdown report, also saved as bench/results/<date>.md (raw figures in .json beside it).
 *
 *   npm run bench                      everything (about 5 minutes on a quiet 2-core machine)
 *   npm run bench -- --only load       one part (lighthouse | build | load | weight | drawer | dev | admin)
 *   npm run bench -- --only build --profile   and where our build's time goes
 *   npm run bench -- --only lighthouse --against main   before (main) and after, in the same run
 *   npm run bench -- --only lighthouse --pages /,/blog --runs 3   a quicker look
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildBench } from './build.ts';
import {
  buildRealSite,
  fmt,
  log,
  machine,
  makeWorkDir,
  removeDir,
  root,
  type BenchContext,
  type Section,
} from './common.ts';
import { lighthouseBench } from './lighthouse.ts';
import { loadBench } from './load.ts';
import { weightBench } from './weight.ts';
import { drawerBench } from './drawer.ts';
import { devBench } from './dev.ts';
import { adminBench } from './admin.ts';

const PARTS = {
  lighthouse: lighthouseBench,
  build: buildBench,
  load: loadBench,
  weight: weightBench,
  drawer: drawerBench,
  dev: devBench,
  admin: adminBench,
} as const satisfies Record<string, (context: BenchContext) => Promise<Section>>;
type Part = keyof typeof PARTS;
const ORDER: Part[] = ['weight', 'drawer', 'lighthouse', 'load', 'dev', 'admin', 'build'];
const USAGE =
  'Usage : npm run bench [-- --only lighthouse|build|load|weight|drawer|dev|admin] [--profile] [--against <commit>] [--runs <n>] [--pages /,/blog]';

/** The value of `--name value` or `--name=value`, if given. */
function option(args: string[], name: string): string | undefined {
  const index = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index < 0) return undefined;
  const arg = args[index]!;
  return arg === name ? args[index + 1] : arg.slice(name.length + 1);
}

function chosenParts(args: string[]): Part[] {
  const chosen: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--profile') continue;
    if (['--against', '--runs', '--pages'].includes(arg)) {
      i++;
      continue;
    }
    if (/^--(against|runs|pages)=/.test(arg)) continue;
    if (arg === '--only') chosen.push(...(args[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) chosen.push(...arg.slice('--only='.length).split(','));
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`Option inconnue « ${arg} ». ${USAGE}`);
      process.exit(2);
    }
  }
  if (chosen.length === 0) return ORDER;
  const unknown = chosen.filter((part) => !(part in PARTS));
  if (unknown.length) {
    console.error(`Partie inconnue : ${unknown.join(', ')}. Parties : ${Object.keys(PARTS).join(', ')}.`);
    process.exit(2);
  }
  return ORDER.filter((part) => chosen.includes(part));
}

function benchOptions(args: string[]): BenchContext['options'] {
  const runs = option(args, '--runs');
  const pages = option(args, '--pages');
  if (runs !== undefined && !(Number.isInteger(Number(runs)) && Number(runs) > 0)) {
    console.error(`--runs attend un nombre de passages (reçu « ${runs} »). ${USAGE}`);
    process.exit(2);
  }
  return {
    profile: args.includes('--profile'),
    against: option(args, '--against'),
    runs: runs === undefined ? undefined : Number(runs),
    pages: pages?.split(',').filter(Boolean),
  };
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
}

async function main(): Promise<void> {
  const parts = chosenParts(process.argv.slice(2));
  const started = new Date();
  const t0 = performance.now();
  const workDir = makeWorkDir();
  const cleanup = () => removeDir(workDir);
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });

  const sections: { part: Part; section?: Section; error?: string; ms: number }[] = [];
  try {
    log(`construction du site dans ${workDir}…`);
    const siteDir = join(workDir, 'site');
    const prepare = await buildRealSite(siteDir);
    const context: BenchContext = {
      siteDir,
      workDir,
      prepare,
      options: benchOptions(process.argv.slice(2)),
    };
    for (const part of parts) {
      const start = performance.now();
      try {
        sections.push({ part, section: await PARTS[part](context), ms: performance.now() - start });
      } catch (error) {
        // One part failing (a missing browser, a server that does not start) does not hide the others.
        log(`${part} : ${(error as Error).message}`);
        sections.push({ part, error: (error as Error).message, ms: performance.now() - start });
      }
    }
  } finally {
    cleanup();
  }

  const total = performance.now() - t0;
  const report = [
    `# Bench Dentivo du ${started.toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' })}`,
    '',
    `${machine()}. Parties : ${parts.join(', ')} ; durée totale ${fmt.s(total)}. Des médianes et des rapports, pas des seuils : ces machines sont partagées et bruitées (les budgets en octets, eux, sont vérifiés par \`npm test\`).`,
    '',
    '## En bref',
    '',
    ...sections.flatMap(({ part, section, error }) =>
      section ? section.headline.map((line) => `- ${line}`) : [`- ${part} : **échec** (${error?.split('\n')[0]})`],
    ),
    '',
    ...sections.flatMap(({ part, section, error, ms }) => [
      `## ${section?.title ?? part}`,
      '',
      section ? section.markdown : `Échec de la partie « ${part} » :\n\n\`\`\`\n${error}\n\`\`\``,
      '',
      `_(${fmt.s(ms)})_`,
      '',
    ]),
  ].join('\n');

  const resultsDir = join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const base = join(resultsDir, `${stamp(started)}${parts.length === ORDER.length ? '' : `-${parts.join('-')}`}`);
  writeFileSync(`${base}.md`, report);
  writeFileSync(
    `${base}.json`,
    JSON.stringify({ started: started.toISOString(), machine: machine(), totalMs: total, parts: sections }, null, 2),
  );
  console.log(report);
  log(`rapport enregistré dans ${relative(root, base)}.md (données brutes : .json).`);
  if (sections.some((entry) => entry.error)) process.exitCode = 1;
}

await main();
