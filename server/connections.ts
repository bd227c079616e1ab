/**
 * What keeps slow or greedy clients from holding the server: time limits for a request's headers and body,
 * and a cap on the connections one client may keep open at once. Node's defaults (300 s for a request, no
 * cap) let a body sent a byte at a time hold its connection for five minutes.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { rateLimitKey } from '../backend/client-address.ts';
import { UPLOAD_PATH } from '../core/assistant/uploads.ts';

export interface ConnectionLimits {
  /** Time for a request's headers to arrive. */
  headersMs: number;
  /** Time for a whole request, body included. */
  requestMs: number;
  /** The same for an upload to the storage (10 MB on a slow ADSL line take about two minutes). */
  uploadMs: number;
  /** Connections one client (socket address) may hold at once; 0 = no cap (behind a proxy, all share its address). */
  perClient: number;
}

/** An upload (server/routes/storage.ts), the one request allowed a longer body time. */
const isUpload = (method: string, url: string) => method === 'POST' && url.split('?')[0] === UPLOAD_PATH;

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersMs: 20_000,
  requestMs: 30_000,
  uploadMs: 120_000,
  perClient: 64,
};

const tooMany = JSON.stringify({
  ok: false,
  error: 'Trop de connexions ouvertes depuis votre adresse\u00A0: réessayez dans quelques secondes.',
});
const TOO_MANY_CONNECTIONS = [
  'HTTP/1.1 429 Too Many Requests',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(tooMany)}`,
  'Retry-After: 5',
  'Connection: close',
  '',
  tooMany,
].join('\r\n');

/** Options for http.createServer: Node enforces the header time and, as a backstop, the longest request time. */
export function serverOptions(limits: ConnectionLimits = CONNECTION_LIMITS): ServerOptions {
  return {
    headersTimeout: limits.headersMs,
    requestTimeout: Math.max(limits.requestMs, limits.uploadMs),
    // How often Node checks those times (its default, 30 s, would let a request overrun by as much).
    connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(limits.headersMs / 4))),
  };
}

/**
 * On a running server: cuts a request (other than an upload) whose body is not received within
 * `requestMs`, and refuses a client's connection past `perClient` open ones.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits = CONNECTION_LIMITS,
  log: (message: string) => void = (message) => console.warn(message),
): void {
  server.on('request', (request, response) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (isUpload(request.method ?? '', request.url ?? '')) return;
    const timer = setTimeout(() => request.socket.destroy(), limits.requestMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.once('end', clear);
    response.once('close', clear);
  });

  if (limits.perClient <= 0) return;
  const open = new Map<string, number>();
  // Said once while an address stays at its cap, so that a flood does not flood the log too.
  const saturated = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const key = rateLimitKey(socket.remoteAddress ?? 'inconnu');
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.perClient) {
      if (!saturated.has(key)) {
        saturated.add(key);
        log(`Connexions refusées : ${key} en a déjà ${limits.perClient} ouvertes.`);
      }
      // Said before the request is read, then closed: a client that waits gets its answer, not a reset.
      socket.on('error', () => undefined);
      socket.end(TOO_MANY_CONNECTIONS);
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < limits.perClient) saturated.delete(key);
    });
  });
}
