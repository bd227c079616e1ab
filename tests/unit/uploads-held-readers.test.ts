/**
 * Issue 38, point 3 (docs/decisions/0080-uploads-named-by-the-server.md): an upload is sent as a stream.
 * 180 connections that never read a 10 MB upload took the server from 664 MB to 2.7 GB, since each GET read
 * the file whole. Replayed here with 120 readers from 120 clients, on raw sockets that read the answer's
 * first bytes and then stop: the server's memory must grow by kilobytes per reader, not by the file. Also
 * each client's bound on reads at once, and the send time that cuts a reader who never takes the file.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { UPLOAD_PATH } from '../../core/assistant/uploads.ts';
import { UPLOAD_READS, storageRoutes } from '../../server/routes/storage.ts';
import { openTestStore } from '../support/backend.ts';
import type { Store } from '../../server/database.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const ANON = 'local-anon-key';
const FILE_BYTES = 10 * 1024 * 1024;
let store: Store;
const servers: { close(): Promise<void> }[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) await server.close();
  await store?.close();
});

/** A storage on a port of its own, behind one proxy (each reader speaks as its own client). */
async function storage(reads = UPLOAD_READS) {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-lecteurs-'));
  const app = storageRoutes({ dir, anonKey: ANON, db: store.db, trustProxy: 1, reads, log: () => undefined });
  const server: ServerType = await new Promise((resolve) => {
    const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(running));
  });
  const { port } = server.address() as AddressInfo;
  const handle = {
    port,
    dir,
    close: async () => {
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  servers.push(handle);
  // One 10 MB voice note to read.
  const answer = await fetch(`http://127.0.0.1:${port}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: { apikey: ANON, 'content-type': 'audio/webm', 'x-upload-kind': 'voice', 'x-forwarded-for': '192.0.2.1' },
    body: new Uint8Array(FILE_BYTES).fill(1),
  });
  expect(answer.status).toBe(200);
  const { path } = (await answer.json()) as { path: string };
  return { ...handle, path: `/storage/v1/object/public/assistant-uploads/${path}` };
}

/**
 * A reader that asks for `path`, reads the status line, then takes nothing more (its socket paused).
 * `status` once it came; `closed` when the connection ended; `received` counts what came (once resumed).
 */
function heldReader(port: number, path: string, client: string) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const received = { bytes: 0 };
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  const status = new Promise<number>((resolve) => {
    socket.once('data', (chunk: Buffer) => {
      received.bytes += chunk.byteLength;
      socket.pause();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]));
    });
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${client}\r\n\r\n`);
  return { socket, status, closed, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe('Un dépôt se lit en flux : les lecteurs qui ne lisent pas coûtent des kilo-octets', () => {
  it('120 lecteurs retenus d’un fichier de 10 Mo, de 120 clients : la mémoire du serveur ne garde pas le fichier par lecteur', async () => {
    const { port, path } = await storage({ ...UPLOAD_READS, sendMs: 600_000 });
    await settle();
    const before = process.memoryUsage.rss();
    const readers = Array.from({ length: 120 }, (_, i) =>
      heldReader(port, path, `198.51.${100 + Math.floor(i / 200)}.${(i % 200) + 1}`),
    );
    expect(await Promise.all(readers.map((reader) => reader.status))).toEqual(Array(120).fill(200));
    // The server writes until the sockets' buffers are full, then waits for readers that never come.
    await settle();
    const growth = process.memoryUsage.rss() - before;
    console.info(
      `120 lecteurs retenus d’un dépôt de 10 Mo : +${(growth / 1024 / 1024).toFixed(1)} Mo de mémoire résidente (${Math.round(growth / 120 / 1024)} ko par lecteur ; le fichier entier en aurait pris 1 200 Mo).`,
    );
    // Read whole, the file alone would cost 1,200 MB here: a reader may hold a few chunks, never the file.
    expect(growth).toBeLessThan(120 * 512 * 1024);
  });

  it(`un client lit ${UPLOAD_READS.perClient} fichiers à la fois ; le suivant attend (429), les autres clients non`, async () => {
    const { port, path } = await storage({ ...UPLOAD_READS, sendMs: 600_000 });
    const greedy = Array.from({ length: UPLOAD_READS.perClient }, () => heldReader(port, path, '203.0.113.50'));
    expect(await Promise.all(greedy.map((reader) => reader.status))).toEqual(Array(UPLOAD_READS.perClient).fill(200));
    expect(await heldReader(port, path, '203.0.113.50').status).toBe(429);
    expect(await heldReader(port, path, '203.0.113.51').status).toBe(200);
  });

  it('un lecteur qui ne prend pas le fichier dans le temps d’envoi perd sa connexion, et sa place', async () => {
    const { port, dir } = await storage({ ...UPLOAD_READS, perClient: 1, sendMs: 2_000 });
    // A file larger than every socket buffer between the two ends (an upload of before, or a future cap).
    const name = 'landing-page/voices/1700000000000-_zhxquMcVY7HADlyq-QdVg.webm';
    const big = 64 * 1024 * 1024;
    mkdirSync(dirname(join(dir, 'assistant-uploads', name)), { recursive: true });
    mkdirSync(dirname(join(dir, '.meta', 'assistant-uploads', name)), { recursive: true });
    writeFileSync(join(dir, 'assistant-uploads', name), new Uint8Array(big));
    writeFileSync(
      join(dir, '.meta', 'assistant-uploads', `${name}.json`),
      JSON.stringify({ contentType: 'audio/webm' }),
    );
    const path = `/storage/v1/object/public/assistant-uploads/${name}`;
    const reader = heldReader(port, path, '203.0.113.60');
    expect(await reader.status).toBe(200);
    // Its one read at a time is taken (429) until the send time cuts it; then the client may read again.
    for (;;) {
      const next = heldReader(port, path, '203.0.113.60');
      if ((await next.status) === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The reader that held on gets what the buffers kept, then the end: never the whole file.
    reader.socket.on('data', (chunk: Buffer) => (reader.received.bytes += chunk.byteLength)).resume();
    await reader.closed;
    expect(reader.received.bytes).toBeLessThan(big);
  });
});
