/**
 * The send-contact-email function without its connections: the same handler as the embedded server
 * (backend/contact/handler.ts), plus what the edge runtime adds: the mails sent after the answer (kept
 * alive by EdgeRuntime.waitUntil), and POST …/send-contact-email/retry, called on a schedule with the
 * service-role key, which sends the mails still pending. Imports core/ only, so it runs in Deno
 * (Supabase) and is tested there (supabase/functions/tests/).
 */
import { handleContactRequest, type SubmissionStore } from '../../../backend/contact/handler.ts';
import { forwardedClient } from '../../../backend/http.ts';
import type { RateLimiter } from '../../../backend/rate-limit.ts';
import {
  deliverRequestMails,
  mailRetryDelay,
  type MailIdentity,
  type MailProgress,
  type OutgoingMail,
  type StoredRequest,
} from '../../../backend/contact/mail.ts';

export type PendingRequest = StoredRequest & MailProgress & { mail_status: string; mail_attempts: number };

/** public.contact_requests as the function needs it (supabase-js in production, PGlite in the tests). */
export interface RequestRecords extends SubmissionStore {
  find(id: string): Promise<PendingRequest | undefined>;
  markSent(id: string, which: 'team' | 'ack'): Promise<void>;
  delivered(id: string): Promise<void>;
  failed(id: string, failure: { error: string; attempts: number; retryInMs: number; givenUp: boolean }): Promise<void>;
  /** Ids of the requests whose mails are pending and due. */
  due(limit: number): Promise<string[]>;
}

export interface ContactFunctionDeps {
  records: RequestRecords;
  identity: MailIdentity;
  /** Sends one mail; absent when no SMTP is configured (requests are stored as 'skipped'). */
  send?: (mail: OutgoingMail) => Promise<void>;
  allowedOrigins: string[];
  limiter?: RateLimiter;
  /** Keeps work going after the answer (EdgeRuntime.waitUntil); by default the promise just runs. */
  background?: (work: Promise<unknown>) => void;
  /** The bearer token that may call …/retry (the service-role key). */
  retryToken?: string;
  maxAttempts?: number;
  log?: (message: string, error?: unknown) => void;
}

export function createContactFunction(deps: ContactFunctionDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const maxAttempts = deps.maxAttempts ?? 10;

  async function deliver(id: string): Promise<void> {
    const send = deps.send;
    const request = send ? await deps.records.find(id) : undefined;
    if (!send || !request || request.mail_status !== 'pending') return;
    try {
      await deliverRequestMails(request, deps.identity, { send, sent: (which) => deps.records.markSent(id, which) });
      await deps.records.delivered(id);
    } catch (error) {
      const attempts = request.mail_attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await deps.records.failed(id, {
        error: message.slice(0, 500),
        attempts,
        retryInMs: mailRetryDelay(attempts, 60_000, 3_600_000),
        givenUp: attempts >= maxAttempts,
      });
      log(`E-mails de la demande ${id} non envoyés (tentative ${attempts}) :`, message);
    }
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/retry')) {
      const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
      if (request.method !== 'POST' || !deps.retryToken || token !== deps.retryToken)
        return Response.json({ ok: false, error: 'Accès refusé.' }, { status: 401 });
      const ids = await deps.records.due(20);
      for (const id of ids) await deliver(id);
      return Response.json({ ok: true, retried: ids.length });
    }
    const clientKey = forwardedClient(request);
    return handleContactRequest(
      request,
      {
        store: deps.records,
        allowedOrigins: deps.allowedOrigins,
        limiter: deps.limiter,
        onStored: (id) => {
          const work = deliver(id).catch((error) => log(`E-mails de la demande ${id} en erreur :`, error));
          if (deps.background) deps.background(work);
          return work;
        },
        log,
      },
      clientKey,
    );
  };
}
