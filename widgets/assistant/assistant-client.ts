/**
 * The assistant's network calls (docs/requirements.md#assistant-webhook, docs/requirements.md#assistant-uploads), loaded with the first message sent:
 *   1. the webhook: POST of the message, the reply read within a bounded time and size, checked against
 *      the contract (core/assistant/reply.ts: the rules of the zod schema, without zod in the browser);
 *   2. uploads: the voice note (then the files) sent with @supabase/supabase-js to …/assistant/upload,
 *      which names each one (docs/decisions/0080-uploads-named-by-the-server.md); their public URLs follow.
 * supabase-js itself loads only when a voice note or a file is sent.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import {
  PUBLIC_UPLOADS_PATH,
  UPLOAD_KIND_HEADER,
  UPLOAD_NAME_HEADER,
  UPLOAD_PATH,
  isUploadPath,
  type UploadKind,
} from '../../core/assistant/uploads.ts';
import type { AttachmentRef, WebhookPayload, WebhookReply } from '../../core/assistant/contract.ts';
import { readWebhookReply } from '../../core/assistant/reply.ts';
import { PASSAGES_PATH, isOwnAssistant, readPassages, type Passage } from '../../core/assistant/passages.ts';
import { FEEDBACK_PATH } from '../../core/assistant/chat.ts';
import type { ReplyVote } from '../../core/assistant/feedback.ts';
import type { HandoffPayload } from '../../core/contact/schema.ts';
import { backendUrl, getConfig } from '../runtime/config.ts';
import { withoutControlCharacters } from '../../core/common/control-characters.ts';

/** What the storage said: its HTTP status when it answered (a refusal), none when it could not be reached. */
class UploadError extends Error {
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}
export class VoiceUploadError extends UploadError {}
export class FileUploadError extends UploadError {
  readonly fileName: string;
  constructor(fileName: string, message: string, status?: number) {
    super(message, status);
    this.fileName = fileName;
  }
}

/** A signal aborted after `ms` (setTimeout, so that a test clock can run it). */
function deadline(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('Délai dépassé', 'TimeoutError')), ms);
  return controller.signal;
}

/** fetch that gives up after `ms` (the body included): a hanging server is a failure, not a wait. */
function fetchWithin(ms: number): typeof fetch {
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

/** What the hand-off's sending says: sent, or refused with the server's French words when it gave them. */
export type HandoffOutcome =
  { ok: true } | { ok: false; status?: number; message?: string; fields?: Record<string, string> };

/**
 * The hand-off (docs/assistant.md#the-loop): a request of type « handoff » through the contact form's
 * own function, send-contact-email, under an idempotency key (a retry is stored once). Never throws.
 */
export async function sendHandoff(payload: HandoffPayload, idempotencyKey: string): Promise<HandoffOutcome> {
  try {
    const { error } = await (
      await storage()
    ).functions.invoke('send-contact-email', {
      body: payload,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    if (!error) return { ok: true };
    console.error('Transmission à l’équipe refusée :', error);
    const response = (error as { context?: Partial<Response> }).context;
    if (typeof response?.status !== 'number' || typeof response.json !== 'function') return { ok: false };
    const body = (await response.json().catch(() => ({}))) as { error?: unknown; fields?: unknown };
    return {
      ok: false,
      status: response.status,
      ...(typeof body.error === 'string' ? { message: body.error } : {}),
      ...(body.fields && typeof body.fields === 'object' ? { fields: body.fields as Record<string, string> } : {}),
    };
  } catch (error) {
    console.error('Transmission à l’équipe impossible :', error);
    return { ok: false };
  }
}

let client: Promise<SupabaseClient> | undefined;
function storage(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const config = getConfig();
    return createClient(backendUrl(config), config.supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchWithin(ASSISTANT.requestTimeoutMs) },
    });
  });
  client.catch(() => (client = undefined));
  return client;
}

/** Sends one upload; the server answers with the name it gave it, whose public URL is returned. */
async function upload(kind: UploadKind, body: Blob, type: string, fileName?: string): Promise<string> {
  const { data, error } = await (
    await storage()
  ).functions.invoke<{ path?: unknown }>(UPLOAD_PATH.replace('/functions/v1/', ''), {
    body,
    headers: {
      'content-type': type,
      [UPLOAD_KIND_HEADER]: kind,
      // Header values are ASCII: the name travels percent-encoded, for the team only.
      ...(fileName ? { [UPLOAD_NAME_HEADER]: encodeURIComponent(fileName) } : {}),
    },
  });
  if (error) {
    // An answer of the server carries its status; a network failure has none.
    const response = (error as { context?: unknown }).context;
    throw new UploadError(error.message, response instanceof Response ? response.status : undefined);
  }
  const path = data?.path;
  if (typeof path !== 'string' || !isUploadPath(path)) throw new UploadError('Réponse du stockage illisible');
  return `${backendUrl()}${PUBLIC_UPLOADS_PATH}${path}`;
}

const statusOf = (error: unknown) => (error instanceof UploadError ? error.status : undefined);

/** Call 2: the voice note; the server names it landing-page/voices/{timestamp}-{random}.{webm|m4a|ogg}. */
export async function uploadVoice(blob: Blob): Promise<string> {
  try {
    return await upload('voice', blob, blob.type || 'audio/webm');
  } catch (error) {
    throw new VoiceUploadError(`Voice upload failed: ${(error as Error).message}`, statusOf(error));
  }
}

/** Attachments, named by the server landing-page/files/{timestamp}-{random}.{ext}: the references the webhook receives. */
export async function uploadFiles(files: readonly File[]): Promise<AttachmentRef[]> {
  const refs: AttachmentRef[] = [];
  for (const file of files) {
    const type = file.type || 'application/octet-stream';
    try {
      refs.push({
        // The storage refuses control characters in a stored name (core/common/control-characters.ts).
        filename: withoutControlCharacters(file.name) || 'fichier',
        type,
        url: await upload('file', file, type, file.name),
      });
    } catch (error) {
      throw new FileUploadError(file.name, (error as Error).message, statusOf(error));
    }
  }
  return refs;
}
