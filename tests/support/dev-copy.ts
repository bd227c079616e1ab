/**
 * `npm run dev` in a copy of the checkout, for the browser tests of the editors' tools (the CMS, DENTY's
 * teaching): the real content/ is never touched, the database lives in memory, node_modules is linked.
 * Resolves once /admin is served; npm run dev builds everything first, so it waits long (no duration
 * is asserted).
 */
import { expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
/** What the copy leaves out: dependencies (linked instead), history, builds, local data. */
const notCopied = new Set([
  'node_modules',
  '.git',
  '_site',
  '.data',
  'test-results',
  'playwright-report',
  'screenshots',
  '.tmp',
  '.cache',
]);

export interface DevCopy {
  /** The copy's folder. */
  dir: string;
  origin: string;
  /** A file of the copy, as text. */
  file(path: string): string;
  /** Whether `path` answers 200, with `text` in its body when given. */
  answers(path: string, text?: string): Promise<boolean>;
  stop(): void;
}

export async function startDevCopy(prefix: string, port: number): Promise<DevCopy> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of readdirSync(root))
    if (!notCopied.has(name)) cpSync(join(root, name), join(dir, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // No HOST: npm run dev's own default (127.0.0.1) is what runs.
  const { HOST: _host, ...env } = process.env;
  const dev = spawn('npx', ['tsx', 'scripts/dev.ts'], {
    cwd: dir,
    detached: true,
    env: { ...env, PORT: String(port), DATA_DIR: 'memory', CMS_BACKEND: 'local' },
  });
  let log = '';
  dev.stdout?.on('data', (chunk) => (log += String(chunk)));
  dev.stderr?.on('data', (chunk) => (log += String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  const copy: DevCopy = {
    dir,
    origin,
    file: (path) => readFileSync(join(dir, path), 'utf8'),
    async answers(path, text) {
      try {
        const response = await fetch(origin + path);
        return response.ok && (!text || (await response.text()).includes(text));
      } catch {
        return false;
      }
    },
    stop() {
      if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await expect
    .poll(() => copy.answers('/admin/', 'cms-settings'), { timeout: 420_000, intervals: [2_000] })
    .toBe(true)
    .catch((error) => {
      copy.stop();
      throw new Error(`npm run dev n’a pas servi /admin :\n${log.slice(-3000)}\n${String(error)}`);
    });
  return copy;
}
