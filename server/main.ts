/** `npm start` / `npm run serve`: the built site and its embedded backend on one port. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from '../core/site/config.ts';
import { createApp } from './app.ts';
import { openStore } from './store.ts';
import { ContactMailer, mailSettingsFromEnv, smtpTransport } from './mailer.ts';
import { contactRateLimitFromEnv } from './rate-limit.ts';
import { corsOriginsFromEnv } from './contact-backend.ts';
import { writeInboxToken, removeInboxToken } from './inbox-token.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.DATA_DIR === 'memory' ? undefined : resolve(root, process.env.DATA_DIR ?? '.data/pglite');
// Voice notes and attachments of the assistant: on disk, or in a temporary folder with DATA_DIR=memory.
const uploadsDir = dataDir ? resolve(root, process.env.UPLOADS_DIR ?? '.data/uploads') : undefined;
const config = loadConfig(JSON.parse(readFileSync(resolve(root, 'content/site.json'), 'utf8')), process.env);
const store = await openStore(dataDir, resolve(root, 'supabase/migrations'));
// Contact and tester requests: mails over SMTP_URL (a secret, env only), retried until sent.
const mail = mailSettingsFromEnv(process.env, config);
const mailer = new ContactMailer(store.db, mail, {
  transport: mail.smtpUrl ? smtpTransport(mail.smtpUrl) : undefined,
}).start();
const contact = {
  mailer,
  rateLimit: contactRateLimitFromEnv(process.env),
  allowedOrigins: corsOriginsFromEnv(process.env),
  trustProxy: process.env.TRUST_PROXY === '1',
  inboxToken: writeInboxToken(resolve(root, '.data'), port, process.env.INBOX_TOKEN),
};
const app = createApp({
  siteDir: resolve(root, process.env.SITE_DIR ?? '_site'),
  config,
  store,
  reload: process.env.DEV_RELOAD === '1',
  uploadsDir,
  contact,
});

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  console.log(`Dentivo est servi sur http://localhost:${info.port} (données : ${dataDir ?? 'en mémoire'})`);
  console.log(
    mail.smtpUrl
      ? `Demandes de contact : e-mails envoyés à ${mail.teamAddress}.`
      : 'Demandes de contact : SMTP_URL absent, les demandes sont enregistrées sans e-mail (npm run inbox pour les lire).',
  );
});

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
