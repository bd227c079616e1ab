/**
 * The edge function under Deno (run by tests/unit/edge-function.test.ts, or directly:
 * `npx deno test -A supabase/functions/tests/`). The handler of supabase/functions/send-contact-email
 * with public.contact_requests in PGlite (the project's migrations) and its mails through nodemailer
 * to a real SMTP server on loopback.
 */
import { assert, assertEquals } from './assert.ts';
import type { PGlite } from '@electric-sql/pglite';
import { database } from './database.ts';
import { SMTPServer } from 'smtp-server';
import { createTransport } from 'nodemailer';
import { createContactFunction, type PendingRequest, type RequestRecords } from '../send-contact-email/handler.ts';
import { RateLimiter } from '../../../backend/rate-limit.ts';

function pgliteRecords(db: PGlite, mailEnabled: boolean): RequestRecords {
  return {
    async insert(row, key) {
      const result = await db.query<{ id: string }>(
        `insert into contact_requests (type, full_name, email, company, phone, subject, message, city, profession, team_size, created_at, idempotency_key, mail_status)
         values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) on conflict (idempotency_key) do nothing returning id::text as id`,
        [
          row.type,
          row.full_name,
          row.email,
          row.company,
          row.phone,
          row.subject,
          row.message,
          row.city,
          row.profession,
          row.team_size,
          row.created_at,
          key ?? null,
          mailEnabled ? 'pending' : 'skipped',
        ],
      );
      return result.rows[0] ? { id: result.rows[0].id, duplicate: false } : { id: '', duplicate: true };
    },
    async find(id) {
      return (await db.query<PendingRequest>('select *, id::text as id from contact_requests where id = $1', [id]))
        .rows[0];
    },
    async markSent(id, which) {
      await db.query(
        `update contact_requests set ${which === 'team' ? 'team_mail_sent_at' : 'ack_mail_sent_at'} = now() where id = $1`,
        [id],
      );
    },
    async delivered(id) {
      await db.query(
        `update contact_requests set mail_status = 'sent', mail_attempts = mail_attempts + 1 where id = $1`,
        [id],
      );
    },
    async failed(id, failure) {
      await db.query(
        'update contact_requests set mail_status = $2, mail_attempts = $3, mail_last_error = $4 where id = $1',
        [id, failure.givenUp ? 'failed' : 'pending', failure.attempts, failure.error],
      );
    },
    async due(limit) {
      return (
        await db.query<{ id: string }>(
          `select id::text as id from contact_requests where mail_status = 'pending' order by id limit $1`,
          [limit],
        )
      ).rows.map((row) => row.id);
    },
  };
}

async function smtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Uint8Array) => (raw += new TextDecoder().decode(chunk)));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

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

Deno.test('stores a valid request once, sends both mails, refuses bad input with a 4xx', async () => {
  const db = await database();
  const smtp = await smtpServer();
  const transport = createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  const pending: Promise<unknown>[] = [];
  const handler = createContactFunction({
    records: pgliteRecords(db, true),
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
    assertEquals((await handler(post(contact(), { 'idempotency-key': 'cle-deno-000001' }))).status, 200);
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

Deno.test('rate limit per client, honeypot, and /retry for mails that failed', async () => {
  const db = await database();
  let smtpUp = false;
  const sent: string[] = [];
  const handler = createContactFunction({
    records: pgliteRecords(db, true),
    identity,
    send: async (mail) => {
      if (!smtpUp) throw new Error('connexion refusée');
      sent.push(mail.to);
    },
    allowedOrigins: [],
    limiter: new RateLimiter({ limit: 2, windowMs: 60_000 }),
    retryToken: 'cle-service',
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
    await new Promise((resolve) => setTimeout(resolve, 50));
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
    assertEquals(await (await retry('cle-service')).json(), { ok: true, retried: 3 });
    assertEquals(sent.length, 6);
    assertEquals(await count(db), 3);
  } finally {
    await db.close();
  }
});
