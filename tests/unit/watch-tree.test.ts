/**
 * The dev loop's watcher (server/watch-tree.ts) through what a build and an editor do to a folder,
 * including what made Node's recursive watcher stop `npm run dev` (a link that loops makes Node fail
 * every time, as a folder removed mid-scan does by chance) and what it stops seeing (a folder
 * replaced under the same name).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTree, type TreeWatcher } from '../../server/watch-tree.ts';

let dir = '';
let watcher: TreeWatcher | undefined;
let seen = new Set<string | undefined>();
afterEach(() => {
  watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(): string {
  dir = mkdtempSync(join(tmpdir(), 'dentivo-watch-'));
  const site = join(dir, 'site');
  mkdirSync(join(site, 'blog', 'index'), { recursive: true });
  seen = new Set();
  watcher = watchTree(site, (file) => seen.add(file));
  return site;
}

/** Writes `file` under `site` until the watcher reports it (no duration is asserted). */
async function reported(site: string, file: string): Promise<void> {
  for (let round = 0; !seen.has(file); round++) {
    if (round > 600) throw new Error(`${file} n’a jamais été signalé ; signalés : ${[...seen].join(', ')}`);
    writeFileSync(join(site, file), String(round));
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

describe('watchTree', () => {
  it('reports a change in a folder a rebuild replaced under the same name', async () => {
    const site = start();
    await reported(site, 'blog/index/avant.json');
    rmSync(join(site, 'blog', 'index'), { recursive: true });
    mkdirSync(join(site, 'blog', 'index'));
    await reported(site, 'blog/index/apres.json');
  });

  it('goes on past a link that loops, and does not follow it', async () => {
    const site = start();
    symlinkSync('boucle', join(site, 'blog', 'boucle'));
    await reported(site, 'blog/apres.html');
    expect([...seen].filter((file) => file?.startsWith('blog/boucle/'))).toEqual([]);
  });

  it('waits for the whole tree to come back, then says so and watches it again', async () => {
    const site = start();
    rmSync(site, { recursive: true });
    await new Promise((wait) => setTimeout(wait, 600));
    mkdirSync(join(site, 'blog'), { recursive: true });
    await reported(site, 'blog/index.html');
    expect(seen.has(undefined)).toBe(true);
  });
});
