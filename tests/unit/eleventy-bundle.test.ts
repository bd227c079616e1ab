/**
 * scripts/eleventy.mjs compiles the configuration and our modules into one file, and makes it again only
 * when one of the files it was made from changed (docs/decisions/0047-pages-built-from-one-bundle.md).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const bundle = join(root, 'node_modules', '.cache', 'dentivo', 'eleventy.config.mjs');
const inputs = () =>
  (JSON.parse(readFileSync(`${bundle}.inputs.json`, 'utf8')) as { inputs: Record<string, string> }).inputs;

/** Runs the script as the build does (Eleventy only prints its version): the bundle's date after it. */
function run(): number {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'eleventy.mjs'), '--version'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return statSync(bundle).mtimeMs;
}

describe('The compiled configuration', () => {
  it('is made again when one of its files changes, and only then', () => {
    run();
    expect(Object.keys(inputs())).toEqual(
      expect.arrayContaining(['eleventy.config.js', 'site/lib/markdown.ts', 'scripts/eleventy.mjs']),
    );
    const made = run();
    expect(run()).toBe(made);

    const source = join(root, 'site', 'lib', 'html.ts');
    const before = statSync(source);
    try {
      utimesSync(source, before.atime, new Date(before.mtimeMs + 2000));
      expect(run()).not.toBe(made);
      expect(inputs()['site/lib/html.ts']).toBe(`${before.size}:${statSync(source).mtimeMs}`);
    } finally {
      utimesSync(source, before.atime, before.mtime);
    }
  });
});
