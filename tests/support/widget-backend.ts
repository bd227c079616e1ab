/**
 * The real embedded server for component tests (tests/components/): the Hono app in process on loopback,
 * PGlite in memory with the migrations, no built site needed, reached through a front door
 * (tests/support/front-door.ts) whose address the page's configuration names for the whole file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyStore, openTestStore, startBackend, type TestBackend, type TestBackendOptions } from './backend.ts';
import { startFrontDoor, type FrontDoor } from './front-door.ts';
import type { Store } from '../../server/database.ts';

export interface WidgetBackend {
  /** The server every request reaches by default. */
  backend: TestBackend;
  door: FrontDoor;
  store: Store;
  /** Another server on the same database (a rate limit, say), closed with the rest. */
  another(options: TestBackendOptions): Promise<TestBackend>;
  /** Forgets every row and every rate-limit bucket, and points the door at `backend` again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startWidgetBackend(options: TestBackendOptions = {}): Promise<WidgetBackend> {
  const store = await openTestStore();
  // No page is served: an empty folder stands for the build.
  const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-widgets-'));
  const backend = await startBackend({ ...options, store, siteDir });
  const door = await startFrontDoor(backend.url);
  const others: TestBackend[] = [];
  return {
    backend,
    door,
    store,
    async another(more) {
      const server = await startBackend({ ...more, store, siteDir });
      others.push(server);
      return server;
    },
    async reset() {
      door.release();
      door.refuse(false);
      door.requests.length = 0;
      door.target = backend.url;
      await emptyStore(store);
    },
    async close() {
      await door.close();
      for (const server of [backend, ...others]) await server.close();
      await store.close();
    },
  };
}
