/**
 * The edge functions' production wiring, as deployed: each function's own index.ts, with the
 * environment Supabase gives it (SUPABASE_DB_URL, SUPABASE_SERVICE_ROLE_KEY) and the project's secrets,
 * on a real PostgreSQL migrated with supabase/migrations, its mails through nodemailer to a real SMTP
 * server on loopback. tests/unit/edge-function.test.ts creates that database in a throw-away cluster
 * and passes its address as TEST_DATABASE_URL; without it (no PostgreSQL on this machine) these tests
 * are reported as ignored, with the reason in their name.
 */
import { assert, assertEquals } from './assert.ts';
import { smtpServer } from './smtp.ts';
import { staticSite } from './published-site.ts';
import postgres from 'postgres';

const databaseUrl = Deno.env.get('TEST_DATABASE_URL');
const ignore = !databaseUrl;
const suffix = ignore ? ' (ignoré : TEST_DATABASE_URL absent, aucun PostgreSQL pour ce test)' : '';
// index.ts keeps its connections for the isolate's life, as on Supabase; each test closes them itself.
const options = { ignore, sanitizeOps: false, sanitizeResources: false };

const contact = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'contact',
    fullName: 'Jeanne Production',
    email: 'jeanne@cabinet.fr',
    subject: 'support',
    message: 'Bonjour, une question sur les relances.',
    created_at: new Date().toISOString(),
    ...overrides,
  });

Deno.test({
  name: `send-contact-email/index.ts : SUPABASE_DB_URL, limite partagée, 422, e-mails une fois, /retry${suffix}`,
  ...options,
  async fn() {
    const smtp = await smtpServer();
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => undefined });
    Deno.env.set('SUPABASE_DB_URL', databaseUrl!);
    Deno.env.set('SUPABASE_SERVICE_ROLE_KEY', 'cle-service-de-test');
    Deno.env.set('SMTP_URL', `smtp://127.0.0.1:${smtp.port}`);
    Deno.env.set('SITE_URL', 'https://www.dentivo.example');
    Deno.env.set('CONTACT_TO', 'equipe@dentivo.example');
    Deno.env.set('CONTACT_RATE_LIMIT', '2/600');
    const fn = await import('../send-contact-email/index.ts');
    const post = (body: string, headers: Record<string, string> = {}) =>
      fn.handler(
        new Request('https://projet.supabase.co/functions/v1/send-contact-email', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10', ...headers },
          body,
        }),
      );
    try {
      const first = await post(contact(), {
        origin: 'https://www.dentivo.example',
        'idempotency-key': 'prod-cle-0001',
      });
      assertEquals(first.status, 200);
      assertEquals((await post(contact(), { 'idempotency-key': 'prod-cle-0001' })).status, 200);
      const reused = await post(contact({ fullName: 'Quelqu’un d’autre' }), { 'idempotency-key': 'prod-cle-0001' });
      assertEquals(reused.status, 422);
      // The limit (2 per client) is the database's: it holds whatever isolate answers.
      assertEquals((await post(contact({ fullName: 'Deuxième demande' }))).status, 200);
      const limited = await post(contact({ fullName: 'Troisième demande' }));
      assertEquals(limited.status, 429);
      assert(Number(limited.headers.get('retry-after')) >= 1, 'Retry-After attendu');
      const rows = await sql`select full_name, mail_status from contact_requests order by id`;
      assertEquals(
        rows.map((row) => row.full_name),
        ['Jeanne Production', 'Deuxième demande'],
      );
      const mails = await smtp.waitFor(4);
      assertEquals(mails.length, 4);
      assert(
        mails.some((raw) => /^To: equipe@dentivo\.example/m.test(raw)),
        'e-mail à l’équipe attendu',
      );
      // Marked sent right after the SMTP server has it: wait for the mark, not for a time.
      while ((await sql`select count(*)::int as n from mail_outbox where status = 'sent'`)[0]!.n < 4)
        await new Promise((resolve) => setTimeout(resolve, 20));

      const retry = (token: string) =>
        fn.handler(
          new Request('https://projet.supabase.co/functions/v1/send-contact-email/retry', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          }),
        );
      assertEquals((await retry('pas-la-cle')).status, 401);
      const round = await (await retry('cle-service-de-test')).json();
      // The round queues last week's digest for the team (once) and sends it; the requests' mails were sent.
      assertEquals([round.ok, round.sent, round.digest], [true, 1, true]);
      assertEquals(smtp.received.length, 5);
      assertEquals((await (await retry('cle-service-de-test')).json()).digest, false);
    } finally {
      await fn.close();
      await sql.end();
      await smtp.close();
    }
  },
});

Deno.test({
  name: `consent-proof/index.ts : preuve enregistrée par record_consent_proof sur PostgreSQL${suffix}`,
  ...options,
  async fn() {
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => undefined });
    Deno.env.set('SUPABASE_DB_URL', databaseUrl!);
    Deno.env.set('SITE_URL', 'https://www.dentivo.example');
    const fn = await import('../consent-proof/index.ts');
    try {
      const consentId = crypto.randomUUID();
      const answer = await fn.handler(
        new Request('https://projet.supabase.co/functions/v1/consent-proof', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'https://www.dentivo.example',
            'x-forwarded-for': '192.0.2.20',
          },
          body: JSON.stringify({
            consentId,
            analytics: false,
            marketing: true,
            policyVersion: '2026-11-01',
            chosenAt: new Date().toISOString(),
          }),
        }),
      );
      assertEquals(answer.status, 201);
      assertEquals(answer.headers.get('access-control-allow-origin'), 'https://www.dentivo.example');
      const rows = await sql`select analytics, marketing from consent_proofs where consent_id = ${consentId}`;
      assertEquals([...rows], [{ analytics: false, marketing: true }]);
    } finally {
      await fn.close();
      await sql.end();
    }
  },
});

Deno.test({
  name: `assistant/index.ts : l’idée gardée par record_assistant_message sur PostgreSQL, e-mail à l’équipe${suffix}`,
  ...options,
  async fn() {
    const site = await staticSite();
    const smtp = await smtpServer();
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => undefined });
    const env: Record<string, string> = {
      SUPABASE_DB_URL: databaseUrl!,
      SITE_URL: site.origin,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO: 'equipe@dentivo.example',
    };
    const { assistantFunction } = await import('../assistant/index.ts');
    const handler = assistantFunction((name) => env[name] ?? '');
    const idea = JSON.stringify({
      message_id: 'prod-idee-0001',
      text: 'Exporter le planning vers l’agenda du téléphone',
      sent_at: new Date().toISOString(),
      conversation_id: 'conv-production',
      intent: 'idea',
    });
    const post = () =>
      handler(
        new Request('https://projet.supabase.co/functions/v1/assistant', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.origin, 'x-forwarded-for': '192.0.2.30' },
          body: idea,
        }),
      );
    try {
      const first = await post();
      assertEquals(first.status, 200);
      assert((await first.json()).response.includes('enregistrée'), 'idée dite enregistrée attendue');
      assertEquals((await post()).status, 200);
      const rows = await sql`select kind, text from assistant_messages where message_id = 'prod-idee-0001'`;
      assertEquals([...rows], [{ kind: 'idea', text: 'Exporter le planning vers l’agenda du téléphone' }]);
      const mails = await smtp.waitFor(1);
      assert(
        mails.some((raw) => raw.includes('conv-production')),
        'e-mail de l’idée à l’équipe attendu',
      );
    } finally {
      await handler.close();
      await sql.end();
      await smtp.close();
      await site.close();
    }
  },
});
