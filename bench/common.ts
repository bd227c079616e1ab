/**
 * What the parts of the bench share: the paths, a measured child process (wall time and peak memory),
 * the real server started on a free loopback port, and the Markdown helpers of the report.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { precompressSite } from '../server/precompress.ts';
import { stopProcessGroup } from '../scripts/lib/process-group.ts';

export const root = resolve(import.meta.dirname, '..');
const rssHook = join(import.meta.dirname, 'rss-hook.mjs');

/** One part's contribution to the report. */
export interface Section {
  title: string;
  /** Lines for the headline at the top of the report. */
  headline: string[];
  markdown: string;
  data: unknown;
}

export interface BenchContext {
  /** The real site built for this run (its own folder; _site is left to the developers). */
  siteDir: string;
  /** A scratch folder removed at the end. */
  workDir: string;
  /** Times of the preparation build. */
  prepare: { viteMs: number; eleventyMs: number };
  /**
   * --profile: a CPU profile of our build in the build part. --against <commit>: the lighthouse part
   * also measures the site built from that commit, interleaved with this one (before and after in the
   * same run). --runs, --pages: fewer Lighthouse runs or pages, for a quick look.
   */
  options: { profile: boolean; against?: string; runs?: number; pages?: string[] };
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function makeWorkDir(): string {
  return mkdtempSync(join(tmpdir(), 'dentivo-bench-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface Measured {
  ms: number;
  /** Peak resident memory of the Node process (its VmHWM at exit, see rss-hook.mjs). */
  peakMiB: number | undefined;
  /**
   * CPU time of the process (user + system, every thread). Less sensitive than wall time to a busy
   * machine: the bench prints both ratios.
   */
  cpuMs: number | undefined;
  output: string;
}

/**
 * Runs `node [--import tsx] <args>` in one process (no wrapper), timing it from spawn to exit and
 * reading its peak memory (the hook writes it at exit). Fails with the end of its output.
 */
export async function runNode(
  args: string[],
  {
    env = {},
    typescript = true,
    label = args.join(' '),
  }: { env?: Record<string, string>; typescript?: boolean; label?: string } = {},
): Promise<Measured> {
  const rssFile = join(tmpdir(), `dentivo-bench-rss-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const nodeArgs = [...(typescript ? ['--import', 'tsx'] : []), '--import', rssHook, ...args];
  const start = performance.now();
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const ms = performance.now() - start;
  let peakMiB: number | undefined;
  let cpuMs: number | undefined;
  if (existsSync(rssFile)) {
    const figures = JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRssKiB: number; cpuMs?: number };
    peakMiB = figures.maxRssKiB / 1024;
    cpuMs = figures.cpuMs;
    rmSync(rssFile, { force: true });
  }
  if (code !== 0) throw new Error(`${label} a échoué (code ${code}) :\n${output.slice(-4000)}`);
  return { ms, peakMiB, cpuMs, output };
}

export const eleventyCli = join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
/** Our build of the pages, as `npm run build:pages` runs it. */
const eleventyScript = join(root, 'scripts', 'eleventy.mjs');

/** Runs a command (e.g. an npm script) and times it; fails with the end of its output. */
export async function runCommand(
  command: string,
  args: string[],
  label = `${command} ${args.join(' ')}`,
  cwd = root,
): Promise<{ ms: number }> {
  const start = performance.now();
  const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) throw new Error(`${label} a échoué (code ${code}) :\n${output.slice(-4000)}`);
  return { ms: performance.now() - start };
}

/**
 * The real build of this run: the widgets exactly as `npm run build:widgets` makes them (into _site:
 * the pages read that manifest), then Eleventy into `siteDir`, with the widgets' files copied beside.
 */
export async function buildRealSite(
  siteDir: string,
  env: Record<string, string> = {},
): Promise<{ viteMs: number; eleventyMs: number }> {
  const widgets = await runCommand(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['run', '--silent', 'build:widgets'],
    'npm run build:widgets',
  );
  const eleventy = await buildPages(siteDir, env);
  // As `npm run build` does: brotli and gzip beside each compressible file (docs/decisions/0059-compressed-ahead-of-time.md).
  await precompressSite(siteDir);
  return { viteMs: widgets.ms, eleventyMs: eleventy.ms };
}

/**
 * The site as another commit builds it, into `siteDir`: that commit's files (git archive) in a folder
 * of `workDir`, with this checkout's packages (the same dependencies are assumed), its widgets built
 * by its own `npm run build:widgets`, its pages by its own Eleventy script. Returns the commit's short
 * name and its hash.
 */
export async function buildSiteAt(ref: string, siteDir: string, workDir: string): Promise<{ commit: string }> {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const checkout = join(workDir, `checkout-${commit.slice(0, 12)}`);
  mkdirSync(checkout, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', checkout], { input: archive });
  // Each package linked, not node_modules itself: the builds' caches (node_modules/.cache, .vite) stay
  // the checkout's own and never replace this one's.
  const modules = join(checkout, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(root, 'node_modules')))
    if (!name.startsWith('.') || name === '.bin')
      symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await runCommand(npm, ['run', '--silent', 'build:widgets'], `npm run build:widgets (${ref})`, checkout);
  await runCommand(
    process.execPath,
    [join(checkout, 'scripts', 'eleventy.mjs'), '--quiet', `--output=${siteDir}`],
    `eleventy (${ref})`,
    checkout,
  );
  const built = join(checkout, '_site');
  for (const name of readdirSync(built))
    if (!existsSync(join(siteDir, name))) cpSync(join(built, name), join(siteDir, name), { recursive: true });
  return { commit };
}

/**
 * Eleventy with our config into `output` (EXTRA_POSTS_DIR in env for generated articles), then what the
 * widget builds wrote into _site (assets/, embed.js, embed/…): every top-level entry the pages lack.
 */
export async function buildPages(
  output: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Measured> {
  const measured = await runNode([...nodeArgs, eleventyScript, '--quiet', `--output=${output}`], {
    env,
    typescript: false,
    label: `eleventy → ${output}`,
  });
  const built = join(root, '_site');
  for (const name of readdirSync(built))
    if (!existsSync(join(output, name))) cpSync(join(built, name), join(output, name), { recursive: true });
  return measured;
}

function tryPort(port: number): Promise<number | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => done(chosen));
    });
  });
}

let nextPort = Number(process.env.BENCH_PORT_BASE ?? 0);

/**
 * A free loopback port: any (the system's choice), or, with BENCH_PORT_BASE, the next free one from
 * that number (on a machine shared by several people, each keeps to their own range).
 */
export async function freePort(): Promise<number> {
  if (!nextPort) {
    const port = await tryPort(0);
    if (!port) throw new Error('Aucun port libre sur 127.0.0.1');
    return port;
  }
  for (let attempts = 0; attempts < 100; attempts++) {
    const port = await tryPort(nextPort++);
    if (port) return port;
  }
  throw new Error(`Aucun port libre à partir de BENCH_PORT_BASE=${process.env.BENCH_PORT_BASE}`);
}

export interface RunningServer {
  origin: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** SIGTERM (clean stop) or SIGKILL (kill -9); resolves when the process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** The real server (server/main.ts) on 127.0.0.1, in its own process, ready when /healthz answers. */
export async function startServer({
  siteDir,
  dataDir = 'memory',
  port,
  env = {},
  // Generous: the server prepares the assistant's index before it listens, and these machines are shared.
  readyWithinMs = 180_000,
}: {
  siteDir: string;
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  /** How long it may take to answer /healthz (its embedded database starts slowly on a busy machine). */
  readyWithinMs?: number;
}): Promise<RunningServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    // No SMTP (no mail leaves); a fixed inbox token so the server writes no token file in .data/.
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      SMTP_URL: '',
      INBOX_TOKEN: 'bench-jeton-de-la-boite-assez-long-32',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté au démarrage :\n${output.slice(-3000)}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `Le serveur ne répond pas sur ${origin}/healthz après ${Math.round(readyWithinMs / 1000)} s :\n${output.slice(-3000)}`,
      );
    }
    await new Promise((wait) => setTimeout(wait, 150));
  }
  return {
    origin,
    port: chosen,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Figures and Markdown.

export function median(values: readonly number[]): number {
  const sorted = [...values].filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const fmt = {
  ms: (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '–'),
  s: (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '–'),
  mib: (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) ? `${Math.round(value)} MiB` : '–',
  kib: (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KiB` : '–'),
  size: (bytes: number) =>
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`,
  ratio: (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)}×` : '–'),
  int: (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–'),
  score: (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–'),
};

/** A Markdown table; `align` is 'l' or 'r' per column (numbers right). */
export function table(header: string[], rows: (string | number)[][], align?: ('l' | 'r')[]): string {
  const cells = (row: (string | number)[]) =>
    `| ${row.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  const rule = `|${header.map((_, index) => ((align?.[index] ?? (index === 0 ? 'l' : 'r')) === 'r' ? '---:' : '---')).join('|')}|`;
  return [cells(header), rule, ...rows.map(cells)].join('\n');
}

export function machine(): string {
  const cpu = cpus();
  return `Node ${process.version}, ${cpu.length} cœurs (${cpu[0]?.model.trim() ?? 'CPU inconnu'}), ${Math.round(totalmem() / 1024 ** 3)} GiB de mémoire, ${loadAverage()}`;
}

/** The machine's load average now (other engineers share it): to read beside any duration. */
export function loadAverage(): string {
  return `charge moyenne ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1, 5, 15 min)`;
}

/** `npm run dev` on a copy of the content, on a free loopback port, with its database in memory. */
export interface DevOnCopy {
  origin: string;
  contentDir: string;
  /** Where it builds the site. */
  siteDir: string;
  process: ChildProcess;
  /** The last 20,000 characters it printed (for an error message). */
  output(): string;
  /** Stops it (its whole process group) and removes the copy. */
  stop(): Promise<void>;
}

export async function startDevOnCopy(prefix: string, env: Record<string, string> = {}): Promise<DevOnCopy> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const contentDir = join(dir, 'content');
  const siteDir = join(dir, 'site');
  cpSync(join(root, 'content'), contentDir, { recursive: true });
  const port = await freePort();
  let output = '';
  const dev = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'dev.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      INBOX_TOKEN: 'bench-jeton-de-la-boite-assez-long-32',
      CONTENT_DIR: contentDir,
      SITE_DIR: siteDir,
      ...env,
    },
  });
  dev.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  dev.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  return {
    origin: `http://127.0.0.1:${port}`,
    contentDir,
    siteDir,
    process: dev,
    output: () => output,
    async stop() {
      await stopProcessGroup(dev);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
