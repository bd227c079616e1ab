/**
 * GET /_inbox: the latest contact and tester requests and what visitors left with the assistant, read
 * only, for `npm run inbox` (so nothing depends on e-mail alone). `?type=` filters (contact, tester,
 * idea, unanswered, voice, assistant). Enabled only with a token (INBOX_TOKEN, or the one the server
 * writes in .data/ at start, readable by whoever can read the database files anyway).
 */
import { Hono } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { inboxType, readInbox } from '../inbox.ts';
import type { ContactBackend } from '../contact-backend.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function inboxRoutes(backend: ContactBackend) {
  const app = new Hono();
  app.get('/_inbox', async (c) => {
    const token = backend.inboxToken;
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!token || !sameSecret(given, token))
      return c.json({ ok: false, error: 'Accès refusé.' }, 401, { 'cache-control': 'no-store' });
    const inbox = await readInbox(backend.db, Number(c.req.query('limit') ?? 20), inboxType(c.req.query('type')));
    return c.json({ ok: true, ...inbox }, 200, { 'cache-control': 'no-store' });
  });
  return app;
}
