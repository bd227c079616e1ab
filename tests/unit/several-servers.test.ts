/**
 * Several servers, one database (docs/decisions/0022-postgres-is-the-contract.md): two real
 * `npm run serve` processes (tsx server/main.ts) with the same DATABASE_URL, on a throw-away
 * PostgreSQL cluster, behave as one: the rate limit, idempotency, the mail queue, the consent proofs
 * and the inbox are the database's. Skipped, with the reason, where PostgreSQL is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { findPostgres, openDatabase, startCluster, type Cluster } from '../support/postgres.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import type { PostgresDatabase } from '../../backend/db-postgres.ts';

const root = join(import.meta.dirname, '..', '..');
const postgres = findPostgres();
if (!postgres.available) console.warn(`Deux serveurs sur un PostgreSQL : ignoré, ${postgres.reason}.`);
const ANON = 'local-anon-key';
const TOKEN = 'jeton-deux-serveurs-assez-long-pour-demarrer';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Served {
  url: string;
  process: ChildProcess;
  output: () => string;
}

/** `npm run serve` as a user runs it, with its own port and the shared DATABASE_URL. */
async function serve(databaseUrl: string, smtpUrl: string): Promise<Served> {
  const port = await freePort();
  let output = '';
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      CONTACT_TO: 'equipe@dentivo.example',
      CONTACT_RATE_LIMIT: '3/600',
      INBOX_TOKEN: TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s’est arrêté au démarrage :\n${output}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, process: child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(served: Served | undefined): Promise<void> {
  if (!served || served.process.exitCode !== null) return;
  const exited = new Promise((resolve) => served.process.once('exit', resolve));
  served.process.kill('SIGTERM');
  await exited;
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  type: 'contact',
  fullName: 'Jean Dupont',
  email: 'jean@cabinet-dupont.fr',
  subject: 'demo',
  message: 'Bonjour, je souhaite une démonstration pour notre cabinet.',
  created_at: new Date().toISOString(),
  ...overrides,
});

async function post(server: Served, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: ANON, authorization: `Bearer ${ANON}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

describe.skipIf(!postgres.available)(
  `Deux serveurs, une base PostgreSQL${postgres.available ? '' : ` — ignoré : ${postgres.reason}`}`,
  () => {
    let cluster: Cluster;
    let db: PostgresDatabase;
    let smtp: TestSmtp;
    let a: Served | undefined;
    let b: Served | undefined;
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

    beforeAll(async () => {
      if (!postgres.available) return;
      cluster = await startCluster(postgres);
      const url = await cluster.createDatabase('serveurs');
      db = openDatabase(url, 2);
      smtp = await startSmtp();
      [a, b] = await Promise.all([serve(url, smtp.url), serve(url, smtp.url)]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([stop(a), stop(b)]);
      await db?.close();
      await smtp?.close();
      await cluster?.stop();
    }, 60_000);

    it('share one rate limit: 3 requests per client in all, whichever server answers, even all at once', async () => {
      const statuses = await Promise.all(
        Array.from(
          { length: 10 },
          async (_, i) =>
            (
              await post(
                i % 2 ? b! : a!,
                '/functions/v1/send-contact-email',
                contact({ fullName: `Visiteur ${i}`, email: `visiteur${i}@cabinet.fr` }),
              )
            ).status,
        ),
      );
      console.log(`Deux serveurs, limite 3 par client, 10 requêtes simultanées : ${statuses.join(', ')}.`);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      expect(await count('contact_requests')).toBe(3);
    });

    it('share idempotency: a key stored by one is a duplicate on the other, and a 422 with another body', async () => {
      await db.exec('truncate rate_limits');
      const key = { 'idempotency-key': 'deux-serveurs-0001' };
      expect(
        (
          await post(
            a!,
            '/functions/v1/send-contact-email',
            contact({ fullName: 'Une fois', email: 'une-fois@cabinet.fr' }),
            key,
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await post(
            b!,
            '/functions/v1/send-contact-email',
            contact({ fullName: 'Une fois', email: 'une-fois@cabinet.fr' }),
            key,
          )
        ).status,
      ).toBe(200);
      const reused = await post(
        b!,
        '/functions/v1/send-contact-email',
        contact({ fullName: 'Quelqu’un d’autre', email: 'une-fois@cabinet.fr' }),
        key,
      );
      expect(reused.status).toBe(422);
      expect(reused.body.error).toMatch(
        /^Cette clé d’envoi \(Idempotency-Key\) a déjà servi pour une demande différente/,
      );
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from contact_requests where full_name = 'Une fois'`,
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('share the mail queue: every mail of every request is sent once, and the week’s digest once', async () => {
      const requests = await count('contact_requests');
      for (;;) {
        const { rows } = await db.query<{ n: number; digests: number }>(
          `select count(*) filter (where status <> 'sent')::int as n,
                  count(*) filter (where kind = 'team_digest' and status = 'sent')::int as digests from mail_outbox`,
        );
        if (rows[0]!.n === 0 && rows[0]!.digests > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Both servers' maintenance tried to queue last week's digest (backend/assistant/digest.ts): one mail.
      const digests = smtp.mails.filter((mail) => mail.subject.includes('Le point de la semaine'));
      expect(digests).toHaveLength(1);
      // Each request has its own visitor: every mail is told apart by recipient and subject.
      const mails = smtp.mails
        .filter((mail) => !digests.includes(mail))
        .map((mail) => `${mail.to.join(',')}|${mail.subject}`);
      console.log(
        `Deux serveurs : ${requests} demandes, ${mails.length} e-mails reçus, ${mails.length - new Set(mails).size} en double.`,
      );
      expect(mails).toHaveLength(requests * 2);
      expect(new Set(mails).size).toBe(requests * 2);
      expect(await count('mail_outbox')).toBe(requests * 2 + 1);
      const sentBy = await db.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where status = 'sent' and attempts = 1`,
      );
      expect(sentBy.rows[0]!.n).toBe(requests * 2 + 1);
    });

    it('share consent proofs and their limit (20 a minute per client), and one inbox', async () => {
      const proof = () => ({
        consentId: crypto.randomUUID(),
        analytics: true,
        marketing: false,
        policyVersion: '2026-11-01',
        chosenAt: new Date().toISOString(),
      });
      const statuses = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await post(i % 2 ? b! : a!, '/functions/v1/consent-proof', proof())).status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.at(-1)).toBe(429);
      expect(await count('consent_proofs')).toBe(20);

      const inboxes = await Promise.all(
        [a!, b!].map(async (server) =>
          (await fetch(`${server.url}/_inbox?limit=50`, { headers: { authorization: `Bearer ${TOKEN}` } })).json(),
        ),
      );
      expect(inboxes[0]).toEqual(inboxes[1]);
      expect((inboxes[0] as { total: number }).total).toBe(await count('contact_requests'));
    });
  },
);
