/**
 * The dev CMS answers only its own editor (server/cms-access.ts, docs/decisions/0029-cms-for-editors.md):
 * the embedded server with CMS_BACKEND=local, asked as the admin page asks and as other sites could.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/common/config.ts';
import { createApp } from '../../server/app.ts';
import { cmsAccess } from '../../server/cms-access.ts';
import type { Store } from '../../server/database.ts';
import { openTestStore } from '../support/backend.ts';

const root = join(import.meta.dirname, '..', '..');
const article = 'content/blog/suivi-post-operatoire.md';
let store: Store;
let checkout: string;
let app: ReturnType<typeof createApp>;
const access = cmsAccess({ HOST: '127.0.0.1', CMS_TOKEN: 'secret-de-cette-session-0123456789abcdef' });

beforeAll(async () => {
  store = await openTestStore();
  checkout = mkdtempSync(join(tmpdir(), 'dentivo-cms-access-'));
  cpSync(join(root, 'content'), join(checkout, 'content'), { recursive: true });
  const siteDir = join(checkout, '_site');
  mkdirSync(join(siteDir, 'admin'), { recursive: true });
  writeFileSync(join(siteDir, 'admin', 'index.html'), '<!doctype html><html><head><title>CMS</title></head></html>');
  const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), {});
  app = createApp({ siteDir, config, store, cms: { root: checkout, access } });
});
afterAll(async () => {
  await store.close();
  rmSync(checkout, { recursive: true, force: true });
});

/** A request as it reaches the server from `peer`: this machine by default (the socket's address). */
const ask = (url: string, init: RequestInit = {}, peer = '127.0.0.1') =>
  app.request(url, init, { incoming: { socket: { remoteAddress: peer } } });

const own = {
  host: '127.0.0.1:8080',
  origin: 'http://127.0.0.1:8080',
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
  'x-cms-token': access.token,
};

function persist(headers: Record<string, string>, body?: string) {
  const raw = readFileSync(join(checkout, article), 'utf8').replace(/^title: .*$/m, 'title: "Titre envoyé au CMS"');
  return ask('http://127.0.0.1:8080/admin/api/v1', {
    method: 'POST',
    headers,
    body: body ?? JSON.stringify({ action: 'persistEntry', params: { dataFiles: [{ path: article, raw }] } }),
  });
}

const untouched = () => expect(readFileSync(join(checkout, article), 'utf8')).not.toContain('Titre envoyé au CMS');

describe('The dev CMS API answers only its own admin page', () => {
  it('gives its page, and only its page, this run’s secret, never cached', async () => {
    const page = await ask('http://127.0.0.1:8080/admin', { headers: { host: '127.0.0.1:8080' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain(`<meta name="cms-token" content="${access.token}">`);
  });

  it('refuses the admin page to a name rebound to this machine (DNS rebinding)', async () => {
    const page = await ask('http://evil.example:8080/admin', { headers: { host: 'evil.example:8080' } });
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(access.token);
  });

  it('refuses a plain form of another site', async () => {
    const answer = await persist(
      { ...own, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      '{"action":"deleteFiles","params":{"paths":["content/blog/suivi-post-operatoire.md"]}}',
    );
    expect(answer.status).toBe(403);
    expect((await answer.json()).error).toMatch(/seule la page \/admin/);
    expect(readFileSync(join(checkout, article), 'utf8')).toContain('title:');
  });

  it('refuses a request without Origin, or from another port of this machine', async () => {
    const { origin: _origin, ...withoutOrigin } = own;
    expect((await persist(withoutOrigin)).status).toBe(403);
    expect((await persist({ ...own, origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' })).status).toBe(
      403,
    );
    untouched();
  });

  it('refuses a foreign Host even with the right origin and secret', async () => {
    const answer = await persist({ ...own, host: 'evil.example:8080', origin: 'http://evil.example:8080' });
    expect(answer.status).toBe(403);
    untouched();
  });

  it('refuses any content type but JSON', async () => {
    const answer = await persist({ ...own, 'content-type': 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(415);
    expect((await answer.json()).error).toBe('Requête refusée : le contenu doit être envoyé en JSON.');
    untouched();
  });

  it('refuses a missing or wrong secret, and tells the editor to reload', async () => {
    const { 'x-cms-token': _token, ...withoutToken } = own;
    expect((await persist(withoutToken)).status).toBe(403);
    const wrong = await persist({ ...own, 'x-cms-token': 'x'.repeat(access.token.length) });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toMatch(/rechargez la page/);
    untouched();
  });

  it('writes for its own page: same origin, JSON and the secret', async () => {
    const answer = await persist(own);
    expect(answer.status).toBe(200);
    expect(readFileSync(join(checkout, article), 'utf8')).toContain('title: "Titre envoyé au CMS"');
  });

  it('refuses another machine of the network, even with Host: localhost, unless CMS_REMOTE=1', async () => {
    // HOST=0.0.0.0 puts the dev server on the network: a neighbour may write `Host: localhost` itself.
    const neighbour = (path: string, init: RequestInit = {}) =>
      ask(`http://127.0.0.1:8080${path}`, init, '192.168.1.23');
    const page = await neighbour('/admin', { headers: { host: 'localhost:8080' } });
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(access.token);
    const api = await neighbour('/admin/api/v1', {
      method: 'POST',
      headers: { ...own, host: 'localhost:8080', origin: 'http://localhost:8080' },
      body: JSON.stringify({ action: 'info' }),
    });
    expect(api.status).toBe(403);
    expect(await api.text()).toMatch(/ne répond qu’à cette machine \(CMS_REMOTE=1/);
    for (const loopback of ['::1', '::ffff:127.0.0.1'])
      expect((await ask('http://127.0.0.1:8080/admin', { headers: { host: '127.0.0.1:8080' } }, loopback)).status).toBe(
        200,
      );
    expect(cmsAccess({ CMS_REMOTE: '1' }).remote).toBe(true);
    expect(cmsAccess({}).remote).toBe(false);
  });

  it('answers localhost and [::1] too, and the name HOST gives', async () => {
    const hosts = cmsAccess({ HOST: 'poste-redaction.local' }).hosts;
    expect([...hosts]).toEqual(['localhost', '127.0.0.1', '[::1]', 'poste-redaction.local']);
    expect([...cmsAccess({ HOST: '0.0.0.0' }).hosts]).toEqual(['localhost', '127.0.0.1', '[::1]']);
  });

  it('gives the CMS’s policy to /admin only, not to a page whose address starts alike', async () => {
    const admin = await ask('http://127.0.0.1:8080/admin', { headers: { host: '127.0.0.1:8080' } });
    expect(admin.headers.get('content-security-policy')).toContain("'unsafe-eval'");
    const other = await ask('http://127.0.0.1:8080/administration-du-cabinet');
    expect(other.headers.get('content-security-policy') ?? '').not.toContain("'unsafe-eval'");
  });
});
