/** `npm start` / `npm run serve`: the built site and its embedded backend on one port. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { loadConfig } from '../core/common/config.ts';
import { createApp } from './app.ts';
import { openStore } from './database.ts';
import { MailLoop, mailSettingsFromEnv, smtpTransport } from './mailer.ts';
import { contactRateLimitFromEnv, trustProxyFromEnv } from './rate-limit.ts';
import { hstsFromEnv } from './headers.ts';
import { CONNECTION_LIMITS, guardConnections, serverOptions } from './connections.ts';
import { corsOriginsFromEnv } from './contact-backend.ts';
import { inboxTokenProblem, writeInboxToken, removeInboxToken } from './inbox-token.ts';
import { pruneUploadsAndQuestions, retentionFromEnv } from './retention.ts';
import { queueWeeklyDigest } from '../backend/assistant/digest.ts';
import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { cmsAccess } from './cms-access.ts';

const root = resolve(import.meta.dirname, '..');
// A token set by hand too short to resist guessing stops the server before anything starts (docs/decisions/0060-uploads-streamed-kept-for-a-time.md).
const tokenProblem = inboxTokenProblem(process.env.INBOX_TOKEN);
if (tokenProblem) {
  console.error(`Configuration invalide :\n- ${tokenProblem}`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
// A real PostgreSQL when DATABASE_URL is set (several servers may share it), else PGlite in DATA_DIR.
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR === 'memory' ? undefined : resolve(root, process.env.DATA_DIR ?? '.data/pglite');
// Voice notes and attachments of the assistant: on disk, or in a temporary folder with DATA_DIR=memory.
const uploadsDir = dataDir
  ? resolve(root, process.env.UPLOADS_DIR ?? '.data/uploads')
  : mkdtempSync(resolve(tmpdir(), 'dentivo-uploads-'));
const contentDir = resolve(root, process.env.CONTENT_DIR ?? 'content');
const config = loadConfig(JSON.parse(readFileSync(resolve(contentDir, 'site.json'), 'utf8')), process.env);
// Reverse proxies in front: clients are read from X-Forwarded-For, counted from the right (docs/security.md).
const trustProxy = trustProxyFromEnv(process.env);
if (trustProxy)
  console.warn(
    `Attention : TRUST_PROXY=${trustProxy}, chaque client est lu dans X-Forwarded-For (le ${trustProxy === 1 ? 'dernier' : `${trustProxy}e en partant de la droite`}). Si ce port est joignable sans passer par le proxy, n’importe qui peut s’y faire passer pour un autre client et remettre à zéro chaque limite par client : n’ouvrez ce port qu’au proxy (HOST=127.0.0.1, ou un pare-feu).`,
  );
// Uploads and unanswered questions are kept ASSISTANT_RETENTION_DAYS, within a total cap (server/retention.ts).
const retention = retentionFromEnv(process.env);
const hsts = hstsFromEnv(process.env);
const mail = mailSettingsFromEnv(process.env, config);
const store = await openStore({
  databaseUrl,
  dataDir: databaseUrl ? undefined : dataDir,
  migrationsDir: resolve(root, 'supabase/migrations'),
}).catch((error: unknown) => {
  console.error(
    databaseUrl
      ? `Base PostgreSQL de DATABASE_URL injoignable ou refusée : ${error instanceof Error ? error.message : error}`
      : `Base embarquée (PGlite) impossible à ouvrir dans ${dataDir ?? 'la mémoire'} :`,
    databaseUrl ? '' : error,
  );
  process.exit(1);
});
// Mails over SMTP_URL (a secret, env only), from the database's queue, retried until sent.
const mailer = new MailLoop(store.db, mail, {
  transport: mail.smtpUrl ? smtpTransport(mail.smtpUrl) : undefined,
  // The retention, and from each Monday on, once, the team's digest of the week before (backend/assistant/digest.ts).
  maintenance: () =>
    Promise.all([
      pruneUploadsAndQuestions(store.db, uploadsDir, retention),
      mail.smtpUrl ? queueWeeklyDigest(store.db, new Date(), config.product.assistantName) : undefined,
    ]),
}).start();
const contact = {
  mailer,
  rateLimit: contactRateLimitFromEnv(process.env),
  allowedOrigins: corsOriginsFromEnv(process.env),
  inboxToken: writeInboxToken(resolve(root, '.data'), port, process.env.INBOX_TOKEN),
};
const app = createApp({
  siteDir: resolve(root, process.env.SITE_DIR ?? '_site'),
  config,
  store,
  reload: process.env.DEV_RELOAD === '1',
  uploadsDir,
  uploadsTotalBytes: retention.uploadsTotalBytes,
  contact,
  // npm run dev sets CMS_BACKEND=local: /admin writes the files of this checkout (docs/decisions/0029-cms-for-editors.md).
  cms: process.env.CMS_BACKEND === 'local' ? { root, access: cmsAccess(process.env) } : undefined,
  trustProxy,
  hsts,
});

// What a cold server would do on its first requests is done before it listens (the assistant's index).
await app.warm();

// Behind proxies every connection comes from them: the per-client cap is theirs to apply.
const limits = { ...CONNECTION_LIMITS, perClient: trustProxy ? 0 : CONNECTION_LIMITS.perClient };
const server = serve(
  { fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0', serverOptions: serverOptions(limits) },
  (info) => {
    const data = databaseUrl ? `PostgreSQL ${new URL(databaseUrl).host}` : (dataDir ?? 'en mémoire');
    console.log(`Dentivo est servi sur http://localhost:${info.port} (données : ${data})`);
    console.log(
      mail.smtpUrl
        ? `Demandes de contact : e-mails envoyés à ${mail.teamAddress}.`
        : 'Demandes de contact : SMTP_URL absent, les demandes sont enregistrées sans e-mail (npm run inbox pour les lire).',
    );
  },
);
guardConnections(server as Server, limits);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`${signal} reçu : arrêt propre du serveur…`);
  server.close();
  await mailer.stop();
  if (!process.env.INBOX_TOKEN) removeInboxToken(resolve(root, '.data'), port);
  await store.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
