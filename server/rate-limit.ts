/**
 * Per-client rate limiting for the embedded server, reusable by any route:
 *
 *   const limiter = createRateLimiter({ limit: 5, windowMs: 10 * 60_000 });
 *   app.post('/thing', rateLimit(limiter, { trustProxy: false }), handler);
 *
 * The client is the socket's address, or the first X-Forwarded-For address when TRUST_PROXY=1 (only
 * behind a reverse proxy that sets it: otherwise anyone could pick their own key). Refused requests
 * get a 429 with Retry-After and a French message. The algorithm (a token bucket) is backend/rate-limit.ts.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { RateLimiter, parseRateLimit, type RateLimitOptions } from '../backend/rate-limit.ts';
import { HANDLER_MESSAGES } from '../backend/contact/handler.ts';
import { ConfigError } from '../core/site/config.ts';

export { RateLimiter };

/** A limiter whose idle clients are forgotten every minute (the timer does not keep the process alive). */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const limiter = new RateLimiter(options);
  setInterval(() => limiter.sweep(), 60_000).unref();
  return limiter;
}

/** The key a client is counted under. */
export function clientAddress(c: Context, { trustProxy = false }: { trustProxy?: boolean } = {}): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'inconnu';
  } catch {
    // app.request() in tests has no socket.
    return 'inconnu';
  }
}

export function rateLimit(limiter: RateLimiter, options: { trustProxy?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    const decision = limiter.hit(clientAddress(c, options));
    if (!decision.allowed) {
      c.header('retry-after', String(decision.retryAfterSeconds));
      return c.json({ ok: false, error: HANDLER_MESSAGES.rateLimited(decision.retryAfterSeconds) }, 429);
    }
    await next();
  };
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
