/**
 * `npm run dev`: the widgets (Vite, watching), the pages (Eleventy, watching the content and the
 * templates) and the real server, which reloads open pages when the build changes (DEV_RELOAD).
 *
 * Content reaches the templates through Eleventy's data cascade (site/lib/source.ts), so saving an
 * article, a page, a shared YAML file or site.json rebuilds the pages in place. Eleventy runs on the
 * configuration compiled at its start (scripts/eleventy.mjs), so a change of code (core/, site/lib/,
 * widgets/, eleventy.config.js) restarts it, once Vite has rebuilt the widgets, so that the pages link
 * the new files.
 *
 * Environment: PORT (server), CONTENT_DIR (content folder, default content/), SITE_DIR (output,
 * default _site/; the dev-loop test builds into a temporary folder), CMS_BACKEND (default `local`: the
 * CMS at /admin writes this checkout's files, docs/decisions/0029-cms-for-editors.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { build, type InlineConfig } from 'vite';
import { watchFile, watchTree, type TreeWatcher } from '../server/watch-tree.ts';
import { cmsBackend } from '../site/lib/cms.ts';
import { newCmsToken } from '../server/cms-access.ts';

process.env.CMS_BACKEND ??= 'local';
// The editor's own machine only (docs/decisions/0029-cms-for-editors.md): HOST=0.0.0.0 opens it to the network.
process.env.HOST ??= '127.0.0.1';
// One secret for this run, kept when the server restarts, so that an open /admin keeps working.
process.env.CMS_TOKEN ??= newCmsToken();

const root = resolve(import.meta.dirname, '..');
const siteDir = resolve(root, process.env.SITE_DIR ?? '_site');
const contentDir = resolve(root, process.env.CONTENT_DIR ?? 'content');
const env = { ...process.env, SITE_DIR: siteDir, WIDGETS_DIR: siteDir, CONTENT_DIR: contentDir };
const eleventyScript = join(root, 'scripts', 'eleventy.mjs');

const children = new Set<ChildProcess>();
const watchers: TreeWatcher[] = [];
const closers: (() => Promise<unknown> | unknown)[] = [];
let stopping = false;

/** Node on `args`; TypeScript through tsx unless `typescript` is false. */
function node(args: string[], extra: Record<string, string> = {}, typescript = true): ChildProcess {
  const child = spawn(process.execPath, [...(typescript ? ['--import', 'tsx'] : []), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extra },
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function log(message: string): void {
  console.log(`[dev] ${message}`);
}

// The widgets: the site's client, then the embed's tag and app, as `npm run build:widgets` makes them.
const viteBuilds: InlineConfig[] = [
  { configFile: join(root, 'vite.config.ts'), build: { outDir: join(siteDir, 'assets') } },
  { configFile: join(root, 'vite.embed.config.ts'), mode: 'loader', build: { outDir: siteDir } },
  { configFile: join(root, 'vite.embed.config.ts'), build: { outDir: join(siteDir, 'embed') } },
];
const quiet = { logLevel: 'warn' } as const;
for (const config of viteBuilds) await build({ ...config, ...quiet, root });
// The CMS's bundle, once: the pages' build reads its manifest to write /admin.
if (cmsBackend(process.env))
  await build({
    configFile: join(root, 'vite.admin.config.ts'),
    build: { outDir: join(siteDir, 'admin', 'assets') },
    ...quiet,
    root,
  });

/**
 * Keeps a child running. One that ends on its own (a crash) starts again after a pause, longer while
 * it keeps failing at once, so that an editor's session survives it; `replace` stops it (it may be
 * writing) and starts a new one.
 */
function supervised(name: string, args: string[], extra: Record<string, string>, typescript: boolean) {
  let child: ChildProcess;
  let startedAt = 0;
  let pause = 250;
  let pending: NodeJS.Timeout | undefined;
  let replacing = false;
  function launch(): void {
    clearTimeout(pending);
    startedAt = Date.now();
    child = node(args, extra, typescript);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (replacing) {
        replacing = false;
        return launch();
      }
      pause = Date.now() - startedAt > 10_000 ? 500 : Math.min(pause * 2, 10_000);
      log(
        `${name} s’est arrêté (${signal ?? `code ${code}`}) : nouveau départ dans ${(pause / 1000).toLocaleString('fr-FR')} s.`,
      );
      pending = setTimeout(() => !stopping && launch(), pause);
    });
  }
  launch();
  return {
    replace(): void {
      if (child.exitCode !== null || child.signalCode !== null) return launch();
      replacing = true;
      child.kill('SIGTERM');
    },
  };
}

// The pages, rebuilt in place as content changes; started again with the new code when code changes.
const pages = supervised('Eleventy', [eleventyScript, '--watch', '--quiet', `--output=${siteDir}`], {}, false);
let restartTimer: NodeJS.Timeout | undefined;
function restartEleventy(reason: string): void {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    if (stopping) return;
    log(`${reason} : les pages sont reconstruites avec le nouveau code.`);
    pages.replace();
  }, 200);
}

// Widgets and styles: Vite rebuilds them; the pages then follow (new hashed file names, new SSR).
for (const config of [viteBuilds[0]!, viteBuilds[2]!]) {
  const watcher = (await build({
    ...config,
    ...quiet,
    root,
    build: { ...config.build, watch: {}, emptyOutDir: false },
  })) as unknown as { on(event: 'event', listener: (event: { code: string }) => void): void; close(): Promise<void> };
  let first = true;
  watcher.on('event', (event) => {
    if (event.code !== 'END') return;
    if (first) first = false;
    else if (config === viteBuilds[0]) restartEleventy('widgets reconstruits');
  });
  closers.push(() => watcher.close());
}

// Code the pages are rendered with, outside Vite's reach.
for (const target of ['core', 'site/lib']) {
  watchers.push(
    watchTree(join(root, target), (file) => {
      if (file && !/\.(ts|tsx|js)$/.test(file)) return;
      restartEleventy(`${target}${file ? `/${file}` : ''} modifié`);
    }),
  );
}
watchers.push(watchFile(join(root, 'eleventy.config.js'), () => restartEleventy('eleventy.config.js modifié')));

supervised('Le serveur', [join(root, 'server', 'main.ts')], { DEV_RELOAD: '1' }, true);

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearTimeout(restartTimer);
  for (const watcher of watchers) watcher.close();
  await Promise.allSettled(closers.map((close) => close()));
  const exits = [...children].map((child) => new Promise((done) => child.once('exit', done)));
  for (const child of children) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((done) => setTimeout(done, 5000))]);
  for (const child of children) child.kill('SIGKILL');
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
