/** The embedded server: the built site plus the backend contracts of ARCHITECTURE.md. */
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { SiteConfig } from '../core/site/config.ts';
import type { Store } from './store.ts';
import { createStaticFiles } from './static.ts';
import { htmlCacheControl } from '../core/analytics/bots.ts';
import { siteHeaders } from './headers.ts';
import { devReload } from './dev-reload.ts';
import { canonicalRedirect } from './canonical-redirect.ts';
import { consentRoutes } from './routes/consent.ts';
import { assistantRoutes } from './routes/assistant.ts';
import { storageRoutes } from './routes/storage.ts';
import { embedCors } from './routes/embed.ts';
import { contactBackend, type ContactOptions } from './contact-backend.ts';
import { functionsRoutes } from './routes/functions.ts';
import { formRoutes } from './routes/forms.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { cmsRoutes } from './routes/cms.ts';
import { adminHeaders } from './admin-headers.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AppOptions {
  siteDir: string;
  config: SiteConfig;
  store: Store;
  /** Reload open pages when the build changes (npm run dev). */
  reload?: boolean;
  /** Where uploaded voice notes and files are kept (a fresh temporary folder when not given). */
  uploadsDir?: string;
  /** Contact and tester requests: mails, rate limit, allowed origins, inbox token (server/contact-backend.ts). */
  contact?: ContactOptions;
  /** The CMS's local backend (CMS_BACKEND=local, `npm run dev`): writes the files of this checkout. */
  cms?: { root: string };
}

export function createApp({
  siteDir,
  config,
  store,
  reload = false,
  uploadsDir = mkdtempSync(join(tmpdir(), 'dentivo-uploads-')),
  contact,
  cms,
}: AppOptions) {
  const app = new Hono();
  const files = createStaticFiles(siteDir);
  const headers = siteHeaders(siteDir, config);

  const admin = adminHeaders();
  app.use('*', async (c, next) => {
    await next();
    // The CMS at /admin has its own policy (it runs Decap CMS) and is never indexed.
    const own = new URL(c.req.url).pathname.startsWith('/admin') ? admin : headers;
    for (const [name, value] of Object.entries(own)) c.res.headers.set(name, value);
  });
  app.use('*', embedCors(config.backend.embedOrigins));

  const injectReload = reload ? devReload(app, siteDir) : undefined;

  app.get('/healthz', async (c) => {
    await store.db.query('select 1');
    return c.json({ status: 'ok' });
  });

  app.route(
    '/',
    consentRoutes(store, { allowedOrigins: config.backend.embedOrigins, trustProxy: contact?.trustProxy }),
  );
  app.route(
    '/',
    assistantRoutes({ siteDir, config, trustProxy: contact?.trustProxy, allowedOrigins: contact?.allowedOrigins }),
  );
  app.route(
    '/',
    storageRoutes({ dir: uploadsDir, anonKey: config.backend.supabaseAnonKey, trustProxy: contact?.trustProxy }),
  );
  const requests = contactBackend(store.db, config, {
    ...contact,
    allowedOrigins: [...config.backend.embedOrigins, ...(contact?.allowedOrigins ?? [])],
  });
  app.route('/functions/v1', functionsRoutes(requests));
  app.route('/', formRoutes(requests, siteDir, config));
  app.route('/', inboxRoutes(requests));
  if (cms) app.route('/admin/api/v1', cmsRoutes(cms.root));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    const canonical = canonicalRedirect(pathname);
    if (canonical) return c.redirect(`${canonical}${url.search}`, 301);
    const file = await files.resolve(pathname);
    const request = {
      acceptEncoding: c.req.header('accept-encoding') ?? '',
      ifNoneMatch: c.req.header('if-none-match'),
    };
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
    // Not the CMS: it would reload under the editor's hands each time a save rebuilds the site.
    if (injectReload && file.endsWith('.html') && !pathname.startsWith('/admin'))
      return c.html(injectReload(await readFile(file, 'utf8')));
    const answer = await files.respond(file, pathname, request);
    // A bot's copy of a page may be cached for its optimisation level (SPEC.md section 9); a human's is revalidated.
    if (file.endsWith('.html'))
      Object.assign(answer.headers, {
        'cache-control': htmlCacheControl(c.req.header('user-agent') ?? ''),
        vary: 'Accept-Encoding, User-Agent',
      });
    if (answer.notModified) return c.body(null, 304, answer.headers);
    if (c.req.method === 'HEAD') return c.body(null, 200, answer.headers);
    return c.body(new Uint8Array(answer.body), 200, answer.headers);
  });

  return app;
}
