/** The embedded server: the built site plus the backend contracts of ARCHITECTURE.md. */
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { SiteConfig } from '../core/config.ts';
import type { Store } from './store.ts';
import { createStaticFiles } from './static.ts';
import { securityHeaders, origins } from './headers.ts';
import { devReload } from './dev-reload.ts';

export interface AppOptions {
  siteDir: string;
  config: SiteConfig;
  store: Store;
  /** Reload open pages when the build changes (npm run dev). */
  reload?: boolean;
}

export function createApp({ siteDir, config, store, reload = false }: AppOptions) {
  const app = new Hono();
  const files = createStaticFiles(siteDir);
  const tracking = config.tracking;
  const headers = securityHeaders({
    scripts: origins([tracking.gaScriptUrl, tracking.recordingScriptUrl, tracking.metaScriptUrl, tracking.linkedinScriptUrl, tracking.xScriptUrl, tracking.tiktokScriptUrl]),
    connect: origins([config.backend.supabaseUrl, config.backend.assistantWebhookUrl]),
    frameAncestors: [],
  });

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  const injectReload = reload ? devReload(app, siteDir) : undefined;

  app.get('/healthz', async (c) => {
    await store.db.query('select 1');
    return c.json({ status: 'ok' });
  });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const file = await files.resolve(pathname);
    const request = { acceptEncoding: c.req.header('accept-encoding') ?? '', ifNoneMatch: c.req.header('if-none-match') };
    if (!file) {
      // An unknown article goes back to the blog list (DECISIONS.md: a real 301 where the server can answer).
      if (/^\/blog\/[^/]+\/?$/.test(pathname)) return c.redirect('/blog', 301);
      // An unknown author gets its own French page, with a 404 status.
      const notFoundPage = /^\/auteur\//.test(pathname) ? '/auteur/introuvable.html' : '/404.html';
      const notFound = await files.resolve(notFoundPage);
      if (!notFound) return c.text('Page introuvable', 404);
      const page = await files.respond(notFound, notFoundPage, request);
      return c.body(new Uint8Array(page.body), 404, { ...page.headers, etag: '', 'cache-control': 'no-cache' });
    }
    if (injectReload && file.endsWith('.html')) return c.html(injectReload(await readFile(file, 'utf8')));
    const answer = await files.respond(file, pathname, request);
    if (answer.notModified) return c.body(null, 304, answer.headers);
    if (c.req.method === 'HEAD') return c.body(null, 200, answer.headers);
    return c.body(new Uint8Array(answer.body), 200, answer.headers);
  });

  return app;
}
