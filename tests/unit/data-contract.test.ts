/**
 * The data contract (docs/decisions/0022-postgres-is-the-contract.md), the same tests on both engines:
 * PGlite (what `npm start` runs) and a real PostgreSQL (a throw-away cluster, tests/support/postgres.ts;
 * what DATABASE_URL and Supabase run). Each engine's database is migrated by the server's own code and
 * reached only through the backend's own modules: the stores, the mail queue and worker, the assistant
 * inbox. Where PostgreSQL is not installed, its half is reported skipped, with the reason.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SubmissionRow } from '../../core/contact/schema.ts';
import type { Database } from '../../backend/db.ts';
import { contactRequestStore } from '../../backend/contact/request-store.ts';
import { handleContactRequest, HANDLER_MESSAGES } from '../../backend/contact/handler.ts';
import { consentProofStore } from '../../backend/consent/proof-store.ts';
import { mailQueue } from '../../backend/mail/queue.ts';
import { MailWorker } from '../../backend/mail/worker.ts';
import type { OutgoingMail } from '../../backend/contact/mail.ts';
import { assistantInbox } from '../../backend/assistant/team-inbox.ts';
import { replyCounter, voteStore } from '../../backend/assistant/feedback.ts';
import { buildDigest, questionsAsked, queueWeeklyDigest } from '../../backend/assistant/digest.ts';
import { DEFAULT_RETENTION, pruneAssistantData } from '../../backend/assistant/retention.ts';
import { inboxEntryFromMessage } from '../../core/assistant/visitor-messages.ts';
import { migrate, openStore, type Store } from '../../server/database.ts';
import { readInbox } from '../../server/inbox-reader.ts';
import { emptyStore } from '../support/backend.ts';
import { findPostgres, MIGRATIONS_DIR, openDatabase, startCluster, type Cluster } from '../support/postgres.ts';

const postgres = findPostgres();
if (!postgres.available) console.warn(`Tests du contrat sur PostgreSQL ignorés : ${postgres.reason}.`);

let cluster: Cluster | undefined;
beforeAll(async () => {
  if (postgres.available) cluster = await startCluster(postgres);
}, 120_000);
afterAll(() => cluster?.stop());

interface Engine {
  name: string;
  skip: boolean;
  open(): Promise<Store>;
  /** An empty database, not migrated, and how to close it. */
  blank(): Promise<{ db: Database; close(): Promise<void> }>;
  /** A second, independent connection to the same database (another server); PGlite has only one. */
  second(store: Store): Promise<{ db: Database; close(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'PGlite',
    skip: false,
    open: () => openStore({ migrationsDir: MIGRATIONS_DIR }),
    blank: async () => {
      const db = await PGlite.create();
      return { db, close: () => db.close() };
    },
    second: async (store) => ({ db: store.db, close: async () => undefined }),
  },
  {
    name: postgres.available ? 'PostgreSQL (grappe jetable)' : `PostgreSQL — ignoré : ${postgres.reason}`,
    skip: !postgres.available,
    open: async () =>
      openStore({
        databaseUrl: await cluster!.createDatabase('contrat'),
        migrationsDir: MIGRATIONS_DIR,
        maxConnections: 20,
      }),
    blank: async () => {
      const db = openDatabase(await cluster!.createDatabase('ancienne', { migrated: false }), 2);
      return { db, close: () => db.close() };
    },
    second: async (store) => {
      const { rows } = await store.db.query<{ name: string }>('select current_database() as name');
      const db = openDatabase(cluster!.url(rows[0]!.name), 20);
      return { db, close: () => db.close() };
    },
  },
];

const request = (overrides: Partial<SubmissionRow> = {}): SubmissionRow => ({
  type: 'contact',
  full_name: 'Jean Dupont',
  email: 'jean@cabinet-dupont.fr',
  company: 'Cabinet Dupont',
  phone: null,
  subject: 'demo',
  message: 'Bonjour, une démonstration pour notre cabinet.',
  city: null,
  profession: null,
  team_size: null,
  transcript: null,
  created_at: new Date().toISOString(),
  ...overrides,
});

const identity = {
  productName: 'Dentivo',
  assistantName: 'DENTY',
  siteUrl: 'https://www.dentivo.example',
  teamAddress: 'equipe@dentivo.example',
  from: 'Dentivo <no-reply@dentivo.example>',
  supportResponse: '24 h',
};

const CONTRACT_FUNCTIONS = [
  'submit_contact_request(jsonb, text, text, integer, integer, boolean)',
  'record_consent_proof(uuid, boolean, boolean, text, timestamptz, text, integer, integer)',
  'record_assistant_message(text, text, text, text, text, real, jsonb, boolean, text, integer, integer)',
  'claim_pending_mails(integer, integer)',
  'mark_mail_sent(bigint, uuid)',
  'mark_mail_failed(bigint, uuid, text)',
  'take_rate_token(text, text, integer, integer)',
  'prune_rate_limits()',
];
const TABLES = ['contact_requests', 'consent_proofs', 'rate_limits', 'assistant_messages', 'mail_outbox'];

describe.each(engines)('Contrat de données sur $name', (engine) => {
  let store: Store;
  const db = () => store.db;
  const count = async (table: string) =>
    (await db().query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

  beforeAll(async () => {
    if (!engine.skip) store = await engine.open();
  }, 120_000);
  afterAll(() => store?.close());
  beforeEach(async () => {
    if (!engine.skip) await emptyStore(store);
  });

  describe.skipIf(engine.skip)('schéma et droits', () => {
    it('applies each migration once: a second run applies nothing', async () => {
      expect(await migrate(db(), MIGRATIONS_DIR)).toEqual([]);
      const { rows } = await db().query<{ n: number }>('select count(*)::int as n from schema_migrations');
      expect(rows[0]!.n).toBeGreaterThanOrEqual(6);
    });

    it('moves the mails an older database still owed into the queue, and only those', async () => {
      // A database as the three first migrations left it, with requests waiting for their mails.
      const older = mkdtempSync(join(tmpdir(), 'dentivo-migrations-'));
      const { db: blank, close } = await engine.blank();
      try {
        for (const name of readdirSync(MIGRATIONS_DIR).filter((name) => name < '20261123'))
          copyFileSync(join(MIGRATIONS_DIR, name), join(older, name));
        await migrate(blank, older);
        await blank.exec(`
          insert into contact_requests (type, full_name, email, subject, message, created_at, mail_status, mail_attempts,
                                        mail_last_error, team_mail_sent_at)
          values ('contact', 'Équipe servie', 'a@cabinet.fr', 'demo', 'Bonjour à vous tous', now(), 'pending', 2,
                  'délai dépassé', now()),
                 ('contact', 'Rien envoyé', 'b@cabinet.fr', 'demo', 'Bonjour à vous tous', now(), 'pending', 1, null, null),
                 ('contact', 'Déjà servi', 'c@cabinet.fr', 'demo', 'Bonjour à vous tous', now(), 'sent', 1, null, now())`);
        const applied = await migrate(blank, MIGRATIONS_DIR);
        expect(applied.every((name) => name >= '20261123')).toBe(true);
        const { rows } = await blank.query<{
          full_name: string;
          kind: string;
          attempts: number;
          last_error: string | null;
        }>(
          `select r.full_name, o.kind, o.attempts, o.last_error
           from mail_outbox o join contact_requests r on r.id = o.contact_request_id order by r.id, o.kind`,
        );
        expect(rows).toEqual([
          { full_name: 'Équipe servie', kind: 'contact_ack', attempts: 2, last_error: 'délai dépassé' },
          { full_name: 'Rien envoyé', kind: 'contact_ack', attempts: 1, last_error: null },
          { full_name: 'Rien envoyé', kind: 'contact_team', attempts: 1, last_error: null },
        ]);
      } finally {
        await close();
        rmSync(older, { recursive: true, force: true });
      }
    });

    it('keeps row level security on every table, and gives visitors no table privilege', async () => {
      const { rows } = await db().query<{ relname: string; relrowsecurity: boolean }>(
        `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relname = any($1::text[])`,
        [TABLES],
      );
      expect(rows.map((row) => [row.relname, row.relrowsecurity]).sort()).toEqual(TABLES.map((t) => [t, true]).sort());
      for (const role of ['anon', 'authenticated'])
        for (const table of TABLES) {
          const { rows: granted } = await db().query<{ ok: boolean }>(
            `select has_table_privilege($1::text, $2::text, 'select') or has_table_privilege($1::text, $2::text, 'insert') as ok`,
            [role, `public.${table}`],
          );
          expect(granted[0]!.ok, `${role} sur ${table}`).toBe(false);
        }
    });

    it('lets service_role alone execute the contract, each function security definer with an empty search_path', async () => {
      for (const signature of CONTRACT_FUNCTIONS) {
        const { rows } = await db().query<{
          anon: boolean;
          authenticated: boolean;
          service: boolean;
          definer: boolean;
          config: string[];
        }>(
          `select has_function_privilege('anon', $1::text, 'execute') as anon,
                  has_function_privilege('authenticated', $1::text, 'execute') as authenticated,
                  has_function_privilege('service_role', $1::text, 'execute') as service,
                  p.prosecdef as definer, p.proconfig as config
           from pg_proc p where p.oid = $1::text::regprocedure`,
          [`public.${signature}`],
        );
        expect(rows[0], signature).toMatchObject({ anon: false, authenticated: false, service: true, definer: true });
        expect(rows[0]!.config, signature).toContain('search_path=""');
      }
      const helper = await db().query<{ service: boolean }>(
        `select has_function_privilege('service_role', 'public.refresh_mail_summary(bigint, bigint)', 'execute') as service`,
      );
      expect(helper.rows[0]!.service).toBe(false);
    });

    it('refuses a visitor who calls a function through the API role (permission denied, nothing stored)', async () => {
      const attempt = db().transaction(async (tx) => {
        await tx.query('set local role anon');
        await tx.query(`select * from public.submit_contact_request('{}'::jsonb)`);
      });
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
      const asService = await db().transaction(async (tx) => {
        await tx.query('set local role service_role');
        return (
          await tx.query<{ outcome: string }>('select * from public.submit_contact_request($1::text::jsonb)', [
            JSON.stringify(request()),
          ])
        ).rows[0]!.outcome;
      });
      expect(asService).toBe('stored');
      expect(await count('contact_requests')).toBe(1);
    });
  });

  describe.skipIf(engine.skip)('demandes de contact : submit_contact_request', () => {
    it('stores a request and queues its two mails; without SMTP it is stored as skipped, nothing queued', async () => {
      const withMails = contactRequestStore(db(), { sendMails: true });
      const stored = await withMails.submit(request(), { clientKey: 'a' });
      expect(stored).toMatchObject({ kind: 'stored' });
      const without = contactRequestStore(db(), { sendMails: false });
      await without.submit(
        request({ type: 'tester', subject: null, message: null, profession: 'autre', team_size: 3 }),
        {
          clientKey: 'a',
        },
      );
      const { rows } = await db().query<{ type: string; mail_status: string; mails: number }>(
        `select r.type, r.mail_status, (select count(*)::int from mail_outbox o where o.contact_request_id = r.id) as mails
         from contact_requests r order by r.id`,
      );
      expect(rows).toEqual([
        { type: 'contact', mail_status: 'pending', mails: 2 },
        { type: 'tester', mail_status: 'skipped', mails: 0 },
      ]);
    });

    it('stores a retried Idempotency-Key once, and refuses the key with another request (conflict)', async () => {
      const requests = contactRequestStore(db(), { sendMails: true });
      const first = await requests.submit(request(), { idempotencyKey: 'cle-contrat-0001', clientKey: 'a' });
      // The widget stamps each attempt: created_at differs, the request is the same.
      const retry = await requests.submit(request({ created_at: new Date(Date.now() + 60_000).toISOString() }), {
        idempotencyKey: 'cle-contrat-0001',
        clientKey: 'a',
      });
      expect(retry).toEqual({ kind: 'duplicate', id: (first as { id: string }).id });
      const other = await requests.submit(request({ message: 'Tout autre chose, vraiment.' }), {
        idempotencyKey: 'cle-contrat-0001',
        clientKey: 'a',
      });
      expect(other).toEqual({ kind: 'conflict' });
      const { rows } = await db().query<{ message: string }>('select message from contact_requests');
      expect(rows).toEqual([{ message: 'Bonjour, une démonstration pour notre cabinet.' }]);
      expect(await count('mail_outbox')).toBe(2);
    });

    it('refuses what breaks the table’s rules, whoever calls: lengths, unknown fields, a bad key; nothing stored', async () => {
      const requests = contactRequestStore(db(), { sendMails: true });
      for (const row of [
        request({ full_name: 'x'.repeat(201) }),
        request({ message: 'x'.repeat(5001) }),
        request({ phone: '0'.repeat(41) }),
        request({ subject: 'inconnu' }),
        { ...request(), ip: '203.0.113.7' } as SubmissionRow,
      ])
        expect(await requests.submit(row, { clientKey: 'a' })).toEqual({ kind: 'refused' });
      expect(await requests.submit(request(), { idempotencyKey: 'court', clientKey: 'a' })).toEqual({
        kind: 'refused',
      });
      expect(await count('contact_requests')).toBe(0);
      expect(await count('mail_outbox')).toBe(0);
    });

    it('limits each client in a table: a retry costs nothing, others are not affected, time refills, full buckets are forgotten', async () => {
      const requests = contactRequestStore(db(), { sendMails: false, rateLimit: { limit: 3, windowMs: 600_000 } });
      const outcomes = [];
      for (let i = 0; i < 4; i++)
        outcomes.push(
          (await requests.submit(request({ full_name: `Visiteur ${i}` }), { clientKey: '203.0.113.7' })).kind,
        );
      expect(outcomes).toEqual(['stored', 'stored', 'stored', 'rateLimited']);
      const refused = await requests.submit(request(), { clientKey: '203.0.113.7' });
      expect(refused.kind === 'rateLimited' && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.kind === 'rateLimited' && refused.retryAfterSeconds).toBeLessThanOrEqual(200);
      expect((await requests.submit(request(), { clientKey: '198.51.100.2' })).kind).toBe('stored');

      // The address itself is never kept: a hash, until the bucket is full again.
      const { rows } = await db().query<{ client_hash: string }>('select client_hash from rate_limits');
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.client_hash))).toBe(true);

      // Ten minutes pass for the first client.
      await db().exec(`update rate_limits set updated_at = updated_at - interval '10 minutes'`);
      expect((await requests.submit(request(), { clientKey: '203.0.113.7' })).kind).toBe('stored');
      await db().exec(`update rate_limits set full_at = now() - interval '1 second'`);
      expect(await mailQueue(db()).pruneRateLimits()).toBe(2);
      expect(await count('rate_limits')).toBe(0);
    });

    it('answers over HTTP with the French 422 for a reused key and 429 with Retry-After past the limit', async () => {
      const deps = {
        store: contactRequestStore(db(), { sendMails: false, rateLimit: { limit: 2, windowMs: 600_000 } }),
        allowedOrigins: [],
      };
      const post = (body: Record<string, unknown>, key?: string) =>
        handleContactRequest(
          new Request('http://localhost/functions/v1/send-contact-email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
            body: JSON.stringify({
              type: 'contact',
              fullName: 'Jean Dupont',
              email: 'jean@cabinet.fr',
              subject: 'demo',
              message: 'Bonjour, une démonstration svp.',
              created_at: new Date().toISOString(),
              ...body,
            }),
          }),
          deps,
          '192.0.2.1',
        );
      expect((await post({}, 'http-cle-0001')).status).toBe(200);
      expect((await post({}, 'http-cle-0001')).status).toBe(200);
      const reused = await post({ message: 'Un tout autre message.' }, 'http-cle-0001');
      expect(reused.status).toBe(422);
      expect(await reused.json()).toEqual({ ok: false, error: HANDLER_MESSAGES.conflict });
      expect((await post({ fullName: 'Deuxième' })).status).toBe(200);
      const limited = await post({ fullName: 'Troisième' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await limited.json()) as { error: string }).error).toMatch(
        /^Trop de demandes envoyées depuis votre connexion/,
      );
      expect(await count('contact_requests')).toBe(2);
    });
  });

  describe.skipIf(engine.skip)('preuves de consentement : record_consent_proof', () => {
    it('stores proofs under the client’s rate limit, and refuses an invalid policy version', async () => {
      const proofs = consentProofStore(db(), { rateLimit: { limit: 2, windowMs: 60_000 } });
      const proof = () => ({
        consentId: crypto.randomUUID(),
        analytics: true,
        marketing: false,
        policyVersion: '2026-11-01',
        chosenAt: new Date().toISOString(),
      });
      expect(await proofs.record(proof(), 'a')).toEqual({ kind: 'stored' });
      expect(await proofs.record(proof(), 'a')).toEqual({ kind: 'stored' });
      expect((await proofs.record(proof(), 'a')).kind).toBe('rateLimited');
      expect(await proofs.record(proof(), 'b')).toEqual({ kind: 'stored' });
      expect(await proofs.record({ ...proof(), policyVersion: 'pas une version !' }, 'c')).toEqual({ kind: 'refused' });
      expect(await count('consent_proofs')).toBe(3);
    });
  });

  describe.skipIf(engine.skip)('file des e-mails : claim_pending_mails, mark_mail_sent, mark_mail_failed', () => {
    it('hands each due mail to one claimer under a lease; a stale token marks nothing', async () => {
      await contactRequestStore(db(), { sendMails: true }).submit(request(), { clientKey: 'a' });
      const queue = mailQueue(db());
      const claimed = await queue.claim(10);
      expect(claimed.map((mail) => mail.kind).sort()).toEqual(['contact_ack', 'contact_team']);
      expect(claimed[0]!.payload).toMatchObject({ full_name: 'Jean Dupont', email: 'jean@cabinet-dupont.fr' });
      expect(await queue.claim(10)).toEqual([]);
      expect(await queue.sent({ ...claimed[0]!, lockToken: crypto.randomUUID() })).toBe(false);
      // The lease ends (a worker died mid-send): the mail is due again, under a new token.
      await db().exec(`update mail_outbox set locked_until = now() - interval '1 second'`);
      const again = await queue.claim(10);
      expect(again).toHaveLength(2);
      expect(again[0]!.lockToken).not.toBe(claimed[0]!.lockToken);
      expect(await queue.sent(claimed[0]!)).toBe(false);
      for (const mail of again) expect(await queue.sent(mail)).toBe(true);
      const { rows } = await db().query<{ mail_status: string; team: Date | null; ack: Date | null }>(
        'select mail_status, team_mail_sent_at as team, ack_mail_sent_at as ack from contact_requests',
      );
      expect(rows[0]!.mail_status).toBe('sent');
      expect(rows[0]!.team).not.toBeNull();
      expect(rows[0]!.ack).not.toBeNull();
    });

    it('backs off after each failure (1, 2, 4… minutes, at most an hour) and gives up after 10 attempts', async () => {
      await contactRequestStore(db(), { sendMails: true }).submit(request(), { clientKey: 'a' });
      const queue = mailQueue(db());
      const delays: number[] = [];
      let last;
      for (let attempt = 1; attempt <= 10; attempt++) {
        const [mail] = (await queue.claim(10)).filter((m) => m.kind === 'contact_team');
        expect(mail!.attempts).toBe(attempt);
        const before = Date.now();
        last = await queue.failed(mail!, `refusé par le serveur SMTP (${attempt})`);
        delays.push(Math.round((last!.nextAttemptAt.getTime() - before) / 60_000));
        // The delay passes (the acknowledgement, claimed at the first round, stays under its lease).
        await db().exec(`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
      }
      expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
      expect(last!.status).toBe('failed');
      const { rows } = await db().query<{ mail_status: string; mail_attempts: number; mail_last_error: string }>(
        'select mail_status, mail_attempts, mail_last_error from contact_requests',
      );
      expect(rows[0]).toEqual({
        mail_status: 'failed',
        mail_attempts: 10,
        mail_last_error: 'refusé par le serveur SMTP (10)',
      });
    });

    it('lets the one worker write and send every kind of mail: the request’s two, the assistant’s team mail', async () => {
      await contactRequestStore(db(), { sendMails: true }).submit(request(), { clientKey: 'a' });
      await assistantInbox(db(), { sendMails: true }).record({
        kind: 'idea',
        conversationId: 'conversation-unique',
        messageId: 'idee-0001',
        text: 'Un rappel automatique des devis non signés après 15 jours.',
      });
      const sent: OutgoingMail[] = [];
      const worker = new MailWorker({
        queue: mailQueue(db()),
        identity,
        send: async (mail) => void sent.push(mail),
        log: () => undefined,
      });
      expect(await worker.drain()).toEqual({ sent: 3, failed: 0, lost: 0 });
      expect(sent.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
        [
          ['equipe@dentivo.example', '[Dentivo] Contact : Demander une démonstration – Jean Dupont'],
          ['jean@cabinet-dupont.fr', 'Nous avons bien reçu votre message – Dentivo'],
          [
            'equipe@dentivo.example',
            '[Dentivo] Idée reçue par DENTY – «\u00A0Un rappel automatique des devis non signés après 15 jours.\u00A0»',
          ],
        ].sort(),
      );
      expect(sent.find((mail) => mail.subject.includes('Idée'))!.text).toContain(
        'Message\u00A0:\nUn rappel automatique des devis non signés après 15 jours.',
      );
      expect(await worker.drain()).toEqual({ sent: 0, failed: 0, lost: 0 });
    });
  });

  describe.skipIf(engine.skip)(
    'boîte de l’assistant : record_assistant_message (backend/assistant/team-inbox.ts)',
    () => {
      it('stores every idea, unanswered question and voice note once, with its team mail queued', async () => {
        const inbox = assistantInbox(db(), { sendMails: true });
        const idea = await inbox.record({
          kind: 'idea',
          conversationId: 'conversation-unique',
          messageId: 'm-idee',
          text: '  Pouvoir envoyer les rappels par WhatsApp.  ',
        });
        expect(idea.kind).toBe('stored');
        expect(
          await inbox.record(
            inboxEntryFromMessage('unanswered', {
              message_id: 'm-question',
              text: 'Gérez-vous les mutuelles belges ?',
              sent_at: new Date().toISOString(),
              conversation_id: 'conversation-unique',
            }),
          ),
        ).toMatchObject({ kind: 'stored' });
        expect(
          await inbox.record({
            kind: 'voice',
            conversationId: 'conversation-unique',
            messageId: 'm-vocal',
            voice: {
              url: '/storage/v1/object/public/assistant-uploads/landing-page/voices/1700000000000-abcdefghijklmnopqrstuQ.webm',
              duration: 15,
            },
            files: [
              {
                filename: 'devis.pdf',
                type: 'application/pdf',
                url: 'https://projet.supabase.co/storage/v1/object/public/assistant-uploads/landing-page/files/1700000000000-ABCDEFGHIJKLMNOPQRSTUg-devis.pdf',
              },
            ],
          }),
        ).toMatchObject({ kind: 'stored' });
        // The same message again (a retry) is stored once and mailed once.
        expect(
          await inbox.record({
            kind: 'idea',
            conversationId: 'conversation-unique',
            messageId: 'm-idee',
            text: 'Pouvoir envoyer les rappels par WhatsApp.',
          }),
        ).toEqual({ kind: 'duplicate', id: (idea as { id: string }).id });
        expect(
          await inbox.record({
            kind: 'idea',
            conversationId: 'conversation-unique',
            messageId: 'm-idee',
            text: 'Autre idée.',
          }),
        ).toEqual({ kind: 'conflict' });
        const { rows } = await db().query<{
          kind: string;
          text: string | null;
          voice_duration: number | null;
          files: unknown[];
        }>('select kind, text, voice_duration, files from assistant_messages order by id');
        expect(rows).toEqual([
          { kind: 'idea', text: 'Pouvoir envoyer les rappels par WhatsApp.', voice_duration: null, files: [] },
          { kind: 'unanswered', text: 'Gérez-vous les mutuelles belges ?', voice_duration: null, files: [] },
          {
            kind: 'voice',
            text: null,
            voice_duration: 15,
            files: [
              {
                filename: 'devis.pdf',
                type: 'application/pdf',
                url: 'https://projet.supabase.co/storage/v1/object/public/assistant-uploads/landing-page/files/1700000000000-ABCDEFGHIJKLMNOPQRSTUg-devis.pdf',
              },
            ],
          },
        ]);
        expect(await count('mail_outbox')).toBe(3);

        const listed = await readInbox(db(), 20, 'voice');
        expect(listed.messages.map((message) => message.kind)).toEqual(['voice']);
        expect(listed.assistantTotal).toBe(3);
        expect(listed.requests).toEqual([]);
        expect((await readInbox(db(), 20, 'assistant')).messages).toHaveLength(3);
      });

      it('mails the team at most its limit per client, in the database, and still stores everything past it', async () => {
        // Two inboxes: two servers (or edge isolates) on one database share the limit.
        const mailLimit = { limit: 2, windowMs: 3_600_000 };
        const first = assistantInbox(db(), { sendMails: true, mailLimit });
        const second = assistantInbox(db(), { sendMails: true, mailLimit });
        const question = (n: number) => ({
          kind: 'unanswered' as const,
          conversationId: 'conversation-a',
          messageId: `question-${n}`,
          text: `Question ${n} sans réponse sur le site ?`,
        });
        for (let n = 0; n < 5; n++)
          expect((await (n % 2 ? second : first).record(question(n), 'client-a')).kind).toBe('stored');
        // Another visitor is mailed about as usual; a retry of a stored message takes nothing from the limit.
        expect(
          (
            await first.record(
              { kind: 'idea', conversationId: 'b', messageId: 'idee-b', text: 'Une idée.' },
              'client-b',
            )
          ).kind,
        ).toBe('stored');
        expect((await second.record(question(0), 'client-a')).kind).toBe('duplicate');
        const { rows } = await db().query<{ message_id: string; mail_status: string }>(
          'select message_id, mail_status from assistant_messages order by id',
        );
        expect(rows).toEqual([
          { message_id: 'question-0', mail_status: 'pending' },
          { message_id: 'question-1', mail_status: 'pending' },
          { message_id: 'question-2', mail_status: 'skipped' },
          { message_id: 'question-3', mail_status: 'skipped' },
          { message_id: 'question-4', mail_status: 'skipped' },
          { message_id: 'idee-b', mail_status: 'pending' },
        ]);
        expect(await count('mail_outbox')).toBe(3);
        expect((await readInbox(db(), 20, 'assistant')).messages).toHaveLength(6);
      });

      it('refuses an entry that breaks the contract with French reasons, whether the schema or the database catches it', async () => {
        const inbox = assistantInbox(db(), { sendMails: false });
        const refused = await inbox.record({ kind: 'voice', conversationId: 'c', messageId: 'm1', text: 'sans note' });
        expect(refused).toEqual({
          kind: 'invalid',
          issues: ['Une note vocale sans adresse ne peut pas être transmise.'],
        });
        expect(await inbox.record({ kind: 'idea', conversationId: 'c', messageId: 'm2', text: '   ' })).toMatchObject({
          kind: 'invalid',
          issues: ['Rien à transmettre\u00A0: un texte, une note vocale ou un fichier est attendu.'],
        });
        expect(
          (await inbox.record({ kind: 'idée' as 'idea', conversationId: 'c', messageId: 'm3', text: 'x' })).kind,
        ).toBe('invalid');
        // The database holds the same rules for whoever calls it without the schema.
        await expect(
          db().query(
            `select * from public.record_assistant_message('voice', 'c', 'm4', 'texte', null, null, '[]'::jsonb, false)`,
          ),
        ).rejects.toMatchObject({ code: '23514' });
        await expect(
          db().query(
            `select * from public.record_assistant_message('idea', 'c', 'm5', 'x', null, null, '[{"filename":"a","type":"b","url":"javascript:alert(1)"}]'::jsonb, false)`,
          ),
        ).rejects.toMatchObject({ code: '22023' });
        // Links to the team are links to our storage (docs/decisions/0058-team-links-are-our-links.md), and no
        // stored text carries a control character or a bidirectional override.
        const name = '1700000000000-abcdefghijklmnopqrstuQ';
        const record = (id: string, text: string | null, voice: string | null, files: unknown[] = []) =>
          db().query(
            'select * from public.record_assistant_message($1::text, $2::text, $3::text, $4::text, $5::text, null, $6::text::jsonb, false)',
            [voice ? 'voice' : 'idea', 'c', id, text, voice, JSON.stringify(files)],
          );
        for (const [id, voice] of [
          ['m6', `/\\evil.example/storage/v1/object/public/assistant-uploads/landing-page/voices/${name}.webm`],
          ['m7', `https://evil.example/note.webm`],
          ['m8', `//evil.example/storage/v1/object/public/assistant-uploads/landing-page/voices/${name}.webm`],
          [
            'm9',
            `/storage/v1/object/public/assistant-uploads/landing-page/voices/1700000000000-${'a'.repeat(22)}.webm`,
          ],
        ])
          await expect(record(id!, null, voice!)).rejects.toMatchObject({ code: '22023' });
        const file = (filename: string, url: string) => [{ filename, type: 'application/pdf', url }];
        const ours = `/storage/v1/object/public/assistant-uploads/landing-page/files/${name}-devis.pdf`;
        await expect(
          record('m10', 'x', null, file('devis.pdf', 'https://evil.example/devis.pdf')),
        ).rejects.toMatchObject({
          code: '22023',
        });
        await expect(record('m11', 'x', null, file('devis\u202Efdp.exe', ours))).rejects.toMatchObject({
          code: '22023',
        });
        await expect(record('m12', 'Bonjour \u001b[31mrouge\u0007', null)).rejects.toMatchObject({ code: '22023' });
        expect(await count('assistant_messages')).toBe(0);
        // Line breaks and tabs stay in a message; our own links are stored.
        await record('m13', 'Deux lignes\n\tet une tabulation', null, file('devis.pdf', ours));
        await record('m14', null, `/storage/v1/object/public/assistant-uploads/landing-page/voices/${name}.webm`);
        expect(await count('assistant_messages')).toBe(2);
      });
    },
  );

  describe.skipIf(engine.skip)('la boucle de DENTY : transmission, avis, comptes, point de la semaine', () => {
    const transcript = [
      { role: 'visitor' as const, text: 'Vous gérez la paie des assistantes ?', at: '2026-11-18T09:00:00.000Z' },
      {
        role: 'assistant' as const,
        text: 'Je n’ai pas trouvé de réponse à cette question.',
        at: '2026-11-18T09:00:01.000Z',
      },
    ];
    const handoff = request({
      type: 'handoff',
      full_name: null,
      company: null,
      subject: null,
      email: 'secretariat@cabinet-lilas.fr',
      phone: '04 78 00 00 00',
      message: 'Vous gérez la paie des assistantes ?',
      transcript,
    });

    it('stores a hand-off once with its transcript, and mails the team the conversation', async () => {
      const store = contactRequestStore(db(), { sendMails: true });
      expect((await store.submit(handoff, { clientKey: 'a', idempotencyKey: 'transmission-1' })).kind).toBe('stored');
      expect((await store.submit(handoff, { clientKey: 'a', idempotencyKey: 'transmission-1' })).kind).toBe(
        'duplicate',
      );
      const other = { ...handoff, transcript: transcript.slice(0, 1) };
      expect((await store.submit(other, { clientKey: 'a', idempotencyKey: 'transmission-1' })).kind).toBe('conflict');
      const sent: OutgoingMail[] = [];
      await new MailWorker({ queue: mailQueue(db()), identity, send: async (mail) => void sent.push(mail) }).drain();
      const team = sent.find((mail) => mail.to === identity.teamAddress)!;
      expect(team.subject).toBe('[Dentivo] Question transmise par DENTY – secretariat@cabinet-lilas.fr');
      expect(team.replyTo).toBe('secretariat@cabinet-lilas.fr');
      expect(team.text).toContain('Sa question :\nVous gérez la paie des assistantes ?');
      expect(team.text).toMatch(
        /\[10:00\] Visiteur :\nVous gérez la paie des assistantes \?\n\n\[10:00\] DENTY :\nJe n’ai pas trouvé/,
      );
      const ack = sent.find((mail) => mail.to === 'secretariat@cabinet-lilas.fr')!;
      expect(ack.text).toContain('la question que vous avez transmise depuis l’assistant DENTY');
      expect(ack.text).not.toContain('paie');
      // A name stays required for the forms; the transcript is a hand-off's only.
      expect(await store.submit(request({ full_name: null }), { clientKey: 'a' })).toEqual({ kind: 'refused' });
      expect((await store.submit(request({ transcript }), { clientKey: 'a' })).kind).toBe('refused');
    });

    it('keeps one vote per reply, changeable, with no client in it, under its own rate limit', async () => {
      const votes = voteStore(db());
      const vote = {
        reply_id: 'r-1',
        vote: 'down' as const,
        question: 'Combien coûte une licence ?',
        reply: 'Dentivo propose une offre unique…',
        reply_kind: 'answer' as const,
        page: '/tarifs',
      };
      expect(await votes.record(vote, '203.0.113.7')).toEqual({ kind: 'stored' });
      expect(await votes.record({ ...vote, vote: 'up' }, '203.0.113.7')).toEqual({ kind: 'stored' });
      const { rows } = await db().query<Record<string, unknown>>('select * from assistant_votes');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reply_id: 'r-1', vote: 'up', page: '/tarifs', section: null });
      expect(JSON.stringify(rows[0])).not.toContain('203.0.113.7');
      let outcome;
      for (let i = 0; i < 40 && outcome?.kind !== 'rateLimited'; i++)
        outcome = await votes.record({ ...vote, reply_id: `r-${i + 2}` }, '198.51.100.9');
      expect(outcome?.kind).toBe('rateLimited');
      await expect(votes.record({ ...vote, question: 'a\u202Eb' }, 'autre')).rejects.toThrow();
    });

    it('builds the digest of a week from the rows themselves, and queues it once whatever the workers', async () => {
      await contactRequestStore(db(), { sendMails: false }).submit(handoff, { clientKey: 'a' });
      const count = replyCounter(db());
      for (const kind of ['answer', 'answer', 'answer', 'unsure', 'not-found', 'handoff', 'social'] as const)
        await count(kind);
      await voteStore(db()).record(
        { reply_id: 'r-1', vote: 'down', question: 'q', reply: 'r', reply_kind: 'answer' },
        'a',
      );
      const inbox = assistantInbox(db(), { sendMails: false });
      for (const [id, text] of [
        ['m-1', 'Vous gérez la paie ?'],
        ['m-2', 'vous gerez la paie'],
        ['m-3', 'Une recette de gâteau ?'],
      ] as const)
        await inbox.record(
          inboxEntryFromMessage('unanswered', {
            message_id: id,
            conversation_id: 'conv-1',
            text,
            sent_at: new Date().toISOString(),
          }),
          'a',
        );
      await db().query('insert into assistant_dismissed_questions (question_key) values ($1)', [
        'une recette de gateau',
      ]);
      await db().query(
        `insert into consent_proofs (consent_id, analytics, marketing, policy_version, chosen_at)
         values (gen_random_uuid(), true, false, '2026-11-01', now())`,
      );
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const digest = await buildDigest(db(), { from: today, to: tomorrow });
      expect(digest.replies).toMatchObject({ answer: 3, unsure: 1, 'not-found': 1, handoff: 1, social: 1, notice: 0 });
      expect(questionsAsked(digest)).toBe(7);
      expect(digest.votes).toEqual({ up: 0, down: 1 });
      expect(digest.handoffs).toBe(1);
      expect(digest.unanswered).toEqual([{ question: 'vous gerez la paie', count: 2 }]);
      expect(digest.consent).toEqual([{ version: '2026-11-01', accepted: 0, refused: 0, customised: 1 }]);
      // Queued once, even by two workers at once; the mail carries its tables.
      const queued = await Promise.all([
        queueWeeklyDigest(db(), new Date(), 'DENTY'),
        queueWeeklyDigest(db(), new Date(), 'DENTY'),
      ]);
      expect(queued.filter(Boolean)).toHaveLength(1);
      const sent: OutgoingMail[] = [];
      await new MailWorker({ queue: mailQueue(db()), identity, send: async (mail) => void sent.push(mail) }).drain();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('[Dentivo] Le point de la semaine de DENTY');
      expect(sent[0]!.attachments?.map((file) => file.filename.replace(/_.*$/, ''))).toEqual([
        'reponses',
        'questions-sans-reponse',
        'cookies',
      ]);
    });

    it('forgets votes and dismissals after the retention, day counts after 13 months', async () => {
      await voteStore(db()).record(
        { reply_id: 'r-1', vote: 'up', question: 'q', reply: 'r', reply_kind: 'answer' },
        'a',
      );
      await db().query("insert into assistant_reply_counts (day, kind, replies) values ('2020-01-01', 'answer', 4)");
      await db().query("update assistant_votes set voted_at = now() - interval '91 days'");
      const pruned = await pruneAssistantData(db(), DEFAULT_RETENTION);
      expect(pruned.feedback).toBe(2);
      expect(await count('assistant_votes')).toBe(0);
      expect(await count('assistant_reply_counts')).toBe(0);
    });
  });

  describe.skipIf(engine.skip)('concurrence', () => {
    it('200 parallel submissions with 50 repeated keys store exactly 150 rows', async () => {
      const requests = contactRequestStore(db(), { sendMails: true });
      const keys = Array.from({ length: 200 }, (_, i) => `parallele-${String(i % 150).padStart(4, '0')}`);
      const outcomes = await Promise.all(
        keys.map((key) =>
          requests.submit(request({ full_name: `Visiteur ${key}` }), {
            idempotencyKey: key,
            clientKey: `client-${key}`,
          }),
        ),
      );
      const kinds = outcomes.reduce<Record<string, number>>(
        (acc, outcome) => ({ ...acc, [outcome.kind]: (acc[outcome.kind] ?? 0) + 1 }),
        {},
      );
      console.log(
        `${engine.name} : 200 soumissions parallèles, 50 clés répétées → ${JSON.stringify(kinds)}, ${await count('contact_requests')} lignes.`,
      );
      expect(kinds).toEqual({ stored: 150, duplicate: 50 });
      expect(await count('contact_requests')).toBe(150);
      expect(await count('mail_outbox')).toBe(300);
    }, 120_000);

    it('holds one client’s limit under 30 parallel submissions: exactly the limit is stored', async () => {
      const requests = contactRequestStore(db(), { sendMails: false, rateLimit: { limit: 10, windowMs: 3_600_000 } });
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          requests.submit(request({ full_name: `Rafale ${i}` }), { clientKey: '203.0.113.9' }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.kind === 'stored')).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome.kind === 'rateLimited')).toHaveLength(20);
      expect(await count('contact_requests')).toBe(10);
    }, 120_000);

    it('two mail workers on one database never send one mail twice', async () => {
      const requests = contactRequestStore(db(), { sendMails: true });
      for (let i = 0; i < 40; i++)
        await requests.submit(request({ full_name: `Visiteur ${i}`, email: `visiteur${i}@cabinet.fr` }), {
          clientKey: `c${i}`,
        });
      const other = await engine.second(store);
      const sent: string[] = [];
      // A slow SMTP server: each send yields, so the two workers interleave.
      const send = async (mail: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(`${mail.to}|${mail.subject}`);
      };
      const workers = [
        new MailWorker({ queue: mailQueue(db()), identity, send, batch: 5, log: () => undefined }),
        new MailWorker({ queue: mailQueue(other.db), identity, send, batch: 5, log: () => undefined }),
      ];
      try {
        const rounds = await Promise.all(workers.map((worker) => worker.drain(100)));
        console.log(
          `${engine.name} : deux ouvriers, 80 e-mails → ${rounds.map((round) => round.sent).join(' + ')} envoyés, ${sent.length - new Set(sent).size} en double.`,
        );
        expect(sent).toHaveLength(80);
        expect(new Set(sent).size).toBe(80);
        expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(80);
        expect(await count('mail_outbox')).toBe(80);
        const { rows } = await db().query<{ n: number }>(
          `select count(*)::int as n from mail_outbox where status = 'sent'`,
        );
        expect(rows[0]!.n).toBe(80);
      } finally {
        await other.close();
      }
    }, 120_000);
  });
});
