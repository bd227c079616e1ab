/**
 * A voice note or a file sent to DENTY (docs/decisions/0080-uploads-named-by-the-server.md): POST
 * …/functions/v1/assistant/upload with the file as the body, its type as Content-Type, `x-upload-kind`
 * (voice or file) and, for a file, its own name in `x-upload-name`. The server names the object
 * (core/assistant/uploads.ts: a timestamp, 128 random bits, the type's extension): the client chooses no
 * part of it, and its file name is kept in the register, for the team, never in the public URL.
 *
 * Answered alike by the embedded server (the object on disk, server/routes/storage.ts) and the Supabase
 * function `assistant` (the object in the bucket, through Storage's API with the service-role key):
 * before any byte is read, the client's quota and the total cap (public.reserve_upload, which evicts the
 * oldest uploads rather than refuse a newcomer); then the body, counted as it streams (413 past 10 MB).
 */
import {
  UPLOAD_CACHE_SECONDS,
  UPLOAD_MAX_BYTES,
  UPLOAD_NAME_HEADER,
  UPLOAD_KIND_HEADER,
  UPLOAD_QUOTA,
  UPLOADS_BUCKET,
  UPLOADS_TOTAL_BYTES,
  mediaType,
  randomPart,
  uploadName,
  uploadType,
  type UploadType,
} from '../../core/assistant/uploads.ts';
import { withoutControlCharacters } from '../../core/common/control-characters.ts';
import type { Database } from '../db.ts';
import { admitRequest, jsonResponse as json, retryDelayText } from '../http.ts';

/** Where the objects go: a folder of the server, or the Supabase bucket. */
export interface UploadStore {
  /** Writes `body` under `name`, never over another object; throws when it cannot (or the body fails). */
  put(name: string, type: UploadType, body: ReadableStream<Uint8Array>): Promise<void>;
  /** Removes objects (the register let them go: evicted, or past the retention). */
  remove(names: string[]): Promise<void>;
}

export interface UploadDeps {
  db: Database;
  store: UploadStore;
  /** Origins allowed to call from a browser, besides the request's own. */
  allowedOrigins: readonly string[];
  /** Files and bytes one client may upload per window. */
  quota?: { files: number; bytes: number; windowMs: number };
  /** Bytes all uploads kept may take together (UPLOADS_MAX_TOTAL_MB). */
  totalBytes?: number;
  log?: (message: string, error?: unknown) => void;
}

export const UPLOAD_MESSAGES = {
  origin: 'Origine non autorisée.',
  method: 'Méthode non autorisée : utilisez POST.',
  rateLimited: (seconds: number) =>
    `Trop de fichiers envoyés depuis votre connexion. Réessayez dans ${retryDelayText(seconds)}.`,
  kind: 'Envoi illisible : l’en-tête x-upload-kind doit valoir voice ou file.',
  type: (type: string) =>
    `Type de fichier non accepté (${type || 'inconnu'}). Types acceptés : audio, images, PDF, texte et documents bureautiques.`,
  voiceType: 'Une note vocale est un enregistrement audio.',
  tooLarge: `Fichier trop volumineux : ${UPLOAD_MAX_BYTES / 1024 / 1024} Mo au plus.`,
  empty: 'Le fichier envoyé est vide.',
  unreadable: 'Envoi interrompu : le fichier n’est pas arrivé en entier.',
  full: 'L’espace de dépôt est plein pour le moment. Réessayez plus tard, ou écrivez-nous depuis la page Contact.',
  unavailable: 'Le stockage est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

/** The visitor's name for the file, as the team will read it: decoded, without control characters, 255 at most. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    name = header;
  }
  return withoutControlCharacters(name).trim().slice(0, 255) || undefined;
}

/**
 * The body as the store reads it, counted as it passes: an error past `max` bytes, or when nothing came.
 * Pulled one chunk at a time, so the store's pace is the client's (nothing piles up in memory).
 */
function counted(body: ReadableStream<Uint8Array> | null, max: number) {
  const state = { size: 0, over: false, cut: false };
  const reader = body?.getReader();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array> = { done: true, value: undefined };
        try {
          if (reader) next = await reader.read();
        } catch (error) {
          state.cut = true;
          return controller.error(error);
        }
        if (next.done) {
          if (state.size === 0) controller.error(new Error(UPLOAD_MESSAGES.empty));
          else controller.close();
          return;
        }
        state.size += next.value.byteLength;
        if (state.size <= max) return controller.enqueue(next.value);
        state.over = true;
        controller.error(new Error(UPLOAD_MESSAGES.tooLarge));
        await reader?.cancel().catch(() => undefined);
      },
      cancel: (reason) => reader?.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

type Reservation = { outcome: string; retry_after_seconds: number | null; evicted: string[] | null };

export async function handleUploadRequest(request: Request, deps: UploadDeps, clientKey: string): Promise<Response> {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const admission = admitRequest(request, {
    allowedOrigins: deps.allowedOrigins,
    clientKey,
    messages: UPLOAD_MESSAGES,
  });
  if ('answer' in admission) return admission.answer;
  const { cors } = admission;
  // A refusal before the body is read closes the connection: the rest of the body is not waited for.
  const refuse = (status: number, error: string, headers: Record<string, string> = {}) =>
    json(status, { ok: false, error }, { ...cors, connection: 'close', ...headers });

  const kind = request.headers.get(UPLOAD_KIND_HEADER);
  if (kind !== 'voice' && kind !== 'file') return refuse(400, UPLOAD_MESSAGES.kind);
  const declaredType = request.headers.get('content-type') ?? '';
  const type = uploadType(declaredType);
  if (!type) return refuse(415, UPLOAD_MESSAGES.type(mediaType(declaredType) ?? ''));
  if (kind === 'voice' && !type.startsWith('audio/')) return refuse(415, UPLOAD_MESSAGES.voiceType);
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= UPLOAD_MAX_BYTES)) return refuse(413, UPLOAD_MESSAGES.tooLarge);

  const quota = deps.quota ?? UPLOAD_QUOTA;
  const windowSeconds = Math.max(1, Math.round(quota.windowMs / 1000));
  const name = uploadName(kind, type, randomPart(crypto.getRandomValues(new Uint8Array(16))), Date.now());
  const key = `${UPLOADS_BUCKET}/${name}`;
  // Before any byte: the declared size (10 MB when none is declared) from the quota, and room under the cap.
  let reservation: Reservation | undefined;
  try {
    reservation = (
      await deps.db.query<Reservation>(
        'select * from public.reserve_upload($1::text, $2::bigint, $3::text, $4::integer, $5::bigint, $6::integer, $7::bigint, $8::text)',
        [
          key,
          declared === null ? UPLOAD_MAX_BYTES : Number(declared),
          clientKey,
          quota.files,
          quota.bytes,
          windowSeconds,
          deps.totalBytes ?? UPLOADS_TOTAL_BYTES,
          kind === 'file' ? (fileNameOf(request.headers.get(UPLOAD_NAME_HEADER)) ?? null) : null,
        ],
      )
    ).rows[0];
  } catch (error) {
    log('Réservation d’un dépôt impossible :', error);
    return refuse(503, UPLOAD_MESSAGES.unavailable, { 'retry-after': '30' });
  }
  switch (reservation?.outcome) {
    case 'reserved':
      break;
    case 'rate_limited': {
      const wait = reservation.retry_after_seconds ?? 60;
      return refuse(429, UPLOAD_MESSAGES.rateLimited(wait), { 'retry-after': String(wait) });
    }
    case 'full':
      return refuse(507, UPLOAD_MESSAGES.full, { 'retry-after': '600' });
    default:
      log('Réservation d’un dépôt : réponse inattendue', reservation);
      return refuse(503, UPLOAD_MESSAGES.unavailable, { 'retry-after': '30' });
  }
  const evicted = (reservation.evicted ?? []).map((path) => path.slice(UPLOADS_BUCKET.length + 1));
  if (evicted.length) {
    log(
      `Plafond des dépôts atteint : ${evicted.length} dépôt(s) le(s) plus ancien(s) supprimé(s) pour faire de la place.`,
    );
    await deps.store.remove(evicted).catch((error: unknown) => log('Dépôts évincés non supprimés :', error));
  }

  /** Gives the unused part of the reservation back, or cancels it (`size` undefined). */
  const finish = (size: number | undefined, received: number) =>
    deps.db
      .query('select public.finish_upload($1::text, $2::bigint, $3::text, $4::bigint, $5::integer, $6::bigint)', [
        key,
        size ?? null,
        clientKey,
        quota.bytes,
        windowSeconds,
        received,
      ])
      .catch((error: unknown) => log(`Réservation du dépôt ${key} non soldée :`, error));

  const body = counted(request.body, UPLOAD_MAX_BYTES);
  try {
    await deps.store.put(name, type, body.stream);
  } catch (error) {
    await finish(undefined, body.state.size);
    // Supabase Storage may hold a lower limit than ours (the project's): its refusal is said as ours.
    if (body.state.over || (error as { status?: unknown }).status === 413) return refuse(413, UPLOAD_MESSAGES.tooLarge);
    if (body.state.size === 0 && !body.state.cut) return refuse(400, UPLOAD_MESSAGES.empty);
    // A client that went away, or a body cut short, is no failure of ours.
    if (body.state.cut || request.signal.aborted) return refuse(400, UPLOAD_MESSAGES.unreadable);
    log('Dépôt impossible dans le stockage :', error);
    return refuse(503, UPLOAD_MESSAGES.unavailable, { 'retry-after': '30' });
  }
  await finish(body.state.size, body.state.size);
  return json(200, { ok: true, path: name }, cors);
}

/** The Supabase bucket, through Storage's API with the service-role key (the only writer: visitors have no policy). */
export function bucketStore(supabaseUrl: string, serviceKey: string, fetchImpl: typeof fetch = fetch): UploadStore {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/${UPLOADS_BUCKET}`;
  const auth = { authorization: `Bearer ${serviceKey}`, apikey: serviceKey };
  return {
    async put(name, type, body) {
      // Streamed through (duplex: the body is sent while it arrives); the cache time is the server's own.
      const response = await fetchImpl(`${base}/${name}`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': type,
          'cache-control': `max-age=${UPLOAD_CACHE_SECONDS}`,
          'x-upsert': 'false',
        },
        body,
        duplex: 'half',
      } as RequestInit);
      if (!response.ok)
        throw Object.assign(new Error(`Stockage Supabase : HTTP ${response.status} ${await response.text()}`), {
          status: response.status,
        });
    },
    async remove(names) {
      if (!names.length) return;
      const response = await fetchImpl(base, {
        method: 'DELETE',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: names }),
      });
      if (!response.ok) throw new Error(`Suppression des dépôts refusée (HTTP ${response.status}).`);
    },
  };
}
