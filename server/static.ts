/**
 * Serves the built site: clean URLs (/agenda → agenda/index.html), the right content types, gzip or
 * brotli negotiated per request (compressed once, then kept in memory), ETags, and caching that is
 * immutable for hashed assets and revalidated for HTML.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.webm': 'audio/webm',
};
const compressible = new Set(['.html', '.css', '.js', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

interface CachedFile {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  type: string;
  mtimeMs: number;
}

export interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
}

export function createStaticFiles(root: string) {
  const cache = new Map<string, CachedFile>();

  /** Maps a URL path to a file under root, or undefined; never escapes root. */
  async function resolve(pathname: string): Promise<string | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0')) return undefined;
    const base = normalize(join(root, decoded));
    if (base !== root && !base.startsWith(root + sep)) return undefined;
    const candidates = extname(decoded) ? [base] : [join(base, 'index.html'), `${base}.html`];
    for (const candidate of candidates) {
      const info = await stat(candidate).catch(() => undefined);
      if (info?.isFile()) return candidate;
    }
    return undefined;
  }

  async function load(file: string): Promise<CachedFile> {
    const info = await stat(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit;
    const raw = await readFile(file);
    const extension = extname(file);
    const entry: CachedFile = {
      raw,
      etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
      type: types[extension] ?? 'application/octet-stream',
      mtimeMs: info.mtimeMs,
    };
    if (compressible.has(extension) && raw.length > 512) {
      entry.br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      entry.gzip = gzipSync(raw, { level: 9 });
    }
    cache.set(file, entry);
    return entry;
  }

  function cacheControl(pathname: string, type: string): string {
    if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
    if (type.startsWith('text/html')) return 'no-cache';
    return 'public, max-age=3600, must-revalidate';
  }

  return {
    resolve,
    async respond(
      file: string,
      pathname: string,
      request: { acceptEncoding: string; ifNoneMatch?: string },
    ): Promise<StaticFile & { notModified: boolean }> {
      const entry = await load(file);
      const headers: Record<string, string> = {
        'content-type': entry.type,
        etag: entry.etag,
        'cache-control': cacheControl(pathname, entry.type),
        vary: 'Accept-Encoding',
      };
      if (request.ifNoneMatch === entry.etag) return { body: Buffer.alloc(0), headers, notModified: true };
      let body = entry.raw;
      if (entry.br && /\bbr\b/.test(request.acceptEncoding)) {
        body = entry.br;
        headers['content-encoding'] = 'br';
      } else if (entry.gzip && /\bgzip\b/.test(request.acceptEncoding)) {
        body = entry.gzip;
        headers['content-encoding'] = 'gzip';
      }
      headers['content-length'] = String(body.length);
      return { body, headers, notModified: false };
    },
  };
}
