/** docs/requirements.md#routes: every route answers with its real page, and the pages' interactive parts work. */
import { test, expect } from '@playwright/test';

// The route table of docs/requirements.md#routes (with one real article and author for the parameterised ones).
const routes = [
  '/',
  '/agenda',
  '/blog',
  '/blog/suivi-post-operatoire',
  '/auteur/dr-claire-vasseur',
  '/tester',
  '/assistant',
  '/devis',
  '/comptes-rendus',
  '/planning-equipe',
  '/planning',
  '/tracabilite',
  '/recolte-factures',
  '/prise-commandes',
  '/mentions-legales',
  '/cgu',
  '/confidentialite',
  '/gestion-cookies',
  '/faq',
  '/fonctionnalites',
  '/contact',
  '/tarifs',
  '/logiciel-cabinet-dentaire',
  '/gestion-cabinet-dentaire',
  '/cabinet-dentaire-equipe',
  '/questionnaire-medical-numerique',
  '/recouvrement-cabinet-dentaire',
  '/stock-materiel-dentaire',
  '/rentabilite-cabinet-dentaire',
  '/logiciel-implantologie',
  '/orthodontie-planning',
  '/endodontie-comptes-rendus',
  '/assistant-ai',
];

test('chaque route de la table répond 200 avec sa vraie page', async ({ request }) => {
  const titles = new Set<string>();
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, route).toBeTruthy();
    expect(html, route).toMatch(/<h1[\s>]/);
    if (route !== '/planning') titles.add(title!);
  }
  // Every page has its own title (the /planning alias shares the team-planning page).
  expect(titles.size).toBe(routes.length - 1);
});

test('/planning sert la page du planning d’équipe avec le lien canonique sur /planning-equipe', async ({ page }) => {
  await page.goto('/planning');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', 'https://dentivo.example/planning-equipe');
});

test.describe('Accueil', () => {
  test('ses blocs et ses textes clés', async ({ page }) => {
    await page.goto('/');
    const cta = page.locator('.cta').last();
    await expect(cta.getByRole('heading', { name: 'Prêt à simplifier votre gestion quotidienne ?' })).toBeVisible();
    await expect(cta.getByRole('link', { name: 'Créer un compte gratuitement' })).toHaveAttribute(
      'href',
      'https://app.dentivo.example/auth?signup=true',
    );
    await expect(cta.getByText('Aucune carte bancaire. Aucun engagement.')).toBeVisible();
    await expect(page.locator('.steps__item')).toHaveCount(3);
    await expect(page.locator('.glossary__term')).toHaveCount(6);
    for (const href of ['/gestion-cabinet-dentaire', '/fonctionnalites', '/assistant-ai', '/blog'])
      await expect(page.locator(`.point a[href="${href}"]`)).toHaveCount(1);
  });

  test('9 cartes de fonctionnalités : 7 liens et 2 « À VENIR » non cliquables', async ({ page }) => {
    await page.goto('/');
    const grid = page.locator('.feature-card').filter({ has: page.locator('.feature-card__icon') });
    const section = page
      .locator('section')
      .filter({ has: page.locator('.feature-card--soon') })
      .first();
    const cards = section.locator('.feature-card');
    await expect(cards).toHaveCount(9);
    const links = await section.locator('.feature-card a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '/planning-equipe',
      '/questionnaire-medical-numerique',
      '/devis',
      '/tracabilite',
      '/recolte-factures',
      '/prise-commandes',
      '/assistant',
    ]);
    const soon = section.locator('.feature-card--soon');
    await expect(soon).toHaveCount(2);
    await expect(soon.getByText('À VENIR')).toHaveCount(2);
    await expect(soon.locator('a')).toHaveCount(0);
    expect(await grid.count()).toBeGreaterThanOrEqual(9);
  });

  test('l’aperçu du blog montre les 3 articles les plus récents et « Accéder au blog »', async ({ page, request }) => {
    const feed = await (await request.get('/blog/feed.json')).json();
    const newest = feed.items.slice(0, 3).map((item: { url: string }) => new URL(item.url).pathname);
    await page.goto('/');
    const preview = page.locator('section').filter({ has: page.getByRole('link', { name: 'Accéder au blog' }) });
    const links = await preview
      .locator('.post-card__title a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(newest);
    await expect(preview.getByRole('link', { name: 'Accéder au blog' })).toHaveAttribute('href', '/blog');
  });

  test('la capture s’ouvre en plein écran et se ferme par Échap, le bouton ou l’arrière-plan', async ({ page }) => {
    await page.goto('/');
    const open = page.locator('.hero [data-lightbox-open]');
    const dialog = page.locator('.hero dialog');
    await open.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await dialog.getByRole('button', { name: 'Fermer l’aperçu' }).click();
    await expect(dialog).toBeHidden();
    await open.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});

test('/agenda : l’inscription gratuite s’ouvre dans le même onglet, comme partout ailleurs', async ({ page }) => {
  await page.goto('/agenda');
  const signup = page.locator('.hero').getByRole('link', { name: /Créer un compte gratuit/ });
  // docs/decisions/0053-form-messages-and-typed-text.md: one behaviour for every sign-up link.
  expect(await signup.getAttribute('target')).toBeNull();
  await expect(signup).toHaveAttribute('href', 'https://app.dentivo.example/auth?signup=true');
  await expect(page.getByRole('heading', { name: /workflow|soin/i }).first()).toBeVisible();
  for (const word of ['Détartrage', 'Chirurgie', 'Orthodontie', 'Urgence'])
    await expect(page.locator('main').getByText(new RegExp(word, 'i')).first()).toBeVisible();
});

test('/faq : 15 questions, la première ouverte, une seule ouverte à la fois, repliable', async ({ page }) => {
  await page.goto('/faq');
  const items = page.locator('.accordion__item');
  await expect(items).toHaveCount(15);
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await items.nth(3).locator('summary').click();
  await expect(items.nth(3)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await items.nth(3).locator('summary').click();
  await expect(items.nth(3)).not.toHaveAttribute('open');
  expect(
    await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((s) => s.map((e) => JSON.parse(e.textContent!)['@type'])),
  ).toContain('FAQPage');
});

test('la carte « Suggérer une idée / Rejoindre les testeurs » envoie l’événement qui ouvre l’assistant', async ({
  page,
}) => {
  await page.goto('/fonctionnalites');
  await page.evaluate(() => {
    (window as any).__events = [];
    window.addEventListener('custom-assistant-message', (event) =>
      (window as any).__events.push((event as CustomEvent).detail),
    );
  });
  await page.getByRole('button', { name: 'Suggérer une idée' }).click();
  // Each opens the assistant's drawer (a modal), even before the cookie banner is answered: closed in between.
  const drawer = page.getByRole('dialog', { name: 'Assistant Dentivo' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Rejoindre les testeurs' }).click();
  const events = await page.evaluate(() => (window as any).__events);
  expect(events).toHaveLength(2);
  for (const detail of events) {
    expect(detail.type).toBe('open-assistant');
    expect(detail.message.length).toBeGreaterThan(20);
  }
  expect(events[0].message).not.toBe(events[1].message);
});

test.describe('Pages produit : textes et nombres de blocs de docs/requirements.md#feature-pages', () => {
  test('/fonctionnalites : 11 modules', async ({ page }) => {
    await page.goto('/fonctionnalites');
    const modules = page
      .locator('section')
      .filter({ has: page.locator('a[href="/agenda"]') })
      .first()
      .locator('.feature-card');
    await expect(modules).toHaveCount(11);
  });

  test('/tracabilite : les six cartes nommées', async ({ page }) => {
    await page.goto('/tracabilite');
    await expect(page.locator('.feature-card')).toHaveCount(6);
    for (const word of ['patient', 'lot', 'import', 'archivage', 'recherche', 'inspection'])
      await expect(
        page
          .locator('.feature-card')
          .filter({ hasText: new RegExp(word, 'i') })
          .first(),
      ).toBeVisible();
  });

  test('/tarifs : Pack Essentiel, utilisateurs illimités, prix masqué', async ({ page }) => {
    await page.goto('/tarifs');
    await expect(page.getByRole('heading', { name: 'Pack Essentiel', exact: true })).toBeVisible();
    await expect(
      page
        .locator('main')
        .getByText(/illimités/)
        .first(),
    ).toBeVisible();
    await expect(page.locator('[data-price-block]')).toBeHidden();
    await expect(page.locator('[data-price-block]')).toContainText('149');
  });

  test('/comptes-rendus : les quatre types de comptes rendus', async ({ page }) => {
    await page.goto('/comptes-rendus');
    for (const type of ['consultation', 'chirurgie', 'endodontie', 'prothèse'])
      await expect(page.locator('main').getByText(new RegExp(type, 'i')).first()).toBeVisible();
  });

  test('/endodontie-comptes-rendus : le compte rendu exemple de la dent 16', async ({ page }) => {
    await page.goto('/endodontie-comptes-rendus');
    await expect(page.locator('.hero').getByRole('link', { name: 'Découvrir la documentation endo' })).toHaveAttribute(
      'href',
      '#exemple',
    );
    const report = page.locator('#exemple .report');
    await expect(report).toContainText('16');
    await expect(report).toContainText(/pulpite irréversible/i);
    const rows = await report
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.textContent!.replace(/\s+/g, ' ')));
    expect(rows.join(' | ')).toMatch(/MB1.*19.*MB2.*18.*DB.*20.*P.*21/);
    await expect(report).toContainText(/NaOCl 2,5\s%/);
    await expect(report).toContainText(/EDTA 17\s%/);
    await expect(page.getByRole('link', { name: 'Essayer gratuitement' }).last()).toHaveAttribute(
      'href',
      /signup=true/,
    );
  });

  test('/recouvrement-cabinet-dentaire : le calendrier J+3 à J+45', async ({ page }) => {
    await page.goto('/recouvrement-cabinet-dentaire');
    await expect(page.locator('.steps__number')).toHaveText(['J+3', 'J+7', 'J+15', 'J+30', 'J+45']);
  });

  test('les pages légales ont leur sommaire et le bon nombre de sections', async ({ page }) => {
    await page.goto('/cgu');
    await expect(page.locator('.toc li')).toHaveCount(8);
    await page.goto('/confidentialite');
    await expect(page.locator('.toc li')).toHaveCount(7);
    await page.locator('.toc a').first().click();
    await expect(page).toHaveURL(/#/);
  });

  test('« Solutions associées » : au plus 4 liens, jamais la page elle-même', async ({ page }) => {
    await page.goto('/gestion-cabinet-dentaire');
    const links = page.locator('#solutions-associees-titre').locator('xpath=ancestor::section').locator('.link-card a');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBe(4);
    expect(hrefs).not.toContain('/gestion-cabinet-dentaire');
  });
});

test('chaque page a ses métadonnées : titre, description, canonique, Open Graph, Twitter, fil d’Ariane', async ({
  request,
}) => {
  for (const route of routes.filter((r) => r !== '/')) {
    const html = await (await request.get(route)).text();
    for (const pattern of [
      /<meta name="description" content="[^"]{50,}/,
      /<link rel="canonical" href="https:\/\/dentivo\.example\//,
      /property="og:title"/,
      /property="og:image"/,
      /name="twitter:card"/,
      /"BreadcrumbList"/,
    ]) {
      expect(html, `${route} ${pattern}`).toMatch(pattern);
    }
  }
  const home = await (await request.get('/')).text();
  for (const type of ['"Organization"', '"WebSite"', '"SoftwareApplication"', '"price":"0"', '"priceCurrency":"EUR"'])
    expect(home).toContain(type);
});

test.describe('Une adresse par page (docs/requirements.md#seo)', () => {
  test('les variantes avec barre finale ou /index.html répondent 301 vers l’adresse canonique', async ({ request }) => {
    const variants: [string, string][] = [
      ['/agenda/', '/agenda'],
      ['/agenda/index.html', '/agenda'],
      ['/index.html', '/'],
      ['/blog/', '/blog'],
      ['/blog/suivi-post-operatoire/?utm_source=x', '/blog/suivi-post-operatoire?utm_source=x'],
      ['/auteur/dr-claire-vasseur/index.html', '/auteur/dr-claire-vasseur'],
    ];
    for (const [from, to] of variants) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
    expect((await request.get('/agenda', { maxRedirects: 0 })).status()).toBe(200);
  });
});

test('/contact : l’adresse e-mail est un lien mailto, les horaires ceux de site.json', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.locator('aside').getByRole('link', { name: 'contact@dentivo.example' })).toHaveAttribute(
    'href',
    'mailto:contact@dentivo.example',
  );
  // Written once in content/site.json, cited as {horaires} (core/content/company-details.ts).
  await expect(page.locator('aside')).toContainText(
    /Du lundi au vendredi\s:\s9\sh\s–\s18\sh\s;\ssamedi\s:\s9\sh\s–\s12\sh/,
  );
  await expect(page.locator('body')).not.toContainText('{');
});

test('les pages légales citent les coordonnées de site.json : liens e-mail et téléphone, aucune accolade', async ({
  page,
}) => {
  await page.goto('/mentions-legales');
  await expect(page.getByRole('link', { name: /^\+33\s4\s00\s00\s00\s00$/ }).first()).toHaveAttribute(
    'href',
    'tel:+33400000000',
  );
  await expect(page.locator('main')).toContainText(/RCS Lyon 912\s345\s678/);
  for (const path of ['/mentions-legales', '/confidentialite', '/cgu', '/faq']) {
    await page.goto(path);
    await expect(page.locator('main')).not.toContainText(/\{[a-zé -]+\}/);
  }
});

test('la fondatrice : un vrai site professionnel, aucun « (exemple) »', async ({ page }) => {
  await page.goto('/auteur/dr-claire-vasseur');
  const site = page.getByRole('link', { name: 'Site professionnel' });
  await expect(site).toHaveCount(1);
  expect(await site.getAttribute('href')).not.toMatch(/\/auteur\//);
  await expect(page.locator('main')).not.toContainText('exemple');
});

test('« Solutions associées » de la récolte de factures et des commandes : leur propre famille', async ({ page }) => {
  for (const path of ['/recolte-factures', '/prise-commandes']) {
    await page.goto(path);
    const hrefs = await page
      .locator('#solutions-associees-titre')
      .locator('xpath=ancestor::section')
      .locator('.link-card a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length, path).toBeGreaterThanOrEqual(3);
    for (const off of ['/orthodontie-planning', '/endodontie-comptes-rendus', '/logiciel-implantologie', path])
      expect(hrefs, path).not.toContain(off);
  }
});

test.describe('Grilles : aucune ne finit sur une case vide', () => {
  for (const width of [820, 1280]) {
    test(`la dernière rangée est centrée à ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/fonctionnalites', '/blog', '/agenda', '/auteur/dentivo-team']) {
        await page.goto(path);
        const offsets = await page.locator('.grid:visible').evaluateAll((grids) =>
          grids.map((grid) => {
            const box = grid.getBoundingClientRect();
            const items = [...grid.children].filter((c) => (c as HTMLElement).offsetParent !== null);
            const rows = new Map<number, DOMRect[]>();
            for (const item of items) {
              const rect = item.getBoundingClientRect();
              const top = Math.round(rect.top);
              rows.set(top, [...(rows.get(top) ?? []), rect]);
            }
            const last = [...rows.entries()].sort((a, b) => a[0] - b[0]).at(-1)?.[1] ?? [];
            const left = Math.min(...last.map((r) => r.left)) - box.left;
            const right = box.right - Math.max(...last.map((r) => r.right));
            return { cls: grid.className, left: Math.round(left), right: Math.round(right) };
          }),
        );
        for (const grid of offsets)
          expect(
            Math.abs(grid.left - grid.right),
            `${path} ${grid.cls} ${grid.left}/${grid.right}`,
          ).toBeLessThanOrEqual(2);
      }
    });
  }

  test('/fonctionnalites garde ses 3 colonnes', async ({ page }) => {
    await page.goto('/fonctionnalites');
    await expect(
      page
        .locator('section')
        .filter({ has: page.locator('a[href="/agenda"]') })
        .first()
        .locator('ul.grid'),
    ).toHaveClass(/grid--3/);
  });
});

test('une image déjà en échec avant le script montre l’image de remplacement', async ({ page }) => {
  // The hero of an article fails at once; the enhancement script arrives only after that.
  let release!: () => void;
  const failed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/images/blog/suivi-post-operatoire.svg', async (route) => {
    await route.abort();
    release();
  });
  await page.route('**/assets/enhance-*.js', async (route) => {
    await failed;
    await route.continue();
  });
  await page.goto('/blog/suivi-post-operatoire');
  const hero = page.locator('.article__figure img');
  await expect(hero).toHaveAttribute('src', '/placeholder.svg');
  await expect(page.locator('.article__figure .skeleton')).toHaveClass(/is-loaded/);
});

test('la ligne d’auteur d’un article ne finit jamais sur un « · » sur téléphone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/blog/suivi-post-operatoire');
  for (const separator of await page.locator('.article__meta-separator').all()) await expect(separator).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.article__meta-separator').first()).toBeVisible();
});
