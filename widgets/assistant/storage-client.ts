/**
 * What the assistant sends through supabase-js (docs/requirements.md#assistant-uploads), loaded with the
 * first voice note, file or hand-off, supabase-js itself with it: uploads to …/assistant/upload, which
 * names each one (docs/decisions/0080-uploads-named-by-the-server.md) and whose public URLs follow, and
 * the hand-off through the contact form's own function.
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
import type { AttachmentRef } from '../../core/assistant/contract.ts';
import type { HandoffPayload } from '../../core/contact/schema.ts';
import { withoutControlCharacters } from '../../core/common/control-characters.ts';
import { backendUrl, getConfig } from '../runtime/config.ts';
import { fetchWithin } from './assistant-client.ts';

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
