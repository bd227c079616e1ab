/**
 * The CMS at /admin, as an editor uses it (docs/decisions/0029-cms-for-editors.md): `npm run dev` runs
 * in a copy of the checkout (so the real content/ is never touched), and Chromium edits an article,
 * creates one, and is refused a save that would stop the build. Each save is checked in the copy's
 * files, then in the pages the dev loop rebuilds from them.
 */
import { test, expect, type Page } from '@playwright/test';
import { cpSync, mkdirSync, readFileSync, readdirSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { cmsDevPort } from '../support/ports.ts';
import { pngFile } from '../support/png.ts';
import { startDevCopy, type DevCopy } from '../support/dev-copy.ts';
import { loadContent } from '../../site/lib/content.ts';
import { ARTICLE_TITLE_MAX } from '../../core/common/seo.ts';
import { carriesMetadata, sniffImage } from '../../core/content/media-names.ts';

const root = resolve(import.meta.dirname, '../..');
const origin = `http://127.0.0.1:${cmsDevPort}`;

let copy: string;
let dev: DevCopy | undefined;

const answers = (path: string, text?: string) => dev!.answers(path, text);

test.describe.configure({ mode: 'serial' });
// npm run dev builds everything before it serves: patience, not speed (no duration is asserted).
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(480_000);
  dev = await startDevCopy('dentivo-cms-', cmsDevPort);
  copy = dev.dir;
});

test.afterAll(() => dev?.stop());

const file = (path: string) => dev!.file(path);

const leaving = new WeakSet<Page>();
/** /admin at `hash`, signed in (once per browser page); leaving a form with unsaved changes is accepted. */
async function openAdmin(page: Page, hash: string): Promise<void> {
  if (!leaving.has(page)) {
    leaving.add(page);
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  }
  await page.goto(`${origin}/admin/`);
  const signIn = page.getByRole('button', { name: 'Se connecter' });
  await expect(signIn.or(page.getByRole('link', { name: 'Articles', exact: true }))).toBeVisible();
  if (await signIn.isVisible()) await signIn.click();
  await page.goto(`${origin}/admin/#${hash}`);
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await page.getByText('Publier maintenant').click();
}

const article = 'content/blog/suivi-post-operatoire.md';
const newTitle = 'Suivi post-opératoire : quatre rendez-vous qui rassurent le patient';
const newParagraph = 'Un appel le lendemain suffit souvent à rassurer le patient et à repérer ce qui doit l’être.';

test.describe('The CMS at /admin', () => {
  test('is served by npm run dev, never indexed, with the site’s collections in French', async ({ page }) => {
    const response = await fetch(`${origin}/admin/`);
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    await openAdmin(page, '/');
    for (const name of ['Articles', 'Pages', 'Auteurs', 'Textes partagés'])
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    expect(await (await fetch(`${origin}/robots.txt`)).text()).toContain('Disallow: /admin/');
    expect(await (await fetch(`${origin}/sitemap.xml`)).text()).not.toContain('/admin');
    expect(await (await fetch(`${origin}/admin/`)).text()).toContain(
      '<meta name="robots" content="noindex, nofollow">',
    );
  });

  test('saves an article’s new title and paragraph to its file', async ({ page }) => {
    await openAdmin(page, '/collections/blog/entries/suivi-post-operatoire');
    await page.getByLabel('Titre', { exact: true }).first().fill(newTitle);
    // The first paragraph of the text, in the rich-text editor: selected whole, then typed over.
    const paragraph = page
      .locator('[data-slate-editor="true"]')
      .getByText('Une intervention réussie', { exact: false });
    await paragraph.click({ clickCount: 3 });
    await page.keyboard.type(newParagraph);
    // The preview is the site's own article template, with the new title typeset as the site does: a
    // heading's hyphens do not break (core/common/typography.ts).
    await expect(page.frameLocator('iframe').first().locator('h1.article__title')).toHaveText(
      newTitle.replaceAll('-', '\u2011'),
    );
    await publish(page);
    await expect.poll(() => file(article)).toContain(`title: "${newTitle}"`);
    const saved = file(article);
    expect(saved).toContain(newParagraph);
    expect(saved).not.toContain('Une intervention réussie ne s');
    // The rest of the article is still there, as the build reads it.
    expect(saved).toMatch(/^---\nid: 3\nslug: suivi-post-operatoire\n/);
    expect(saved).toContain('## ');
  });

  test('one word changed in « Texte enrichi » changes one line of the file, its lists and table kept', async ({
    page,
  }) => {
    const path = 'content/pages/mentions-legales.md';
    const before = file(path);
    await openAdmin(page, '/collections/pages/entries/mentions-legales');
    // A word of a list item: Decap writes the whole text again, `*` bullets and all.
    const word = page.locator('[data-slate-editor="true"]').getByText('Immatriculation', { exact: false });
    await word.dblclick();
    await page.keyboard.type('Enregistrement');
    await publish(page);
    await expect.poll(() => file(path), { timeout: 30_000 }).toContain('- Enregistrement : {rcs}');
    const after = file(path).split('\n');
    const removed = before.split('\n').filter((line) => !after.includes(line));
    const added = after.filter((line) => !before.split('\n').includes(line));
    expect(removed).toEqual(['- Immatriculation : {rcs}']);
    expect(added).toEqual(['- Enregistrement : {rcs}']);
  });

  test('shows the rebuilt article page', async () => {
    // The page is typeset (a narrow no-break space before the colon): look for the words after it. A rebuild
    // of the whole site on a busy machine can take minutes: patience, no duration asserted.
    await expect
      .poll(() => answers('/blog/suivi-post-operatoire', newTitle.split(' : ')[1]), { timeout: 180_000 })
      .toBe(true);
    await expect
      .poll(() => answers('/blog/suivi-post-operatoire', 'Un appel le lendemain suffit'), { timeout: 180_000 })
      .toBe(true);
  });

  test('creates a new article from the form', async ({ page }) => {
    await openAdmin(page, '/collections/blog/new');
    await page
      .getByLabel('Titre', { exact: true })
      .first()
      .fill('Préparer la rentrée du cabinet en cinq étapes simples');
    await page
      .getByLabel('Résumé', { exact: true })
      .fill('Planning, stocks, rappels et équipe : une méthode courte pour aborder septembre sans mauvaise surprise.');
    await pickOption(page, 'Catégorie', 'Équipe & Organisation');
    await page.getByRole('button', { name: /Ajouter mot-clé/ }).click();
    await page.getByLabel('Mot-clé', { exact: true }).last().fill('Organisation');
    await pickOption(page, 'Auteur', 'Dr Claire Vasseur');
    const body = page.locator('[data-slate-editor="true"]').last();
    await body.click();
    await page.keyboard.type(
      'La rentrée se prépare dès juillet : voici les cinq étapes que suivent les cabinets les mieux organisés.',
    );
    await publish(page);
    const nextId =
      Math.max(
        ...readdirSync(join(copy, 'content/blog')).map((name) =>
          Number(/^id: (\d+)$/m.exec(file(`content/blog/${name}`))?.[1] ?? 0),
        ),
      ) + 1;
    const path = 'content/blog/preparer-la-rentree-du-cabinet-en-cinq-etapes-simples.md';
    await expect.poll(() => existsSync(join(copy, path)), { timeout: 30_000 }).toBe(true);
    const saved = file(path);
    // Number, slug and date were filled in on save; the author is a slug of content/authors/.
    expect(saved).toMatch(
      new RegExp(`^---\nid: ${nextId}\nslug: preparer-la-rentree-du-cabinet-en-cinq-etapes-simples\n`),
    );
    expect(saved).toMatch(/\npublishDate: \d{4}-\d{2}-\d{2}\n/);
    expect(saved).toContain('author: dr-claire-vasseur');
    expect(saved).toContain('La rentrée se prépare dès juillet');
    // Both saves leave content the build accepts: its own loader reads the copy without an error.
    const content = loadContent(copy, {});
    expect(content.posts.find((post) => post.file === path)?.authorName).toBe('Dr Claire Vasseur');
    expect(content.posts.find((post) => post.slug === 'suivi-post-operatoire')?.title).toBe(newTitle);
  });

  test('lists the new article on /blog', async () => {
    await expect
      .poll(() => answers('/blog', 'Préparer la rentrée du cabinet en cinq étapes simples'), { timeout: 180_000 })
      .toBe(true);
  });

  test('uploads a PNG cover, publishes, and shows it on the article page in AVIF or WebP', async ({ page }) => {
    // Under the admin's own policy (server/admin-headers.ts): Decap reads the picked file back from a
    // blob: address before sending it, which a policy without it refused (« Failed to fetch »).
    const picked = join(copy, '.tmp-upload', 'Photo Équipe Cabinet.png');
    mkdirSync(join(copy, '.tmp-upload'), { recursive: true });
    cpSync(join(root, 'package.json'), join(copy, '.tmp-upload', 'not-an-image.png'));
    writeFileSync(picked, pngFile(1600, 900));
    await openAdmin(page, '/collections/blog/new');
    const title = 'Accueillir un nouveau patient : la photo de l’équipe';
    await page.getByLabel('Titre', { exact: true }).first().fill(title);
    await page
      .getByLabel('Résumé', { exact: true })
      .fill('Une équipe souriante et un accueil préparé : ce que le patient retient de sa première visite au cabinet.');
    await pickOption(page, 'Catégorie', 'Équipe & Organisation');
    await page.getByRole('button', { name: /Ajouter mot-clé/ }).click();
    await page.getByLabel('Mot-clé', { exact: true }).last().fill('Accueil');
    await pickOption(page, 'Auteur', 'Dr Claire Vasseur');
    await page.getByRole('button', { name: 'Choisir une image' }).first().click();
    // The library shows the covers articles already use.
    await expect(page.getByText('assistant-ia-dentaire-revolution-logiciel-gestion.svg')).toBeVisible();
    const input = page.locator('input[type="file"]');
    // A file that is not an image is refused when it is picked, in French, and nothing is sent.
    await input.setInputFiles(join(copy, '.tmp-upload', 'not-an-image.png'));
    const refusal = page.getByRole('alert').filter({ hasText: 'Image refusée' });
    await expect(refusal).toContainText('n’est pas une image que le site sait montrer');
    await refusal.getByRole('button', { name: 'Fermer' }).click();
    await input.setInputFiles(picked);
    const name = page.getByText(/^photo-equipe-cabinet-[0-9a-f]{8}\.png$/);
    await expect(name).toBeVisible();
    const fileName = (await name.textContent())!;
    await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    await page.getByLabel('Texte alternatif de l’image', { exact: false }).fill('L’équipe du cabinet à l’accueil');
    await page.locator('[data-slate-editor="true"]').last().click();
    await page.keyboard.type('Le premier rendez-vous commence à l’accueil : voici comment le préparer.');
    await publish(page);
    const path = 'content/blog/accueillir-un-nouveau-patient-la-photo-de-l-equipe.md';
    await expect.poll(() => existsSync(join(copy, path)), { timeout: 30_000 }).toBe(true);
    expect(file(path)).toContain(`image: /images/blog/${fileName}`);
    expect(readFileSync(join(copy, 'public/images/blog', fileName)).equals(readFileSync(picked))).toBe(true);
    // The rebuilt page shows it through the copies the build made.
    const address = '/blog/accueillir-un-nouveau-patient-la-photo-de-l-equipe';
    await expect.poll(() => answers(address, 'image/avif'), { timeout: 180_000 }).toBe(true);
    await page.goto(origin + address);
    const cover = page.locator('.article__figure img');
    await expect(cover).toHaveAttribute('alt', 'L’équipe du cabinet à l’accueil');
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await cover.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      new RegExp(`/images/blog/${fileName.replace('.png', '')}-\\d+\\.(avif|webp)$`),
    );
  });

  test('takes a phone’s photos, HEIC too, shows them at once, and offers an image’s description again', async ({
    page,
  }) => {
    mkdirSync(join(copy, '.tmp-upload'), { recursive: true });
    const heavy = join(copy, '.tmp-upload', 'Grande photo.png');
    writeFileSync(heavy, pngFile(2600, 1200, true));
    expect(statSync(heavy).size).toBeGreaterThan(8 * 1024 * 1024);
    await openAdmin(page, '/collections/blog/new');
    // An image already in the site: its description is offered.
    await page.getByRole('button', { name: 'Choisir une image' }).first().click();
    // The library draws only the cards on screen: searched by name.
    await page.getByPlaceholder('Recherche...').fill('suivi-post');
    await page.getByText('suivi-post-operatoire.svg', { exact: true }).click();
    await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    const alt = /^imageAlt: "?(.+?)"?$/m.exec(file(article))![1]!;
    await expect(page.locator('.alt-offer')).toContainText(alt);
    await page.locator('.alt-offer').getByRole('button', { name: 'Reprendre ce texte' }).click();
    await expect(page.getByLabel(/^Texte alternatif de l’image/)).toHaveValue(alt);
    // A 9 Mo photo and an iPhone's HEIC: accepted, the HEIC made a JPEG.
    await page.getByRole('button', { name: 'Choisir une image différente' }).click();
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(heavy);
    await expect(page.getByText(/^grande-photo-[0-9a-f]{8}\.(png|jpg)$/)).toBeVisible({ timeout: 60_000 });
    await input.setInputFiles(join(root, 'tests/fixtures/images/photo.heic'));
    await expect(page.getByText(/^photo-[0-9a-f]{8}\.jpg$/)).toBeVisible({ timeout: 60_000 });
    // A photo that still says where it was taken is drawn again: what the admin hands on to Decap (the
    // files of the change event it dispatches, seen from the window before anyone) holds only its pixels.
    await page.evaluate(() =>
      window.addEventListener(
        'change',
        (event) => {
          const files = (event.target as HTMLInputElement).files;
          if (files?.length) ((window as { handed?: File[] }).handed ??= []).push(...files);
        },
        true,
      ),
    );
    const located = join(copy, '.tmp-upload', 'Lieu du cabinet.png');
    writeFileSync(located, pngFile(800, 600, false, true));
    await input.setInputFiles(located);
    await expect(page.getByText(/^lieu-du-cabinet-[0-9a-f]{8}\.png$/)).toBeVisible({ timeout: 60_000 });
    const handed = Buffer.from(
      await page.evaluate(async () => {
        const file = (window as { handed?: File[] }).handed!.find((item) => item.name.startsWith('lieu-du-cabinet-'))!;
        return [...new Uint8Array(await file.arrayBuffer())];
      }),
    );
    expect(carriesMetadata(readFileSync(located))).toBe(true);
    expect(sniffImage(handed)).toBe('png');
    expect(carriesMetadata(handed)).toBe(false);
    await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    // Shown at once in its field, before any save.
    const thumbnail = page.locator('img[src^="blob:"]').first();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    // « Images », at the top, lists what an article's picker lists.
    await openAdmin(page, '/collections/blog');
    await page.getByText('Images', { exact: true }).first().click();
    await expect(page.getByText('assistant-ia-dentaire-revolution-logiciel-gestion.svg')).toBeVisible();
  });

  test('previews an article with the site’s own stylesheets, none missing', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'stylesheet' && !response.ok())
        failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'stylesheet') failed.push(`${request.failure()?.errorText} ${request.url()}`);
    });
    await openAdmin(page, '/collections/blog/entries/suivi-post-operatoire');
    const preview = page.frameLocator('iframe').first();
    await expect(preview.locator('h1.article__title')).toBeVisible();
    const sheets = await preview
      .locator('link[rel="stylesheet"]')
      .evaluateAll((links: HTMLLinkElement[]) => links.map((link) => [link.href, link.sheet?.cssRules.length ?? 0]));
    const site = sheets.filter(([href]) => String(href).includes('/assets/'));
    expect(site.length).toBe(2);
    for (const [href, rules] of site) expect(rules, String(href)).toBeGreaterThan(0);
    expect(failed).toEqual([]);
  });

  test('counts a title’s characters as the editor types, and the preview names the field at fault', async ({
    page,
  }) => {
    await openAdmin(page, '/collections/blog/entries/taux-acceptation-devis');
    const seoTitle = page.getByLabel(/^Titre pour les moteurs de recherche/);
    const countOf = async (field: typeof seoTitle) =>
      page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);
    const seoCount = await countOf(seoTitle);
    // The limit is the schema's (core/blog/post.ts), shown as the editor reads it.
    await expect(seoCount).toHaveText(`49 / ${ARTICLE_TITLE_MAX} caractères`);
    await expect(seoCount).toHaveAttribute('data-counter', 'ok');
    const long = 'Devis dentaires : améliorer le taux d’acceptation en six étapes simples';
    await seoTitle.fill(long);
    await expect(seoCount).toContainText(`${long.length} / ${ARTICLE_TITLE_MAX} caractères`);
    await expect(seoCount).toHaveAttribute('data-counter', 'over');
    // What to do, announced once (a polite live region), in the warning colour.
    await expect(seoCount.locator('[aria-live="polite"]')).toHaveText(
      `Trop long : ${ARTICLE_TITLE_MAX} caractères au plus. Raccourcissez le texte.`,
    );
    expect(await seoCount.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(154, 52, 18)');
    // The preview says which field, in the form's label, with the numbers and what to do.
    const issues = page.frameLocator('iframe').first().locator('[data-preview-issues]');
    await expect(issues).toContainText(
      `Titre pour les moteurs de recherche : ${long.length} caractères, maximum ${ARTICLE_TITLE_MAX}. Raccourcissez-le.`,
    );
    await expect(issues).not.toContainText('seoTitle');
    // Emptied, the shorter title leaves the article's own title to the search engines: its count says so.
    await seoTitle.fill('');
    const titleCount = await countOf(page.getByLabel('Titre', { exact: true }).first());
    await expect(titleCount).toHaveAttribute('data-counter', 'over');
    await expect(titleCount.locator('[aria-live="polite"]')).toContainText(
      'remplissez le champ « Titre pour les moteurs de recherche »',
    );
    await expect(issues).toContainText('Titre pour les moteurs de recherche : le titre compte');
    // Decap's own check of the configuration ran after the first screen (cms/shims/config-schema.ts).
    await expect(page.locator('html')).toHaveAttribute('data-cms-config', 'valide', { timeout: 30_000 });
  });

  test('refuses a save that would stop the build, with the build’s message, and keeps the form', async ({ page }) => {
    const before = file('content/blog/taux-acceptation-devis.md');
    await openAdmin(page, '/collections/blog/entries/taux-acceptation-devis');
    const slug = page.getByLabel('Adresse (optionnel)', { exact: true });
    await slug.fill('suivi-post-operatoire');
    await publish(page);
    const problems = page.getByRole('alert').filter({ hasText: 'Enregistrement refusé' });
    // In the form's words: the field's label, no file path, and what to do.
    await expect(problems).toContainText(
      '« Adresse » : « suivi-post-operatoire » est déjà l’adresse d’un autre article ; choisissez-en une autre.',
    );
    await expect(problems).not.toContainText('content/');
    await expect(slug).toHaveValue('suivi-post-operatoire');
    expect(file('content/blog/taux-acceptation-devis.md')).toBe(before);
  });

  test('refuses, in the local backend too, a file the build would refuse', async () => {
    // As the admin page calls it: same origin, JSON, and this run's secret from the page (server/cms-access.ts).
    const token = /<meta name="cms-token" content="([^"]+)">/.exec(await (await fetch(`${origin}/admin/`)).text())![1]!;
    const response = await fetch(`${origin}/admin/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-cms-token': token },
      body: JSON.stringify({
        action: 'persistEntry',
        params: {
          dataFiles: [
            {
              path: 'content/pages/agenda.md',
              raw: file('content/pages/agenda.md').replace(/icon: [a-z-]+/, 'icon: pas-une-icone'),
            },
          ],
          assets: [],
        },
      }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatch(
      /Contenu invalide dans content\/pages\/agenda\.md :\n {2}- section \d+ \(features\), champ cards\[0\]\.icon : icône inconnue « pas-une-icone »/,
    );
    expect(file('content/pages/agenda.md')).not.toContain('pas-une-icone');
  });

  test('company details: the e-mail changed once, one line of site.json, reaches every page citing it', async ({
    page,
  }) => {
    const before = file('content/site.json');
    await openAdmin(page, '/collections/settings/entries/site');
    // « e‑mail » with the no-break hyphen of the site's typography.
    await page.getByLabel(/^Adresse e.mail de contact$/).fill('bonjour@dentivo.example');
    await publish(page);
    await expect.poll(() => file('content/site.json')).toContain('"email": "bonjour@dentivo.example"');
    const changed = file('content/site.json')
      .split('\n')
      .filter((line) => !before.split('\n').includes(line));
    expect(changed).toEqual(['    "email": "bonjour@dentivo.example",']);
    for (const path of ['/contact', '/mentions-legales', '/confidentialite'])
      await expect.poll(() => answers(path, 'bonjour@dentivo.example'), { timeout: 180_000 }).toBe(true);
    expect(await (await fetch(`${origin}/mentions-legales`)).text()).not.toContain('contact@dentivo.example');
  });

  test('a scheduled article says so everywhere, and its address leads to the blog for now only', async ({ page }) => {
    const day = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const title = 'Préparer les congés d’hiver du cabinet';
    const slug = 'preparer-les-conges-d-hiver-du-cabinet';
    await openAdmin(page, '/collections/blog/new');
    await fillArticle(page, title);
    await page.getByLabel('Date de publication (optionnel)', { exact: true }).fill(day);
    // What the save does, in the words of what it saves.
    await page.getByRole('button', { name: 'Programmer', exact: true }).click();
    await page.getByText(/^Programmer pour le /).click();
    await expect.poll(() => existsSync(join(copy, `content/blog/${slug}.md`)), { timeout: 30_000 }).toBe(true);
    // The top bar and « Voir en direct ».
    await openAdmin(page, `/collections/blog/entries/${slug}`);
    await expect(page.getByRole('button', { name: /^Programmé pour le / })).toBeVisible();
    await expect(page.getByText('Pas encore en ligne')).toBeVisible();
    await expect(page.frameLocator('iframe').first().locator('[data-preview-status="scheduled"]')).toContainText(
      'l’article paraîtra sur le site ce jour-là',
    );
    // The list, and its « Programmés » filter.
    await openAdmin(page, '/collections/blog');
    await expect(page.getByText(`${title} — Programmé pour le `, { exact: false })).toBeVisible();
    await page.getByText('Filtrer par').click();
    await page.getByText('Programmés', { exact: true }).click();
    await expect(page.getByText(/— Programmé pour le /)).toHaveCount(1);
    await expect(page.getByText(/— Publié le /)).toHaveCount(0);
    // The address: the blog, for now only (decision 0070).
    const response = await fetch(`${origin}/blog/${slug}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await page.goto(`${origin}/blog/${slug}`);
    await expect(page).toHaveURL(`${origin}/blog`);
    // Brought forward to today: the same browser now reaches the article.
    await openAdmin(page, `/collections/blog/entries/${slug}`);
    await page
      .getByLabel('Date de publication (optionnel)', { exact: true })
      .fill(new Date().toISOString().slice(0, 10));
    await publish(page);
    // Its own page, not the blog's that the redirect leads to (which lists it first).
    await expect
      .poll(async () => (await fetch(`${origin}/blog/${slug}`, { redirect: 'manual' })).status, { timeout: 180_000 })
      .toBe(200);
    await page.goto(`${origin}/blog/${slug}`);
    await expect(page).toHaveURL(`${origin}/blog/${slug}`);
  });

  test('refusals say what to do, before anything is written', async ({ page }) => {
    // A title whose address an article already has.
    await openAdmin(page, '/collections/blog/new');
    await fillArticle(page, 'Taux acceptation devis');
    await publish(page);
    const problems = page.getByRole('alert').filter({ hasText: 'Enregistrement refusé' });
    await expect(problems).toContainText(
      'L’adresse « taux-acceptation-devis » est déjà celle de l’article « Taux d’acceptation des devis',
    );
    await expect(problems).toContainText('changez le titre');
    await problems.getByRole('button', { name: 'Fermer' }).click();
    // A title of 250 characters: an address cut at a word's end, the article saved.
    const long = `Organiser ${'la semaine du cabinet dentaire avec méthode, '.repeat(6)}sans oublier personne`;
    expect(long.length).toBeGreaterThan(250);
    await openAdmin(page, '/collections/blog/new');
    await fillArticle(page, long);
    await page.getByLabel(/^Titre pour les moteurs de recherche/).fill('Organiser la semaine du cabinet dentaire');
    await page
      .getByLabel(/^Description pour les moteurs de recherche/)
      .fill('Une méthode simple pour organiser la semaine du cabinet dentaire sans oublier personne.');
    await publish(page);
    await expect
      .poll(() => readdirSync(join(copy, 'content/blog')).find((name) => name.startsWith('organiser-la-semaine')), {
        timeout: 30_000,
      })
      .toMatch(/^organiser-la-semaine-du-cabinet-dentaire-avec-methode-[a-z-]+\.md$/);
    const saved = readdirSync(join(copy, 'content/blog')).find((name) => name.startsWith('organiser-la-semaine'))!;
    expect(saved.length - 3).toBeLessThanOrEqual(80);
    expect(saved).not.toMatch(/-\.md$/);
    // A mistyped date asks first; « Corriger la date » writes nothing.
    const before = file(article);
    await openAdmin(page, '/collections/blog/entries/suivi-post-operatoire');
    await page.getByLabel('Date de publication (optionnel)', { exact: true }).fill('1907-07-02');
    await publish(page);
    // « est‑elle »: the no-break hyphen of the site's typography.
    const dialog = page.getByRole('dialog', { name: /^Cette date est.elle la bonne/ });
    await expect(dialog).toContainText('La date de publication est le 2 juillet 1907, à plus d’un an d’aujourd’hui.');
    await dialog.getByRole('button', { name: 'Corriger la date' }).click();
    await expect(page.getByText('rien n’a été enregistré : corrigez la date')).toBeVisible();
    expect(file(article)).toBe(before);
  });

  test('speaks no English nor developers’ words, on screen or to a screen reader', async ({ page }) => {
    const jargon = /\b(entrées?|ressources?|slug|string|failed|media|entry|widget)\b/i;
    for (const hash of [
      '/collections/blog',
      '/collections/blog/entries/taux-acceptation-devis',
      '/collections/pages',
    ]) {
      await openAdmin(page, hash);
      await page.waitForTimeout(1500);
      const said = await page.evaluate(() =>
        [
          document.body.innerText,
          ...[...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
            ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
          ),
        ].join('\n'),
      );
      const found = said.split('\n').filter((line) => jargon.test(line.replace('Markdown', '')));
      expect(found, hash).toEqual([]);
    }
    await openAdmin(page, '/collections/blog/new');
    await page.getByRole('button', { name: 'Choisir une image' }).first().click();
    await expect(page.getByRole('button', { name: 'Ajouter une photo (15 Mo au plus)' })).toBeVisible();
    expect((await page.locator('body').innerText()).match(jargon)).toBeNull();
  });

  test('listens on 127.0.0.1 and refuses a request without the page’s secret', async () => {
    // This machine's address on its network, if it has one: nothing answers there.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (lan) await expect(fetch(`http://${lan}:${cmsDevPort}/admin/`)).rejects.toThrow();
    const response = await fetch(`${origin}/admin/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ action: 'deleteFiles', params: { paths: [article] } }),
    });
    expect(response.status).toBe(403);
    expect(file(article)).toContain('title:');
  });
});

/** A select of the form (react-select): opened, filtered by typing, chosen with Enter. */
async function pickOption(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await page.keyboard.type(option.slice(0, 6));
  await page.getByText(option, { exact: true }).last().click();
}

/** The fields a new article needs, the text last. */
async function fillArticle(page: Page, title: string): Promise<void> {
  await page.getByLabel('Titre', { exact: true }).first().fill(title);
  await page
    .getByLabel('Résumé', { exact: true })
    .fill('Une méthode courte et concrète pour que toute l’équipe du cabinet sache quoi faire, et quand.');
  await pickOption(page, 'Catégorie', 'Équipe & Organisation');
  await page.getByRole('button', { name: /Ajouter mot-clé/ }).click();
  await page.getByLabel('Mot-clé', { exact: true }).last().fill('Organisation');
  await pickOption(page, 'Auteur', 'Dr Claire Vasseur');
  await page.locator('[data-slate-editor="true"]').last().click();
  await page.keyboard.type(
    'Les congés se préparent tôt : voici comment garder un agenda ouvert sans surcharger personne.',
  );
}
