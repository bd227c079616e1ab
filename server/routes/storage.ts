/**
 * Object storage of the embedded default (docs/requirements.md#assistant-uploads): the subset of Supabase
 * Storage's HTTP API that `@supabase/supabase-js` uses for the assistant's voice notes and attachments.
 *   POST /storage/v1/object/{bucket}/{path}          upload (multipart from a Blob, or a raw body), never overwrites (409)
 *   GET  /storage/v1/object/public/{bucket}/{path}   public read
 * Objects live on disk under `dir` ({bucket}/{path}); their metadata beside them under .meta/.
 *
 * Uploads are never active content (docs/decisions/0024-uploads-never-active-content.md): only a type of
 * the allow-list, normalised, is stored and served; answers are sandboxed, never sniffed, and downloaded
 * unless audio or image, and only to this site and its subdomains (Cross-Origin-Resource-Policy: same-site).
 * Names must carry the widget's 128 random bits.
 *
 * Uploads are streamed against their limits (docs/decisions/0060-uploads-streamed-kept-for-a-time.md):
 * the declared size, the client's quota (files and bytes per hour) and the total cap are checked in the
 * database before any byte is read (public.reserve_upload), and the size again while bytes arrive, to a
 * temporary file; a body is never held in memory. Each client also has a small allowance of misses on
 * reads. Every limit is the database's, shared by every server on it. Every refusal is a 4xx in
 * Supabase's error shape ({ statusCode, error, message }) with a French message, and writes nothing.
 */
import { Hono, type Context } from 'hono';
import { createWriteStream, type WriteStream } from 'node:fs';
import { link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import {
  UPLOADS_BUCKET,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PARTS,
  UPLOAD_MISS_LIMIT,
  UPLOAD_QUOTA,
  UPLOADS_TOTAL_BYTES,
  isUploadPath,
  mediaType,
  showsInline,
  uploadType,
} from '../../core/assistant/uploads.ts';
import { clientAddress } from '../rate-limit.ts';
import { requireApiKey } from '../api-key.ts';
import { retryDelayText } from '../../backend/http.ts';
import type { Database } from '../../backend/db.ts';
import { rateLimitParams } from '../../backend/db.ts';

const BUCKETS = new Set([UPLOADS_BUCKET]);

/** The policy of every upload served: a document of its own, with nothing allowed to run or load. */
export const UPLOAD_CSP = "sandbox; default-src 'none'";

/** Room for the multipart envelope around the largest accepted file. */
const ENVELOPE_BYTES = 64 * 1024;

interface ObjectMeta {
  contentType: string;
  cacheControl: string;
  size: number;
  createdAt: string;
}

type Status = 400 | 401 | 404 | 405 | 409 | 413 | 415 | 429 | 503 | 507;

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
  full: 'L’espace de dépôt est plein pour le moment. Réessayez plus tard, ou écrivez-nous depuis la page Contact.',
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

type Refusal = { status: 400 | 413 | 415; error: string; message: string };
type Received = { ok: true; size: number; declaredType: string; cacheControl?: string } | ({ ok: false } & Refusal);

const refusal = (status: Refusal['status'], error: string, message: string) =>
  ({ ok: false, status, error, message }) as const;

/** Writes `chunk` to `out`, waiting while its buffer is full: bytes never pile up in memory. */
async function write(out: WriteStream, chunk: Uint8Array): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * Streams the file of an upload into `temporary`, counting its bytes as they arrive: the single file part
 * of a multipart body, or the raw body with its header type. Stops at the first byte past the limit, or at
 * a file part whose type is not accepted, before reading the rest.
 */
async function receive(c: Context, temporary: string): Promise<Received> {
  const requestType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  const out = createWriteStream(temporary, { flags: 'wx' });
  const closed = once(out, 'close');
  try {
    if (!/^\s*multipart\/form-data\b/i.test(requestType)) {
      if (!uploadType(requestType))
        return refusal(415, 'Invalid mime type', MESSAGES.type(mediaType(requestType) ?? ''));
      let size = 0;
      if (body)
        for await (const chunk of body) {
          size += chunk.byteLength;
          if (size > UPLOAD_MAX_BYTES) return refusal(413, 'Payload too large', MESSAGES.tooLarge);
          await write(out, chunk);
        }
      return {
        ok: true,
        size,
        declaredType: requestType,
        cacheControl: c.req.header('cache-control')?.replace(/^max-age=/, ''),
      };
    }
    return await receiveMultipart(body, requestType, out);
  } finally {
    out.end();
    await closed;
  }
}

/** The multipart parser of @fastify/busboy (Dicer), for the raw headers of each part: busboy itself cuts a
 * part's Content-Type at its first ";", which would let « text/plain;x=,text/html » pass as text/plain. */
interface PartStream extends Readable {
  on(event: 'header', listener: (header: Record<string, string[]>) => void): this;
  on(event: string, listener: (...args: never[]) => void): this;
}
interface MultipartParser extends Writable {
  on(event: 'part', listener: (part: PartStream) => void): this;
  on(event: string, listener: (...args: never[]) => void): this;
}
const Dicer = createRequire(import.meta.url)('@fastify/busboy/deps/dicer/lib/Dicer.js') as new (options: {
  boundary: string;
  maxHeaderPairs?: number;
  partHwm?: number;
}) => MultipartParser;

/** The boundary of a multipart Content-Type (RFC 2046: 1 to 70 characters), or undefined. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;,"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** A parameter of a Content-Disposition value (name, filename), quoted or not. */
function dispositionParam(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]*))`, 'i').exec(value);
  return match ? (match[1] ?? match[2] ?? '') : undefined;
}

async function receiveMultipart(
  body: ReadableStream<Uint8Array> | null,
  requestType: string,
  out: WriteStream,
): Promise<Received> {
  const boundary = boundaryOf(requestType);
  if (!boundary) return refusal(400, 'Invalid body', MESSAGES.unreadable);
  const parser = new Dicer({ boundary, maxHeaderPairs: 20, partHwm: 64 * 1024 });
  let outcome: Received | undefined;
  const stop = (value: Received) => {
    outcome ??= value;
  };
  let parts = 0;
  let files = 0;
  let size = 0;
  let declaredType = '';
  let cacheControl: string | undefined;
  const writing: Promise<void>[] = [];
  parser.on('part', (part) => {
    parts += 1;
    if (parts > UPLOAD_MAX_PARTS) stop(refusal(400, 'Invalid body', MESSAGES.parts));
    part.on('error', () => stop(refusal(400, 'Invalid body', MESSAGES.unreadable)));
    part.on('header', (header) => {
      const disposition = header['content-disposition']?.[0] ?? '';
      const isFile = dispositionParam(disposition, 'filename') !== undefined;
      if (outcome || !/^\s*form-data\b/i.test(disposition)) return void part.resume();
      if (!isFile) {
        // A field: only cacheControl is read, a few bytes at most.
        let value = '';
        part.on('data', (chunk: Buffer) => {
          if (value.length < 1024) value += chunk.toString('utf8');
        });
        part.on('end', () => {
          if (dispositionParam(disposition, 'name') === 'cacheControl') cacheControl = value.slice(0, 1024);
        });
        return;
      }
      files += 1;
      if (files > 1) {
        stop(refusal(400, 'Invalid body', MESSAGES.oneFile));
        return void part.resume();
      }
      declaredType = header['content-type']?.[0] ?? '';
      if (!uploadType(declaredType)) {
        stop(refusal(415, 'Invalid mime type', MESSAGES.type(mediaType(declaredType) ?? '')));
        return void part.resume();
      }
      writing.push(
        (async () => {
          for await (const chunk of part as AsyncIterable<Buffer>) {
            if (outcome) continue;
            size += chunk.byteLength;
            if (size > UPLOAD_MAX_BYTES) {
              stop(refusal(413, 'Payload too large', MESSAGES.tooLarge));
              continue;
            }
            await write(out, chunk);
          }
        })().catch(() => stop(refusal(400, 'Invalid body', MESSAGES.unreadable))),
      );
    });
  });
  let failed = false;
  const finished = new Promise<void>((resolve) => {
    parser.on('finish', () => resolve());
    parser.on('error', () => {
      failed = true;
      resolve();
    });
  });
  try {
    if (body)
      for await (const chunk of body) {
        if (outcome || failed) break;
        if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), finished]);
      }
    if (!outcome && !failed) parser.end();
  } catch {
    stop(refusal(400, 'Invalid body', MESSAGES.unreadable));
  }
  if (!outcome && !failed) await finished;
  if (outcome || failed) parser.destroy();
  // A file part left unfinished (a body cut short, a refusal) ends its writer here.
  await Promise.race([Promise.allSettled(writing), outcome || failed ? Promise.resolve() : new Promise(() => {})]);
  if (failed) stop(refusal(400, 'Invalid body', MESSAGES.unreadable));
  if (outcome) return outcome;
  if (files === 0) return refusal(400, 'Invalid body', MESSAGES.noFile);
  return { ok: true, size, declaredType, cacheControl };
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
  /** The database that holds the quotas and the register of uploads (supabase/migrations). */
  db: Database;
  /** Files and bytes one client may upload per window. */
  quota?: { files: number; bytes: number; windowMs: number };
  /** Bytes all uploads kept may take together (UPLOADS_MAX_TOTAL_MB); past it, 507. */
  totalBytes?: number;
  /** Unknown objects one client may ask for per window. */
  misses?: { limit: number; windowMs: number };
  /** Reverse proxies in front (TRUST_PROXY): clients are then read from X-Forwarded-For, from the right. */
  trustProxy?: number;
  log?: (message: string, error?: unknown) => void;
}

export function storageRoutes({
  dir,
  anonKey,
  db,
  quota = UPLOAD_QUOTA,
  totalBytes = UPLOADS_TOTAL_BYTES,
  misses = UPLOAD_MISS_LIMIT,
  trustProxy = 0,
  log = (message, error) => console.error(message, error ?? ''),
}: StorageRouteOptions) {
  const app = new Hono();
  const windowSeconds = Math.max(1, Math.round(quota.windowMs / 1000));
  const [missLimit, missWindow] = rateLimitParams(misses);
  const fileOf = (bucket: string, path: string) => join(dir, bucket, path);
  const metaOf = (bucket: string, path: string) => join(dir, '.meta', bucket, `${path}.json`);
  const partialDir = join(dir, '.partial');

  /** Gives the unused part of a reservation back, or cancels it (`size` undefined). */
  const finish = (path: string, client: string, size: number | undefined, received = 0) =>
    db
      .query('select public.finish_upload($1::text, $2::bigint, $3::text, $4::bigint, $5::integer, $6::bigint)', [
        path,
        size ?? null,
        client,
        quota.bytes,
        windowSeconds,
        received,
      ])
      .catch((error: unknown) => log(`Réservation du dépôt ${path} non soldée :`, error));

  app.post(
    '/storage/v1/object/:bucket/*',
    requireApiKey(anonKey, (c) => fail(c, 401, 'Unauthorized', MESSAGES.key)),
    async (c) => {
      const bucket = c.req.param('bucket')!;
      if (!BUCKETS.has(bucket)) return fail(c, 404, 'Bucket not found', MESSAGES.bucket(bucket));
      const path = objectPath(c, `/storage/v1/object/${bucket}/`);
      if (path === undefined || !isUploadPath(path)) return fail(c, 400, 'Invalid key', MESSAGES.path);
      // Before any byte: the declared size, then the client's quota and the total cap (a reservation).
      const declared = c.req.header('content-length');
      const multipart = /^\s*multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
      const ceiling = UPLOAD_MAX_BYTES + (multipart ? ENVELOPE_BYTES : 0);
      if (declared !== undefined && Number(declared) > ceiling)
        return fail(c, 413, 'Payload too large', MESSAGES.tooLarge, { connection: 'close' });
      const reserved = Math.min(ceiling, declared === undefined ? ceiling : Number(declared) || 0);
      const client = clientAddress(c, { trustProxy });
      let reservation: { outcome: string; retry_after_seconds: number | null } | undefined;
      try {
        reservation = (
          await db.query<{ outcome: string; retry_after_seconds: number | null }>(
            'select * from public.reserve_upload($1::text, $2::bigint, $3::text, $4::integer, $5::bigint, $6::integer, $7::bigint)',
            [`${bucket}/${path}`, reserved, client, quota.files, quota.bytes, windowSeconds, totalBytes],
          )
        ).rows[0];
      } catch (error) {
        log('Réservation d’un dépôt impossible :', error);
        return fail(c, 503, 'Service unavailable', MESSAGES.unavailable, { 'retry-after': '30', connection: 'close' });
      }
      const close = { connection: 'close' };
      switch (reservation?.outcome) {
        case 'reserved':
          break;
        case 'rate_limited': {
          const wait = reservation.retry_after_seconds ?? 60;
          return fail(c, 429, 'Too Many Requests', MESSAGES.quota(wait), { 'retry-after': String(wait), ...close });
        }
        case 'full':
          return fail(c, 507, 'Insufficient storage', MESSAGES.full, { 'retry-after': '3600', ...close });
        case 'exists':
          return fail(c, 409, 'Duplicate', MESSAGES.duplicate, close);
        default:
          log('Réservation d’un dépôt : réponse inattendue', reservation);
          return fail(c, 503, 'Service unavailable', MESSAGES.unavailable, { 'retry-after': '30', ...close });
      }
      const key = `${bucket}/${path}`;
      const temporary = join(partialDir, `${Date.now()}-${randomBytes(12).toString('hex')}`);
      let received: Received;
      try {
        await mkdir(partialDir, { recursive: true });
        received = await receive(c, temporary);
      } catch (error) {
        await Promise.all([rm(temporary, { force: true }), finish(key, client, undefined)]);
        // A client that went away is no failure of ours.
        if (c.req.raw.signal.aborted) return fail(c, 400, 'Invalid body', MESSAGES.unreadable, close);
        log('Réception d’un dépôt impossible :', error);
        return fail(c, 503, 'Service unavailable', MESSAGES.unavailable, { 'retry-after': '30', ...close });
      }
      const refuse = async (status: Refusal['status'] | 409 | 503, error: string, message: string, extra = {}) => {
        await Promise.all([rm(temporary, { force: true }), finish(key, client, undefined)]);
        return fail(c, status, error, message, { ...extra, ...(status === 413 ? close : {}) });
      };
      if (!received.ok) return refuse(received.status, received.error, received.message);
      if (received.size === 0) return refuse(400, 'Invalid body', MESSAGES.empty);
      const type = uploadType(received.declaredType)!;
      const cacheControl = /^\d{1,8}$/.test(received.cacheControl ?? '') ? received.cacheControl! : '3600';
      const file = fileOf(bucket, path);
      const metaFile = metaOf(bucket, path);
      const meta: ObjectMeta = {
        contentType: type,
        cacheControl,
        size: received.size,
        createdAt: new Date().toISOString(),
      };
      let created = false;
      try {
        await mkdir(dirname(file), { recursive: true });
        // A hard link never replaces an existing name (no overwrite, whatever x-upsert says).
        await link(temporary, file);
        created = true;
        await mkdir(dirname(metaFile), { recursive: true });
        await writeFile(metaFile, JSON.stringify(meta), { flag: 'wx' });
      } catch (error) {
        // Nothing half-written stays: an object is its bytes and its metadata, or nothing.
        if (created) await Promise.all([rm(file, { force: true }), rm(metaFile, { force: true })]);
        const failure = writeFailure(error);
        if (failure === 'exists' && !created) return refuse(409, 'Duplicate', MESSAGES.duplicate);
        if (failure === 'exists' || failure === 'occupied') return refuse(409, 'Conflict', MESSAGES.occupied);
        if (failure === 'path') return refuse(400, 'Invalid key', MESSAGES.path);
        log('Dépôt impossible dans le stockage :', error);
        return refuse(503, 'Service unavailable', MESSAGES.unavailable, { 'retry-after': '30' });
      } finally {
        await rm(temporary, { force: true });
      }
      await finish(key, client, received.size);
      return c.json({ Key: key, Id: key }, 200);
    },
  );

  app.on(['GET', 'HEAD'], '/storage/v1/object/public/:bucket/*', async (c) => {
    const client = clientAddress(c, { trustProxy });
    let wait: number;
    try {
      wait = (
        await db.query<{ wait: number }>(
          'select public.rate_limit_wait($1::text, $2::text, $3::integer, $4::integer) as wait',
          ['upload_misses', client, missLimit, missWindow],
        )
      ).rows[0]!.wait;
    } catch (error) {
      log('Lecture du stockage : limite indisponible', error);
      return fail(c, 503, 'Service unavailable', MESSAGES.unavailable, { 'retry-after': '30' });
    }
    if (wait > 0) return fail(c, 429, 'Too Many Requests', MESSAGES.misses(wait), { 'retry-after': String(wait) });
    const miss = async () => {
      await db
        .query('select public.take_rate_token($1::text, $2::text, $3::integer, $4::integer)', [
          'upload_misses',
          client,
          missLimit,
          missWindow,
        ])
        .catch((error: unknown) => log('Lecture du stockage : limite non comptée', error));
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
      // This site and its subdomains only: no other site hotlinks a visitor's upload (a free host otherwise).
      'cross-origin-resource-policy': 'same-site',
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
