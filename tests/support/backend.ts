/**
 * The real embedded server, started inside a test: the built site, createApp, PGlite in memory with
 * the migrations (or any store the test opened, PostgreSQL included), and the mail loop pointed at a
 * real SMTP server on loopback. The test keeps a handle on the database to find the rows the server
 * stored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { loadConfig, type SiteConfig } from '../../core/common/config.ts';
import { createApp } from '../../server/app.ts';
import { openStore, type Store } from '../../server/database.ts';
import { MailLoop, mailSettingsFromEnv, smtpTransport, type MailSettings } from '../../server/mailer.ts';
import { CONNECTION_LIMITS, guardConnections, serverOptions, type ConnectionLimits } from '../../server/connections.ts';
import type { Server } from 'node:http';

const root = join(import.meta.dirname, '..', '..');

export interface TestBackendOptions {
  /** SMTP server URL; none = no mail (rows 'skipped'). */
  smtpUrl?: string;
  rateLimit?: { limit: number; windowMs: number } | false;
  pollMs?: number;
  allowedOrigins?: string[];
  inboxToken?: string;
  env?: Record<string, string>;
  /** A store opened once and shared by several servers of a test file (opening PGlite takes seconds); emptied here. */
  store?: Store;
  /** Reverse proxies the server trusts in front of it (TRUST_PROXY). */
  trustProxy?: number;
  /** Strict-Transport-Security to send over HTTPS. */
  hsts?: string;
  /** Time limits (those of `npm start` by default) and connection cap (none by default) of server/connections.ts. */
  limits?: Partial<ConnectionLimits>;
  /** Where uploads go (a fresh temporary folder by default). */
  uploadsDir?: string;
  /** The built site to serve (_site by default). */
  siteDir?: string;
  /** The loopback port to listen on (a free one by default). */
  port?: number;
}

export interface TestBackend {
  url: string;
  store: Store;
  config: SiteConfig;
  mail: MailSettings;
  mailer: MailLoop;
  rows<T = Record<string, unknown>>(sql?: string, params?: unknown[]): Promise<T[]>;
  count(): Promise<number>;
  close(): Promise<void>;
}

/** PGlite in memory with the project's migrations. */
export function openTestStore(): Promise<Store> {
  return openStore({ migrationsDir: join(root, 'supabase/migrations') });
}

/** Empties what a server stores, so that servers of one file can share a store (opening PGlite takes seconds). */
export async function emptyStore(store: Store): Promise<void> {
  await store.db.exec(
    'truncate contact_requests, assistant_messages, mail_outbox, rate_limits, consent_proofs, assistant_uploads, assistant_votes, assistant_reply_counts, assistant_dismissed_questions, assistant_digests restart identity cascade',
  );
}

export async function startBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const env = {
    CONTACT_TO: 'equipe@dentivo.example',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), env);
  const store = options.store ?? (await openTestStore());
  if (options.store) await emptyStore(store);
  const mail = mailSettingsFromEnv(env, config);
  const mailer = new MailLoop(store.db, mail, {
    transport: mail.smtpUrl ? smtpTransport(mail.smtpUrl) : undefined,
    pollMs: options.pollMs ?? 100,
    log: () => undefined,
  }).start();
  const app = createApp({
    siteDir: options.siteDir ?? join(root, '_site'),
    config,
    store,
    contact: {
      mailer,
      rateLimit: options.rateLimit ?? false,
      allowedOrigins: options.allowedOrigins,
      inboxToken: options.inboxToken,
      log: () => undefined,
    },
    trustProxy: options.trustProxy,
    hsts: options.hsts,
    uploadsDir: options.uploadsDir,
  });
  // Tests speak as many clients from one loopback address: no connection cap unless a test sets one.
  const limits = { ...CONNECTION_LIMITS, perClient: 0, ...options.limits };
  const server: ServerType = await new Promise((resolve) => {
    const running = serve(
      { fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1', serverOptions: serverOptions(limits) },
      () => resolve(running),
    );
  });
  guardConnections(server as Server, limits);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    store,
    config,
    mail,
    mailer,
    async rows<T>(sql = 'select * from contact_requests order by id', params: unknown[] = []) {
      return (await store.db.query<T>(sql, params)).rows;
    },
    async count() {
      return (await store.db.query<{ n: number }>('select count(*)::int as n from contact_requests')).rows[0]!.n;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailer.stop();
      if (!options.store) await store.close();
    },
  };
}
