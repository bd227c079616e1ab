/**
 * Attack replays on the embedded storage (issue 15, points 1 to 3; docs/decisions/0024-uploads-never-active-content.md),
 * over real HTTP against the real server: content types that browsers would run, malformed paths, names
 * of every length, multipart bombs, guessing and floods. Each refusal must be a 4xx in Supabase's error
 * shape with nothing written to disk; what is accepted is served only under its normalised type, sandboxed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { startBackend, type TestBackend } from '../support/backend.ts';
import { createReplay, naughtyStrings } from '../support/replay.ts';
import { attachmentPath, isUploadPath, randomPart, voicePath } from '../../core/assistant/uploads.ts';
import { storageRoutes } from '../../server/routes/storage.ts';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ANON = 'local-anon-key';
const replay = createReplay();
const uploads = mkdtempSync(join(tmpdir(), 'dentivo-attaque-'));
let backend: TestBackend;
beforeAll(async () => {
  // One proxy in front: each test speaks as its own client through X-Forwarded-For, so quotas stay apart.
  backend = await startBackend({ trustProxy: 1, uploadsDir: uploads, rateLimit: false });
});
afterAll(async () => {
  await backend?.close();
  rmSync(uploads, { recursive: true, force: true });
  console.info(`Stockage : ${replay.count} requêtes hostiles rejouées, ${replay.serverErrors.length} en 5xx.`);
});

let clients = 0;
/** A client of its own (an address of the documentation range, one /64 each). */
const newClient = () => `2001:db8:${(++clients).toString(16)}::1`;
let names = 0;
/** A fresh, valid name (timestamp and random part), as the widget builds them. */
const random = () => randomPart(Uint8Array.from({ length: 16 }, (_, i) => (names * 7 + i * 13) % 256));
const freshVoice = () => voicePath(1_700_000_000_000 + ++names, random());
const freshFile = (name: string) => attachmentPath(1_700_000_000_000 + ++names, random(), name);

/** Every file under the uploads folder (data and metadata), as paths relative to it. */
function onDisk(root = uploads): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

function upload(path: string, body: BodyInit, headers: Record<string, string>, client: string) {
  return replay.send(`${backend.url}/storage/v1/object/assistant-uploads/${path}`, {
    method: 'POST',
    headers: { apikey: ANON, authorization: `Bearer ${ANON}`, 'x-forwarded-for': client, ...headers },
    body,
  });
}
const read = (path: string, client: string, method = 'GET') =>
  replay.send(`${backend.url}/storage/v1/object/public/assistant-uploads/${path}`, {
    method,
    headers: { 'x-forwarded-for': client },
  });

/** A multipart body written by hand, so that each part's headers are exactly what an attacker sends. */
function multipart(
  parts: { name: string; filename?: string; type?: string; data: string | Uint8Array }[],
  boundary = '----dentivo-attaque',
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}
const supabaseForm = (type: string, data: string | Uint8Array = 'contenu') =>
  multipart([
    { name: 'cacheControl', data: '3600' },
    { name: '', filename: 'blob', type, data },
  ]);

/** A 4xx in Supabase Storage's shape, with a French message. */
function expectStorageError(answer: { status: number; text: string }, status: number | number[]) {
  expect([status].flat()).toContain(answer.status);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(body).toEqual({ statusCode: String(answer.status), error: expect.any(String), message: expect.any(String) });
  // A French sentence, not the English code of `error`.
  expect(body.message).not.toBe(body.error);
  expect(String(body.message)).toMatch(/\.$/);
}

describe('Types que le navigateur exécuterait : refusés, rien d’écrit', () => {
  // What the attack sent: the part before the first ";" is allowed, the browser acts on the last type.
  const hostile = [
    'text/plain;x=,text/javascript',
    'image/png;x=,text/html',
    'audio/webm;codecs=opus,text/html',
    'text/plain, text/html',
    'image/png;x="a",text/html',
    'text/plain;x=,application/xhtml+xml',
    'text/html',
    'TEXT/HTML',
    ' text/html ; charset=utf-8',
    'text/javascript',
    'application/javascript',
    'application/ecmascript',
    'image/svg+xml',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'text/css',
    'application/json',
    'multipart/related',
    'application/octet-stream',
    'text/plain;',
    'text/plain;x',
    'text/plain;=x',
    'text/',
    '/plain',
    'text',
    '*/*',
    '',
  ];

  it.each(hostile)('« %s » en corps brut et en multipart : 415, aucun octet sur le disque', async (type) => {
    const client = newClient();
    const before = onDisk();
    expectStorageError(await upload(freshFile('p.js'), 'window.pirate = 1', { 'content-type': type }, client), 415);
    const form = supabaseForm(type, '<script>window.pirate = 1</script>');
    expectStorageError(await upload(freshFile('p.html'), form.body, { 'content-type': form.type }, client), 415);
    expect(onDisk()).toEqual(before);
  });
});

describe('Ce qui est accepté est servi sous son type normalisé, en bac à sable', () => {
  it('text/plain avec paramètres : servi text/plain, pièce jointe, sandbox, nosniff', async () => {
    const client = newClient();
    const name = freshFile('note.txt');
    const form = supabaseForm('text/plain; charset="utf-8"', 'window.pirate = 1');
    expect((await upload(name, form.body, { 'content-type': form.type }, client)).status).toBe(200);
    for (const method of ['GET', 'HEAD']) {
      const answer = await read(name, client, method);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain');
      expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-site');
    }
  });

  it('une image qui contient du HTML reste une image : image/png, affichée, en bac à sable', async () => {
    const client = newClient();
    const name = freshFile('p.png');
    expect(
      (await upload(name, '<html><script>window.pirate = 1</script></html>', { 'content-type': 'image/png' }, client))
        .status,
    ).toBe(200);
    const answer = await read(name, client);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toBe('inline');
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('le PDF et les documents sont téléchargés, jamais ouverts comme document du site', async () => {
    const client = newClient();
    const name = freshFile('devis.pdf');
    expect((await upload(name, '%PDF-1.7', { 'content-type': 'application/pdf' }, client)).status).toBe(200);
    expect((await read(name, client)).headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('un dépôt d’avant le correctif, gardé avec l’en-tête du client, est servi en octets à télécharger', async () => {
    const name = freshFile('ancien.js');
    const file = join(uploads, 'assistant-uploads', name);
    const meta = join(uploads, '.meta', 'assistant-uploads', `${name}.json`);
    mkdirSync(dirname(file), { recursive: true });
    mkdirSync(dirname(meta), { recursive: true });
    writeFileSync(file, 'window.pirate = 1');
    writeFileSync(meta, JSON.stringify({ contentType: 'text/plain;x=,text/javascript', cacheControl: '3600' }));
    const answer = await read(name, newClient());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });
});

describe('Chemins malformés : 4xx au format de Supabase, rien d’écrit', () => {
  const uploadsTried = [
    'landing-page/%ZZ',
    'landing-page/files/%E0%A4%A',
    'landing-page/files/%',
    'landing-page/files/%00',
    'landing-page/files/a%00b',
    'landing-page/%2e%2e/%2e%2e/etc/passwd',
    'landing-page/..%2F..%2Fetc%2Fpasswd',
    'landing-page/files/%2Fetc%2Fpasswd',
    'landing-page/files/.env',
    'landing-page/files/%C0%AE%C0%AE',
    '%E0%A4%A',
    'c/a',
    'c/a/b',
    'landing-page/voices/1700000000000.webm',
    'landing-page/voices/1700000000000-court.webm',
    'autre-dossier/1700000000000-AAAAAAAAAAAAAAAAAAAAAA-x',
  ];
  it.each(uploadsTried)('dépôt à « %s » : 400 (404 quand l’URL, normalisée, sort du seau)', async (path) => {
    const before = onDisk();
    expectStorageError(await upload(path, 'x', { 'content-type': 'text/plain' }, newClient()), [400, 404]);
    expect(onDisk()).toEqual(before);
  });

  const readsTried = [
    'landing-page/files/%E0%A4%A',
    '%E0%A4%A',
    '%ZZ',
    'landing-page/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    'landing-page/files/%00',
  ];
  it.each(readsTried)('lecture de « %s » : 404', async (path) => {
    expectStorageError(await read(path, newClient()), 404);
  });

  it('lecture sous un seau inconnu ou malformé : 404', async () => {
    const client = newClient();
    for (const bucket of ['%ZZ', 'autre', '..', '%2e%2e'])
      expectStorageError(
        await replay.send(`${backend.url}/storage/v1/object/public/${bucket}/x`, {
          headers: { 'x-forwarded-for': client },
        }),
        404,
      );
  });
});

describe('Noms de toutes les longueurs : 4xx au-delà de la règle, jamais de fichier sans métadonnées', () => {
  it('de 1 à 300 caractères, et 1 000 : chaque 200 a ses octets et ses métadonnées, chaque refus n’a rien', async () => {
    for (const length of [1, 50, 100, 101, 150, 200, 250, 251, 252, 253, 254, 255, 256, 300, 1000]) {
      const client = newClient();
      const segment = `${1_700_000_000_000 + ++names}-${random()}-${'a'.repeat(length)}`;
      const path = `landing-page/files/${segment}`;
      const before = onDisk();
      const answer = await upload(path, 'x', { 'content-type': 'text/plain' }, client);
      if (isUploadPath(path)) {
        expect(answer.status).toBe(200);
        expect(onDisk()).toEqual(
          [...before, join('assistant-uploads', path), join('.meta', 'assistant-uploads', `${path}.json`)].sort(),
        );
        expect((await read(path, client)).status).toBe(200);
      } else {
        expectStorageError(answer, 400);
        expect(onDisk()).toEqual(before);
      }
    }
  });

  it('un dossier ou un fichier déjà à l’emplacement : 409, rien d’écrit', async () => {
    const client = newClient();
    const name = freshFile('dossier');
    mkdirSync(join(uploads, 'assistant-uploads', name), { recursive: true });
    const before = onDisk();
    expectStorageError(await upload(name, 'x', { 'content-type': 'text/plain' }, client), 409);
    expect(onDisk()).toEqual(before);
    // A file where a folder of the path should be (an upload at c/a, then one at c/a/b).
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-conflit-'));
    try {
      writeFileSync(join(dir, 'assistant-uploads'), 'un fichier, pas un dossier');
      const app = storageRoutes({ dir, anonKey: ANON, db: backend.store.db, log: () => undefined });
      const answer = await app.request(`/storage/v1/object/assistant-uploads/${freshVoice()}`, {
        method: 'POST',
        headers: { apikey: ANON, 'content-type': 'audio/webm' },
        body: 'x',
      });
      replay.record('dépôt sous un fichier', answer.status);
      expectStorageError({ status: answer.status, text: await answer.text() }, 409);
      // Besides the temporary folder of the uploads being received (.partial), nothing.
      expect(readdirSync(dir).filter((name) => !name.startsWith('.'))).toEqual(['assistant-uploads']);
      expect(statSync(join(dir, 'assistant-uploads')).isFile()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Chaînes piégées (BLNS) comme noms et comme types', () => {
  it('485 noms de fichier : 200 si le nom suit la règle, 400 sinon, jamais 5xx', async () => {
    let client = newClient();
    for (const [index, naughty] of naughtyStrings.entries()) {
      // A fresh client every 25 uploads: the quota is not what is tested here.
      if (index % 25 === 0) client = newClient();
      const path = `landing-page/files/${1_700_000_000_000 + ++names}-${random()}-${naughty}`;
      let encoded: string;
      try {
        encoded = path.split('/').map(encodeURIComponent).join('/');
      } catch {
        continue; // A lone surrogate has no UTF-8 form: no URL can carry it.
      }
      const before = onDisk();
      const answer = await upload(encoded, 'x', { 'content-type': 'text/plain' }, client);
      if (isUploadPath(path)) expect(answer.status).toBe(200);
      else {
        expect([400, 404]).toContain(answer.status);
        expect(onDisk()).toEqual(before);
      }
    }
  });

  it('les mêmes chaînes comme type de contenu : 415 sauf un type de la liste, jamais 5xx', async () => {
    let client = newClient();
    for (const [index, naughty] of naughtyStrings.entries()) {
      if (index % 25 === 0) client = newClient();
      let headers: Headers;
      try {
        headers = new Headers({ 'content-type': naughty });
      } catch {
        continue; // Not a header value at all: no client can send it.
      }
      const answer = await upload(freshFile('x.txt'), 'x', Object.fromEntries(headers), client).catch(
        (error: Error) => {
          // fetch itself refuses some values (a line break): what Node's parser would refuse too.
          if ((error.cause as { code?: string } | undefined)?.code === 'UND_ERR_INVALID_ARG') return undefined;
          throw error;
        },
      );
      if (!answer) continue;
      expect([200, 415]).toContain(answer.status);
      if (answer.status === 200) expect(naughty.trim().toLowerCase()).toMatch(/^(text\/plain|text\/csv)/);
    }
  });
});

describe('Formulaires multipart hostiles', () => {
  it('182 000 parties minuscules dans 10 Mo : 400 avant toute analyse, rien d’écrit', async () => {
    const before = onDisk();
    const part = Buffer.from('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n');
    const body = Buffer.concat([...Array<Buffer>(182_000).fill(part), Buffer.from('--B--\r\n')]);
    const answer = await upload(
      freshFile('x'),
      body,
      { 'content-type': 'multipart/form-data; boundary=B' },
      newClient(),
    );
    expectStorageError(answer, 400);
    expect(JSON.parse(answer.text).message).toContain('8 parties au plus');
    expect(onDisk()).toEqual(before);
  });

  it('deux fichiers, aucun fichier, frontière absente ou fausse, corps tronqué : 400', async () => {
    const client = newClient();
    const before = onDisk();
    const cases = [
      multipart([
        { name: 'a', filename: 'a.txt', type: 'text/plain', data: 'a' },
        { name: 'b', filename: 'b.txt', type: 'text/plain', data: 'b' },
      ]),
      multipart([{ name: 'cacheControl', data: '3600' }]),
      { body: Buffer.from('pas un formulaire'), type: 'multipart/form-data' },
      { body: Buffer.from('--X\r\n\r\n'), type: 'multipart/form-data; boundary=Y' },
      { body: supabaseForm('text/plain').body.subarray(0, 60), type: supabaseForm('text/plain').type },
    ];
    for (const { body, type } of cases)
      expectStorageError(await upload(freshFile('x'), body, { 'content-type': type }, client), 400);
    expect(onDisk()).toEqual(before);
  });

  it('un corps trop gros : 413 sans attendre la fin, rien d’écrit', async () => {
    const before = onDisk();
    const big = new Uint8Array(11 * 1024 * 1024);
    expectStorageError(await upload(freshVoice(), big, { 'content-type': 'audio/webm' }, newClient()), 413);
    expect(onDisk()).toEqual(before);
  });
});

describe('Noms impossibles à deviner, lectures et dépôts bornés par client', () => {
  // The quotas are the database's (its clock): windows of an hour, so that what comes back while the test
  // runs (30 files or misses an hour: one every two minutes) changes nothing, however slow the machine.
  let frozen: { url: string; dir: string; close: () => Promise<void> };
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-quotas-'));
    const app = storageRoutes({
      dir,
      anonKey: ANON,
      db: backend.store.db,
      trustProxy: 1,
      misses: { limit: 30, windowMs: 3_600_000 },
      log: () => undefined,
    });
    const server: ServerType = await new Promise((resolve) => {
      const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(running));
    });
    const { port } = server.address() as AddressInfo;
    frozen = {
      url: `http://127.0.0.1:${port}`,
      dir,
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => frozen?.close());
  const frozenUpload = (path: string, headers: Record<string, string>, client: string) =>
    replay.send(`${frozen.url}/storage/v1/object/assistant-uploads/${path}`, {
      method: 'POST',
      headers: { apikey: ANON, 'content-type': 'audio/webm', 'x-forwarded-for': client, ...headers },
      body: 'x',
    });
  const frozenRead = (path: string, client: string) =>
    replay.send(`${frozen.url}/storage/v1/object/public/assistant-uploads/${path}`, {
      headers: { 'x-forwarded-for': client },
    });

  it('600 essais de noms : 30 fichiers introuvables, puis 429 ; les autres lecteurs ne sont pas gênés', async () => {
    const owner = newClient();
    const name = freshVoice();
    expect((await frozenUpload(name, {}, owner)).status).toBe(200);
    const guesser = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++)
      statuses.push((await frozenRead(voicePath(1_700_000_000_000 + i, random()), guesser)).status);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    const limited = await frozenRead(name, guesser);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Whoever has the link still reads, however many times.
    for (let i = 0; i < 40; i++) expect((await frozenRead(name, owner)).status).toBe(200);
  });

  it('31e dépôt d’un même client dans l’heure : 429 avec Retry-After, rien d’écrit', async () => {
    const client = newClient();
    for (let i = 0; i < 30; i++) expect((await frozenUpload(freshVoice(), {}, client)).status).toBe(200);
    const before = onDisk(frozen.dir);
    const refused = await frozenUpload(freshVoice(), {}, client);
    expectStorageError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(onDisk(frozen.dir)).toEqual(before);
    // A client that writes its own X-Forwarded-For only adds addresses on the left: still the same client.
    const spoofed = await frozenUpload(freshVoice(), { 'x-forwarded-for': `203.0.113.9, ${client}` }, client);
    expect(spoofed.status).toBe(429);
  });

  it('le quota d’octets : au-delà, 429, et le fichier refusé n’est pas écrit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-quota-'));
    try {
      const quota = { files: 100, bytes: 1000, windowMs: 3_600_000 };
      const app = storageRoutes({ dir, anonKey: ANON, db: backend.store.db, quota });
      const send = async (size: number) => {
        // The declared size is what the quota reserves before reading (a body without one reserves 10 Mo).
        const answer = await app.request(`/storage/v1/object/assistant-uploads/${freshVoice()}`, {
          method: 'POST',
          headers: { apikey: ANON, 'content-type': 'audio/webm', 'content-length': String(size) },
          body: new Uint8Array(size),
        });
        replay.record('quota d’octets', answer.status);
        return answer.status;
      };
      expect(await send(400)).toBe(200);
      expect(await send(400)).toBe(200);
      expect(await send(400)).toBe(429);
      expect(await send(150)).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Autres méthodes sur le stockage', () => {
  it('PUT, DELETE, PATCH : 405 en JSON ; GET d’une adresse inconnue : 404 en JSON', async () => {
    const client = newClient();
    for (const method of ['PUT', 'DELETE', 'PATCH'])
      expectStorageError(
        await replay.send(`${backend.url}/storage/v1/object/assistant-uploads/${freshVoice()}`, {
          method,
          headers: { apikey: ANON, 'x-forwarded-for': client },
        }),
        405,
      );
    expectStorageError(await replay.send(`${backend.url}/storage/v1/bucket`), 404);
  });
});

describe('Bilan', () => {
  it('aucune de ces requêtes hostiles n’a reçu de 5xx', () => {
    expect(replay.count).toBeGreaterThan(1500);
    expect(replay.serverErrors).toEqual([]);
  });
});
