/** The embedded backend of the assistant: the webhook (call 1), object storage (call 2) and embedding CORS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/common/config.ts';
import { webhookReply } from '../../core/assistant/contract.ts';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../../site/lib/assistant-index.ts';
import { assistantRoutes } from '../../server/routes/assistant.ts';
import { storageRoutes } from '../../server/routes/storage.ts';
import { UPLOAD_PATH, isUploadPath, randomPart, uploadName } from '../../core/assistant/uploads.ts';
import { embedCors } from '../../server/routes/embed.ts';
import { assistantInbox, type AssistantInbox } from '../../backend/assistant/team-inbox.ts';
import { connectPostgres } from '../../backend/db-postgres.ts';
import { readInbox } from '../../server/inbox-reader.ts';
import { openTestStore } from '../support/backend.ts';
import type { Store } from '../../server/database.ts';

const root = join(import.meta.dirname, '..', '..');
const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), {});

// The index the build writes, from the real content.
const content = loadContent(root, {});
const index = buildAssistantIndex(indexSourceOf(content));

function webhook(siteDir: string, limit?: { limit: number; windowMs: number }, inbox?: AssistantInbox) {
  const app = assistantRoutes({
    siteDir,
    config,
    ...(limit ? { limit } : {}),
    ...(inbox ? { inbox } : {}),
    log: () => undefined,
  });
  return (body: unknown, headers: Record<string, string> = {}) =>
    app.request('/assistant/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
}

const message = (text: string, conversation = 'conversation-a') => ({
  message_id: 'm1',
  text,
  sent_at: new Date().toISOString(),
  conversation_id: conversation,
});

describe('Webhook de l’assistant (POST /assistant/webhook)', () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-site-'));
  writeFileSync(join(siteDir, 'assistant-index.json'), JSON.stringify(index));
  const send = webhook(siteDir);

  it('répond au format du contrat, depuis le contenu du site', async () => {
    const response = await send(message('Qu’est-ce que Dentivo ?'));
    expect(response.status).toBe(200);
    const reply = webhookReply.parse(await response.json());
    expect(reply.message_id).toBe('reponse-m1');
    expect(reply.response).toContain('Dentivo est une suite de gestion en ligne pensée pour les cabinets dentaires.');
    expect(reply.response).toContain('[FAQ](/faq)');
    expect(reply).toMatchObject({ files: [], voice: null });
    expect(Date.parse(reply.timestamp!)).not.toBeNaN();
  });

  it('suit chaque conversation à part, et chaque visiteur à part', async () => {
    const ask = async (text: string, conversation: string) =>
      webhookReply.parse(await (await send(message(text, conversation))).json()).response!;
    await ask('Comment organiser le planning des rendez-vous ?', 'conversation-planning');
    expect(await ask('et pour l’orthodontie ?', 'conversation-planning')).toContain('](/orthodontie-planning');
    await ask('Gérez-vous le stock du matériel ?', 'conversation-stock');
    expect(await ask('c’est pour quand ?', 'conversation-stock')).toContain('](/stock-materiel-dentaire');
    expect(await ask('c’est pour quand ?', 'conversation-neuve')).toContain('Je n’ai pas trouvé');
  });

  it('autorise le site et les origines d’intégration, refuse les autres (CORS)', async () => {
    const allowed = await send(message('Bonjour'), { origin: new URL(config.siteUrl).origin });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(new URL(config.siteUrl).origin);
    const foreign = await send(message('Bonjour'), { origin: 'https://pirate.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuse en français un JSON illisible, un message vide ou mal formé', async () => {
    const broken = await send('{pas du json');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toBe('Message illisible\u00A0: un objet JSON est attendu.');
    const empty = await send(message('   '));
    expect(empty.status).toBe(422);
    expect((await empty.json()).error).toContain('Un message contient un texte, un fichier ou une note vocale.');
    const wrong = await send({ ...message('x'), sent_at: 'hier' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).details[0]).toMatch(/^sent_at : /);
  });

  it('refuse un message trop volumineux (413) et limite le débit par client (429)', async () => {
    expect((await send(message('x'.repeat(70_000)))).status).toBe(413);
    const limited = webhook(siteDir, { limit: 2, windowMs: 60_000 });
    expect((await limited(message('Bonjour'))).status).toBe(200);
    expect((await limited(message('Bonjour'))).status).toBe(200);
    const third = await limited(message('Bonjour'));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json()).error).toMatch(/réessa/i);
  });

  it('dit clairement que le site n’est pas construit quand l’index manque', async () => {
    const response = await webhook(mkdtempSync(join(tmpdir(), 'dentivo-empty-')))(message('Bonjour'));
    expect(response.status).toBe(503);
  });
});

describe('Ce que le visiteur laisse à l’assistant est gardé pour l’équipe (PGlite, base réelle)', () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-site-'));
  writeFileSync(join(siteDir, 'assistant-index.json'), JSON.stringify(index));
  let store: Store;
  let send: ReturnType<typeof webhook>;
  beforeAll(async () => {
    store = await openTestStore();
    send = webhook(siteDir, undefined, assistantInbox(store.db, { sendMails: true }));
  });
  afterAll(() => store.close());
  const ask = async (fields: Record<string, unknown>) => {
    const response = await send({ sent_at: new Date().toISOString(), conversation_id: 'conv-equipe', ...fields });
    return { status: response.status, body: await response.json() };
  };
  const rows = async () =>
    (
      await store.db.query<{ kind: string; message_id: string; text: string | null; voice_url: string | null }>(
        'select kind, message_id, text, voice_url from assistant_messages order by id',
      )
    ).rows;

  it('l’idée (intent « idea », envoyé par le widget) est gardée une fois, puis dite enregistrée ; la reprise aussi', async () => {
    const idea = { message_id: 'idee-1', text: '  Un rappel des contrôles annuels  ', intent: 'idea' };
    const first = await ask(idea);
    expect(first.status).toBe(200);
    expect(first.body.response).toContain('Elle est enregistrée et transmise à l’équipe produit');
    const retry = await ask(idea);
    expect(retry.body.response).toBe(first.body.response);
    // Another message under the same id is refused, in French, and stores nothing.
    const reused = await ask({ ...idea, text: 'Autre chose' });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toContain('identifiant de message');
    // The words alone never make an idea: without the intent, it is a question.
    await ask({ message_id: 'idee-2', text: 'J’ai une idée : le prix ?' });
    expect((await rows()).filter((row) => row.kind === 'idea')).toEqual([
      { kind: 'idea', message_id: 'idee-1', text: 'Un rappel des contrôles annuels', voice_url: null },
    ]);
    // Queued for the team, like a contact request.
    const mails = await store.db.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox o join assistant_messages m on m.id = o.assistant_message_id
       where o.kind = 'assistant_team' and m.kind = 'idea'`,
    );
    expect(mails.rows[0]!.n).toBe(1);
  });

  it('la note vocale est gardée et DENTY dit que l’équipe l’écoutera, avec la page Contact', async () => {
    const url =
      '/storage/v1/object/public/assistant-uploads/landing-page/voices/1700000000000-abcdefghijklmnopqrstuQ.webm';
    const answer = await ask({ message_id: 'voix-1', voice: { url, duration: 9 } });
    expect(answer.body.response).toContain(
      'J’ai bien reçu votre message vocal et je l’ai transmis à l’équipe, qui l’écoutera',
    );
    expect(answer.body.response).toContain('[Contact](/contact)');
    expect((await rows()).find((row) => row.message_id === 'voix-1')).toMatchObject({ kind: 'voice', voice_url: url });
  });

  it('la question sans réponse est gardée ; celle qui a sa réponse, non ; « Rejoindre les testeurs » mène à /tester', async () => {
    await ask({ message_id: 'q-1', text: 'Quelle météo demain à Lyon ?' });
    await ask({ message_id: 'q-2', text: 'Quel est le prix ?' });
    // Not sure (« Vous cherchez peut-être »): kept too, for the team to teach it (docs/decisions/0067-teaching-denty-from-real-questions.md).
    const unsure = await ask({
      message_id: 'q-4',
      conversation_id: 'conv-autre',
      text: 'Dentivo fonctionne sur Mac ?',
    });
    expect(unsure.body.response).toContain('Vous cherchez peut-être');
    // What the reply is, beside its words: for the widget, the votes and the hand-off.
    expect(unsure.body).toMatchObject({ kind: 'unsure', sources: [], handoff: true });
    const price = await ask({ message_id: 'q-5', conversation_id: 'conv-prix', text: 'Quel est le prix ?' });
    expect(price.body).toMatchObject({ kind: 'answer', sources: [{ page: '/tarifs' }], handoff: true });
    expect(price.body.confidence).toBeGreaterThan(0.8);
    const tester = await ask({ message_id: 'q-3', text: 'Assistante dentaire, équipe de 4', intent: 'tester' });
    expect(tester.body.response).toContain('[Rejoindre les testeurs](/tester)');
    const kept = (await rows()).filter((row) => row.kind === 'unanswered').map((row) => row.text);
    // « J’ai une idée : le prix ? » (the idea test, without the intent) is a question DENTY is not sure of.
    expect(kept.sort()).toEqual(
      ['Quelle météo demain à Lyon ?', 'Dentivo fonctionne sur Mac ?', 'J’ai une idée : le prix ?'].sort(),
    );
    const inbox = await readInbox(store.db, 20, 'assistant');
    expect(inbox.messages.map((message) => message.kind).sort()).toEqual([
      'idea',
      'unanswered',
      'unanswered',
      'unanswered',
      'voice',
    ]);
  });

  it('au-delà de sa limite de courriels à l’équipe, un visiteur est encore gardé, sans courriel ; les autres, non', async () => {
    const app = assistantRoutes({
      siteDir,
      config,
      trustProxy: 1,
      inbox: assistantInbox(store.db, { sendMails: true, mailLimit: { limit: 1, windowMs: 3_600_000 } }),
      log: () => undefined,
    });
    const from = (address: string, id: string) =>
      app.request('/assistant/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          sent_at: new Date().toISOString(),
          conversation_id: `conv-${address}`,
          message_id: id,
          text: 'Quelle météo demain à Marseille ?',
        }),
      });
    for (const [address, id] of [
      ['203.0.113.7', 'limite-1'],
      ['203.0.113.7', 'limite-2'],
      ['203.0.113.8', 'limite-3'],
    ] as const) {
      const answer = await from(address, id);
      expect(answer.status).toBe(200);
      expect((await answer.json()).response).toContain('[Contact](/contact)');
    }
    const { rows: kept } = await store.db.query<{ message_id: string; mail_status: string }>(
      "select message_id, mail_status from assistant_messages where message_id like 'limite-%' order by id",
    );
    expect(kept).toEqual([
      { message_id: 'limite-1', mail_status: 'pending' },
      { message_id: 'limite-2', mail_status: 'skipped' },
      { message_id: 'limite-3', mail_status: 'pending' },
    ]);
  });

  it('base injoignable (adresse cassée) : 503 en français pour l’idée, jamais « enregistrée » ; la question a sa réponse', async () => {
    // A port where no PostgreSQL listens: the real driver fails as when the database is down.
    const db = connectPostgres('postgres://postgres@127.0.0.1:1/absente', { max: 1, applicationName: 'dentivo-tests' });
    try {
      const broken = webhook(siteDir, undefined, assistantInbox(db, { sendMails: true }));
      const idea = await broken({
        message_id: 'panne-1',
        text: 'Une idée',
        intent: 'idea',
        sent_at: new Date().toISOString(),
        conversation_id: 'conv-panne',
      });
      expect(idea.status).toBe(503);
      expect(Number(idea.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await idea.json();
      expect(body.error).toBe(
        'Votre message n’a pas pu être transmis à l’équipe pour le moment\u00A0: réessayez dans quelques instants.',
      );
      expect(JSON.stringify(body)).not.toContain('enregistrée');
      const question = await broken(message('Quelle météo demain à Lyon ?'));
      expect(question.status).toBe(200);
      expect((await question.json()).response).toContain('Je n’ai pas trouvé');
    } finally {
      await db.close();
    }
  });
});

describe('Dépôt des notes vocales et fichiers, nommés par le serveur (POST /functions/v1/assistant/upload)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-uploads-'));
  let storageStore: Store;
  let app: ReturnType<typeof storageRoutes>;
  beforeAll(async () => {
    storageStore = await openTestStore();
    app = storageRoutes({ dir, anonKey: 'local-anon-key', db: storageStore.db });
  });
  afterAll(() => storageStore.close());
  const upload = (body: BodyInit, headers: Record<string, string>) =>
    app.request(UPLOAD_PATH, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', authorization: 'Bearer local-anon-key', ...headers },
      body,
    });
  const voice = (bytes = 64, type = 'audio/webm;codecs=opus') =>
    upload(new Uint8Array(bytes).fill(7), { 'content-type': type, 'x-upload-kind': 'voice' });
  const read = (path: string) => app.request(`/storage/v1/object/public/assistant-uploads/${path}`);

  it('enregistre la note sous un nom du serveur et la sert à son adresse publique, une heure en cache', async () => {
    const response = await voice();
    expect(response.status).toBe(200);
    const { path } = (await response.json()) as { path: string };
    expect(path).toMatch(/^landing-page\/voices\/\d{13}-[\w-]{22}\.webm$/);
    expect(isUploadPath(path)).toBe(true);
    const answer = await read(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('audio/webm');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array(64).fill(7));
  });

  it('le client ne choisit rien du nom ; le nom de son fichier reste pour l’équipe, hors de l’adresse et du téléchargement', async () => {
    const response = await upload(new Uint8Array([1, 2, 3]), {
      'content-type': 'application/pdf',
      'x-upload-kind': 'file',
      'x-upload-name': encodeURIComponent('DentivoOfficialDocs-QA-Facture_Dentivo_2026.pdf'),
      // What a client could still try: a name of its own, a path, an overwrite, a cache time.
      'x-upsert': 'true',
      'cache-control': 'max-age=94608000',
    });
    expect(response.status).toBe(200);
    const { path } = (await response.json()) as { path: string };
    expect(path).toMatch(/^landing-page\/files\/\d{13}-[\w-]{22}\.pdf$/);
    expect(path).not.toContain('Dentivo');
    const answer = await read(path);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${path.split('/').pop()}"`);
    const { rows } = await storageStore.db.query<{ original_name: string }>(
      'select original_name from assistant_uploads where path = $1',
      [`assistant-uploads/${path}`],
    );
    expect(rows).toEqual([{ original_name: 'DentivoOfficialDocs-QA-Facture_Dentivo_2026.pdf' }]);
    // The old door, where the client named the object, is closed.
    const old = await app.request(
      `/storage/v1/object/assistant-uploads/landing-page/files/1700000000000-x-Facture.pdf`,
      {
        method: 'POST',
        headers: { apikey: 'local-anon-key', 'content-type': 'application/pdf' },
        body: 'x',
      },
    );
    expect(old.status).toBe(405);
  });

  it('refuse sans clé, sans genre, trop gros, vide, d’un type non accepté, ou une « note vocale » qui n’est pas de l’audio', async () => {
    const refused = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      expect((await response.json()).error).toMatch(/\.$/);
    };
    await refused(await app.request(UPLOAD_PATH, { method: 'POST', body: 'x' }), 401);
    await refused(await upload('x', { 'content-type': 'audio/webm' }), 400);
    await refused(await voice(11 * 1024 * 1024), 413);
    await refused(await voice(0), 400);
    const html = await upload('<p>x</p>', { 'content-type': 'text/html', 'x-upload-kind': 'file' });
    expect((await html.json()).error).toContain('Type de fichier non accepté (text/html)');
    await refused(await voice(10, 'application/pdf'), 415);
  });

  it('répond 404 à un fichier inconnu', async () => {
    const random = randomPart(Uint8Array.from({ length: 16 }, (_, i) => (i * 57 + 11) % 256));
    expect((await read(uploadName('voice', 'audio/webm', random, 1700000000009))).status).toBe(404);
  });
});

describe('Intégration sur d’autres sites (CORS)', () => {
  const app = new Hono();
  app.use('*', embedCors(['http://127.0.0.1:4180']));
  app.post('/assistant/webhook', (c) => c.json({ ok: true }));
  app.get('/embed/app.js', (c) => c.text('x'));
  app.get('/contact', (c) => c.text('page'));

  it('autorise les origines configurées, et elles seules', async () => {
    const allowed = await app.request('/embed/app.js', { headers: { origin: 'http://127.0.0.1:4180' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4180');
    const other = await app.request('/embed/app.js', { headers: { origin: 'https://pirate.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('répond au contrôle préalable du webhook pour une origine autorisée', async () => {
    const preflight = await app.request('/assistant/webhook', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4180',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4180');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('ne touche pas aux pages du site', async () => {
    const page = await app.request('/contact', { headers: { origin: 'http://127.0.0.1:4180' } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});
