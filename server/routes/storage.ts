/**
 * Object storage of the embedded default (SPEC.md section 7, call 2): the subset of Supabase Storage's
 * HTTP API that `@supabase/supabase-js` uses for the assistant's voice notes and attachments.
 *   POST /storage/v1/object/{bucket}/{path}          upload (multipart from a Blob, or a raw body), never overwrites (409)
 *   GET  /storage/v1/object/public/{bucket}/{path}   public read, with the content type and cache control of the upload
 * Objects live on disk under `dir` ({bucket}/{path}); their metadata beside them under .meta/.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  UPLOADS_BUCKET,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  baseType,
  isAllowedUploadType,
  isSafeObjectPath,
} from '../../core/assistant/uploads.ts';
import { createRateLimiter, rateLimit } from '../rate-limit.ts';

const BUCKETS = new Set([UPLOADS_BUCKET]);
/** A visitor sends a few voice notes and files, not dozens a minute. */
export const UPLOAD_RATE_LIMIT = { limit: 30, windowMs: 60_000 };

interface ObjectMeta {
  contentType: string;
  cacheControl: string;
  size: number;
  createdAt: string;
}

/** Supabase Storage's error shape, with a French message. */
function fail(c: Context, status: 400 | 401 | 404 | 409 | 413 | 415, error: string, message: string) {
  return c.json({ statusCode: String(status), error, message }, status);
}

function objectPath(c: Context, prefix: string): string {
  const pathname = decodeURIComponent(new URL(c.req.url).pathname);
  return pathname.slice(prefix.length);
}

export interface StorageRouteOptions {
  dir: string;
  anonKey: string;
  limit?: typeof UPLOAD_RATE_LIMIT;
  /** Count clients by X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
}

export function storageRoutes({ dir, anonKey, limit = UPLOAD_RATE_LIMIT, trustProxy = false }: StorageRouteOptions) {
  const app = new Hono();
  const limiter = createRateLimiter(limit);
  const fileOf = (bucket: string, path: string) => join(dir, bucket, path);
  const metaOf = (bucket: string, path: string) => join(dir, '.meta', bucket, `${path}.json`);

  app.post(
    '/storage/v1/object/:bucket/*',
    rateLimit(limiter, { trustProxy }),
    bodyLimit({
      // Room for the multipart envelope around the largest accepted file.
      maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
      onError: (c) =>
        fail(c, 413, 'Payload too large', `Fichier trop volumineux : ${UPLOAD_MAX_BYTES / 1024 / 1024} Mo au plus.`),
    }),
    async (c) => {
      const key = c.req.header('apikey') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
      if (key !== anonKey) return fail(c, 401, 'Unauthorized', 'Clé d’accès au stockage absente ou invalide.');
      const bucket = c.req.param('bucket');
      if (!BUCKETS.has(bucket)) return fail(c, 404, 'Bucket not found', `Espace de stockage inconnu : ${bucket}.`);
      const path = objectPath(c, `/storage/v1/object/${bucket}/`);
      if (!isSafeObjectPath(path)) return fail(c, 400, 'Invalid key', 'Chemin d’objet invalide.');

      let data: Uint8Array;
      let contentType: string;
      let cacheControl = '3600';
      const requestType = c.req.header('content-type') ?? '';
      if (requestType.startsWith('multipart/form-data')) {
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          return fail(c, 400, 'Invalid body', 'Envoi illisible : formulaire multipart attendu.');
        }
        const file = [...form.values()].find((value): value is File => typeof value !== 'string');
        if (!file) return fail(c, 400, 'Invalid body', 'Aucun fichier dans l’envoi.');
        data = new Uint8Array(await file.arrayBuffer());
        contentType = file.type;
        const control = form.get('cacheControl');
        if (typeof control === 'string') cacheControl = control;
      } else {
        data = new Uint8Array(await c.req.arrayBuffer());
        contentType = requestType;
        cacheControl = c.req.header('cache-control')?.replace(/^max-age=/, '') ?? cacheControl;
      }
      if (!/^\d{1,8}$/.test(cacheControl)) cacheControl = '3600';
      if (data.byteLength === 0) return fail(c, 400, 'Invalid body', 'Le fichier envoyé est vide.');
      if (data.byteLength > UPLOAD_MAX_BYTES)
        return fail(
          c,
          413,
          'Payload too large',
          `Fichier trop volumineux : ${UPLOAD_MAX_BYTES / 1024 / 1024} Mo au plus.`,
        );
      if (!isAllowedUploadType(contentType))
        return fail(
          c,
          415,
          'Invalid mime type',
          `Type de fichier non accepté (${baseType(contentType) || 'inconnu'}). Types acceptés : audio, images, PDF, texte et documents bureautiques.`,
        );

      const file = fileOf(bucket, path);
      await mkdir(dirname(file), { recursive: true });
      // "wx": the object is created, never replaced (no overwrite, whatever x-upsert says).
      let handle;
      try {
        handle = await open(file, 'wx');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          return fail(c, 409, 'Duplicate', 'Un fichier existe déjà à cet emplacement.');
        throw error;
      }
      try {
        await handle.writeFile(data);
      } catch (error) {
        await handle.close();
        await rm(file, { force: true });
        throw error;
      }
      await handle.close();
      const meta: ObjectMeta = {
        contentType: baseType(contentType) === 'audio/webm' ? 'audio/webm' : contentType,
        cacheControl,
        size: data.byteLength,
        createdAt: new Date().toISOString(),
      };
      await mkdir(dirname(metaOf(bucket, path)), { recursive: true });
      await writeFile(metaOf(bucket, path), JSON.stringify(meta));
      return c.json({ Key: `${bucket}/${path}`, Id: `${bucket}/${path}` }, 200);
    },
  );

  app.on(['GET', 'HEAD'], '/storage/v1/object/public/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    const path = objectPath(c, `/storage/v1/object/public/${bucket}/`);
    if (!BUCKETS.has(bucket) || !isSafeObjectPath(path)) return fail(c, 404, 'Not found', 'Fichier introuvable.');
    const file = fileOf(bucket, path);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return fail(c, 404, 'Not found', 'Fichier introuvable.');
    const meta = JSON.parse(await readFile(metaOf(bucket, path), 'utf8').catch(() => '{}')) as Partial<ObjectMeta>;
    const type =
      meta.contentType && (UPLOAD_TYPES as readonly string[]).includes(baseType(meta.contentType))
        ? meta.contentType
        : 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'content-length': String(info.size),
      'cache-control': `public, max-age=${meta.cacheControl ?? '3600'}`,
      // Shown by the page (audio, images), never run as a document of this origin.
      'content-disposition': /^(audio|image)\//.test(type) || type === 'application/pdf' ? 'inline' : 'attachment',
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(await readFile(file)), 200, headers);
  });

  return app;
}
