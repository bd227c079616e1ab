/**
 * The Web-standard pieces both backend functions share (send-contact-email and consent-proof), so the
 * embedded server (Hono on Node) and the Supabase edge functions (Deno) answer alike: CORS for the
 * configured origins, the front door (origin, preflight, method, rate limit), a JSON body read with a
 * hard size limit, JSON answers, and the French wording of a retry delay.
 */

import { frenchTypography } from '../core/common/typography.ts';
import type { RateDecision } from './rate-limit.ts';

export { retryDelayText } from '../core/common/dates.ts';

const ALLOWED_HEADERS =
  'authorization, x-client-info, apikey, content-type, idempotency-key, x-region, x-upload-kind, x-upload-name';

/** CORS headers for an allowed origin; none for a request without Origin (not a browser's cross-origin call). */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (!origin) return { vary: 'Origin' };
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-expose-headers': 'Retry-After',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

/** An Origin header the function accepts: a configured origin, or its own. */
export function originAllowed(origin: string, request: Request, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    return new URL(request.url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * A JSON answer. No Cache-Control: the functions answer POST only, which no cache stores, and Chromium
 * never reports a keepalive request (the consent proof is one) answered with no-store as finished.
 * Its `error` and its `fields`' messages, the sentences a widget shows the visitor as they come, leave with French typography
 * (no-break spaces before « : ; ! ? », typographic apostrophes), as the pages do.
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  let typeset = body;
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    const answer: Record<string, unknown> = { ...body, error: frenchTypography(body.error) };
    // The message of each field too: the widget shows it at its field as it comes.
    if ('fields' in body && body.fields && typeof body.fields === 'object')
      answer.fields = Object.fromEntries(
        Object.entries(body.fields).map(([field, message]) => [
          field,
          typeof message === 'string' ? frenchTypography(message) : message,
        ]),
      );
    typeset = answer;
  }
  return new Response(JSON.stringify(typeset), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

type BodyRead = { ok: true; text: string } | { ok: false; reason: 'tooLarge' | 'encoding' };

/** Reads at most `max` bytes; stops reading (and says so) past it, whatever Content-Length claimed. */
async function readBody(request: Request, max: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) return { ok: false, reason: 'tooLarge' };
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'tooLarge' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'encoding' };
  }
}

export type JsonRead = { ok: true; data: unknown } | { ok: false; reason: 'tooLarge' | 'encoding' | 'json' };

/** The body as JSON, read with the size limit of `readBody`. */
export async function readJson(request: Request, max: number): Promise<JsonRead> {
  const body = await readBody(request, max);
  if (!body.ok) return body;
  try {
    return { ok: true, data: JSON.parse(body.text) };
  } catch {
    return { ok: false, reason: 'json' };
  }
}

/** The answer to a body that `readJson` refused: 413 (the rest is not read, so the connection closes) or 400. */
export function unreadableBody(
  reason: Exclude<JsonRead, { ok: true }>['reason'],
  messages: Record<typeof reason, string>,
  cors: Record<string, string>,
): Response {
  if (reason === 'tooLarge')
    return jsonResponse(413, { ok: false, error: messages.tooLarge }, { ...cors, connection: 'close' });
  return jsonResponse(400, { ok: false, error: messages[reason] }, cors);
}

/** The caller behind Supabase's gateway, counted from the right of X-Forwarded-For (backend/client-address.ts). */
export { forwardedClient } from './client-address.ts';

export interface Admission {
  allowedOrigins: readonly string[];
  limiter?: { hit(key: string): RateDecision };
  clientKey: string;
  messages: { origin: string; method: string; rateLimited: (seconds: number) => string };
}

/**
 * The front door both functions share, in this order: a foreign Origin is refused (403), a preflight
 * answered (204), any method but POST refused (405), a client over its rate refused (429 with
 * Retry-After). Returns the answer to give, or the CORS headers every later answer carries.
 */
export function admitRequest(
  request: Request,
  { allowedOrigins, limiter, clientKey, messages }: Admission,
): { answer: Response } | { cors: Record<string, string> } {
  const origin = request.headers.get('origin');
  if (origin && !originAllowed(origin, request, allowedOrigins))
    return { answer: jsonResponse(403, { ok: false, error: messages.origin }, { vary: 'Origin' }) };
  const cors = corsHeaders(origin);
  if (request.method === 'OPTIONS') return { answer: new Response(null, { status: 204, headers: cors }) };
  if (request.method !== 'POST')
    return { answer: jsonResponse(405, { ok: false, error: messages.method }, { ...cors, allow: 'POST, OPTIONS' }) };
  const decision = limiter?.hit(clientKey);
  if (decision && !decision.allowed) return { answer: rateLimitedAnswer(decision, messages, cors) };
  return { cors };
}

/** A client over its rate: 429, with the wait in words and in Retry-After. */
export function rateLimitedAnswer(
  decision: Extract<RateDecision, { allowed: false }>,
  messages: Pick<Admission['messages'], 'rateLimited'>,
  cors: Record<string, string>,
): Response {
  return jsonResponse(
    429,
    { ok: false, error: messages.rateLimited(decision.retryAfterSeconds) },
    { ...cors, 'retry-after': String(decision.retryAfterSeconds) },
  );
}
