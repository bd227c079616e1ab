/**
 * `npm run build:compress`: brotli and gzip beside each compressible file of the build (SITE_DIR, _site by
 * default), so that the server only reads them (docs/decisions/0059-compressed-ahead-of-time.md). Files
 * whose siblings are already up to date are skipped: a second run is quick.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { precompressSite } from '../server/precompress.ts';

const dir = resolve(import.meta.dirname, '..', process.argv[2] ?? process.env.SITE_DIR ?? '_site');
const start = performance.now();
const report = await precompressSite(dir);
const seconds = ((performance.now() - start) / 1000).toFixed(1);
console.log(
  `Compression : ${report.files} fichiers (${(report.rawBytes / 1024 / 1024).toFixed(1)} Mo → ${(report.brBytes / 1024 / 1024).toFixed(1)} Mo en brotli), ${report.written} écrits en ${seconds} s.`,
);
