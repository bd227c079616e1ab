/**
 * Issue 27, points 4 to 6 (docs/decisions/0059-compressed-ahead-of-time.md,
 * docs/decisions/0060-uploads-streamed-kept-for-a-time.md): nothing compressed on a request, uploads
 * refused before their bytes are read, what visitors leave deleted after its time, and the start-up rules
 * (INBOX_TOKEN, TRUST_PROXY). Durations are the bench's (bench/load.ts), never asserted here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createStaticFiles } from '../../server/static.ts';
import { precompressSite } from '../../server/precompress.ts';
import { inboxTokenProblem } from '../../server/inbox-token.ts';
import { pruneUploadsAndQuestions } from '../../server/retention.ts';
import { UPLOAD_PATH } from '../../core/assistant/uploads.ts';
import { DEFAULT_RETENTION } from '../../backend/assistant/retention.ts';
import { startBackend, type TestBackend } from '../support/backend.ts';
import { startupPorts } from '../support/ports.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const root = join(import.meta.dirname, '..', '..');

describe('Compressé à la construction, jamais pendant une requête', () => {
  const site = mkdtempSync(join(tmpdir(), 'dentivo-compression-'));
  const page = `<!doctype html><title>Page</title>${'<p>Texte de la page, assez long pour être compressé.</p>'.repeat(200)}`;
  beforeAll(() => {
    writeFileSync(join(site, 'index.html'), page);
    writeFileSync(
      join(site, 'data.json'),
      JSON.stringify({ words: Array.from({ length: 500 }, (_, i) => `mot-${i}`) }),
    );
    writeFileSync(join(site, 'petit.txt'), 'court');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('la construction écrit .br et .gz à côté de chaque fichier texte ; la requête les lit tels quels', async () => {
    const report = await precompressSite(site);
    expect(report).toMatchObject({ files: 2, written: 2 });
    expect(existsSync(join(site, 'index.html.br')) && existsSync(join(site, 'data.json.gz'))).toBe(true);
    // Too small to gain anything: left alone.
    expect(existsSync(join(site, 'petit.txt.br'))).toBe(false);
    expect(await precompressSite(site)).toMatchObject({ files: 2, written: 0 });

    const files = createStaticFiles(site);
    const answer = await files.respond((await files.resolve('/'))!, '/', { acceptEncoding: 'br, gzip' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.equals(readFileSync(join(site, 'index.html.br')))).toBe(true);
    const gzip = await files.respond((await files.resolve('/data.json'))!, '/data.json', { acceptEncoding: 'gzip' });
    expect(gzip.body.equals(readFileSync(join(site, 'data.json.gz')))).toBe(true);
    // The siblings themselves are not addresses of the site.
    expect(await files.resolve('/index.html.br')).toBeUndefined();
    expect(await files.resolve('/data.json.gz')).toBeUndefined();
  });

  it('un fichier plus récent que ses compressions : servi tel quel, puis compressé en tâche de fond', async () => {
    const compressed: string[] = [];
    let done: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const files = createStaticFiles(site, {
      onCompressed: (file) => {
        compressed.push(file);
        done();
      },
    });
    // A page rebuilt after the build's compression (npm run dev): its siblings are stale, never served.
    const rebuilt = page.replace('Page', 'Page reconstruite');
    writeFileSync(join(site, 'index.html'), rebuilt);
    const first = await files.respond((await files.resolve('/'))!, '/', { acceptEncoding: 'br' });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.toString()).toBe(rebuilt);
    await finished;
    expect(compressed).toEqual([join(site, 'index.html')]);
    const later = await files.respond((await files.resolve('/'))!, '/', { acceptEncoding: 'br' });
    expect(later.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(later.body).toString()).toBe(rebuilt);
  });

  it('le manifeste de Vite n’est plus dans ce qui est publié', () => {
    expect(existsSync(join(root, '_site', 'assets', '.vite'))).toBe(false);
    expect(existsSync(join(root, '.cache', 'vite', 'site-manifest.json'))).toBe(true);
  });
});

/** Sends only the headers of an upload declaring `size` bytes, and resolves with the status if one comes first. */
function headersOnly(url: string, size: number, client: string) {
  const target = new URL(UPLOAD_PATH, url);
  let abort = () => undefined as void;
  const status = new Promise<number | undefined>((resolve) => {
    const sent = request(
      target,
      {
        method: 'POST',
        headers: {
          apikey: 'local-anon-key',
          'content-type': 'audio/webm',
          'x-upload-kind': 'voice',
          'content-length': String(size),
          'x-forwarded-for': client,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    sent.on('error', () => resolve(undefined));
    sent.flushHeaders();
    abort = () => sent.destroy();
  });
  return { status, abort };
}

describe('Dépôts lus contre leurs limites, et gardés un temps', () => {
  let backend: TestBackend;
  const uploads = mkdtempSync(join(tmpdir(), 'dentivo-flux-'));
  beforeAll(async () => {
    backend = await startBackend({ trustProxy: 1, uploadsDir: uploads, rateLimit: false });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(uploads, { recursive: true, force: true });
  });
  const sendVoice = async (base: string, client: string) => {
    const answer = await fetch(`${base}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        apikey: 'local-anon-key',
        'content-type': 'audio/webm',
        'x-upload-kind': 'voice',
        'x-forwarded-for': client,
      },
      body: 'note',
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { path: string }).path;
  };

  it('10 envois parallèles de 10 Mo d’un client : le quota (60 Mo) refuse les 4 derniers avant tout octet', async () => {
    const client = '2001:db8:27::1';
    const attempts = Array.from({ length: 10 }, () => headersOnly(backend.url, 10 * 1024 * 1024, client));
    // The 6 reservations wait for their bodies; the 4 others are answered without one.
    const answered: number[] = [];
    await Promise.race([
      Promise.all(attempts.map((attempt) => attempt.status.then((status) => status && answered.push(status)))),
      vi.waitFor(() => expect(answered.length).toBe(4), { timeout: 60_000, interval: 100 }),
    ]);
    expect(answered).toEqual([429, 429, 429, 429]);
    for (const attempt of attempts) attempt.abort();
    // The reservations of the uploads given up are cancelled: nothing registered, nothing on disk.
    await vi.waitFor(async () => expect(await backend.rows('select path from assistant_uploads')).toEqual([]), {
      timeout: 30_000,
      interval: 200,
    });
    expect(readdirSync(join(uploads)).filter((entry) => !entry.startsWith('.'))).toEqual([]);
  });

  it('un corps sans taille annoncée est compté en arrivant : 413 au-delà de 10 Mo, rien d’écrit', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(new Uint8Array(1024 * 1024));
        else controller.close();
      },
    });
    const answer = await fetch(`${backend.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        apikey: 'local-anon-key',
        'content-type': 'audio/webm',
        'x-upload-kind': 'voice',
        'x-forwarded-for': '2001:db8:28::1',
      },
      body,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    // The server answers 413 and closes: the client may see the answer or only the closed connection.
    if (answer) expect(answer.status).toBe(413);
    await vi.waitFor(async () => expect(await backend.rows('select path from assistant_uploads')).toEqual([]));
    expect(readdirSync(uploads).filter((entry) => !entry.startsWith('.'))).toEqual([]);
  });

  it('au-delà de la durée de conservation, dépôts, questions, idées et notes vocales sont supprimés ; un plafond les borne', async () => {
    const kept = await sendVoice(backend.url, '2001:db8:29::1');
    const old = await sendVoice(backend.url, '2001:db8:29::1');
    const db = backend.store.db;
    await db.query(
      "update assistant_uploads set received_at = now() - interval '91 days' where path = 'assistant-uploads/' || $1::text",
      [old],
    );
    for (let i = 0; i < 5; i++)
      await db.query(
        `insert into assistant_messages (kind, conversation_id, message_id, text, received_at)
         values ('unanswered', 'c', $1::text, 'Question ?', now() - make_interval(days => $2::integer))`,
        [`q-${i}`, i === 0 ? 100 : i],
      );
    // Ideas and voice notes: one past the retention, three recent under a cap of two.
    await db.query(
      "insert into assistant_messages (kind, conversation_id, message_id, text, received_at) values ('idea', 'c', 'idee', 'Idée', now() - interval '400 days')",
    );
    for (const [i, kind] of ['idea', 'voice', 'idea'].entries())
      await db.query(
        `insert into assistant_messages (kind, conversation_id, message_id, text, voice_url, received_at)
         values ($1::text, 'c', $2::text, 'Récent', $3::text, now() - make_interval(hours => $4::integer))`,
        [kind, `m-${i}`, kind === 'voice' ? `/storage/v1/object/public/assistant-uploads/${kept}` : null, 3 - i],
      );
    const retention = { ...DEFAULT_RETENTION, days: 90, maxUnanswered: 3, maxMessages: 2 };
    const pruned = await pruneUploadsAndQuestions(db, uploads, retention);
    expect(pruned.uploads).toEqual([`assistant-uploads/${old}`]);
    // The 100-day-old question goes with its age, the oldest of the rest with the cap; so do ideas and notes.
    expect(pruned.unanswered).toBe(2);
    expect(pruned.messages).toBe(2);
    const left = await backend.rows<{ message_id: string }>('select message_id from assistant_messages order by id');
    expect(left.map((row) => row.message_id)).toEqual(['q-1', 'q-2', 'q-3', 'm-1', 'm-2']);
    expect(existsSync(join(uploads, 'assistant-uploads', old))).toBe(false);
    expect(existsSync(join(uploads, '.meta', 'assistant-uploads', `${old}.json`))).toBe(false);
    expect(existsSync(join(uploads, 'assistant-uploads', kept))).toBe(true);
    expect((await fetch(`${backend.url}/storage/v1/object/public/assistant-uploads/${old}`)).status).toBe(404);
  });

  it('le plafond total des dépôts : au-delà, le plus ancien fait place au nouveau, jamais un refus', async () => {
    const full = await startBackend({
      store: backend.store,
      trustProxy: 1,
      uploadsDir: mkdtempSync(join(tmpdir(), 'dentivo-plein-')),
    });
    try {
      // 3 GB kept, past the 2 GB cap: the next visitor still sends a note; the oldest upload goes.
      await backend.store.db.query(
        "insert into assistant_uploads (path, bytes, status, received_at) values ('assistant-uploads/occupe', 3000000000, 'stored', now() - interval '1 day')",
      );
      const path = await sendVoice(full.url, '2001:db8:30::1');
      const rows = await backend.rows<{ path: string }>('select path from assistant_uploads order by received_at');
      expect(rows.map((row) => row.path)).not.toContain('assistant-uploads/occupe');
      expect(rows.map((row) => row.path)).toContain(`assistant-uploads/${path}`);
    } finally {
      await full.close();
    }
  });
});

describe('Au démarrage', () => {
  const start = (env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', DATA_DIR: 'memory', SMTP_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return { child, output: () => output, exited: new Promise<number | null>((done) => child.on('exit', done)) };
  };

  it('INBOX_TOKEN de moins de 32 caractères : le serveur refuse de démarrer, en français', async () => {
    expect(inboxTokenProblem(undefined)).toBeUndefined();
    expect(inboxTokenProblem('x'.repeat(32))).toBeUndefined();
    expect(inboxTokenProblem('secret')).toMatch(/^INBOX_TOKEN trop court \(6 caractères\)/);
    const server = start({ INBOX_TOKEN: 'secret', PORT: String(startupPorts[0]) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('INBOX_TOKEN trop court (6 caractères) : 32 caractères au moins sont exigés');
  });

  it('TRUST_PROXY défini : un avertissement dit de n’ouvrir le port qu’au proxy', async () => {
    const server = start({ TRUST_PROXY: '1', INBOX_TOKEN: 'x'.repeat(40), PORT: String(startupPorts[1]) });
    try {
      await vi.waitFor(() => expect(server.output()).toContain('Attention : TRUST_PROXY=1'), { timeout: 60_000 });
      expect(server.output()).toContain('n’ouvrez ce port qu’au proxy');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});

// The folder of partial uploads is created on first use; it is never served (a dotfolder).
it('le dossier des dépôts en cours est un dossier caché', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-partiel-'));
  mkdirSync(join(dir, '.partial'));
  expect(readdirSync(dir)).toEqual(['.partial']);
  rmSync(dir, { recursive: true, force: true });
});
