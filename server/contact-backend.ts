/**
 * What the contact routes share: the store (public.submit_contact_request, which holds the rate limit
 * and idempotency), the mail loop and the allowed origins, assembled once from the configuration
 * (server/main.ts passes the environment's choices).
 */
import type { SiteConfig } from '../core/common/config.ts';
import type { Database } from '../backend/db.ts';
import type { ContactHandlerDeps } from '../backend/contact/handler.ts';
import { contactRequestStore } from '../backend/contact/request-store.ts';
import type { MailLoop } from './mailer.ts';
import { origins } from '../core/common/security-headers.ts';

export interface ContactOptions {
  /** Sends the queued mails; without it (or disabled) requests are stored with mail_status 'skipped'. */
  mailer?: MailLoop;
  /** Requests per client per window, shared by the function and the plain form posts; false = none. */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** Origins allowed to call the function from a browser, besides SITE_URL's and the server's own (CORS_ORIGINS). */
  allowedOrigins?: string[];
  /** Reverse proxies in front (TRUST_PROXY=N): clients are then read from X-Forwarded-For, from the right. */
  trustProxy?: number;
  /** Enables GET /_inbox for `npm run inbox` (Bearer token). */
  inboxToken?: string;
  log?: (message: string, error?: unknown) => void;
}

export interface ContactBackend {
  deps: ContactHandlerDeps;
  trustProxy: number;
  anonKey: string;
  db: Database;
  inboxToken?: string;
}

export function contactBackend(db: Database, config: SiteConfig, options: ContactOptions = {}): ContactBackend {
  const {
    mailer,
    rateLimit = { limit: 5, windowMs: 600_000 },
    log = (message, error) => console.error(message, error ?? ''),
  } = options;
  return {
    deps: {
      store: contactRequestStore(db, { sendMails: Boolean(mailer?.enabled), rateLimit }),
      allowedOrigins: origins([config.siteUrl, ...(options.allowedOrigins ?? [])]),
      onStored: mailer ? () => mailer.nudge() : undefined,
      log,
    },
    trustProxy: options.trustProxy ?? 0,
    anonKey: config.backend.supabaseAnonKey,
    db,
    inboxToken: options.inboxToken,
  };
}

/** CORS_ORIGINS="https://www.dentivo.fr,https://dentivo.fr" (SITE_URL's origin is always allowed). */
export function corsOriginsFromEnv(env: Record<string, string | undefined>): string[] {
  return (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}
