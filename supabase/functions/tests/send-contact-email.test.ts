/**
 * The edge function under Deno (run by tests/unit/edge-function.test.ts, or directly:
 * `npx deno test -A supabase/functions/tests/`): createContactFunction of
 * supabase/functions/send-contact-email (the shared handler, store and mail worker) on PGlite with the
 * project's migrations, its mails through nodemailer to a real SMTP server on loopback. The function's
 * own index.ts runs on a real PostgreSQL in production.test.ts.
 */
import { assert, assertEquals } from './assert.ts';
import type { PGlite } from '@electric-sql/pglite';
import { createTransport } from 'nodemailer';
import { database } from './database.ts';
import { smtpServer } from './smtp.ts';
import { createContactFunction } from '../send-contact-email/handler.ts';
import { DEFAULT_RETENTION } from '../../../backend/assistant/retention.ts';

const identity = {
  productName: 'Dentivo',
  siteUrl: 'https://dentivo.example',
  teamAddress: 'equipe@dentivo.example',
  from: 'Dentivo <no-reply@dentivo.example>',
  supportResponse: '24 h',
};
const contact = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'contact',
    fullName: 'Jean Dupont',
    email: 'jean@cabinet.fr',
    subject: 'demo',
    message: 'Bonjour, une démonstration svp.',
    created_at: new Date().toISOString(),
    ...overrides,
  });
const post = (body: string, headers: Record<string, string> = {}) =>
  new Request('https://projet.supabase.co/functions/v1/send-contact-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
    body,
  });
const count = async (db: PGlite) =>
  (await db.query<{ n: number }>('select count(*)::int as n from contact_requests')).rows[0]!.n;

Deno.test('stores a valid request once, sends both mails, refuses bad input and a reused key with a 4xx', async () => {
  const db = await database();
  const smtp = await smtpServer();
  const transport = createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  const pending: Promise<unknown>[] = [];
  const handler = createContactFunction({
    db,
    identity,
    send: async (mail) => void (await transport.sendMail(mail)),
    allowedOrigins: ['https://dentivo.example'],
    background: (work) => pending.push(work),
    log: () => undefined,
  });
  try {
    const ok = await handler(
      post(contact(), { origin: 'https://dentivo.example', 'idempotency-key': 'cle-deno-000001' }),
    );
    assertEquals(ok.status, 200);
    assertEquals(ok.headers.get('access-control-allow-origin'), 'https://dentivo.example');
    // A retry: the widget stamps a new created_at, the request is the same.
    const retried = await handler(
      post(contact({ created_at: new Date(Date.now() + 5000).toISOString() }), {
        'idempotency-key': 'cle-deno-000001',
      }),
    );
    assertEquals(retried.status, 200);
    const reused = await handler(
      post(contact({ message: 'Un autre message, tout différent.' }), { 'idempotency-key': 'cle-deno-000001' }),
    );
    assertEquals(reused.status, 422);
    assert(
      /a déjà servi pour une demande différente/.test((await reused.json()).error),
      'message 422 en français attendu',
    );
    await Promise.all(pending);
    assertEquals(await count(db), 1);
    assertEquals(smtp.received.length, 2);
    assert(smtp.received.some((raw) => /^To: equipe@dentivo\.example/m.test(raw)));
    assertEquals(
      (await db.query<{ mail_status: string }>('select mail_status from contact_requests')).rows[0]!.mail_status,
      'sent',
    );

    for (const [body, status] of [
      [contact({ email: 'pas-une-adresse' }), 400],
      [contact({ fullName: 12 }), 400],
      ['{"type":', 400],
      [contact({ message: 'x'.repeat(70_000) }), 413],
    ] as const) {
      const answer = await handler(post(body));
      assertEquals(answer.status, status);
      assert(typeof (await answer.json()).error === 'string');
    }
    assertEquals((await handler(post(contact(), { origin: 'https://pirate.example' }))).status, 403);
    assertEquals(
      (
        await handler(
          new Request('https://projet.supabase.co/functions/v1/send-contact-email', {
            method: 'OPTIONS',
            headers: { origin: 'https://dentivo.example' },
          }),
        )
      ).status,
      204,
    );
    assertEquals(await count(db), 1);
  } finally {
    transport.close();
    await smtp.close();
    await db.close();
  }
});

Deno.test('rate limit per client in the database, honeypot, and /retry for mails that failed', async () => {
  const db = await database();
  let smtpUp = false;
  const sent: string[] = [];
  const pending: Promise<unknown>[] = [];
  const handler = createContactFunction({
    db,
    identity,
    send: async (mail) => {
      if (!smtpUp) throw new Error('connexion refusée');
      sent.push(`${mail.to} | ${mail.subject}`);
    },
    allowedOrigins: [],
    rateLimit: { limit: 2, windowMs: 60_000 },
    background: (work) => pending.push(work),
    retryToken: 'cle-service',
    retention: DEFAULT_RETENTION,
    log: () => undefined,
  });
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await handler(post(contact()))).status);
    assertEquals(statuses, [200, 200, 429]);
    assertEquals((await handler(post(contact(), { 'x-forwarded-for': '198.51.100.2' }))).status, 200);
    assertEquals(
      (await handler(post(contact({ website: 'https://spam.example' }), { 'x-forwarded-for': '198.51.100.3' }))).status,
      200,
    );
    assertEquals(await count(db), 3);
    await Promise.all(pending);
    assertEquals(
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from contact_requests where mail_status = 'pending' and mail_attempts = 1`,
        )
      ).rows[0]!.n,
      3,
    );

    const retry = (token: string) =>
      handler(
        new Request('https://projet.supabase.co/functions/v1/send-contact-email/retry', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    assertEquals((await retry('autre')).status, 401);
    smtpUp = true;
    // Not due yet: the queue's back-off (one minute after a first failure) holds for every worker; only
    // last week's digest, queued by this first round, goes.
    assertEquals((await (await retry('cle-service')).json()).sent, 1);
    await db.query(`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
    // What DENTY kept past its time goes with the round, questions and ideas alike; recent ones stay.
    await db.query(
      `insert into assistant_messages (kind, conversation_id, message_id, text, received_at, mail_status) values
         ('unanswered', 'c', 'ancienne', 'Question ?', now() - interval '91 days', 'skipped'),
         ('unanswered', 'c', 'recente', 'Question ?', now(), 'skipped'),
         ('idea', 'c', 'idee', 'Idée', now() - interval '400 days', 'skipped'),
         ('idea', 'c', 'idee-recente', 'Idée', now(), 'skipped')`,
    );
    const round = await (await retry('cle-service')).json();
    assertEquals([round.ok, round.sent, round.failed, round.unanswered, round.messages], [true, 6, 0, 1, 1]);
    assertEquals(
      (await db.query<{ message_id: string }>('select message_id from assistant_messages order by id')).rows.map(
        (row) => row.message_id,
      ),
      ['recente', 'idee-recente'],
    );
    assertEquals(sent.length, 7);
    assertEquals(sent.filter((mail) => mail.includes('Le point de la semaine')).length, 1);
    assertEquals(await count(db), 3);
  } finally {
    await db.close();
  }
});
