/**
 * Attack replays on the embedded storage (issues 15 and 38; docs/decisions/0024-uploads-never-active-content.md,
 * docs/decisions/0080-uploads-named-by-the-server.md), over real HTTP against the real server: content types
 * that browsers would run, names a client would choose, hostile bodies, guessing, floods, a crowd filling the
 * store. Each refusal must be a 4xx with a French message and nothing written to disk; what is accepted is
 * named by the server and served only under its normalised type, sandboxed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { startBackend, type TestBackend } from '../support/backend.ts';
import { createReplay, naughtyStrings } from '../support/replay.ts';
import { UPLOAD_PATH, isUploadPath, randomPart, uploadName } from '../../core/assistant/uploads.ts';
import { storageRoutes } from '../../server/routes/storage.ts';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

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
const random = () => randomPart(Uint8Array.from({ length: 16 }, (_, i) => (names * 7 + i * 13) % 256));
/** A name as the server would give one, for files written by hand or guessed. */
const fresh = (type: 'audio/webm' | 'text/plain' = 'audio/webm') =>
  uploadName(type === 'audio/webm' ? 'voice' : 'file', type, random(), 1_700_000_000_000 + ++names);

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

function upload(body: BodyInit, headers: Record<string, string>, client: string, base = backend.url) {
  return replay.send(`${base}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: { apikey: ANON, authorization: `Bearer ${ANON}`, 'x-forwarded-for': client, ...headers },
    body,
    duplex: 'half', // a body sent by chunks, as it comes
  } as RequestInit);
}
const sendFile = (body: BodyInit, type: string, client: string, extra: Record<string, string> = {}) =>
  upload(body, { 'content-type': type, 'x-upload-kind': 'file', ...extra }, client);
const read = (path: string, client: string, method = 'GET', base = backend.url) =>
  replay.send(`${base}/storage/v1/object/public/assistant-uploads/${path}`, {
    method,
    headers: { 'x-forwarded-for': client },
  });
const pathOf = (answer: { text: string }) => (JSON.parse(answer.text) as { path: string }).path;

/** A 4xx with a French message. */
function expectRefusal(answer: { status: number; text: string }, status: number | number[]) {
  expect([status].flat()).toContain(answer.status);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  // The functions' shape ({ ok, error }) or Supabase Storage's ({ statusCode, error, message }).
  const message = String(typeof body.message === 'string' ? body.message : body.error);
  expect(message).toMatch(/[a-zé].*\.$/);
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
    'multipart/form-data; boundary=B',
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

  it.each(hostile)('« %s » : 415, aucun octet sur le disque', async (type) => {
    const before = onDisk();
    expectRefusal(await sendFile('window.pirate = 1', type, newClient()), 415);
    expect(onDisk()).toEqual(before);
  });

  it('une « note vocale » qui n’est pas de l’audio : 415', async () => {
    const answer = await upload('%PDF', { 'content-type': 'application/pdf', 'x-upload-kind': 'voice' }, newClient());
    expectRefusal(answer, 415);
  });
});

describe('Ce qui est accepté est servi sous son type normalisé, en bac à sable', () => {
  it('text/plain avec paramètres : servi text/plain, pièce jointe, sandbox, nosniff', async () => {
    const client = newClient();
    const stored = await sendFile('window.pirate = 1', 'text/plain; charset="utf-8"', client);
    expect(stored.status).toBe(200);
    for (const method of ['GET', 'HEAD']) {
      const answer = await read(pathOf(stored), client, method);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain');
      expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="\d+-[\w-]{22}\.txt"$/);
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-site');
    }
  });

  it('une image qui contient du HTML reste une image : image/png, affichée, en bac à sable', async () => {
    const client = newClient();
    const stored = await sendFile('<html><script>window.pirate = 1</script></html>', 'image/png', client);
    const answer = await read(pathOf(stored), client);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toBe('inline');
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  });

  it('le PDF et les documents sont téléchargés, jamais ouverts comme document du site', async () => {
    const client = newClient();
    const stored = await sendFile('%PDF-1.7', 'application/pdf', client);
    expect((await read(pathOf(stored), client)).headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('un dépôt d’avant le correctif, gardé avec l’en-tête et le cache du client, est servi en octets à télécharger, une heure', async () => {
    const name = `landing-page/files/1700000000000-${random()}-ancien.js`;
    const file = join(uploads, 'assistant-uploads', name);
    const meta = join(uploads, '.meta', 'assistant-uploads', `${name}.json`);
    mkdirSync(dirname(file), { recursive: true });
    mkdirSync(dirname(meta), { recursive: true });
    writeFileSync(file, 'window.pirate = 1');
    writeFileSync(meta, JSON.stringify({ contentType: 'text/plain;x=,text/javascript', cacheControl: '94608000' }));
    const answer = await read(name, newClient());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('Le serveur nomme les dépôts : le client n’en choisit aucune partie', () => {
  it('l’ancienne porte (POST à un nom choisi) est fermée : 405, rien d’écrit', async () => {
    const before = onDisk();
    const chosen = `landing-page/files/1700000000000-${random()}-DentivoOfficialDocs-QA-Facture_Dentivo_2026.pdf`;
    const answer = await replay.send(`${backend.url}/storage/v1/object/assistant-uploads/${chosen}`, {
      method: 'POST',
      headers: { apikey: ANON, 'content-type': 'application/pdf', 'x-forwarded-for': newClient() },
      body: '%PDF',
    });
    expectRefusal(answer, 405);
    expect(onDisk()).toEqual(before);
  });

  it('485 chaînes piégées (BLNS) comme nom de fichier : 200, un nom du serveur, le nom du client gardé propre pour l’équipe seulement', async () => {
    let client = newClient();
    for (const [index, naughty] of naughtyStrings.entries()) {
      // A fresh client every 25 uploads: the quota is not what is tested here.
      if (index % 25 === 0) client = newClient();
      let header: string;
      try {
        header = encodeURIComponent(naughty);
      } catch {
        header = naughty.replace(/[^\x20-\x7e]/g, ''); // A lone surrogate has no UTF-8 form: sent as it comes.
      }
      const answer = await sendFile('x', 'text/plain', client, { 'x-upload-name': header });
      expect(answer.status).toBe(200);
      const path = pathOf(answer);
      expect(path).toMatch(/^landing-page\/files\/\d+-[\w-]{22}\.txt$/);
      expect(isUploadPath(path)).toBe(true);
      const { rows } = await backend.store.db.query<{ original_name: string | null }>(
        'select original_name from assistant_uploads where path = $1',
        [`assistant-uploads/${path}`],
      );
      const kept = rows[0]!.original_name;
      // eslint-disable-next-line no-control-regex -- what must never reach the team's screen
      if (kept !== null) expect(kept).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect((kept ?? '').length).toBeLessThanOrEqual(255);
      expect((await read(path, client, 'HEAD')).headers.get('content-disposition')).toBe(
        `attachment; filename="${path.split('/').pop()}"`,
      );
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
      const answer = await upload('x', { ...Object.fromEntries(headers), 'x-upload-kind': 'file' }, client).catch(
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

describe('Lectures aux chemins malformés : 404 au format de Supabase', () => {
  const readsTried = [
    'landing-page/files/%E0%A4%A',
    '%E0%A4%A',
    '%ZZ',
    'landing-page/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    'landing-page/files/%00',
    'landing-page/files/.env',
  ];
  it.each(readsTried)('lecture de « %s » : 404', async (path) => {
    expectRefusal(await read(path, newClient()), 404);
  });

  it('lecture sous un seau inconnu ou malformé : 404', async () => {
    const client = newClient();
    for (const bucket of ['%ZZ', 'autre', '..', '%2e%2e'])
      expectRefusal(
        await replay.send(`${backend.url}/storage/v1/object/public/${bucket}/x`, {
          headers: { 'x-forwarded-for': client },
        }),
        404,
      );
  });
});

describe('Corps hostiles : chaque octet compté', () => {
  it('un corps trop gros annoncé : 413 sans rien lire ; envoyé par morceaux sans longueur : 413 dès le 10 Mo + 1, rien d’écrit', async () => {
    const before = onDisk();
    const big = new Uint8Array(11 * 1024 * 1024);
    expectRefusal(await upload(big, { 'content-type': 'audio/webm', 'x-upload-kind': 'voice' }, newClient()), 413);
    // Chunked: no Content-Length, so only the count of what arrives can stop it.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 12; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const chunked = await upload(
      chunks as unknown as BodyInit,
      { 'content-type': 'audio/webm', 'x-upload-kind': 'voice' },
      newClient(),
    ).catch(() => undefined);
    // The server may cut the connection once it has answered: either way nothing is kept.
    if (chunked) expectRefusal(chunked, 413);
    expect(onDisk().filter((path) => !path.startsWith('.partial'))).toEqual(
      before.filter((path) => !path.startsWith('.partial')),
    );
  });

  it('un formulaire multipart, dont des champs envoyés par morceaux : refusé (415) avant d’être lu', async () => {
    const before = onDisk();
    const field = Buffer.from('--B\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n');
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(field);
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(57));
        controller.close();
      },
    });
    const answer = await upload(
      chunks as unknown as BodyInit,
      { 'content-type': 'multipart/form-data; boundary=B', 'x-upload-kind': 'file' },
      newClient(),
    ).catch(() => undefined);
    if (answer) expectRefusal(answer, 415);
    expect(onDisk()).toEqual(before);
  });
});

/** A storage of its own on a port of its own, for the limits below. */
async function ownStorage(options: Partial<Parameters<typeof storageRoutes>[0]> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-quotas-'));
  const app = storageRoutes({
    dir,
    anonKey: ANON,
    db: backend.store.db,
    trustProxy: 1,
    log: () => undefined,
    ...options,
  });
  const server: ServerType = await new Promise((resolve) => {
    const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(running));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    close: async () => {
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('Noms impossibles à deviner, lectures et dépôts bornés par client', () => {
  // The quotas are the database's (its clock): windows of an hour, so that what comes back while the test
  // runs (30 files or misses an hour: one every two minutes) changes nothing, however slow the machine.
  let frozen: Awaited<ReturnType<typeof ownStorage>>;
  beforeAll(async () => {
    frozen = await ownStorage({ misses: { limit: 30, windowMs: 3_600_000 } });
  });
  afterAll(() => frozen?.close());
  const frozenVoice = (client: string, headers: Record<string, string> = {}) =>
    upload('x', { 'content-type': 'audio/webm', 'x-upload-kind': 'voice', ...headers }, client, frozen.url);

  it('600 essais de noms : 30 fichiers introuvables, puis 429 ; les autres lecteurs ne sont pas gênés', async () => {
    const owner = newClient();
    const stored = await frozenVoice(owner);
    expect(stored.status).toBe(200);
    const guesser = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++) statuses.push((await read(fresh(), guesser, 'GET', frozen.url)).status);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    const limited = await read(pathOf(stored), guesser, 'GET', frozen.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Whoever has the link still reads, however many times.
    for (let i = 0; i < 40; i++) expect((await read(pathOf(stored), owner, 'GET', frozen.url)).status).toBe(200);
  });

  it('31e dépôt d’un même client dans l’heure : 429 avec Retry-After, rien d’écrit', async () => {
    const client = newClient();
    for (let i = 0; i < 30; i++) expect((await frozenVoice(client)).status).toBe(200);
    const before = onDisk(frozen.dir);
    const refused = await frozenVoice(client);
    expectRefusal(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(onDisk(frozen.dir)).toEqual(before);
    // A client that writes its own X-Forwarded-For only adds addresses on the left: still the same client.
    expect((await frozenVoice(client, { 'x-forwarded-for': `203.0.113.9, ${client}` })).status).toBe(429);
  });

  it('le quota d’octets : au-delà, 429, et le fichier refusé n’est pas écrit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-quota-'));
    try {
      const quota = { files: 100, bytes: 1000, windowMs: 3_600_000 };
      const app = storageRoutes({ dir, anonKey: ANON, db: backend.store.db, quota });
      const send = async (size: number) => {
        // The declared size is what the quota reserves before reading (a body without one reserves 10 Mo).
        const answer = await app.request(UPLOAD_PATH, {
          method: 'POST',
          headers: {
            apikey: ANON,
            'content-type': 'audio/webm',
            'x-upload-kind': 'voice',
            'content-length': String(size),
          },
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

describe('Aucune foule ne ferme la porte au visiteur suivant (UPLOADS_MAX_TOTAL_MB)', () => {
  it('après que des centaines de clients ont rempli le stockage, un nouveau envoie encore sa note vocale ; les plus anciens dépôts font place', async () => {
    // A total of 1 MB, filled by 250 clients of 100 kB each (what 137 clients of 10 MB did to 2 GB), in a
    // register of its own (the other tests' uploads left out).
    await backend.store.db.exec('truncate assistant_uploads');
    const small = await ownStorage({ totalBytes: 1024 * 1024 });
    try {
      const kept: string[] = [];
      for (let i = 0; i < 250; i++) {
        const answer = await sendFileTo(small.url, new Uint8Array(100 * 1024), newClient());
        expect(answer.status).toBe(200);
        kept.push(pathOf(answer));
      }
      const newcomer = newClient();
      const voice = await upload(
        new Uint8Array(30 * 1024),
        { 'content-type': 'audio/webm', 'x-upload-kind': 'voice' },
        newcomer,
        small.url,
      );
      expect(voice.status).toBe(200);
      expect((await read(pathOf(voice), newcomer, 'GET', small.url)).status).toBe(200);
      // What made room: the oldest, and only as many as needed (the total stays under its cap).
      const reader = newClient();
      expect((await read(kept[0]!, reader, 'HEAD', small.url)).status).toBe(404);
      expect((await read(kept.at(-1)!, reader, 'HEAD', small.url)).status).toBe(200);
      const { rows } = await backend.store.db.query<{ total: string }>(
        'select sum(bytes)::text as total from assistant_uploads',
      );
      expect(Number(rows[0]!.total)).toBeLessThanOrEqual(1024 * 1024);
      const files = onDisk(small.dir).filter((path) => path.startsWith('assistant-uploads/'));
      expect(files.length).toBeLessThanOrEqual(11);
    } finally {
      await backend.store.db.exec('truncate assistant_uploads');
      await small.close();
    }
  });

  it('seuls des dépôts encore en cours peuvent remplir le plafond : 507 en français, le quota du client rendu', async () => {
    await backend.store.db.query(
      "insert into assistant_uploads (path, bytes, status) values ('assistant-uploads/en-cours', 3000000000, 'receiving')",
    );
    try {
      const client = newClient();
      const answer = await upload('x', { 'content-type': 'audio/webm', 'x-upload-kind': 'voice' }, client);
      expect(answer.status).toBe(507);
      expect(JSON.parse(answer.text).error).toContain('L’espace de dépôt est plein');
    } finally {
      await backend.store.db.exec("delete from assistant_uploads where path = 'assistant-uploads/en-cours'");
    }
  });
});

function sendFileTo(base: string, body: BodyInit, client: string) {
  return upload(body, { 'content-type': 'application/pdf', 'x-upload-kind': 'file' }, client, base);
}

describe('Autres méthodes sur le stockage', () => {
  it('PUT, DELETE, PATCH : 405 en JSON ; GET d’une adresse inconnue : 404 en JSON', async () => {
    const client = newClient();
    for (const method of ['PUT', 'DELETE', 'PATCH'])
      expectRefusal(
        await replay.send(`${backend.url}/storage/v1/object/assistant-uploads/${fresh()}`, {
          method,
          headers: { apikey: ANON, 'x-forwarded-for': client },
        }),
        405,
      );
    expectRefusal(await replay.send(`${backend.url}/storage/v1/bucket`), 404);
  });
});

describe('Bilan', () => {
  it('aucune de ces requêtes hostiles n’a reçu de 5xx (le 507 voulu excepté)', () => {
    expect(replay.count).toBeGreaterThan(1500);
    expect(replay.serverErrors.filter((error) => error.status !== 507)).toEqual([]);
  });
});
