/**
 * The send-contact-email function without its connections: the same handler and store as the
 * embedded server (backend/contact/), plus what the edge runtime adds: the mail worker run after the
 * answer (kept alive by EdgeRuntime.waitUntil), and POST …/send-contact-email/retry, called on a
 * schedule with the service-role key, which sends what the queue holds (retries included), forgets
 * full rate-limit buckets, and deletes what visitors left once its time is over (DENTY's messages,
 * the bucket's uploads). Runs in Deno (Supabase) and is tested there (supabase/functions/tests/).
 */
import { queueWeeklyDigest } from '../../../backend/assistant/digest.ts';
import { handleContactRequest } from '../../../backend/contact/handler.ts';
import { contactRequestStore } from '../../../backend/contact/request-store.ts';
import type { MailIdentity, OutgoingMail } from '../../../backend/contact/mail.ts';
import type { Database, RateLimitSetting } from '../../../backend/db.ts';
import { forwardedClient } from '../../../backend/http.ts';
import { mailQueue } from '../../../backend/mail/queue.ts';
import { MailWorker } from '../../../backend/mail/worker.ts';
import { expiredBucketObjects, pruneAssistantData, type Retention } from '../../../backend/assistant/retention.ts';

export interface ContactFunctionDeps {
  /** The project's Postgres (postgres.js on SUPABASE_DB_URL in production, PGlite in some tests). */
  db: Database;
  identity: MailIdentity;
  /** Sends one mail; absent when no SMTP is configured (requests are stored as 'skipped'). */
  send?: (mail: OutgoingMail) => Promise<void>;
  allowedOrigins: string[];
  /** Requests per client per window (CONTACT_RATE_LIMIT), kept by the database across isolates. */
  rateLimit?: RateLimitSetting | false;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil); by default the promise just runs. */
  background?: (work: Promise<unknown>) => void;
  /** The bearer token that may call …/retry (the service-role key). */
  retryToken?: string;
  /**
   * What visitors leave is kept for a time (docs/decisions/0060-uploads-streamed-kept-for-a-time.md): each
   * /retry round deletes DENTY's messages past it, and the bucket's old objects through `removeObjects`.
   */
  retention?: Retention;
  /** Removes objects of the assistant-uploads bucket (Storage's API, with the service-role key). */
  removeObjects?: (names: string[]) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

export function createContactFunction(deps: ContactFunctionDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const queue = mailQueue(deps.db);
  const worker = deps.send ? new MailWorker({ queue, identity: deps.identity, send: deps.send, log }) : undefined;
  const store = contactRequestStore(deps.db, { sendMails: Boolean(worker), rateLimit: deps.rateLimit });

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/retry')) {
      const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
      if (request.method !== 'POST' || !deps.retryToken || token !== deps.retryToken)
        return Response.json({ ok: false, error: 'Accès refusé.' }, { status: 401 });
      // From each Monday on, once, the team's digest of the week before goes with this round's mails.
      const digest = worker
        ? await queueWeeklyDigest(deps.db, new Date(), deps.identity.assistantName ?? 'l’assistant')
        : false;
      const round = worker ? await worker.drain() : { sent: 0, failed: 0, lost: 0 };
      const pruned = await queue.pruneRateLimits();
      let unanswered = 0;
      let messages = 0;
      let objects = 0;
      if (deps.retention) {
        ({ unanswered, messages } = await pruneAssistantData(deps.db, deps.retention));
        const expired = deps.removeObjects ? await expiredBucketObjects(deps.db, deps.retention) : [];
        if (expired.length) await deps.removeObjects!(expired);
        objects = expired.length;
      }
      return Response.json({ ok: true, ...round, pruned, unanswered, messages, objects, digest });
    }
    return handleContactRequest(
      request,
      {
        store,
        allowedOrigins: deps.allowedOrigins,
        onStored: worker
          ? () => {
              // One batch: this request's two mails are due now (the schedule sends whatever else waits).
              const work = worker
                .runOnce()
                .catch((error) => log('Envoi des e-mails impossible pour le moment :', error));
              deps.background?.(work);
              return work;
            }
          : undefined,
        log,
      },
      forwardedClient(request),
    );
  };
}
