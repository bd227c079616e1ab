/**
 * A loopback door in front of the real embedded server, for a test that needs to see a request in flight
 * or a connection cut: it forwards each request as it came and the server's answer as it went, and can
 * hold requests until the test releases them, refuse them (the connection is cut: a network failure, not
 * an answer), or send them to another server. The door's address stays the same, so a widget that keeps
 * its client for the page's life (supabase-js) follows the test's changes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FrontDoor {
  url: string;
  /** The server requests go to. */
  target: string;
  /** Requests wait from now on until release(). */
  hold(): void;
  release(): void;
  /** How many requests are waiting. */
  readonly waiting: number;
  /** Every request that came to the door, as "POST /functions/v1/send-contact-email". */
  readonly requests: string[];
  /** Requests are cut from now on (true) or forwarded again (false). */
  refuse(cut: boolean): void;
  close(): Promise<void>;
}

/** Headers that belong to one hop, not to the request or the answer. */
const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

export async function startFrontDoor(target: string): Promise<FrontDoor> {
  let gate: Promise<void> | null = null;
  let open = () => {};
  let waiting = 0;
  let cut = false;
  const requests: string[] = [];

  async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    requests.push(`${request.method} ${request.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (gate) {
      waiting += 1;
      await gate;
      waiting -= 1;
    }
    if (cut) {
      request.socket.destroy();
      return;
    }
    const headers = Object.entries(request.headers).flatMap(([name, value]) =>
      HOP.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
    );
    const answer = await fetch(new URL(request.url ?? '/', door.target), {
      method: request.method,
      headers,
      body: ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : Buffer.concat(chunks),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP.has(name)) out[name] = value;
    });
    response.writeHead(answer.status, out).end(body);
  }

  const server = createServer((request, response) => {
    forward(request, response).catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const door: FrontDoor = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target,
    hold() {
      gate ??= new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
    get waiting() {
      return waiting;
    },
    requests,
    refuse(value) {
      cut = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        door.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return door;
}
