/**
 * Serves the built site: clean URLs (/agenda → agenda/index.html), the right content types, gzip or
 * brotli negotiated per request, ETags, and caching that is immutable for hashed assets and revalidated
 * for HTML. Files are kept in memory once read: that is what makes a warm `/` several times faster than a
 * static handler that reads the disk on each request (bench/load.ts measures both).
 *
 * Nothing is compressed on a request (docs/decisions/0059-compressed-ahead-of-time.md): the build writes
 * `.br` and `.gz` beside each compressible file (server/precompress.ts) and a request only reads them.
 * A file without up-to-date siblings (a page `npm run dev` just rebuilt) is served uncompressed while one
 * background task compresses it on the thread pool, one file at a time.
 *
 * Only what the build wrote is served: no path outside the site folder, even through a symbolic link;
 * no dotfile or dot folder, except /.well-known/; no compressed sibling by its own name.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { compress, isCompressible, SIBLINGS, type Coding as Compressed } from './precompress.ts';

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

/** The French pages of a miss: served with a 404 whoever asks for them, even by their own address. */
const ERROR_PAGES = new Set(['404.html', join('auteur', 'introuvable.html')]);

type Coding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send for an Accept-Encoding value (RFC 9110, section 12.5.3): the acceptable coding of
 * highest weight, brotli before gzip at equal weight; `q=0` refuses a coding, `*` stands for the others.
 */
export function negotiateEncoding(acceptEncoding: string, available: readonly Coding[]): Coding {
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? (coding === 'identity' ? 0.001 : 0);
  // In the order given (brotli first): a later coding wins only with a strictly higher weight.
  let best: Coding | undefined;
  for (const coding of available) if (weight(coding) > 0 && (!best || weight(coding) > weight(best))) best = coding;
  return best ?? 'identity';
}

/** Whether an If-None-Match value matches this ETag (a list, `*`, weak or strong: weak comparison). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

interface CachedFile {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  hash: string;
  type: string;
  mtimeMs: number;
}

/** Optional hooks: a test or the bench learns when background compression ends. */
export interface StaticOptions {
  onCompressed?: (file: string) => void;
  log?: (message: string, error?: unknown) => void;
}

export interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
}

export function createStaticFiles(root: string, { onCompressed, log = () => undefined }: StaticOptions = {}) {
  const cache = new Map<string, CachedFile>();
  /** Files waiting for their background compression, in order; one is compressed at a time. */
  const pending = new Map<string, CachedFile>();
  let compressing = false;
  let realRoot: Promise<string> | undefined;

  /** Whether `file` is inside the site folder once every symbolic link is followed. */
  async function inside(file: string): Promise<boolean> {
    realRoot ??= realpath(root).catch(() => root);
    const [base, target] = await Promise.all([realRoot, realpath(file).catch(() => undefined)]);
    if (!target) return false;
    const path = relative(base, target);
    return path !== '' && !path.startsWith('..') && !path.startsWith(sep);
  }

  /** Maps a URL path to a file under root, or undefined; never escapes root. */
  async function resolve(pathname: string): Promise<string | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
    if ((Object.values(SIBLINGS) as string[]).includes(extname(decoded))) return undefined;
    const segments = decoded.split('/').filter(Boolean);
    if (segments.some((segment, index) => segment.startsWith('.') && !(index === 0 && segment === '.well-known')))
      return undefined;
    const base = normalize(join(root, decoded));
    if (base !== root && !base.startsWith(root + sep)) return undefined;
    const candidates = extname(decoded) ? [base] : [join(base, 'index.html'), `${base}.html`];
    for (const candidate of candidates) {
      const info = await stat(candidate).catch(() => undefined);
      if (info?.isFile() && (await inside(candidate))) return candidate;
    }
    return undefined;
  }

  /** Whether `file` is one of the French "not found" pages, to be answered with a 404. */
  function isErrorPage(file: string): boolean {
    return ERROR_PAGES.has(relative(root, file));
  }

  /** A sibling the build wrote (file.br, file.gz), if it is at least as recent as the file. */
  async function sibling(file: string, coding: Compressed, mtimeMs: number): Promise<Buffer | undefined> {
    const path = file + SIBLINGS[coding];
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs < mtimeMs || !(await inside(path))) return undefined;
    return readFile(path).catch(() => undefined);
  }

  /** Compresses the waiting files one after the other, off the event loop (zlib's thread pool). */
  async function compressInBackground(): Promise<void> {
    if (compressing) return;
    compressing = true;
    try {
      for (const [file, entry] of pending) {
        pending.delete(file);
        if (cache.get(file) !== entry) continue;
        try {
          Object.assign(entry, await compress(entry.raw));
          onCompressed?.(file);
        } catch (error) {
          log(`Compression de ${relative(root, file)} impossible :`, error);
        }
      }
    } finally {
      compressing = false;
    }
  }

  async function load(file: string): Promise<CachedFile> {
    const info = await stat(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit;
    const compressible = isCompressible(file, info.size);
    const [raw, br, gzip] = await Promise.all([
      readFile(file),
      compressible ? sibling(file, 'br', info.mtimeMs) : undefined,
      compressible ? sibling(file, 'gzip', info.mtimeMs) : undefined,
    ]);
    const entry: CachedFile = {
      raw,
      hash: createHash('sha1').update(raw).digest('base64url').slice(0, 20),
      type: types[extname(file)] ?? 'application/octet-stream',
      mtimeMs: info.mtimeMs,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    };
    cache.set(file, entry);
    if (compressible && (!br || !gzip)) {
      pending.set(file, entry);
      void compressInBackground();
    }
    return entry;
  }

  function cacheControl(pathname: string, type: string): string {
    if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
    if (type.startsWith('text/html')) return 'no-cache';
    return 'public, max-age=3600, must-revalidate';
  }

  return {
    resolve,
    isErrorPage,
    async respond(
      file: string,
      pathname: string,
      request: { acceptEncoding: string; ifNoneMatch?: string },
    ): Promise<StaticFile & { notModified: boolean }> {
      const entry = await load(file);
      const available: Coding[] = [
        ...(entry.br ? ['br' as const] : []),
        ...(entry.gzip ? ['gzip' as const] : []),
        'identity',
      ];
      const coding = negotiateEncoding(request.acceptEncoding, available);
      const body = coding === 'br' ? entry.br! : coding === 'gzip' ? entry.gzip! : entry.raw;
      // Each encoding is its own representation, with its own strong ETag.
      const etag = coding === 'identity' ? `"${entry.hash}"` : `"${entry.hash}-${coding}"`;
      const headers: Record<string, string> = {
        'content-type': entry.type,
        etag,
        'cache-control': cacheControl(pathname, entry.type),
        vary: 'Accept-Encoding',
      };
      if (etagMatches(request.ifNoneMatch, etag)) return { body: Buffer.alloc(0), headers, notModified: true };
      if (coding !== 'identity') headers['content-encoding'] = coding;
      headers['content-length'] = String(body.length);
      return { body, headers, notModified: false };
    },
  };
}
