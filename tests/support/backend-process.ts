/**
 * The real embedded backend (tests/support/backend.ts) in a child process, for tests whose own globals
 * are a browser's (happy-dom replaces Request, Response and fetch, which the server must not use). The
 * test drives its database with SQL messages: `{ id, sql }` → `{ id, rows }` or `{ id, error }`.
 *
 *   const child = await backendProcess({ port, siteDir, env });
 *   await child.sql('set session characteristics as transaction read only');
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestBackendOptions } from './backend.ts';

type Reply = { id: number; rows?: unknown[]; error?: string } | { ready: string };

export interface BackendProcess {
  url: string;
  sql<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function backendProcess(
  options: Pick<TestBackendOptions, 'port' | 'siteDir' | 'env'>,
): Promise<BackendProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (reply: Reply) => void>();
  let next = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`Serveur de test arrêté (code ${code}).`)));
    child.on('message', (reply: Reply) => {
      if ('ready' in reply) resolve(reply.ready);
      else waiting.get(reply.id)?.(reply);
    });
  });
  return {
    url,
    sql: (sql) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, (reply) => {
          waiting.delete(id);
          if ('error' in reply && reply.error) reject(new Error(reply.error));
          else resolve(('rows' in reply ? reply.rows : []) as never);
        });
        child.send({ id, sql });
      }),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// The child: a backend on the port asked for, answering SQL until it is told to stop.
if (process.argv[2] === '--serve') {
  const { openTestStore, startBackend } = await import('./backend.ts');
  const options = JSON.parse(process.argv[3]!) as TestBackendOptions;
  const store = await openTestStore();
  const backend = await startBackend({ ...options, store });
  process.on('message', async ({ id, sql }: { id: number; sql: string }) => {
    try {
      process.send!({ id, rows: await backend.rows(sql) });
    } catch (error) {
      process.send!({ id, error: String(error) });
    }
  });
  process.on('SIGTERM', async () => {
    await backend.close();
    await store.close();
    process.exit(0);
  });
  process.send!({ ready: backend.url });
}
