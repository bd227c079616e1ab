/**
 * What the assistant uploads through supabase-js (docs/requirements.md#assistant-uploads), loaded with the
 * first voice note or file, supabase-js itself with it: uploads to …/assistant/upload, which names each one
 * (docs/decisions/0080-uploads-named-by-the-server.md) and whose public URLs follow. The hand-off goes
 * through the contact forms' own sender (widgets/forms/submit.ts).
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
import { withoutControlCharacters } from '../../core/common/control-characters.ts';
import { backendUrl, getConfig } from '../runtime/config.ts';
import { isAnswer } from '../forms/submit.ts';
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
    throw new UploadError(error.message, isAnswer(response) ? response.status : undefined);
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
