/**
 * Eleventy with our configuration: `node scripts/eleventy.mjs [Eleventy's own arguments]`, used by
 * `npm run build:pages`, `npm run dev` and the bench (docs/decisions/0047-pages-built-from-one-bundle.md).
 *
 * eleventy.config.js imports the TypeScript of core/, site/ and widgets/. Loaded through tsx, each of
 * those modules makes a round trip to a loader thread: about a second of CPU per build, a sixth of a
 * 4,000-article build. esbuild compiles the configuration and our modules into one JavaScript file in a
 * few tens of milliseconds (packages stay imports, read from node_modules as before), and Eleventy runs
 * on plain Node. Plain JavaScript itself, so that nothing needs tsx to start it. The bundle is kept in
 * node_modules/.cache/dentivo/ with the size and date of each file it was made from, and made again only
 * when one of them changed.
 */
import { buildSync, version as esbuildVersion } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cacheDir = join(root, 'node_modules', '.cache', 'dentivo');
const config = join(cacheDir, 'eleventy.config.mjs');
// The files the bundle was made from, with their size and date: unchanged, the bundle is used as it is.
const inputsFile = `${config}.inputs.json`;

/** Size and date of each file, relative to the root (a file gone reads as missing). */
function stamps(files) {
  return Object.fromEntries(
    files.map((file) => {
      try {
        const info = statSync(join(root, file));
        return [file, `${info.size}:${info.mtimeMs}`];
      } catch {
        return [file, 'missing'];
      }
    }),
  );
}

/** True when the last bundle was made by this script and esbuild from the files as they are now. */
function bundleIsCurrent() {
  try {
    const last = JSON.parse(readFileSync(inputsFile, 'utf8'));
    const now = stamps(Object.keys(last.inputs));
    return (
      last.esbuild === esbuildVersion &&
      Object.entries(last.inputs).every(([file, stamp]) => now[file] === stamp) &&
      statSync(config).isFile()
    );
  } catch {
    return false;
  }
}

function bundle() {
  // Written aside, then renamed, the bundle before its list: two builds at once (tests, the bench)
  // never read half a file, and a list always describes a bundle at least as new as itself.
  const aside = (file) => `${file}.${process.pid}`;
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: [join(root, 'eleventy.config.js')],
    outfile: aside(config),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Lines of the sources in stack traces with `node --enable-source-maps`; nothing read otherwise.
    sourcemap: 'inline',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = [...Object.keys(result.metafile.inputs), 'scripts/eleventy.mjs'];
  writeFileSync(aside(inputsFile), JSON.stringify({ esbuild: esbuildVersion, inputs: stamps(inputs) }));
  renameSync(aside(config), config);
  renameSync(aside(inputsFile), inputsFile);
}

mkdirSync(cacheDir, { recursive: true });
// A fifth of a second saved on every build and restart of `npm run dev` whose code did not change.
if (!bundleIsCurrent()) bundle();

process.argv.push(`--config=${config}`);
// Its command line itself (not exported by the package): it reads process.argv.
createRequire(import.meta.url)(join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'));
