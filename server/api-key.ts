/**
 * What Supabase's gateway does in production, in front of the functions and the storage: the API key that
 * supabase-js and the widgets send (`apikey` header, or `Authorization: Bearer`) must be the configured
 * anon key. One check for the three doors: send-contact-email, consent-proof and uploads. A preflight
 * (OPTIONS) carries no key and is let through, as browsers send it without one.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { timingSafeEqual } from 'node:crypto';

export const API_KEY_MESSAGE = 'Clé d’API absente ou invalide.';

/** The key a request carries: the apikey header first (supabase-js sends both), else the bearer token. */
export function requestApiKey(c: Context): string | undefined {
  return c.req.header('apikey') ?? c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
}

function sameKey(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses a request without the anon key with `refuse(c)` (each door answers in its own JSON shape). */
export function requireApiKey(
  anonKey: string,
  refuse: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || sameKey(requestApiKey(c), anonKey)) return next();
    return refuse(c);
  };
}
