/**
 * The assistant's own calls (docs/requirements.md#assistant-webhook), loaded with the first message sent:
 * the webhook (the message POSTed, the reply read within a bounded time and size, checked against the
 * contract: core/assistant/reply.ts, the zod schema compiled), the passages for a generative service, and
 * the votes. What goes through supabase-js (voice notes, files) is storage-client.ts, loaded
 * only when one is sent.
 */
import { ASSISTANT } from '../../core/assistant/constants.ts';
import type { WebhookPayload, WebhookReply } from '../../core/assistant/contract.ts';
import { readWebhookReply } from '../../core/assistant/reply.ts';
import { PASSAGES_PATH, isOwnAssistant, readPassages, type Passage } from '../../core/assistant/passages.ts';
import { FEEDBACK_PATH } from '../../core/assistant/chat.ts';
import type { ReplyVote } from '../../core/assistant/feedback.ts';
import { backendUrl, getConfig } from '../runtime/config.ts';

/** A signal aborted after `ms` (setTimeout, so that a test clock can run it). */
function deadline(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('Délai dépassé', 'TimeoutError')), ms);
  return controller.signal;
}

/** fetch that gives up after `ms` (the body included): a hanging server is a failure, not a wait. */
export function fetchWithin(ms: number): typeof fetch {
  return (input, init) => {
    const timeout = deadline(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

/** The reply's text, refused beyond `limit` bytes (a runaway answer is a malformed one). */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new Error(`Réponse trop volumineuse (${declared} octets)`);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`Réponse trop volumineuse (plus de ${limit} octets)`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * The site's best passages for the message, for a generative service behind ASSISTANT_WEBHOOK_URL
 * (docs/decisions/0068-passages-for-a-generative-webhook.md); none when DENTY itself answers, when the
 * message has no text, or when the backend does not answer in time: the message goes without them.
 */
async function passagesFor(payload: WebhookPayload): Promise<Passage[] | undefined> {
  const config = getConfig();
  if (!payload.text?.trim() || isOwnAssistant(config.assistantWebhookUrl)) return undefined;
  try {
    const response = await fetch(`${backendUrl(config)}${PASSAGES_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: payload.text }),
      signal: deadline(PASSAGES_TIMEOUT_MS),
    });
    return response.ok ? readPassages(JSON.parse(await readLimited(response, ASSISTANT.maxReplyBytes))) : undefined;
  } catch {
    return undefined;
  }
}
/** The passages are a help, not a condition: a slow backend never holds the message long. */
const PASSAGES_TIMEOUT_MS = 4000;

/** Call 1. Throws on a network failure, a timeout, a non-OK status ("Webhook error: {status}") or a malformed reply. */
export async function sendToAssistant(payload: WebhookPayload): Promise<WebhookReply> {
  const timeout = deadline(ASSISTANT.requestTimeoutMs);
  const passages = await passagesFor(payload);
  const response = await fetch(getConfig().assistantWebhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(passages ? { ...payload, passages } : payload),
    signal: timeout,
  });
  if (!response.ok) throw new Error(`Webhook error: ${response.status}`);
  const text = await readLimited(response, ASSISTANT.maxReplyBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('Réponse du webhook illisible (JSON attendu)');
  }
  return readWebhookReply(data);
}

/** A vote on one reply (docs/assistant.md#the-loop): true when the backend kept it. */
export async function sendVote(vote: ReplyVote): Promise<boolean> {
  const response = await fetch(`${backendUrl()}${FEEDBACK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(vote),
    signal: deadline(ASSISTANT.requestTimeoutMs),
  });
  return response.ok;
}
