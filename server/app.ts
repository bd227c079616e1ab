/** The embedded server: the built site plus the backend contracts of docs/architecture.md#backend-contracts. */
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { SiteConfig } from '../core/common/config.ts';
import type { Store } from './database.ts';
import { createStaticFiles } from './static.ts';
import { htmlCacheControl } from '../core/analytics/bots.ts';
import { categoryPath, findCategory } from '../core/blog/listing.ts';
import { IMAGE_CSP, resourcePolicy, servedOverHttps, siteHeaders } from './headers.ts';
import { HTTPException } from 'hono/http-exception';
import { confirmationPage, escapeHtml, type ConfirmationContent } from './form-page.ts';
import type { Context } from 'hono';
import { devReload } from './dev-reload.ts';
import { canonicalRedirect } from './canonical-redirect.ts';
import { consentRoutes } from './routes/consent.ts';
import { assistantRoutes, builtKnowledge } from './routes/assistant.ts';
import { assistantInbox } from '../backend/assistant/team-inbox.ts';
import { storageRoutes } from './routes/storage.ts';
import { embedCors } from './routes/embed.ts';
import { contactBackend, type ContactOptions } from './contact-backend.ts';
import { functionsRoutes } from './routes/functions.ts';
import { formRoutes } from './routes/forms.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { cmsRoutes } from './routes/cms.ts';
import { teachingRoutes } from './routes/teaching.ts';
import { adminHeaders, isAdminPath } from './admin-headers.ts';
import { adminHostOnly, cmsApiGuard, withCmsToken, type CmsAccess } from './cms-access.ts';
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
  /** Bytes all uploads kept may take together (UPLOADS_MAX_TOTAL_MB; server/retention.ts). */
  uploadsTotalBytes?: number;
  /** Contact and tester requests: mails, rate limit, allowed origins, inbox token (server/contact-backend.ts). */
  contact?: ContactOptions;
  /**
   * The CMS's local backend (CMS_BACKEND=local, `npm run dev`): writes the files of this checkout, for
   * the admin page of this server only (server/cms-access.ts).
   */
  cms?: { root: string; access: CmsAccess };
  /** Reverse proxies in front (TRUST_PROXY): every per-client limit then reads X-Forwarded-For from the right. */
  trustProxy?: number;
  /** Strict-Transport-Security sent over HTTPS (HSTS; undefined = none). */
  hsts?: string;
  log?: (message: string, error?: unknown) => void;
}

/** Paths that answer JSON (the backend contracts), so that their errors are JSON too. */
const API_PATHS =
  /^\/(functions|storage|rest|auth)\/v1(\/|$)|^\/admin\/api\/|^\/assistant\/webhook$|^\/(_inbox|healthz)$/;

/** The short French pages of a wrong method and of an unexpected failure, in the site's shell. */
const METHOD_CONTENT: ConfirmationContent = {
  title: 'Méthode non autorisée',
  text: 'Cette adresse se consulte, elle ne reçoit pas d’envoi.',
  links: [{ href: '/', label: 'Retour à l’accueil', primary: true }],
};
const ERROR_CONTENT: ConfirmationContent = {
  title: 'Erreur du serveur',
  text: 'Une erreur inattendue s’est produite. Réessayez dans quelques instants.',
  links: [{ href: '/', label: 'Retour à l’accueil', primary: true }],
};

export function createApp({
  siteDir,
  config,
  store,
  reload = false,
  uploadsDir = mkdtempSync(join(tmpdir(), 'dentivo-uploads-')),
  uploadsTotalBytes,
  contact,
  cms,
  trustProxy = 0,
  hsts,
  log = (message, error) => console.error(message, error ?? ''),
}: AppOptions) {
  const app = new Hono();
  const files = createStaticFiles(siteDir);
  const headers = siteHeaders(siteDir, config);

  const admin = adminHeaders();
  // After the route. The CMS at /admin has its own policy (it runs Decap CMS) and is never indexed; elsewhere
  // a route's own policy (uploads) stands, images get theirs, everything else the page's.
  app.use('*', async (c, next) => {
    await next();
    const answer = c.res.headers;
    const hstsHere = hsts && servedOverHttps(c.req.url, (name) => c.req.header(name));
    if (isAdminPath(new URL(c.req.url).pathname)) {
      for (const [name, value] of Object.entries(admin)) answer.set(name, value);
      if (hstsHere) answer.set('strict-transport-security', hsts);
      return;
    }
    const type = answer.get('content-type');
    if (!answer.has('content-security-policy') && type?.startsWith('image/'))
      answer.set('content-security-policy', IMAGE_CSP);
    for (const [name, value] of Object.entries(headers)) if (!answer.has(name)) answer.set(name, value);
    if (!answer.has('cross-origin-resource-policy')) answer.set('cross-origin-resource-policy', resourcePolicy(type));
    if (hstsHere) answer.set('strict-transport-security', hsts);
  });
  app.use('*', embedCors(config.backend.embedOrigins));

  const injectReload = reload ? devReload(app, siteDir) : undefined;

  app.get('/healthz', async (c) => {
    await store.db.query('select 1');
    return c.json({ status: 'ok' });
  });

  const anonKey = config.backend.supabaseAnonKey;
  app.route('/', consentRoutes(store, { anonKey, allowedOrigins: config.backend.embedOrigins, trustProxy }));
  // What visitors leave with DENTY (ideas, voice notes, unanswered questions): stored, then mailed by the
  // same loop as contact requests.
  const inbox = assistantInbox(store.db, {
    sendMails: Boolean(contact?.mailer?.enabled),
    onStored: contact?.mailer ? () => contact.mailer!.nudge() : undefined,
    log,
  });
  // The index is prepared before the server listens (warm below): building it takes seconds of CPU.
  const knowledge = builtKnowledge(join(siteDir, 'assistant-index.json'));
  app.route(
    '/',
    assistantRoutes({
      siteDir,
      config,
      trustProxy,
      allowedOrigins: contact?.allowedOrigins,
      inbox,
      db: store.db,
      knowledge,
      log,
    }),
  );
  app.route(
    '/',
    storageRoutes({
      dir: uploadsDir,
      anonKey,
      db: store.db,
      totalBytes: uploadsTotalBytes,
      allowedOrigins: [...config.backend.embedOrigins, ...(contact?.allowedOrigins ?? [])],
      trustProxy,
      log,
    }),
  );
  const requests = contactBackend(store.db, config, {
    ...contact,
    trustProxy,
    allowedOrigins: [...config.backend.embedOrigins, ...(contact?.allowedOrigins ?? [])],
  });
  app.route('/functions/v1', functionsRoutes(requests));
  app.route('/', formRoutes(requests, siteDir, config));
  app.route('/', inboxRoutes(requests));
  if (cms) {
    app.use('/admin', adminHostOnly(cms.access));
    app.use('/admin/*', adminHostOnly(cms.access));
    app.use('/admin/api/*', cmsApiGuard(cms.access));
    app.route('/admin/api/v1', cmsRoutes(cms.root));
    // « Questions à apprendre »: what visitors asked that DENTY missed (docs/decisions/0067-teaching-denty-from-real-questions.md).
    app.route('/admin/api/questions', teachingRoutes({ root: cms.root, db: store.db, knowledge, log }));
  }

  const request = (c: Context) => ({
    acceptEncoding: c.req.header('accept-encoding') ?? '',
    ifNoneMatch: c.req.header('if-none-match'),
  });

  /** The French page of a miss (an author's own under /auteur/), with a 404 and nothing to revalidate. */
  async function notFoundPage(c: Context, pathname: string) {
    const pagePath = /^\/auteur\//.test(pathname) ? '/auteur/introuvable.html' : '/404.html';
    const file = await files.resolve(pagePath);
    if (!file) return c.text('Page introuvable', 404);
    const page = await files.respond(file, pagePath, { ...request(c), ifNoneMatch: undefined });
    const { etag: _etag, ...pageHeaders } = page.headers;
    const answerHeaders = { ...pageHeaders, 'cache-control': 'no-cache' };
    if (c.req.method === 'HEAD') return c.body(null, 404, answerHeaders);
    return c.body(new Uint8Array(page.body), 404, answerHeaders);
  }

  /** A French page in the site's shell (that of the 404 page), or a bare one when the site is not built. */
  async function frenchPage(content: ConfirmationContent): Promise<string> {
    const shell = await files.resolve('/404.html');
    if (shell) return confirmationPage(await readFile(shell, 'utf8'), content, config.product.name);
    return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head><body><h1>${escapeHtml(content.title)}</h1><p>${escapeHtml(content.text)}</p><p><a href="/">Retour à l’accueil</a></p></body></html>`;
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    if (API_PATHS.test(pathname)) return c.json({ ok: false, error: 'Adresse inconnue.' }, 404);
    const canonical = canonicalRedirect(pathname);
    if (canonical) return c.redirect(`${canonical}${url.search}`, 301);
    // /blog?category=gestion is that category's own page (docs/requirements.md#blog-list); other parameters stay.
    const category = /^\/blog\/?$/.test(pathname) ? findCategory(url.searchParams.get('category')) : undefined;
    if (category) {
      url.searchParams.delete('category');
      const rest = url.searchParams.toString();
      return c.redirect(`${categoryPath(category)}${rest ? `?${rest}` : ''}`, 301);
    }
    const file = await files.resolve(pathname);
    if (!file) {
      // An unknown article goes back to the blog list, for now only: a draft or a scheduled article may
      // answer here tomorrow, so nothing is cached (docs/decisions/0070-missing-article-temporary-redirect.md).
      if (/^\/blog\/[^/]+\/?$/.test(pathname)) {
        c.header('cache-control', 'no-store');
        return c.redirect('/blog', 302);
      }
      return notFoundPage(c, pathname);
    }
    // The "not found" pages themselves are never a success, even at their own address (/404).
    if (files.isErrorPage(file)) return notFoundPage(c, pathname);
    // The local CMS's page carries this run's secret, for its API calls only: never cached.
    if (cms && isAdminPath(pathname) && file.endsWith('.html'))
      return c.html(withCmsToken(await readFile(file, 'utf8'), cms.access.token), 200, { 'cache-control': 'no-store' });
    // Not the CMS: it would reload under the editor's hands each time a save rebuilds the site.
    if (injectReload && file.endsWith('.html') && !isAdminPath(pathname))
      return c.html(injectReload(await readFile(file, 'utf8')));
    const answer = await files.respond(file, pathname, request(c));
    // A bot's copy of a page may be cached for its optimisation level (docs/requirements.md#bot-cache); a human's is revalidated.
    if (file.endsWith('.html'))
      Object.assign(answer.headers, {
        'cache-control': htmlCacheControl(c.req.header('user-agent') ?? ''),
        vary: 'Accept-Encoding, User-Agent',
      });
    if (answer.notModified) return c.body(null, 304, answer.headers);
    if (c.req.method === 'HEAD') return c.body(null, 200, answer.headers);
    return c.body(new Uint8Array(answer.body), 200, answer.headers);
  });

  // Any other method: JSON for the backend's paths, a French page elsewhere (never Hono's English text).
  app.notFound(async (c) => {
    const pathname = new URL(c.req.url).pathname;
    if (API_PATHS.test(pathname)) return c.json({ ok: false, error: 'Adresse ou méthode inconnue.' }, 404);
    if (await files.resolve(pathname))
      return c.html(await frenchPage(METHOD_CONTENT), 405, { allow: 'GET, HEAD', 'cache-control': 'no-store' });
    return notFoundPage(c, pathname);
  });

  app.onError(async (error, c) => {
    const api = API_PATHS.test(new URL(c.req.url).pathname);
    // What a client caused (a body cut short, a malformed request) is its own 4xx, in French.
    if (error instanceof HTTPException && error.status < 500) {
      const message = 'Requête invalide.';
      return api ? c.json({ ok: false, error: message }, error.status) : c.text(message, error.status);
    }
    if (!c.req.raw.signal.aborted) log(`Erreur inattendue sur ${c.req.method} ${new URL(c.req.url).pathname} :`, error);
    return api
      ? c.json({ ok: false, error: 'Erreur inattendue du serveur\u00A0: réessayez dans quelques instants.' }, 500)
      : c.html(await frenchPage(ERROR_CONTENT).catch(() => ERROR_CONTENT.text), 500);
  });

  /**
   * What a cold server would otherwise do on its first requests, on the event loop: prepare the assistant's
   * index (seconds of CPU). `npm start` awaits it before listening (docs/decisions/0059-compressed-ahead-of-time.md).
   */
  const warm = async () => {
    await knowledge().catch((error: unknown) => log('Index de l’assistant non préparé au démarrage :', error));
  };
  return Object.assign(app, { warm });
}
