/**
 * GET /_inbox: the latest contact and tester requests and what visitors left with the assistant, read
 * only, for `npm run inbox` (so nothing depends on e-mail alone). `?type=` filters (contact, tester,
 * idea, unanswered, voice, assistant). Enabled only with a token (INBOX_TOKEN, or the one the server
 * writes in .data/ at start, readable by whoever can read the database files anyway). A client
 * that sends wrong tokens is locked out for a while (429), right token or not, so the token cannot be
 * searched for.
 */
import { Hono, type Context } from 'hono';
import { buildDigest, periodOf } from '../../backend/assistant/digest.ts';
import { timingSafeEqual } from 'node:crypto';
import { inboxType, readInbox } from '../inbox-reader.ts';
import type { ContactBackend } from '../contact-backend.ts';
import { clientAddress, createRateLimiter } from '../rate-limit.ts';
import { retryDelayText } from '../../backend/http.ts';

/** Wrong tokens a client may send per window before the lockout. */
export const INBOX_LOCKOUT = { limit: 5, windowMs: 15 * 60_000 };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function inboxRoutes(backend: ContactBackend, lockout: { limit: number; windowMs: number } = INBOX_LOCKOUT) {
  const app = new Hono();
  const failures = createRateLimiter(lockout);
  const noStore = { 'cache-control': 'no-store' };

  /** The token's check, with its lockout: undefined when the caller may read, else the refusal. */
  const refused = (c: Context) => {
    const client = clientAddress(c, { trustProxy: backend.trustProxy });
    const locked = failures.retryAfter(client);
    if (locked > 0)
      return c.json(
        { ok: false, error: `Trop d’essais de jeton\u00A0: accès bloqué, réessayez dans ${retryDelayText(locked)}.` },
        429,
        { ...noStore, 'retry-after': String(locked) },
      );
    const token = backend.inboxToken;
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!token || !sameSecret(given, token)) {
      failures.hit(client);
      return c.json({ ok: false, error: 'Accès refusé.' }, 401, noStore);
    }
    return undefined;
  };

  app.get('/_inbox', async (c) => {
    const refusal = refused(c);
    if (refusal) return refusal;
    const inbox = await readInbox(backend.db, Number(c.req.query('limit') ?? 20), inboxType(c.req.query('type')));
    return c.json({ ok: true, ...inbox }, 200, noStore);
  });
  // The team's digest for a period of days (backend/assistant/digest.ts), for `npm run inbox -- --digest`.
  app.get('/_inbox/digest', async (c) => {
    const refusal = refused(c);
    if (refusal) return refusal;
    const period = periodOf(c.req.query('from'), c.req.query('to'), new Date());
    if (typeof period === 'string') return c.json({ ok: false, error: period }, 400, noStore);
    return c.json({ ok: true, digest: await buildDigest(backend.db, period) }, 200, noStore);
  });
  app.all('/_inbox', (c) =>
    c.json({ ok: false, error: 'Méthode non autorisée\u00A0: utilisez GET.' }, 405, { allow: 'GET' }),
  );
  return app;
}
