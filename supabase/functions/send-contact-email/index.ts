/**
 * Supabase Edge Function `send-contact-email` (docs/requirements.md#contact-backend): the production
 * twin of POST /functions/v1/send-contact-email of the embedded server, with the same handler, the same
 * store and the same mail worker. Deployment and secrets: docs/deployment.md, "Supabase: the
 * `send-contact-email` function".
 *
 * The database is reached directly (SUPABASE_DB_URL, given by Supabase to every function; DATABASE_URL
 * overrides it, for the transaction pooler) and written only through the SQL functions of
 * supabase/migrations, which hold idempotency, the rate limit and the mail queue for every isolate
 * (docs/decisions/0035-edge-functions-connect-to-postgres.md).
 *
 * Secrets: SMTP_URL (smtps://user:pass@host:465; Supabase blocks ports 25 and 587), CONTACT_TO,
 * MAIL_FROM, SITE_URL, CORS_ORIGINS, CONTACT_RATE_LIMIT, ASSISTANT_RETENTION_DAYS, ASSISTANT_MAX_UNANSWERED,
 * ASSISTANT_MAX_MESSAGES. SUPABASE_DB_URL, SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are given by Supabase.
 */
import site from '../../../content/site.json' with { type: 'json' };
import { connectPostgres } from '../../../backend/db-postgres.ts';
import { parseRateLimit } from '../../../backend/rate-limit.ts';
import { mailFromEnv } from '../_shared/mail.ts';
import { createContactFunction } from './handler.ts';
import { DEFAULT_RETENTION, parseRetention } from '../../../backend/assistant/retention.ts';
import { bucketStore } from '../../../backend/assistant/uploads.ts';

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

const env = (name: string) => Deno.env.get(name) ?? '';
// One request at a time per isolate: two connections cover the answer and the mails sent after it.
const db = connectPostgres(env('DATABASE_URL') || env('SUPABASE_DB_URL'), {
  max: 2,
  applicationName: 'send-contact-email',
});
const { identity, send } = mailFromEnv(env);
const siteUrl = env('SITE_URL') || site.siteUrl;

export const handler = createContactFunction({
  db,
  identity,
  send,
  allowedOrigins: [
    new URL(siteUrl).origin,
    ...env('CORS_ORIGINS')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ],
  rateLimit: parseRateLimit(env('CONTACT_RATE_LIMIT') || '5/600') ?? false,
  background: typeof EdgeRuntime !== 'undefined' ? (work) => EdgeRuntime.waitUntil(work) : undefined,
  retryToken: env('SUPABASE_SERVICE_ROLE_KEY') || undefined,
  retention: retention(),
  removeObjects:
    env('SUPABASE_URL') && env('SUPABASE_SERVICE_ROLE_KEY')
      ? (names) => bucketStore(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY')).remove(names)
      : undefined,
});

/** ASSISTANT_RETENTION_DAYS, ASSISTANT_MAX_UNANSWERED and ASSISTANT_MAX_MESSAGES; a bad value is logged and the defaults kept. */
function retention() {
  const parsed = parseRetention(env);
  if (typeof parsed !== 'string') return parsed;
  console.error(`Configuration invalide, conservation par défaut (90 jours) : ${parsed}`);
  return DEFAULT_RETENTION;
}

/** Ends the database connections (tests; the runtime ends an isolate on its own). */
export const close = () => db.close();

if (import.meta.main) Deno.serve(handler);
