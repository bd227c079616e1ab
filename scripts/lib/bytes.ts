/**
 * What a page really downloads, in gzip bytes, measured the same way by the byte budgets
 * (tests/e2e/budgets.spec.ts) and the bench (bench/weight.ts):
 * - a real page load in Chromium records the script and stylesheet requests until the network is quiet;
 * - each one is matched by URL path to its built file, whose size is zlib gzip level 9 of the file on disk.
 * The server compresses too (brotli when the browser asks), but a figure computed from the files does not
 * depend on the encoding negotiated, nor on the machine.
 * The Vite manifest tells which chunk belongs to which widget (static and dynamic imports).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from '../../core/consent/rules.ts';
import { manifestFile } from '../../site/lib/vite-manifest.ts';

export const KIB = 1024;

/** docs/requirements.md#performance-budgets. */
export const BUDGETS = {
  firstLoadScript: 85 * KIB,
  /**
   * A returning visitor (cookie choice made), until the page is idle: no React, no hidden island. The
   * stored consent record is checked whole by its compiled schema at idle, not before the first paint
   * (docs/decisions/0075-consent-checked-at-idle.md): 9.8 KiB, where the check at load cost 10.8.
   */
  repeatVisitBeforeIdle: 10 * KIB,
  cssPerPage: 20 * KIB,
  embedTag: 5 * KIB,
  assistantAfterOpen: 100 * KIB,
  consentWidget: 8 * KIB,
} as const;

/** The representative pages the budgets are checked on (an article is added: the first one built). */
export const BUDGET_PAGES = ['/', '/blog', '/contact', '/tester', '/gestion-cookies', '/fonctionnalites'] as const;
/** The five key pages of the bench and of the repeat-visit budget (the article is added the same way). */
export const KEY_PAGES = ['/', '/blog', '/contact', '/fonctionnalites'] as const;

const gzipCache = new Map<string, number>();

/** zlib gzip level 9 of a file's bytes. */
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).byteLength;
    gzipCache.set(file, size);
  }
  return size;
}

export function gzipBytes(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).byteLength;
}

/** The built file a same-site URL path is served from, or undefined (never outside siteDir). */
export function builtFileFor(siteDir: string, pathname: string): string | undefined {
  const root = resolve(siteDir);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const base = resolve(root, `.${decoded}`);
  if (base !== root && !base.startsWith(root + sep)) return undefined;
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The first article of the build (/blog/<slug>), for the budgets and the bench. */
export function firstArticlePath(siteDir: string): string | undefined {
  const blog = join(siteDir, 'blog');
  if (!existsSync(blog)) return undefined;
  const slug = readdirSync(blog)
    .filter((name) => existsSync(join(blog, name, 'index.html')))
    .sort()[0];
  return slug ? `/blog/${slug}` : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Vite manifest: which chunk belongs to what.

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The widgets' manifest, beside the build (site/lib/vite-manifest.ts). */
export function readManifest(): Manifest {
  const file = manifestFile('site');
  if (!existsSync(file)) throw new Error(`Manifeste Vite introuvable (${file}) : lancez « npm run build » d’abord.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * URL paths (/assets/x.js) of the chunks reachable from `keys`, through static imports and, if asked,
 * dynamic ones. `dynamicFrom` limits which chunks' dynamic imports are followed: the client entry
 * dynamically imports every widget, and a widget that imports the entry does not load them all.
 */
export function closure(
  manifest: Manifest,
  keys: Iterable<string>,
  options: { dynamic?: boolean; dynamicFrom?: (key: string) => boolean } = {},
): Set<string> {
  const { dynamic = false, dynamicFrom = () => true } = options;
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(`/assets/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
    if (dynamic && dynamicFrom(key)) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

export const manifestKeys = (manifest: Manifest, prefix: string) =>
  Object.keys(manifest).filter((key) => key.startsWith(prefix));

/**
 * The shared runtime every island page loads whatever its widgets: the client entry, the hydration
 * module, the toaster island of every page, and the libraries they import (React, react-dom, signals).
 * `widgets/runtime/config.ts` (the public configuration) is shared by every widget too.
 */
export function runtimeChunks(manifest: Manifest): Set<string> {
  const runtime = closure(manifest, ['widgets/client.ts', ...manifestKeys(manifest, 'widgets/runtime/')]);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (/^_?(config|storage|events)-/.test(key) || ['config', 'storage', 'events'].includes(chunk.name ?? ''))
      runtime.add(`/assets/${chunk.file}`);
  }
  return runtime;
}

/**
 * The consent widget's own code: every chunk the widgets/consent/ entries import, plus any chunk whose
 * name says Cookie or Consent, less the shared runtime (React included).
 */
export function consentChunks(manifest: Manifest): Set<string> {
  const runtime = runtimeChunks(manifest);
  const own = closure(manifest, manifestKeys(manifest, 'widgets/consent/'));
  for (const chunk of Object.values(manifest)) if (/cookie|consent/i.test(chunk.file)) own.add(`/assets/${chunk.file}`);
  return new Set([...own].filter((file) => !runtime.has(file) && file.endsWith('.js')));
}

/** The assistant and everything it can load (its dynamic imports too), plus the runtime it runs on. */
export function assistantChunks(manifest: Manifest): Set<string> {
  const keys = manifestKeys(manifest, 'widgets/assistant/');
  if (keys.length === 0) return new Set();
  // Its own dynamic imports (the drawer, Markdown rendering), not those of the client entry or of other widgets.
  const own = closure(manifest, keys, {
    dynamic: true,
    dynamicFrom: (key) => key.startsWith('widgets/assistant/') || !key.startsWith('widgets/'),
  });
  return new Set([...runtimeChunks(manifest), ...own].filter((file) => file.endsWith('.js')));
}

// ---------------------------------------------------------------------------------------------------
// A real page load.

export interface LoadedAsset {
  url: string;
  /** Path on the site (/assets/x.js), or the full URL of another origin. */
  path: string;
  kind: 'script' | 'stylesheet';
  /** gzip -9 of the built file (or of the body, for another origin's file). */
  gzip: number;
  raw: number;
  /** Where the figure comes from. */
  source: 'file' | 'response';
}

export interface AssetRecorder {
  /** Resolves once the page has had an idle callback and then no request in flight for `quietMs`. */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** Every script and stylesheet requested so far (those whose path passes `keep`), measured. */
  measure(keep?: (path: string) => boolean): Promise<LoadedAsset[]>;
}

/**
 * A script or a stylesheet, whatever asked for it: a `<script>`, an import, or a link that fetches a
 * file ahead for later (`prefetch`, which the browser reports as "other"): bytes downloaded all the same.
 */
function kindOf(request: Request): LoadedAsset['kind'] | undefined {
  const type = request.resourceType();
  if (type === 'script' || type === 'stylesheet') return type;
  const path = new URL(request.url()).pathname;
  if (path.endsWith('.js')) return 'script';
  if (path.endsWith('.css')) return 'stylesheet';
  return undefined;
}

/** Starts recording a page's script and stylesheet requests; call before page.goto(). */
export function recordAssets(page: Page, siteDir: string, origin: string): AssetRecorder {
  const seen: Request[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', (request) => {
    inFlight += 1;
    lastActivity = Date.now();
    if (kindOf(request)) seen.push(request);
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  return {
    async quiet(quietMs = 600, timeoutMs = 20_000) {
      const start = Date.now();
      // Idle islands wait for requestIdleCallback: let the page reach it before listening for silence.
      await page
        .evaluate(() => new Promise<void>((resolveIdle) => requestIdleCallback(() => resolveIdle(), { timeout: 3000 })))
        .catch(() => undefined);
      while (Date.now() - start < timeoutMs) {
        if (inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((wait) => setTimeout(wait, 50));
      }
      throw new Error(
        `Le réseau n’est pas resté calme ${quietMs} ms en ${timeoutMs} ms (${inFlight} requête(s) en cours).`,
      );
    },
    async measure(keep = () => true) {
      const unique = new Map<string, Request>();
      for (const request of seen) if (!unique.has(request.url())) unique.set(request.url(), request);
      const assets: LoadedAsset[] = [];
      for (const [url, request] of unique) {
        const parsed = new URL(url);
        const kind = kindOf(request)!;
        if (!keep(parsed.origin === origin ? parsed.pathname : url)) continue;
        if (parsed.origin === origin) {
          const file = builtFileFor(siteDir, parsed.pathname);
          if (!file) throw new Error(`${parsed.pathname} a été demandé par la page mais n’existe pas dans ${siteDir}`);
          assets.push({
            url,
            path: parsed.pathname,
            kind,
            gzip: gzipSize(file),
            raw: statSync(file).size,
            source: 'file',
          });
        } else {
          const response = await request.response();
          const body = response ? await response.body().catch(() => undefined) : undefined;
          if (!body) throw new Error(`${url} : réponse illisible, impossible de la mesurer`);
          assets.push({ url, path: url, kind, gzip: gzipBytes(body), raw: body.byteLength, source: 'response' });
        }
      }
      return assets;
    },
  };
}

export const sum = (assets: readonly { gzip: number }[]) => assets.reduce((total, asset) => total + asset.gzip, 0);

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** "a.js 12.3 KiB, b.js 4.0 KiB" (largest first), for failure messages. */
export function breakdown(assets: readonly { path: string; gzip: number }[]): string {
  return [...assets]
    .sort((a, b) => b.gzip - a.gzip)
    .map((asset) => `${asset.path.replace(/^\/assets\//, '')} ${kib(asset.gzip)}`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------
// A returning visitor, and what a page fetches before it is idle.

/** The visitor has answered the banner before (refused, unless told otherwise): the stored record. */
export async function returningVisitor(
  context: BrowserContext,
  choice: { analytics: boolean; marketing: boolean } = { analytics: false, marketing: false },
): Promise<void> {
  const record = {
    necessary: true,
    ...choice,
    hasSetPreferences: true,
    policyVersion: CONSENT_POLICY_VERSION,
    consentId: '3b241101-e2bb-4255-8caf-4136c566a962',
    lastUpdated: new Date().toISOString(),
  };
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CONSENT_STORAGE_KEY, JSON.stringify(record)],
  );
}

/**
 * Notes when the page becomes idle: the first idle callback after the load event. This script runs
 * before the page's own, so its callback comes before any the page asks for at that moment (callbacks
 * run in the order they were asked for). Call before page.goto().
 */
export async function markIdle(page: Page): Promise<void> {
  await page.addInitScript(() =>
    addEventListener(
      'load',
      () => requestIdleCallback(() => ((window as { __idleAt?: number }).__idleAt = performance.now())),
      { once: true },
    ),
  );
}

/** The scripts and stylesheets of this site that the page started to fetch before it was idle (see markIdle). */
export async function assetsBeforeIdle(page: Page, siteDir: string): Promise<LoadedAsset[]> {
  await page.waitForFunction(() => (window as { __idleAt?: number }).__idleAt !== undefined);
  const urls = await page.evaluate(() => {
    const idleAt = (window as { __idleAt?: number }).__idleAt!;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < idleAt && new URL(entry.name).origin === location.origin)
      .map((entry) => entry.name);
  });
  const assets: LoadedAsset[] = [];
  for (const url of new Set(urls)) {
    const path = new URL(url).pathname;
    const kind = path.endsWith('.js') ? 'script' : path.endsWith('.css') ? 'stylesheet' : undefined;
    if (!kind) continue;
    const file = builtFileFor(siteDir, path);
    if (!file) throw new Error(`${path} a été demandé par la page mais n’existe pas dans ${siteDir}`);
    assets.push({ url, path, kind, gzip: gzipSize(file), raw: statSync(file).size, source: 'file' });
  }
  return assets;
}
