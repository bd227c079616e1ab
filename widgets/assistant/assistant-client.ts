/**
 * The assistant's network calls (docs/requirements.md#assistant-webhook, docs/requirements.md#assistant-uploads), loaded with the first message sent:
 *   1. the webhook: POST of the message, the reply read within a bounded time and size, checked against
 *      the contract (core/assistant/reply.ts: the rules of the zod schema, without zod in the browser);
 *   2. object storage: the voice note (then the files) uploaded with @supabase/supabase-js to
 *      assistant-uploads, cache control 3600, no overwrite, and their public URLs read back.
 * supabase-js itself loads only when a voice note or a file is sent.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { UPLOADS_BUCKET, attachmentPath, randomPart, voiceExtension, voicePath } from '../../core/assistant/uploads.ts';
import type { AttachmentRef, WebhookPayload, WebhookReply } from '../../core/assistant/contract.ts';
import { readWebhookReply } from '../../core/assistant/reply.ts';
import { PASSAGES_PATH, isOwnAssistant, readPassages, type Passage } from '../../core/assistant/passages.ts';
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

async function upload(path: string, body: Blob, contentType: string): Promise<string> {
  const bucket = (await storage()).storage.from(UPLOADS_BUCKET);
  // The blob travels as a multipart part: it must carry its type.
  const typed = body.type ? body : new Blob([body], { type: contentType });
  const { error } = await bucket.upload(path, typed, {
    contentType,
    cacheControl: String(ASSISTANT.voiceCacheControlSeconds),
    upsert: false,
  });
  if (error) {
    // StorageApiError carries the storage's status; a network failure has none.
    const status = Number((error as { status?: unknown }).status) || undefined;
    throw new UploadError(error.message, status);
  }
  return bucket.getPublicUrl(path).data.publicUrl;
}

const statusOf = (error: unknown) => (error instanceof UploadError ? error.status : undefined);

/** 128 random bits per name: another visitor's upload cannot be guessed (docs/decisions/0024-uploads-never-active-content.md). */
const random = () => randomPart(crypto.getRandomValues(new Uint8Array(16)));

/** Call 2: the voice note, at landing-page/voices/{timestamp}-{random}.webm (.m4a when recorded as audio/mp4). */
export async function uploadVoice(blob: Blob): Promise<string> {
  const type = blob.type || 'audio/webm';
  try {
    return await upload(voicePath(Date.now(), random(), voiceExtension(type)), blob, type);
  } catch (error) {
    throw new VoiceUploadError(`Voice upload failed: ${(error as Error).message}`, statusOf(error));
  }
}

/** Attachments, at landing-page/files/{timestamp}-{random}-{name}: the references the webhook receives. */
export async function uploadFiles(files: readonly File[]): Promise<AttachmentRef[]> {
  const refs: AttachmentRef[] = [];
  for (const file of files) {
    const type = file.type || 'application/octet-stream';
    try {
      refs.push({
        // The storage refuses control characters in a stored name (core/common/control-characters.ts).
        filename: withoutControlCharacters(file.name) || 'fichier',
        type,
        url: await upload(attachmentPath(Date.now(), random(), file.name), file, type),
      });
    } catch (error) {
      throw new FileUploadError(file.name, (error as Error).message, statusOf(error));
    }
  }
  return refs;
}
