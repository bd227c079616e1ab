/**
 * Eleventy with our configuration: `node scripts/eleventy.mjs [Eleventy's own arguments]`, used by
 * `npm run build:pages`, `npm run dev` and the bench (docs/decisions/0047-pages-built-from-one-bundle.md).
 *
 * eleventy.config.js imports the TypeScript of core/, site/ and widgets/. Loaded through tsx, each of
 * those modules makes a round trip to a loader thread: about a second of CPU per build, a sixth of a
 * 4,000-article build. esbuild compiles the configuration and our modules into one JavaScript file in a
 * few tens of milliseconds (packages stay imports, read from node_modules as before), and Eleventy runs
 * on plain Node. Plain JavaScript itself, so that nothing needs tsx to start it.
 */
import { buildSync } from 'esbuild';
import { mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cacheDir = join(root, 'node_modules', '.cache', 'dentivo');
const config = join(cacheDir, 'eleventy.config.mjs');
// Written aside, then renamed: two builds at once (tests, the bench) never read half a file.
const written = `${config}.${process.pid}`;

mkdirSync(cacheDir, { recursive: true });
buildSync({
  entryPoints: [join(root, 'eleventy.config.js')],
  outfile: written,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Lines of the sources in stack traces with `node --enable-source-maps`; nothing read otherwise.
  sourcemap: 'inline',
  sourcesContent: false,
  logLevel: 'warning',
});
renameSync(written, config);

process.argv.push(`--config=${config}`);
// Its command line itself (not exported by the package): it reads process.argv.
createRequire(import.meta.url)(join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'));
