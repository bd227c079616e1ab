/**
 * The CMS's local backend (server/routes/cms.ts) writes only what an editor may change, only when the
 * build would still pass, and never overwrites an upload. Run on a copy of content/.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cmsRoutes } from '../../server/routes/cms.ts';
import { pngFile } from '../support/png.ts';

const root = join(import.meta.dirname, '..', '..');
/** The copies of content/ each test works on, removed at the end. */
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function backend() {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-cms-backend-'));
  copies.push(dir);
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  const app = cmsRoutes(dir);
  const call = async (action: string, params: Record<string, unknown>) => {
    const response = await app.request('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, params }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
  };
  return { dir, call };
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
).toString('base64');

describe('The CMS’s local backend', () => {
  it('lists and reads the articles of the checkout', async () => {
    const { call } = backend();
    const { status, body } = await call('entriesByFolder', { folder: 'content/blog', extension: 'md', depth: 1 });
    expect(status).toBe(200);
    const entries = body as unknown as { file: { path: string }; data: string }[];
    expect(entries.map((entry) => entry.file.path)).toContain('content/blog/suivi-post-operatoire.md');
    expect(entries[0]!.data).toMatch(/^---\nid: /);
  });

  it('writes an article the build accepts', async () => {
    const { dir, call } = backend();
    const path = 'content/blog/suivi-post-operatoire.md';
    const raw = readFileSync(join(dir, path), 'utf8').replace(/^title: .*$/m, 'title: "Un nouveau titre assez long"');
    expect((await call('persistEntry', { dataFiles: [{ path, raw }], assets: [] })).status).toBe(200);
    expect(readFileSync(join(dir, path), 'utf8')).toContain('title: "Un nouveau titre assez long"');
  });

  it('refuses, with the build’s message, a file the build would refuse', async () => {
    const { dir, call } = backend();
    const path = 'content/blog/suivi-post-operatoire.md';
    const before = readFileSync(join(dir, path), 'utf8');
    const { status, body } = await call('persistEntry', {
      dataFiles: [{ path, raw: before.replace(/^author: .*$/m, 'author: personne') }],
      assets: [],
    });
    expect(status).toBe(422);
    expect(body.error).toBe(
      'Contenu invalide dans content/blog/suivi-post-operatoire.md :\n  - champ author : auteur inconnu « personne » (connus : dentivo-team, dr-claire-vasseur, dr-tech-advisor, tech-team)',
    );
    expect(readFileSync(join(dir, path), 'utf8')).toBe(before);
  });

  it('refuses to delete an author whom articles cite', async () => {
    const { dir, call } = backend();
    const { status, body } = await call('deleteFiles', { paths: ['content/authors/dr-tech-advisor.json'] });
    expect(status).toBe(422);
    expect(body.error).toContain('auteur inconnu « dr-tech-advisor »');
    expect(existsSync(join(dir, 'content/authors/dr-tech-advisor.json'))).toBe(true);
  });

  it.each([
    ['outside content/', '../package.json'],
    ['a path that climbs out', 'content/../server/main.ts'],
    ['a file the site does not read', 'content/notes.txt'],
  ])('writes nothing %s', async (_name, path) => {
    const { call } = backend();
    const { status, body } = await call('persistEntry', { dataFiles: [{ path, raw: 'x' }], assets: [] });
    expect(status).toBe(400);
    expect(body.error).toMatch(/n’est pas (modifiable|un contenu)|Chemin de fichier invalide/);
  });

  it('keeps uploads in an image folder, images only, under safe names, never overwritten', async () => {
    const { dir, call } = backend();
    const asset = (path: string, content = png) => ({ asset: { path, content, encoding: 'base64' } });
    const saved = await call('persistMedia', asset('public/images/blog/sourire-a3f9c21b.png'));
    expect(saved.status).toBe(200);
    expect(existsSync(join(dir, 'public/images/blog/sourire-a3f9c21b.png'))).toBe(true);
    // The same bytes again are the same file; other bytes under that name are refused.
    expect((await call('persistMedia', asset('public/images/blog/sourire-a3f9c21b.png'))).status).toBe(200);
    const otherPng = Buffer.concat([Buffer.from(png, 'base64'), Buffer.from([0])]).toString('base64');
    const other = await call('persistMedia', asset('public/images/blog/sourire-a3f9c21b.png', otherPng));
    expect(other.status).toBe(409);
    expect(other.body.error).toContain('Une autre image porte déjà le nom « sourire-a3f9c21b.png »');
    // Checked by their bytes and their size, in the words the admin uses when the file is picked.
    const text = await call(
      'persistMedia',
      asset('public/images/blog/faux-a3f9c21b.png', Buffer.from('<svg onload="alert(1)">').toString('base64')),
    );
    expect(text.status).toBe(400);
    expect(text.body.error).toContain('n’est pas une image que le site sait montrer');
    const heavy = Buffer.concat([Buffer.from(png, 'base64'), Buffer.alloc(3 * 1024 * 1024)]).toString('base64');
    const tooBig = await call('persistMedia', asset('public/images/blog/lourde-a3f9c21b.png', heavy));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toContain('Image trop lourde : 3\u00a0Mo, maximum 2\u00a0Mo');
    // An article's cover goes next to the others, so that the library shows them together.
    expect((await call('persistMedia', asset('public/images/blog/sourire-a3f9c21b.png'))).status).toBe(200);
    expect((await call('persistMedia', asset('public/images/blog/Mon Image.png'))).status).toBe(400);
    expect((await call('persistMedia', asset('public/images/blog/logo-a3f9c21b.svg'))).status).toBe(400);
    expect((await call('persistMedia', asset('public/images/logo.png'))).status).toBe(400);
    // A photo that still says where it was taken is never published: the admin redraws it first.
    const located = pngFile(40, 30, false, true).toString('base64');
    const refused = await call('persistMedia', asset('public/images/blog/cabinet-a3f9c21b.png', located));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('contient encore les informations de l’appareil (lieu et date');
    expect(existsSync(join(dir, 'public/images/blog/cabinet-a3f9c21b.png'))).toBe(false);
  });
});

describe('What the forms promise, the API holds too (issue 38, point 6)', () => {
  it('never deletes site.json nor a shared file: 403, the file stays', async () => {
    const { dir, call } = backend();
    for (const path of ['content/site.json', 'content/shared/faq.yaml']) {
      const answer = await call('deleteFiles', { paths: [path] });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe(`Ce fichier ne se supprime pas depuis l’interface : ${path}`);
      expect(existsSync(join(dir, path))).toBe(true);
    }
    expect((await call('deleteFile', { path: 'content/site.json' })).status).toBe(403);
  });

  it('keeps the hidden keys of site.json as they are: trackers and services are refused, the price and contact details saved', async () => {
    const { dir, call } = backend();
    const path = 'content/site.json';
    const before = readFileSync(join(dir, path), 'utf8');
    const site = JSON.parse(before) as { tracking: Record<string, string>; company: { phone: string } };
    const hostile = { ...site, tracking: { ...site.tracking, gaScriptUrl: 'https://evil.example/gtag.js' } };
    const refused = await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(hostile, null, 2) }] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('Ces réglages ne se modifient pas depuis l’interface : tracking.');
    const { backend: _backend, ...without } = site as Record<string, unknown>;
    expect((await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(without) }] })).status).toBe(403);
    expect(readFileSync(join(dir, path), 'utf8')).toBe(before);
    const phone = { ...site, company: { ...site.company, phone: '+33 4 11 22 33 44' } };
    expect((await call('persistEntry', { dataFiles: [{ path, raw: JSON.stringify(phone, null, 2) }] })).status).toBe(
      200,
    );
    expect(readFileSync(join(dir, path), 'utf8')).toContain('+33 4 11 22 33 44');
  });

  it('follows no symbolic link out of content/ and public/, to read or to write', async () => {
    const { dir, call } = backend();
    const outside = mkdtempSync(join(tmpdir(), 'dentivo-hors-contenu-'));
    copies.push(outside);
    writeFileSync(join(outside, 'secret.md'), 'SMTP_URL=smtps://equipe:secret@smtp.example.fr');
    symlinkSync(join(outside, 'secret.md'), join(dir, 'content/blog/lien.md'));
    const read = await call('getEntry', { path: 'content/blog/lien.md' });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('secret');
    // A folder that leads back to the checkout, where .env lives.
    writeFileSync(join(dir, '.env'), 'DATABASE_URL=postgres://secret');
    symlinkSync(dir, join(dir, 'content/blog/racine'));
    expect((await call('getEntry', { path: 'content/blog/racine/.env' })).status).toBe(403);
    // A folder of content/ that leads elsewhere: nothing written there.
    cpSync(join(dir, 'content/authors'), join(outside, 'authors'), { recursive: true });
    rmSync(join(dir, 'content/authors'), { recursive: true });
    symlinkSync(join(outside, 'authors'), join(dir, 'content/authors'));
    const path = 'content/authors/dr-tech-advisor.json';
    const raw = readFileSync(join(outside, 'authors/dr-tech-advisor.json'), 'utf8').replace(
      /"role": "[^"]*"/,
      '"role": "Pirate"',
    );
    const written = await call('persistEntry', { dataFiles: [{ path, raw }] });
    expect(written.status).toBe(403);
    expect(written.body.error).toContain('hors de content/ et public/');
    expect(readFileSync(join(outside, 'authors/dr-tech-advisor.json'), 'utf8')).not.toContain('Pirate');
  });

  it('refuses an entry over 1 MB of text, in French, before reading it as content', async () => {
    const { dir, call } = backend();
    const path = 'content/blog/suivi-post-operatoire.md';
    const before = readFileSync(join(dir, path), 'utf8');
    const raw = `${before}\n${'Un paragraphe de remplissage. '.repeat(50_000)}`;
    const answer = await call('persistEntry', { dataFiles: [{ path, raw }] });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(
      /^Ce contenu est trop long pour être enregistré : 1,4 Mo de texte, 1 Mo au plus\./,
    );
    expect(readFileSync(join(dir, path), 'utf8')).toBe(before);
  });

  it.each([
    ['getEntry', {}],
    ['getEntry', { path: 42 }],
    ['entriesByFolder', { folder: null }],
    ['entriesByFiles', { files: 'content/site.json' }],
    ['entriesByFiles', { files: [null] }],
    ['persistEntry', { dataFiles: null }],
    ['persistEntry', { dataFiles: [{ path: 'content/blog/x.md' }] }],
    ['persistMedia', { asset: 'x' }],
    ['deleteFiles', { paths: [1] }],
    ['deleteFile', {}],
    ['getMedia', []],
  ])('« %s » with malformed parameters %j: 400 in French, never 500', async (action, params) => {
    const { call } = backend();
    const answer = await call(action, params as Record<string, unknown>);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^Requête invalide pour « [a-zA-Z]+ » : paramètre .* manquant ou mal formé\.$/);
  });
});
