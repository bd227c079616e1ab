/**
 * Object storage of the embedded default (docs/requirements.md#assistant-uploads): the subset of Supabase
 * Storage's HTTP API that `@supabase/supabase-js` uses for the assistant's voice notes and attachments.
 *   POST /storage/v1/object/{bucket}/{path}          upload (multipart from a Blob, or a raw body), never overwrites (409)
 *   GET  /storage/v1/object/public/{bucket}/{path}   public read
 * Objects live on disk under `dir` ({bucket}/{path}); their metadata beside them under .meta/.
 *
 * Uploads are never active content (docs/decisions/0024-uploads-never-active-content.md): only a type of
 * the allow-list, normalised, is stored and served; answers are sandboxed, never sniffed, and downloaded
 * unless audio or image. Names must carry the widget's random part; each client has an upload quota
 * (files and bytes per hour) and a small allowance of misses on reads. Every refusal is a 4xx in
 * Supabase's error shape ({ statusCode, error, message }) with a French message, and writes nothing.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  UPLOADS_BUCKET,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PARTS,
  UPLOAD_MISS_LIMIT,
  UPLOAD_QUOTA,
  isUploadPath,
  mediaType,
  showsInline,
  uploadType,
} from '../../core/assistant/uploads.ts';
import { clientAddress, createRateLimiter } from '../rate-limit.ts';
import { requireApiKey } from '../api-key.ts';
import { retryDelayText } from '../../backend/http.ts';

const BUCKETS = new Set([UPLOADS_BUCKET]);

/** The policy of every upload served: a document of its own, with nothing allowed to run or load. */
export const UPLOAD_CSP = "sandbox; default-src 'none'";

interface ObjectMeta {
  contentType: string;
  cacheControl: string;
  size: number;
  createdAt: string;
}

type Status = 400 | 401 | 404 | 405 | 409 | 413 | 415 | 429 | 503;

/** Supabase Storage's error shape, with a French message. */
function fail(c: Context, status: Status, error: string, message: string, headers: Record<string, string> = {}) {
  return c.json({ statusCode: String(status), error, message }, status, { 'cache-control': 'no-store', ...headers });
}

const MESSAGES = {
  key: 'Clé d’accès au stockage absente ou invalide.',
  bucket: (bucket: string) => `Espace de stockage inconnu\u00A0: ${bucket}.`,
  path: 'Chemin d’objet invalide\u00A0: seuls les noms de dépôt de l’assistant sont acceptés.',
  tooLarge: `Fichier trop volumineux\u00A0: ${UPLOAD_MAX_BYTES / 1024 / 1024} Mo au plus.`,
  unreadable: 'Envoi illisible\u00A0: formulaire multipart attendu.',
  parts: `Envoi refusé\u00A0: ${UPLOAD_MAX_PARTS} parties au plus dans un formulaire multipart.`,
  noFile: 'Aucun fichier dans l’envoi.',
  oneFile: 'Un seul fichier par envoi.',
  empty: 'Le fichier envoyé est vide.',
  type: (type: string) =>
    `Type de fichier non accepté (${type || 'inconnu'}). Types acceptés\u00A0: audio, images, PDF, texte et documents bureautiques.`,
  duplicate: 'Un fichier existe déjà à cet emplacement.',
  occupied: 'Cet emplacement est déjà occupé par un autre fichier ou dossier.',
  quota: (seconds: number) =>
    `Trop de fichiers envoyés depuis votre connexion. Réessayez dans ${retryDelayText(seconds)}.`,
  misses: (seconds: number) => `Trop de fichiers introuvables demandés. Réessayez dans ${retryDelayText(seconds)}.`,
  notFound: 'Fichier introuvable.',
  method: 'Méthode non autorisée\u00A0: le stockage accepte le dépôt (POST) et la lecture publique (GET).',
  unavailable: 'Le stockage est momentanément indisponible. Réessayez dans quelques instants.',
} as const;

/** The object path after `prefix`, percent-decoded, or undefined when the encoding is malformed. */
function objectPath(c: Context, prefix: string): string | undefined {
  const raw = new URL(c.req.url).pathname.slice(prefix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** How many parts a multipart body holds, counted on its bytes before any parsing. */
export function multipartParts(body: Uint8Array, contentType: string): number | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;,"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return undefined;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  let count = 0;
  for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at + delimiter.length)) count++;
  // n parts have n delimiters and a closing one.
  return Math.max(0, count - 1);
}

type Received =
  | { ok: true; data: Uint8Array; declaredType: string; cacheControl?: string }
  | { ok: false; status: 400; error: string; message: string };

/** The file of an upload: the single file part of a multipart body, or the raw body with its header type. */
async function receive(c: Context): Promise<Received> {
  const body = new Uint8Array(await c.req.arrayBuffer());
  const requestType = c.req.header('content-type') ?? '';
  if (!/^\s*multipart\/form-data\b/i.test(requestType))
    return {
      ok: true,
      data: body,
      declaredType: requestType,
      cacheControl: c.req.header('cache-control')?.replace(/^max-age=/, ''),
    };
  const parts = multipartParts(body, requestType);
  if (parts === undefined) return { ok: false, status: 400, error: 'Invalid body', message: MESSAGES.unreadable };
  if (parts > UPLOAD_MAX_PARTS) return { ok: false, status: 400, error: 'Invalid body', message: MESSAGES.parts };
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': requestType } }).formData();
  } catch {
    return { ok: false, status: 400, error: 'Invalid body', message: MESSAGES.unreadable };
  }
  const files = [...form.values()].filter((value): value is File => typeof value !== 'string');
  if (files.length === 0) return { ok: false, status: 400, error: 'Invalid body', message: MESSAGES.noFile };
  if (files.length > 1) return { ok: false, status: 400, error: 'Invalid body', message: MESSAGES.oneFile };
  const control = form.get('cacheControl');
  return {
    ok: true,
    data: new Uint8Array(await files[0]!.arrayBuffer()),
    declaredType: files[0]!.type,
    cacheControl: typeof control === 'string' ? control : undefined,
  };
}

/** Why a write failed, for an answer: a 4xx for what the path caused, else the storage is unavailable. */
function writeFailure(error: unknown): 'exists' | 'occupied' | 'path' | 'unavailable' {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EEXIST':
      return 'exists';
    case 'ENOTDIR':
    case 'EISDIR':
      return 'occupied';
    case 'ENAMETOOLONG':
      return 'path';
    default:
      return 'unavailable';
  }
}

export interface StorageRouteOptions {
  dir: string;
  anonKey: string;
  /** Files and bytes one client may upload per window. */
  quota?: { files: number; bytes: number; windowMs: number };
  /** Unknown objects one client may ask for per window. */
  misses?: { limit: number; windowMs: number };
  /** Reverse proxies in front (TRUST_PROXY): clients are then read from X-Forwarded-For, from the right. */
  trustProxy?: number;
  log?: (message: string, error?: unknown) => void;
  /** The clock of the quotas (tests freeze it, so that no refill depends on the machine's speed). */
  now?: () => number;
}

export function storageRoutes({
  dir,
  anonKey,
  quota = UPLOAD_QUOTA,
  misses = UPLOAD_MISS_LIMIT,
  trustProxy = 0,
  log = (message, error) => console.error(message, error ?? ''),
  now,
}: StorageRouteOptions) {
  const app = new Hono();
  const files = createRateLimiter({ limit: quota.files, windowMs: quota.windowMs, now });
  const bytes = createRateLimiter({ limit: quota.bytes, windowMs: quota.windowMs, now });
  const missed = createRateLimiter({ ...misses, now });
  const fileOf = (bucket: string, path: string) => join(dir, bucket, path);
  const metaOf = (bucket: string, path: string) => join(dir, '.meta', bucket, `${path}.json`);

  app.post(
    '/storage/v1/object/:bucket/*',
    requireApiKey(anonKey, (c) => fail(c, 401, 'Unauthorized', MESSAGES.key)),
    async (c, next) => {
      const decision = files.hit(clientAddress(c, { trustProxy }));
      if (decision.allowed) return next();
      const retry = String(decision.retryAfterSeconds);
      return fail(c, 429, 'Too Many Requests', MESSAGES.quota(decision.retryAfterSeconds), { 'retry-after': retry });
    },
    async (c, next) => {
      const bucket = c.req.param('bucket');
      if (!BUCKETS.has(bucket)) return fail(c, 404, 'Bucket not found', MESSAGES.bucket(bucket));
      const path = objectPath(c, `/storage/v1/object/${bucket}/`);
      if (path === undefined || !isUploadPath(path)) return fail(c, 400, 'Invalid key', MESSAGES.path);
      return next();
    },
    bodyLimit({
      // Room for the multipart envelope around the largest accepted file.
      maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
      onError: (c) => fail(c, 413, 'Payload too large', MESSAGES.tooLarge, { connection: 'close' }),
    }),
    async (c) => {
      const bucket = c.req.param('bucket')!;
      const path = objectPath(c, `/storage/v1/object/${bucket}/`)!;
      const received = await receive(c);
      if (!received.ok) return fail(c, received.status, received.error, received.message);
      const { data, declaredType } = received;
      if (data.byteLength === 0) return fail(c, 400, 'Invalid body', MESSAGES.empty);
      if (data.byteLength > UPLOAD_MAX_BYTES) return fail(c, 413, 'Payload too large', MESSAGES.tooLarge);
      const type = uploadType(declaredType);
      if (!type) return fail(c, 415, 'Invalid mime type', MESSAGES.type(mediaType(declaredType) ?? ''));
      const spent = bytes.hit(clientAddress(c, { trustProxy }), data.byteLength);
      if (!spent.allowed)
        return fail(c, 429, 'Too Many Requests', MESSAGES.quota(spent.retryAfterSeconds), {
          'retry-after': String(spent.retryAfterSeconds),
        });
      const cacheControl = /^\d{1,8}$/.test(received.cacheControl ?? '') ? received.cacheControl! : '3600';

      const file = fileOf(bucket, path);
      const metaFile = metaOf(bucket, path);
      const meta: ObjectMeta = {
        contentType: type,
        cacheControl,
        size: data.byteLength,
        createdAt: new Date().toISOString(),
      };
      let created = false;
      try {
        await mkdir(dirname(file), { recursive: true });
        // "wx": the object is created, never replaced (no overwrite, whatever x-upsert says).
        const handle = await open(file, 'wx');
        created = true;
        try {
          await handle.writeFile(data);
        } finally {
          await handle.close();
        }
        await mkdir(dirname(metaFile), { recursive: true });
        await writeFile(metaFile, JSON.stringify(meta), { flag: 'wx' });
      } catch (error) {
        // Nothing half-written stays: an object is its bytes and its metadata, or nothing.
        if (created) await Promise.all([rm(file, { force: true }), rm(metaFile, { force: true })]);
        const failure = writeFailure(error);
        if (failure === 'exists' && !created) return fail(c, 409, 'Duplicate', MESSAGES.duplicate);
        if (failure === 'exists' || failure === 'occupied') return fail(c, 409, 'Conflict', MESSAGES.occupied);
        if (failure === 'path') return fail(c, 400, 'Invalid key', MESSAGES.path);
        log('Dépôt impossible dans le stockage :', error);
        return fail(c, 503, 'Service unavailable', MESSAGES.unavailable, { 'retry-after': '30' });
      }
      return c.json({ Key: `${bucket}/${path}`, Id: `${bucket}/${path}` }, 200);
    },
  );

  app.on(['GET', 'HEAD'], '/storage/v1/object/public/:bucket/*', async (c) => {
    const client = clientAddress(c, { trustProxy });
    const wait = missed.retryAfter(client);
    if (wait > 0) return fail(c, 429, 'Too Many Requests', MESSAGES.misses(wait), { 'retry-after': String(wait) });
    const miss = () => {
      missed.hit(client);
      return fail(c, 404, 'Not found', MESSAGES.notFound);
    };
    const bucket = c.req.param('bucket');
    const path = objectPath(c, `/storage/v1/object/public/${bucket}/`);
    if (!BUCKETS.has(bucket) || path === undefined || !isUploadPath(path)) return miss();
    const file = fileOf(bucket, path);
    const info = await stat(file).catch(() => undefined);
    const meta = await readFile(metaOf(bucket, path), 'utf8')
      .then((text) => JSON.parse(text) as Partial<ObjectMeta>)
      .catch(() => undefined);
    // An object without its metadata was never completely stored.
    if (!info?.isFile() || !meta) return miss();
    // Stored metadata is read again through the allow-list: an older upload kept the client's header as sent.
    const type = uploadType(meta.contentType ?? '') ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'content-length': String(info.size),
      'cache-control': `public, max-age=${/^\d{1,8}$/.test(meta.cacheControl ?? '') ? meta.cacheControl : '3600'}`,
      'content-security-policy': UPLOAD_CSP,
      'x-content-type-options': 'nosniff',
      // Shown by the page (audio, images); anything else is downloaded, never opened as a document of this origin.
      'content-disposition': showsInline(type) ? 'inline' : `attachment; filename="${basename(path)}"`,
      // Voice notes play on the sites that embed the assistant.
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(await readFile(file)), 200, headers);
  });

  app.all('/storage/*', (c) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? fail(c, 404, 'Not found', MESSAGES.notFound)
      : fail(c, 405, 'Method not allowed', MESSAGES.method, { allow: 'GET, HEAD, POST' }),
  );

  return app;
}
