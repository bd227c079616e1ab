/**
 * Supabase Edge Function `assistant` (docs/requirements.md#assistant-answers): the production twin of
 * POST /assistant/webhook of the embedded server, with the same handler (backend/assistant/handler.ts)
 * and the index that `npm run build` publishes with the site, fetched from SITE_URL at an isolate's first
 * message and kept (backend/assistant/published.ts). A static host plus this function is a working
 * assistant with nothing else to run. Deployment: docs/deployment.md, "Supabase: the `assistant` function".
 *
 * Ideas, voice notes and unanswered questions go to the team's inbox (public.record_assistant_message)
 * over a direct connection to the project's database, like the other functions (SUPABASE_DB_URL, or
 * DATABASE_URL for the transaction pooler: docs/decisions/0035-edge-functions-connect-to-postgres.md);
 * their team mail is sent after the answer (EdgeRuntime.waitUntil), and retried by send-contact-email's
 * /retry schedule, which drains the one queue.
 *
 * Voice notes and files come to …/assistant/upload (backend/assistant/uploads.ts): the function names each
 * one and writes it to the bucket with the service-role key; visitors never write the bucket themselves.
 *
 * Secrets: SITE_URL, CORS_ORIGINS, EMBED_ORIGINS, optional ASSISTANT_INDEX_URL, ASSISTANT_RATE_LIMIT and
 * UPLOADS_MAX_TOTAL_MB; SMTP_URL, CONTACT_TO, MAIL_FROM (shared with send-contact-email). SUPABASE_DB_URL,
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are given by Supabase.
 */
import site from '../../../content/site.json' with { type: 'json' };
import { ConversationMemory } from '../../../backend/assistant/conversations.ts';
import {
  ASSISTANT_RATE_LIMIT,
  handleAssistantRequest,
  type AssistantHandlerDeps,
} from '../../../backend/assistant/handler.ts';
import { assistantInbox } from '../../../backend/assistant/team-inbox.ts';
import { handlePassagesRequest } from '../../../backend/assistant/passages.ts';
import { handleFeedbackRequest, replyCounter, voteStore } from '../../../backend/assistant/feedback.ts';
import { bucketStore, handleUploadRequest, type UploadStore } from '../../../backend/assistant/uploads.ts';
import { DEFAULT_RETENTION, parseRetention } from '../../../backend/assistant/retention.ts';
import { publishedKnowledge } from '../../../backend/assistant/published.ts';
import type { OutgoingMail } from '../../../backend/contact/mail.ts';
import type { Database } from '../../../backend/db.ts';
import { connectPostgres } from '../../../backend/db-postgres.ts';
import { forwardedClient } from '../../../backend/http.ts';
import { mailQueue } from '../../../backend/mail/queue.ts';
import { MailWorker } from '../../../backend/mail/worker.ts';
import { RateLimiter, parseRateLimit } from '../../../backend/rate-limit.ts';
import { databaseLimiter } from '../../../backend/db-rate-limit.ts';
import { bucketPrefix } from '../../../core/assistant/uploads.ts';
import { replyOptionsOf } from '../../../core/assistant/replies.ts';
import { mailFromEnv } from '../_shared/mail.ts';

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export interface AssistantFunctionOptions {
  /** Reaches the published site (its index). */
  fetchIndex?: typeof fetch;
  /** The project's database; by default SUPABASE_DB_URL (DATABASE_URL first), none when neither is set. */
  db?: Database;
  /** Sends one mail; by default nodemailer over SMTP_URL, none without it. */
  send?: (mail: OutgoingMail) => Promise<void>;
  /** Where uploads go; by default the bucket of SUPABASE_URL, with SUPABASE_SERVICE_ROLE_KEY. */
  store?: UploadStore;
}

export type AssistantFunction = ((request: Request) => Promise<Response>) & {
  /** Ends the database connections it opened (tests; the runtime ends an isolate on its own). */
  close(): Promise<void>;
};

/** The function for an environment. */
export function assistantFunction(
  env: (name: string) => string,
  options: AssistantFunctionOptions = {},
): AssistantFunction {
  const siteUrl = env('SITE_URL') || site.siteUrl;
  const log = (message: string, error?: unknown) => console.error(message, error ?? '');
  const databaseUrl = env('DATABASE_URL') || env('SUPABASE_DB_URL');
  // One message at a time per isolate: two connections cover the answer and the mail sent after it.
  const opened =
    !options.db && databaseUrl ? connectPostgres(databaseUrl, { max: 2, applicationName: 'assistant' }) : undefined;
  const db = options.db ?? opened;
  if (!db) log('Assistant : ni SUPABASE_DB_URL ni DATABASE_URL, les idées et notes vocales ne sont pas gardées.');
  const mail = mailFromEnv(env);
  const send = options.send ?? mail.send;
  const worker = db && send ? new MailWorker({ queue: mailQueue(db), identity: mail.identity, send, log }) : undefined;
  const deps: AssistantHandlerDeps = {
    knowledge: publishedKnowledge(env('ASSISTANT_INDEX_URL') || new URL('/assistant-index.json', siteUrl).href, {
      fetch: options.fetchIndex ?? fetch,
      log,
    }),
    options: replyOptionsOf(site),
    allowedOrigins: [new URL(siteUrl).origin, ...list(env('CORS_ORIGINS')), ...list(env('EMBED_ORIGINS'))],
    // The database's, shared by every isolate (docs/decisions/0060-uploads-streamed-kept-for-a-time.md);
    // one isolate's memory only when no database is configured.
    limiter: db
      ? databaseLimiter(db, 'assistant', parseRateLimit(env('ASSISTANT_RATE_LIMIT')) ?? ASSISTANT_RATE_LIMIT, log)
      : new RateLimiter(parseRateLimit(env('ASSISTANT_RATE_LIMIT')) ?? ASSISTANT_RATE_LIMIT),
    conversations: new ConversationMemory(),
    // The project's bucket (SUPABASE_URL, given by Supabase), and the address the widgets were built with.
    uploads: {
      ownOrigins: [new URL(siteUrl).origin],
      buckets: [bucketPrefix(env('SUPABASE_URL')), bucketPrefix(site.backend.supabaseUrl)].filter(
        (prefix) => prefix !== undefined,
      ),
    },
    inbox: db
      ? assistantInbox(db, {
          sendMails: Boolean(worker),
          // The team's mail leaves after the answer; the schedule of send-contact-email retries it.
          onStored: worker
            ? () => {
                const work = worker
                  .runOnce()
                  .catch((error) => log('Envoi des e-mails impossible pour le moment :', error));
                if (typeof EdgeRuntime !== 'undefined') EdgeRuntime.waitUntil(work);
              }
            : undefined,
          log,
        })
      : undefined,
    ...(db ? { countReply: replyCounter(db, log) } : {}),
    log,
  };
  // …/assistant/feedback: votes on replies (docs/assistant.md#the-loop).
  const feedback = { ...deps, ...(db ? { votes: voteStore(db) } : {}) };
  // …/assistant/passages: the best passages for a generative service (docs/decisions/0068-passages-for-a-generative-webhook.md).
  const passages = { ...deps, siteUrl };
  // …/assistant/upload: a voice note or a file, named here, written to the bucket.
  const retention = parseRetention(env);
  if (typeof retention === 'string') log(`Configuration invalide, plafond des dépôts par défaut : ${retention}`);
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
  const uploads =
    db && env('SUPABASE_URL') && serviceKey
      ? {
          db,
          store: options.store ?? bucketStore(env('SUPABASE_URL'), serviceKey),
          allowedOrigins: deps.allowedOrigins,
          totalBytes: (typeof retention === 'string' ? DEFAULT_RETENTION : retention).uploadsTotalBytes,
          log,
        }
      : undefined;
  const handler = (request: Request) => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const client = forwardedClient(request);
    if (path.endsWith('/passages')) return handlePassagesRequest(request, passages, client);
    if (path.endsWith('/feedback')) return handleFeedbackRequest(request, feedback, client);
    if (path.endsWith('/upload'))
      return uploads
        ? handleUploadRequest(request, uploads, client)
        : Promise.resolve(
            Response.json(
              { ok: false, error: 'Le stockage n’est pas configuré (base de données et clé de service).' },
              { status: 503 },
            ),
          );
    return handleAssistantRequest(request, deps, client);
  };
  return Object.assign(handler, { close: async () => void (await opened?.close()) });
}

if (import.meta.main) Deno.serve(assistantFunction((name) => Deno.env.get(name) ?? ''));
