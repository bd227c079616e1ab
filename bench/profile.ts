/**
 * Where a build's time goes: a V8 CPU profile of our Eleventy build (node --cpu-prof), each sample
 * given to the first phase found on its stack, outermost phase first. `npm run bench -- --only build
 * --profile` prints the table; the ADR and the issue compare these shares before and after a change.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Phases of a build, by the code on the stack (first match wins, so the order matters). */
const PHASES: [name: string, test: RegExp][] = [
  ['ramasse-miettes (GC)', /\(garbage collector\)/],
  ['inactif', /\(idle\)|\(program\)/],
  ['index de recherche', /blog-search\.ts|core\/blog\/search\//],
  ['index de l’assistant', /buildAssistantIndex|assistant-index/],
  ['articles liés', /related\.ts/],
  ['typographie', /typeset\.ts|typography\.ts/],
  ['lecture du contenu (YAML, zod, Markdown)', /site\/lib\/content\.ts/],
  ['rendu Nunjucks (gabarits, îlots)', /nunjucks\/src/],
  ['chargement des modules', /compileSourceTextModule|node:internal\/modules|tsx\/dist/],
  ['écriture des fichiers', /writeFileSync|mkdirSync|writeFile\b|mkdir\b/],
  ['Eleventy (données, pagination, gabarits)', /@11ty\/eleventy/],
];

/**
 * Our code runs from one bundle (scripts/eleventy.mjs): esbuild heads each module in it with a
 * `// path` line, which gives back the source a frame's line belongs to (the phases test paths).
 */
function sourcesOfBundle(url: string): (line: number) => string {
  const starts: { line: number; path: string }[] = [];
  readFileSync(new URL(url), 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const match = /^\/\/ ((?:core|site|widgets)\/\S+|eleventy\.config\.js)$/.exec(text);
      if (match) starts.push({ line, path: match[1]! });
    });
  return (line) => starts.findLast((start) => start.line <= line)?.path ?? url;
}

function frameSource(frame: ProfileNode['callFrame'], bundles: Map<string, (line: number) => string>): string {
  if (!frame.url.endsWith('/.cache/dentivo/eleventy.config.mjs')) return frame.url;
  let source = bundles.get(frame.url);
  if (!source) bundles.set(frame.url, (source = sourcesOfBundle(frame.url)));
  return source(frame.lineNumber);
}

export interface Phase {
  name: string;
  ms: number;
  share: number;
}

export function profilePhases(dir: string): Phase[] {
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => readFileSync(b).byteLength - readFileSync(a).byteLength)[0];
  if (!file) throw new Error(`Aucun profil dans ${dir}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const phaseOf = new Map<number, string>();
  const bundles = new Map<string, (line: number) => string>();
  const classify = (id: number): string => {
    const known = phaseOf.get(id);
    if (known) return known;
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      stack.push(`${frame.functionName} ${frameSource(frame, bundles)}`);
    }
    const phase = PHASES.find(([, test]) => stack.some((frame) => test.test(frame)))?.[0] ?? 'autre';
    phaseOf.set(id, phase);
    return phase;
  };
  const totals = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = profile.timeDeltas[index]! / 1000;
    totals.set(classify(id), (totals.get(classify(id)) ?? 0) + ms);
    total += ms;
  });
  return [...totals].map(([name, ms]) => ({ name, ms, share: ms / total })).sort((a, b) => b.ms - a.ms);
}
