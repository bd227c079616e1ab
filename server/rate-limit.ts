/**
 * Per-client limits of the embedded server: who the client is, and in-memory limiters for the limits that
 * do not live in the database (uploads, the assistant). The client is the socket's address or, with TRUST_PROXY=N (N reverse proxies in front), the N-th address
 * from the right of X-Forwarded-For (backend/client-address.ts): what the client writes there itself is
 * never read. The algorithm (a token
 * bucket) is backend/rate-limit.ts.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RateLimiter, parseRateLimit, type RateLimitOptions } from '../backend/rate-limit.ts';
import { ConfigError } from '../core/common/config.ts';
import { clientBehindProxies, forwardedAddresses, parseTrustProxy, rateLimitKey } from '../backend/client-address.ts';

export { RateLimiter };

/** A limiter whose idle clients are forgotten every minute (the timer does not keep the process alive). */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const limiter = new RateLimiter(options);
  setInterval(() => limiter.sweep(), 60_000).unref();
  return limiter;
}

/** The socket's address (none in app.request() tests). */
export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'inconnu';
  } catch {
    return 'inconnu';
  }
}

/** The key a client is counted under; `trustProxy` is the number of reverse proxies in front (TRUST_PROXY). */
export function clientAddress(c: Context, { trustProxy = 0 }: { trustProxy?: number } = {}): string {
  const peer = peerAddress(c);
  if (!trustProxy) return rateLimitKey(peer);
  return rateLimitKey(clientBehindProxies(forwardedAddresses(c.req.header('x-forwarded-for')), peer, trustProxy));
}

/** CONTACT_RATE_LIMIT="5/600": 5 requests per client per 600 seconds (the default). */
export function contactRateLimitFromEnv(env: Record<string, string | undefined>): { limit: number; windowMs: number } {
  const raw = env.CONTACT_RATE_LIMIT;
  if (raw === undefined || raw === '') return { limit: 5, windowMs: 600_000 };
  const parsed = parseRateLimit(raw);
  if (!parsed)
    throw new ConfigError(
      `Configuration invalide :\n- CONTACT_RATE_LIMIT (variable d’environnement) : « ${raw} » n’est pas de la forme requêtes/secondes, par exemple 5/600`,
    );
  return parsed;
}

/** TRUST_PROXY="2": two reverse proxies in front (empty or 0: none, X-Forwarded-For is ignored). */
export function trustProxyFromEnv(env: Record<string, string | undefined>): number {
  const hops = parseTrustProxy(env.TRUST_PROXY);
  if (hops === undefined)
    throw new ConfigError(
      `Configuration invalide :\n- TRUST_PROXY (variable d’environnement) : « ${env.TRUST_PROXY} » n’est pas un nombre de proxys (0 à 99), par exemple 1 derrière un seul nginx`,
    );
  return hops;
}
