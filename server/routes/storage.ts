/**
 * Object storage of the embedded default (docs/requirements.md#assistant-uploads):
 *   POST /functions/v1/assistant/upload              a voice note or a file, named by the server
 *                                                    (backend/assistant/uploads.ts, the same code as the Supabase function)
 *   GET  /storage/v1/object/public/{bucket}/{path}   public read, as Supabase Storage serves it
 * Objects live on disk under `dir` ({bucket}/{path}); their metadata beside them under .meta/.
 *
 * Uploads are never active content (docs/decisions/0024-uploads-never-active-content.md): only a type of
 * the allow-list, normalised, is stored and served; answers are sandboxed, never sniffed, downloaded unless
 * audio or image (under the server's own name), cached for the server's time, and only to this site and
 * its subdomains (Cross-Origin-Resource-Policy: same-site).
 *
 * Reads are streamed (docs/decisions/0080-uploads-named-by-the-server.md): a file is sent a chunk at a time,
 * as fast as the client takes it, within a send time; each client holds a few reads at once, and has a small
 * allowance of misses. A held reader costs a chunk, not the file. Every refusal is a 4xx with a French message.
 */
import { Hono, type Context } from 'hono';
import { link, mkdir, open, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  UPLOAD_CACHE_SECONDS,
  UPLOAD_MISS_LIMIT,
  UPLOAD_PATH,
  UPLOADS_BUCKET,
  isUploadPath,
  showsInline,
  uploadType,
} from '../../core/assistant/uploads.ts';
import { handleUploadRequest, type UploadDeps, type UploadStore } from '../../backend/assistant/uploads.ts';
import { clientAddress } from '../rate-limit.ts';
import { requireApiKey, API_KEY_MESSAGE } from '../api-key.ts';
import { jsonResponse, retryDelayText } from '../../backend/http.ts';
import type { Database } from '../../backend/db.ts';
import { rateLimitParams } from '../../backend/db.ts';

/** The policy of every upload served: a document of its own, with nothing allowed to run or load. */
export const UPLOAD_CSP = "sandbox; default-src 'none'";

/** How a read is sent: chunks of 64 KiB, the whole file within `sendMs` (10 MB on a slow line), `perClient` at once. */
export const UPLOAD_READS = { chunkBytes: 64 * 1024, sendMs: 120_000, perClient: 6 };

interface ObjectMeta {
  contentType: string;
  size: number;
  createdAt: string;
}

/** Supabase Storage's error shape, with a French message. */
function fail(c: Context, status: 404 | 405 | 429 | 503, error: string, message: string, headers = {}) {
  return c.json({ statusCode: String(status), error, message }, status, { 'cache-control': 'no-store', ...headers });
}

const MESSAGES = {
  misses: (seconds: number) => `Trop de fichiers introuvables demandés. Réessayez dans ${retryDelayText(seconds)}.`,
  reads: 'Trop de fichiers lus en même temps depuis votre connexion. Réessayez dans quelques secondes.',
  notFound: 'Fichier introuvable.',
  method:
    'Méthode non autorisée\u00A0: le stockage se lit (GET)\u00A0; les fichiers s’envoient à /functions/v1/assistant/upload.',
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

/** The folder the objects live in: each written to a temporary file, then linked into place (never over another). */
export function diskStore(dir: string): UploadStore {
  const fileOf = (name: string) => join(dir, UPLOADS_BUCKET, name);
  const metaOf = (name: string) => join(dir, '.meta', UPLOADS_BUCKET, `${name}.json`);
  return {
    async put(name, type, body) {
      const temporary = join(dir, '.partial', `${Date.now()}-${randomBytes(12).toString('hex')}`);
      await mkdir(dirname(temporary), { recursive: true });
      try {
        const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        const { size } = await stat(temporary);
        await mkdir(dirname(fileOf(name)), { recursive: true });
        // A hard link never replaces an existing name.
        await link(temporary, fileOf(name));
        const meta: ObjectMeta = { contentType: type, size, createdAt: new Date().toISOString() };
        await mkdir(dirname(metaOf(name)), { recursive: true });
        await writeFile(metaOf(name), JSON.stringify(meta), { flag: 'wx' }).catch(async (error: unknown) => {
          // An object is its bytes and its metadata, or nothing.
          await rm(fileOf(name), { force: true });
          throw error;
        });
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async remove(names) {
      for (const name of names) {
        if (!isUploadPath(name)) continue;
        await rm(fileOf(name), { force: true });
        await rm(metaOf(name), { force: true });
      }
    },
  };
}

/** A file as a stream of chunks read when the client takes the previous one: the client's pace is the disk's. */
function fileStream(handle: FileHandle, chunkBytes: number, done: () => void): ReadableStream<Uint8Array> {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
    void handle.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { bytesRead, buffer } = await handle.read(Buffer.alloc(chunkBytes), 0, chunkBytes, null);
          if (bytesRead === 0) {
            controller.close();
            finish();
          } else controller.enqueue(buffer.subarray(0, bytesRead));
        } catch (error) {
          controller.error(error);
          finish();
        }
      },
      // The client went away, or its time was up (below): the file is closed, the client's place freed.
      cancel: finish,
    },
    { highWaterMark: 0 },
  );
}

export interface StorageRouteOptions extends Pick<UploadDeps, 'db' | 'quota' | 'totalBytes' | 'log'> {
  dir: string;
  anonKey: string;
  /** Origins allowed to upload from a browser, besides this server's (EMBED_ORIGINS, CORS_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Unknown objects one client may ask for per window. */
  misses?: { limit: number; windowMs: number };
  /** How reads are sent (UPLOAD_READS). */
  reads?: typeof UPLOAD_READS;
  /** Reverse proxies in front (TRUST_PROXY): clients are then read from X-Forwarded-For, from the right. */
  trustProxy?: number;
  db: Database;
}

export function storageRoutes({
  dir,
  anonKey,
  db,
  quota,
  totalBytes,
  allowedOrigins = [],
  misses = UPLOAD_MISS_LIMIT,
  reads = UPLOAD_READS,
  trustProxy = 0,
  log = (message, error) => console.error(message, error ?? ''),
}: StorageRouteOptions) {
  const app = new Hono();
  const [missLimit, missWindow] = rateLimitParams(misses);
  const store = diskStore(dir);
  /** Reads being sent, per client. */
  const reading = new Map<string, number>();

  app.on(
    ['POST', 'OPTIONS'],
    UPLOAD_PATH,
    requireApiKey(anonKey, () => jsonResponse(401, { ok: false, error: API_KEY_MESSAGE })),
    (c) =>
      handleUploadRequest(
        c.req.raw,
        { db, store, allowedOrigins, quota, totalBytes, log },
        clientAddress(c, { trustProxy }),
      ),
  );

  app.on(['GET', 'HEAD'], `/storage/v1/object/public/:bucket/*`, async (c) => {
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
    if (bucket !== UPLOADS_BUCKET || path === undefined || !isUploadPath(path)) return miss();
    const meta = await readFile(join(dir, '.meta', bucket, `${path}.json`), 'utf8')
      .then((text) => JSON.parse(text) as Partial<ObjectMeta>)
      .catch(() => undefined);
    // An object without its metadata was never completely stored.
    const handle = meta ? await open(join(dir, bucket, path), 'r').catch(() => undefined) : undefined;
    const info = await handle?.stat();
    if (!handle || !info?.isFile()) {
      await handle?.close();
      return miss();
    }
    // Stored metadata is read again through the allow-list: an older upload kept the client's header as sent.
    const type = uploadType(meta?.contentType ?? '') ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'content-length': String(info.size),
      // The server's time, whatever an upload of before asked for.
      'cache-control': `public, max-age=${UPLOAD_CACHE_SECONDS}`,
      'content-security-policy': UPLOAD_CSP,
      'x-content-type-options': 'nosniff',
      // Shown by the page (audio, images); anything else is downloaded, never opened as a document of this origin.
      'content-disposition': showsInline(type) ? 'inline' : `attachment; filename="${basename(path)}"`,
      // This site and its subdomains only: no other site hotlinks a visitor's upload (a free host otherwise).
      'cross-origin-resource-policy': 'same-site',
    };
    if (c.req.method === 'HEAD') {
      await handle.close();
      return c.body(null, 200, headers);
    }
    const held = reading.get(client) ?? 0;
    if (held >= reads.perClient) {
      await handle.close();
      return fail(c, 429, 'Too Many Requests', MESSAGES.reads, { 'retry-after': '5' });
    }
    reading.set(client, held + 1);
    // A reader that does not take the file within the send time loses its connection (which ends the stream).
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    const timer = setTimeout(() => socket?.destroy(), reads.sendMs);
    timer.unref();
    const stream = fileStream(handle, reads.chunkBytes, () => {
      clearTimeout(timer);
      const left = (reading.get(client) ?? 1) - 1;
      if (left > 0) reading.set(client, left);
      else reading.delete(client);
    });
    return c.body(stream, 200, headers);
  });

  app.all('/storage/*', (c) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? fail(c, 404, 'Not found', MESSAGES.notFound)
      : fail(c, 405, 'Method not allowed', MESSAGES.method, { allow: 'GET, HEAD' }),
  );

  return app;
}
