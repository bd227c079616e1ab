/**
 * Compressed ahead of time, never on the event loop (docs/decisions/0059-compressed-ahead-of-time.md): the
 * build writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each compressible file
 * (`npm run build:compress`, scripts/precompress.ts), and the server only reads them (server/static.ts).
 * Compression runs on libuv's thread pool (zlib's asynchronous API), so neither the build's other work nor a
 * server that must compress a file the build did not (a page rebuilt by `npm run dev`) blocks on it.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { availableParallelism } from 'node:os';

/** What is worth compressing: text. Images, fonts and audio are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Below this, a compressed answer saves less than its headers cost. */
export const MIN_COMPRESSED_SIZE = 512;
/** The codings written beside a file, and the extension of each. */
export const SIBLINGS = { br: '.br', gzip: '.gz' } as const;
export type Coding = keyof typeof SIBLINGS;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(file)) && size > MIN_COMPRESSED_SIZE;
}

/** Both codings of `raw`, computed on the thread pool. */
export async function compress(raw: Buffer): Promise<Record<Coding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** Every file under `dir`, dot folders included (the build's own), as absolute paths. */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : Promise.resolve(entry.isFile() ? [join(dir, entry.name)] : []),
    ),
  );
  return nested.flat();
}

export interface PrecompressReport {
  files: number;
  written: number;
  rawBytes: number;
  brBytes: number;
}

/**
 * Writes `.br` and `.gz` beside each compressible file of `dir` whose siblings are missing or older than it;
 * a sibling is written under a temporary dotfile name then renamed, so a server never reads half of one.
 */
export async function precompressSite(
  dir: string,
  { concurrency = Math.max(1, availableParallelism()) }: { concurrency?: number } = {},
): Promise<PrecompressReport> {
  const all = await walk(dir);
  const siblingExtensions = new Set<string>(Object.values(SIBLINGS));
  const candidates = all.filter((file) => !siblingExtensions.has(extname(file)) && COMPRESSIBLE.has(extname(file)));
  const report: PrecompressReport = { files: 0, written: 0, rawBytes: 0, brBytes: 0 };
  let next = 0;
  async function worker() {
    while (next < candidates.length) {
      const file = candidates[next++]!;
      const info = await stat(file);
      if (!isCompressible(file, info.size)) continue;
      report.files += 1;
      report.rawBytes += info.size;
      const fresh = await Promise.all(
        Object.values(SIBLINGS).map((extension) =>
          stat(file + extension).then(
            (sibling) => sibling.mtimeMs >= info.mtimeMs,
            () => false,
          ),
        ),
      );
      if (fresh.every(Boolean)) {
        report.brBytes += (await stat(file + SIBLINGS.br)).size;
        continue;
      }
      const codings = await compress(await readFile(file));
      for (const [coding, extension] of Object.entries(SIBLINGS) as [Coding, string][]) {
        // A dotfile until it is whole: the server never serves one (server/static.ts).
        const temporary = join(dirname(file), `.${basename(file)}${extension}.${process.pid}.tmp`);
        await writeFile(temporary, codings[coding]);
        await rename(temporary, file + extension);
      }
      report.written += 1;
      report.brBytes += codings.br.length;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
}
