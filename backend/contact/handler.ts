/**
 * The send-contact-email function (docs/requirements.md#contact-backend), written once on the Web
 * standard Request and Response, so the embedded server (Hono on Node) and the Supabase edge function
 * (Deno) run the same code. What differs is injected: the database store, what happens once a request
 * is stored (waking the mail worker) and the origins allowed to call.
 *
 * Order of the checks: CORS, method, content type, Idempotency-Key, size, JSON, honeypot, schema; then
 * one call of public.submit_contact_request, which holds idempotency, the per-client rate limit and the
 * lengths in one transaction (backend/contact/request-store.ts). A 2xx answer means the request is stored
 * (exactly once: a repeated Idempotency-Key is not stored again; with another body it is a 422). Mails
 * come after the answer and never decide it.
 */
import { honeypotFilled, parseSubmission, submissionRow, type Submission } from '../../core/contact/schema.ts';
import type { SubmissionStore } from './request-store.ts';
import { REQUEST_MESSAGES } from '../../core/contact/messages.ts';
import { admitRequest, jsonResponse as json, readJson, unreadableBody } from '../http.ts';

export interface ContactHandlerDeps {
  store: SubmissionStore;
  /** Origins (scheme://host[:port]) allowed to call from a browser, besides the function's own origin. */
  allowedOrigins: readonly string[];
  /** Called once a new request is stored (its mails are queued); never awaited by the answer, errors only logged. */
  onStored?: (id: string, submission: Submission) => unknown;
  maxBodyBytes?: number;
  log?: (message: string, error?: unknown) => void;
}

/** JSON bodies: a legitimate request is below 25 KiB even with a 5,000-character message of emoji. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** The request's answers live with every other form message (core/contact/messages.ts). */
export const HANDLER_MESSAGES = REQUEST_MESSAGES;

export type SubmissionOutcome =
  | { kind: 'stored'; id: string; duplicate: boolean }
  | { kind: 'dropped' }
  | { kind: 'invalid'; fields: Record<string, string> }
  /** The Idempotency-Key was already used for another request (422, as Stripe answers). */
  | { kind: 'conflict' }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

/** Validates and stores one request body (any parsed JSON); shared by the JSON and the plain form paths. */
export async function acceptSubmission(
  body: unknown,
  deps: Pick<ContactHandlerDeps, 'store' | 'onStored' | 'log'>,
  call: { idempotencyKey?: string; clientKey: string },
): Promise<SubmissionOutcome> {
  if (honeypotFilled(body)) {
    deps.log?.('Demande ignorée : champ piège rempli (robot probable).');
    return { kind: 'dropped' };
  }
  const parsed = parseSubmission(body);
  if (!parsed.ok) return { kind: 'invalid', fields: parsed.fields };
  let stored;
  try {
    stored = await deps.store.submit(submissionRow(parsed.submission), call);
  } catch (error) {
    deps.log?.('Enregistrement de la demande impossible :', error);
    return { kind: 'unavailable' };
  }
  switch (stored.kind) {
    case 'refused':
      return { kind: 'invalid', fields: {} };
    case 'conflict':
    case 'rateLimited':
      return stored;
    case 'duplicate':
      return { kind: 'stored', id: stored.id, duplicate: true };
  }
  if (deps.onStored) {
    try {
      const pending = deps.onStored(stored.id, parsed.submission);
      if (pending instanceof Promise)
        pending.catch((error) => deps.log?.(`Suite de la demande ${stored.id} en erreur :`, error));
    } catch (error) {
      deps.log?.(`Suite de la demande ${stored.id} en erreur :`, error);
    }
  }
  return { kind: 'stored', id: stored.id, duplicate: false };
}

/** The whole function: one Request in, one Response out. `clientKey` identifies the caller for the rate limit. */
export async function handleContactRequest(
  request: Request,
  deps: ContactHandlerDeps,
  clientKey: string,
): Promise<Response> {
  const admission = admitRequest(request, {
    allowedOrigins: deps.allowedOrigins,
    clientKey,
    messages: HANDLER_MESSAGES,
  });
  if ('answer' in admission) return admission.answer;
  const { cors } = admission;

  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') return json(415, { ok: false, error: HANDLER_MESSAGES.contentType }, cors);

  const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
  if (idempotencyKey !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(idempotencyKey))
    return json(400, { ok: false, error: HANDLER_MESSAGES.idempotencyKey }, cors);

  const body = await readJson(request, deps.maxBodyBytes ?? MAX_JSON_BODY_BYTES);
  if (!body.ok) return unreadableBody(body.reason, HANDLER_MESSAGES, cors);

  const outcome = await acceptSubmission(body.data, deps, { idempotencyKey, clientKey });
  switch (outcome.kind) {
    case 'invalid':
      return json(400, { ok: false, error: HANDLER_MESSAGES.invalid, fields: outcome.fields }, cors);
    case 'conflict':
      return json(422, { ok: false, error: HANDLER_MESSAGES.conflict }, cors);
    case 'rateLimited':
      return json(
        429,
        { ok: false, error: HANDLER_MESSAGES.rateLimited(outcome.retryAfterSeconds) },
        { ...cors, 'retry-after': String(outcome.retryAfterSeconds) },
      );
    case 'unavailable':
      return json(503, { ok: false, error: HANDLER_MESSAGES.unavailable }, { ...cors, 'retry-after': '30' });
    default:
      // A dropped bot gets the same answer as a person: nothing tells it the trap exists.
      return json(200, { ok: true, message: HANDLER_MESSAGES.stored }, cors);
  }
}
