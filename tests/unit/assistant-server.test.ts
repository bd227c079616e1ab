/** The embedded backend of the assistant: the webhook (call 1), object storage (call 2) and embedding CORS. */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/site/config.ts';
import { webhookReply } from '../../core/assistant/contract.ts';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex } from '../../site/lib/assistant-index.ts';
import { assistantRoutes } from '../../server/routes/assistant.ts';
import { storageRoutes } from '../../server/routes/storage.ts';
import { attachmentPath, randomPart, voicePath } from '../../core/assistant/uploads.ts';
import { embedCors } from '../../server/routes/embed.ts';

const root = join(import.meta.dirname, '..', '..');
const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), {});

// The index the build writes, from the real content.
const content = loadContent(root, {});
const index = buildAssistantIndex({
  pages: content.pages,
  posts: content.posts,
  faq: content.shared.faq,
  glossary: content.shared.glossary,
  vocabulary: content.vocabulary,
});

function webhook(
  siteDir: string,
  limit?: { limit: number; windowMs: number },
  onUnanswered?: (question: { question: string; reason: string }) => void,
) {
  const app = assistantRoutes({
    siteDir,
    config,
    ...(limit ? { limit } : {}),
    ...(onUnanswered ? { onUnanswered } : {}),
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

  it('garde les questions sans réponse pour l’équipe, à un seul endroit', async () => {
    const unanswered: { question: string; reason: string }[] = [];
    const record = webhook(siteDir, undefined, (question) => unanswered.push(question));
    await record(message('Quelle météo demain à Lyon ?'));
    await record(message('Quel est le prix ?'));
    expect(unanswered).toEqual([
      expect.objectContaining({ question: 'Quelle météo demain à Lyon ?', reason: 'weak-match' }),
    ]);
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
    expect((await broken.json()).error).toBe('Message illisible : un objet JSON est attendu.');
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

describe('Stockage des notes vocales (POST /storage/v1/object/…)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-uploads-'));
  const app = storageRoutes({ dir, anonKey: 'local-anon-key' });
  const random = (n: number) => randomPart(new Uint8Array(16).fill(n));
  const name = voicePath(1700000000000, random(1));
  const path = `/storage/v1/object/assistant-uploads/${name}`;
  const other = (n: number) => `/storage/v1/object/assistant-uploads/${voicePath(1700000000000, random(n))}`;
  const upload = (body: BodyInit, headers: Record<string, string> = {}, at = path) =>
    app.request(at, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', authorization: 'Bearer local-anon-key', 'x-upsert': 'false', ...headers },
      body,
    });
  const voiceForm = (type = 'audio/webm', bytes = 64) => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([new Uint8Array(bytes).fill(7)], { type }));
    return form;
  };

  it('enregistre la note (multipart, comme supabase-js) et la sert à son adresse publique', async () => {
    const response = await upload(voiceForm());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Key: `assistant-uploads/${name}`, Id: `assistant-uploads/${name}` });
    const read = await app.request(`/storage/v1/object/public/assistant-uploads/${name}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('audio/webm');
    expect(read.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(read.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(new Uint8Array(64).fill(7));
  });

  it('refuse d’écraser un fichier existant (409), même avec x-upsert', async () => {
    const again = await upload(voiceForm(), { 'x-upsert': 'true' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Un fichier existe déjà à cet emplacement.');
  });

  it('accepte aussi un corps brut avec son type, servi en pièce jointe', async () => {
    const file = attachmentPath(1700000000001, random(2), 'note.pdf');
    const response = await upload(
      new Uint8Array([1, 2, 3]),
      { 'content-type': 'application/pdf', 'cache-control': 'max-age=60' },
      `/storage/v1/object/assistant-uploads/${file}`,
    );
    expect(response.status).toBe(200);
    const read = await app.request(`/storage/v1/object/public/assistant-uploads/${file}`);
    expect(read.headers.get('cache-control')).toBe('public, max-age=60');
    expect(read.headers.get('content-disposition')).toBe(`attachment; filename="1700000000001-${random(2)}-note.pdf"`);
  });

  it('refuse sans clé, hors du seau, hors chemin, trop gros, vide ou d’un type non accepté', async () => {
    expect((await app.request(other(3), { method: 'POST', body: voiceForm() })).status).toBe(401);
    expect((await upload(voiceForm(), {}, '/storage/v1/object/autre/x.webm')).status).toBe(404);
    expect(
      (await upload(voiceForm(), {}, '/storage/v1/object/assistant-uploads/landing-page/%2E%2E/x.webm')).status,
    ).toBe(400);
    expect((await upload(voiceForm('audio/webm', 11 * 1024 * 1024), {}, other(4))).status).toBe(413);
    expect((await upload(voiceForm('audio/webm', 0), {}, other(5))).status).toBe(400);
    const html = await upload(voiceForm('text/html'), {}, other(6));
    expect(html.status).toBe(415);
    expect((await html.json()).message).toContain('Type de fichier non accepté (text/html)');
  });

  it('répond 404 à un fichier inconnu', async () => {
    expect(
      (await app.request(`/storage/v1/object/public/assistant-uploads/${voicePath(1700000000009, random(9))}`)).status,
    ).toBe(404);
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
