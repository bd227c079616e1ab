/** docs/requirements.md#blog: blog list, article, author, blog filtering. */
import { test, expect, type Page } from '@playwright/test';

const visibleSlugs = (page: Page) =>
  page
    .locator('[data-post-slug]:visible')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.postSlug));

/** The search island's count: '3 articles trouvés'. */
const status = (page: Page) => page.locator('.blog-search__count');

test.describe('Listes du blog', () => {
  test('sans JavaScript, les pages de la liste ont tous les articles, les plus récents d’abord, 12 par page', async ({
    browser,
    request,
  }) => {
    const feed = await (await request.get('/blog/feed.json')).json();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const slugs: string[] = [];
    const dates: string[] = [];
    let path: string | null = '/blog';
    while (path) {
      await page.goto(path);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `https://dentivo.example${path}`);
      const cards = page.locator('[data-post-slug]');
      expect(await cards.count()).toBeLessThanOrEqual(12);
      slugs.push(...(await cards.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.postSlug!))));
      dates.push(
        ...(await page.locator('[data-post-slug] time').evaluateAll((t) => t.map((e) => e.getAttribute('datetime')!))),
      );
      const first = cards.first();
      await expect(first.locator('img')).toHaveCount(1);
      await expect(first.getByRole('link', { name: /Lire l’article/ })).toBeVisible();
      expect(await first.locator('.tag').count()).toBeLessThanOrEqual(4);
      const next = page.locator('a[rel=next]');
      path = (await next.count()) ? await next.getAttribute('href') : null;
    }
    expect(slugs.length).toBeGreaterThan(12);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toEqual(feed.items.map((item: { url: string }) => new URL(item.url).pathname.split('/')[2]));
    expect([...dates].sort().reverse()).toEqual(dates);
    await context.close();
  });

  test('chaque catégorie a sa page, la pastille active est marquée, les nombres sont justes', async ({ page }) => {
    await page.goto('/blog');
    const chips = page.getByRole('navigation', { name: 'Catégories du blog' }).getByRole('link');
    await expect(chips.first()).toHaveAttribute('aria-current', 'page');
    await chips.filter({ hasText: 'Réglementation' }).click();
    await expect(page).toHaveURL(/\/blog\/categorie\/reglementation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réglementation');
    const active = page.locator('.chip[aria-current="page"]');
    await expect(active).toHaveCount(1);
    await expect(active).toContainText('Réglementation');
    const count = Number(await active.locator('.chip__count').textContent());
    await expect(page.locator('[data-post-slug]')).toHaveCount(count);
    await expect(status(page)).toHaveText(
      count > 1 ? `${count}\u00A0articles trouvés` : `${count}\u00A0article trouvé`,
    );
    await expect(page.getByRole('button', { name: /Catégorie\s*: Réglementation/ })).toBeVisible();
    await expect(page.locator('[data-post-slug] .post-card__meta .badge').first()).toHaveText('Réglementation');
  });

  test('la recherche filtre tout le blog, se reflète dans l’URL sans perdre ses autres paramètres, et se vide', async ({
    page,
  }) => {
    await page.goto('/blog?utm_source=lettre');
    const box = page.getByRole('searchbox', { name: 'Rechercher un article' });
    await box.fill('implant');
    await expect(page).toHaveURL(/\?utm_source=lettre&search=implant$/);
    await expect(status(page)).toHaveText(/^\d+\u00A0articles? trouvés?$/);
    const slugs = await visibleSlugs(page);
    expect(slugs).toContain('tracabilite-implants-dentaire');
    // The page's static list is hidden while results are shown.
    await expect(page.locator('[data-blog-listing]')).toBeHidden();
    await expect(page.locator('.blog-search__results mark').first()).toBeVisible();
    await page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await expect(box).toHaveValue('');
    await expect(page).toHaveURL(/\/blog\?utm_source=lettre$/);
    await expect(page.locator('[data-blog-listing]')).toBeVisible();
  });

  test('sans accents, au pluriel ou avec une faute de frappe, la recherche trouve les mêmes articles', async ({
    page,
  }) => {
    const counts: string[] = [];
    for (const query of ['équipe', 'equipe', 'EQUIPES', 'equpe']) {
      await page.goto(`/blog?search=${encodeURIComponent(query)}`);
      await expect(status(page)).toHaveText(/^\d+\u00A0articles? trouvés?$/);
      counts.push((await status(page).textContent())!);
    }
    expect(new Set(counts).size).toBe(1);
    expect(Number.parseInt(counts[0]!, 10)).toBeGreaterThan(1);
  });

  test('une recherche venue de l’URL s’applique avant le premier affichage, sans montrer la liste complète', async ({
    page,
  }) => {
    // What the page shows when its HTML is parsed, before any module script runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/blog?search=ordonnance', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveClass(/blog-filtering/);
    await expect(page.locator('[data-blog-listing]')).toBeHidden();
    await expect(page.getByRole('searchbox')).toHaveValue('ordonnance');
    await page.unroute('**/assets/*.js');
    await page.goto('/blog?search=ordonnance');
    await expect.poll(() => visibleSlugs(page)).toContain('ordonnance-numerique-cabinet-dentaire');
  });

  test('catégorie et mot-clé viennent de l’URL, avec leurs badges et « Effacer tous les filtres »', async ({
    page,
  }) => {
    await page.goto('/blog?category=' + encodeURIComponent('Réglementation') + '&tag=Implantologie');
    await expect(page).toHaveURL(/\/blog\/categorie\/reglementation\?tag=Implantologie$/);
    await expect(page.getByRole('button', { name: /Catégorie\s*: Réglementation/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Mot-clé\s*: Implantologie/ })).toBeVisible();
    await expect.poll(() => visibleSlugs(page)).toEqual(['tracabilite-implants-dentaire']);
    await expect(status(page)).toHaveText('1\u00A0article trouvé');
    await page.getByRole('button', { name: 'Effacer tous les filtres' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(status(page)).not.toContainText('trouvé');
    await expect(page.locator('[data-blog-listing]')).toBeVisible();
  });

  test('une adresse tapée sans majuscules ni accents trouve la catégorie et le mot-clé', async ({ page }) => {
    await page.goto('/blog?category=reglementation&tag=implantologie');
    await expect(page).toHaveURL(/\/blog\/categorie\/reglementation\?tag=implantologie$/);
    await expect.poll(() => visibleSlugs(page)).toEqual(['tracabilite-implants-dentaire']);
    await expect(page.getByRole('button', { name: /Mot-clé\s*: Implantologie/ })).toBeVisible();
  });

  test('un lien de catégorie d’une carte mène à la page de la catégorie', async ({ page }) => {
    await page.goto('/blog');
    await page.locator('[data-post-slug] .badge', { hasText: 'Soins' }).first().click();
    await expect(page).toHaveURL(/\/blog\/categorie\/soins$/);
    await expect
      .poll(async () => [
        ...new Set(await page.locator('[data-post-slug]:visible .post-card__meta .badge').allTextContents()),
      ])
      .toEqual(['Soins']);
  });

  test('aucun résultat : « Aucun article trouvé » et un bouton pour tout revoir', async ({ page }) => {
    await page.goto('/blog?search=zzzzzzzz');
    await expect(page.getByText('Aucun article trouvé')).toBeVisible();
    await expect(page.locator('[data-post-slug]:visible')).toHaveCount(0);
    await page.getByRole('button', { name: 'Voir tous les articles' }).click();
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await expect(page.locator('[data-blog-listing]')).toBeVisible();
    await expect(page.locator('[data-post-slug]:visible')).toHaveCount(12);
  });
});

test.describe('Article', () => {
  test('un article enrichi a tous ses blocs', async ({ page }) => {
    await page.goto('/blog/erreurs-gestion-cabinet');
    const crumbs = page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link');
    await expect(crumbs).toHaveCount(3);
    await expect(crumbs.nth(0)).toHaveText('Accueil');
    await expect(crumbs.nth(1)).toHaveText('Blog');
    expect((await crumbs.nth(2).textContent())!.length).toBeLessThanOrEqual(41);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('10 erreurs');
    await expect(page.getByRole('link', { name: 'Dr Claire Vasseur' }).first()).toHaveAttribute(
      'href',
      '/auteur/dr-claire-vasseur',
    );
    await expect(page.locator('.article__meta time')).toHaveText('15 septembre 2026');
    await expect(page.locator('.article__figure figcaption')).not.toBeEmpty();
    // Table of contents with working anchors.
    const toc = page.getByRole('navigation', { name: 'Sommaire' }).getByRole('link');
    expect(await toc.count()).toBeGreaterThanOrEqual(4);
    const anchor = await toc.first().getAttribute('href');
    await expect(page.locator(anchor!)).toHaveCount(1);
    // The extra block of this slug, the product section with its call to action to /tester, FAQ, tags.
    await expect(page.getByRole('heading', { name: /Les 10 erreurs en un coup d’œil/ })).toBeVisible();
    await expect(page.locator('.product-section a.button')).toHaveAttribute('href', '/tester');
    expect(await page.locator('.article__faq .accordion__item').count()).toBeGreaterThanOrEqual(3);
    const tag = page.locator('.article__footer .tag').first();
    await expect(tag).toHaveAttribute('href', /^\/blog\?tag=/);
    // Author box: at most 2 credentials, and the website link for the founder.
    await expect(page.locator('.author-box .checklist li')).toHaveCount(2);
    await expect(page.locator('.author-box').getByRole('link', { name: /Site professionnel/ })).toHaveCount(1);
    // 'Vous aimerez aussi...': 2 articles.
    await expect(page.locator('.related .post-card')).toHaveCount(2);
    // A management article: the audit checklist; its product section is its one invitation to the
    // tester programme; the trust block belongs to the regulatory articles (core/blog/extras.ts).
    await expect(page.locator('[data-widget="audit-checklist"] input[type=checkbox]')).toHaveCount(10);
    // It keeps nothing, and says so before the visitor ticks (issue 29).
    await expect(page.locator('[data-widget="audit-checklist"]')).toContainText(
      'Vos réponses restent sur cette page\u00A0: elles ne sont ni enregistrées ni envoyées',
    );
    await expect(page.locator('.promo')).toHaveCount(0);
    await expect(page.locator('.expertise')).toHaveCount(0);
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((s) => s.map((e) => JSON.parse(e.textContent!)['@type']));
    expect(types).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList', 'FAQPage']));
  });

  test('un article de réglementation garde les cinq questions et les raisons de nous faire confiance', async ({
    page,
  }) => {
    await page.goto('/blog/questionnaire-medical-numerique-rgpd');
    await expect(page.locator('.seo-faq dt')).toHaveCount(5);
    await expect(page.locator('.expertise')).toContainText('classe 1');
    await expect(page.locator('[data-widget="audit-checklist"]')).toHaveCount(0);
  });

  test('un article non enrichi n’a ni section produit ni sommaire, et pas de lien de site pour un autre auteur', async ({
    page,
  }) => {
    await page.goto('/blog/relances-impayes-cabinet-dentaire');
    await expect(page.locator('.product-section')).toHaveCount(0);
    await expect(page.locator('.promo a.button')).toHaveAttribute('href', '/tester');
    await expect(page.getByRole('navigation', { name: 'Sommaire' })).toHaveCount(0);
    await expect(page.locator('.callout')).toHaveCount(0);
    await expect(page.locator('.author-box').getByRole('link', { name: /Site professionnel/ })).toHaveCount(0);
  });

  test('un slug inconnu renvoie vers /blog, pour cette fois seulement (302 sans cache)', async ({ page, request }) => {
    // An article missing today may be published tomorrow: nothing a browser keeps (decision 0070).
    const response = await request.get('/blog/article-qui-n-existe-pas', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers().location).toMatch(/\/blog$/);
    await page.goto('/blog/article-qui-n-existe-pas');
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('sur un hébergeur statique, la page 404 renvoie elle-même un article inconnu vers /blog', async ({ page }) => {
    // Simulates a static host: it answers any unknown path with 404.html.
    await page.route('**/blog/ancien-article', async (route) =>
      route.fulfill({
        status: 404,
        contentType: 'text/html',
        body: await (await page.request.get('/404.html')).text(),
      }),
    );
    await page.goto('/blog/ancien-article');
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe('Auteur', () => {
  test('la fondatrice a son profil étendu et la liste de ses articles', async ({ page }) => {
    await page.goto('/auteur/dr-claire-vasseur');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dr Claire Vasseur');
    await expect(page.getByRole('link', { name: 'Site professionnel' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Expertise clinique' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sa vision' })).toBeVisible();
    const count = await page
      .locator('#articles-auteur ~ * .post-card, section:has(#articles-auteur) .post-card')
      .count();
    expect(count).toBeGreaterThan(0);
    // A figure keeps its noun: « 3 articles » with a no-break space (docs/requirements.md#french-typography).
    await expect(page.getByText(new RegExp(`^${count}\u00A0articles? publiés?$`))).toBeVisible();
  });

  test('un autre auteur n’a pas le profil étendu', async ({ page }) => {
    await page.goto('/auteur/tech-team');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('L’équipe technique Dentivo');
    await expect(page.getByRole('link', { name: 'Site professionnel' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sa vision' })).toHaveCount(0);
  });

  test('un auteur inconnu : « Auteur non trouvé », statut 404, bouton vers le blog', async ({ page }) => {
    const response = await page.goto('/auteur/personne');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Auteur non trouvé' })).toBeVisible();
    await expect(page.getByText('L’auteur que vous recherchez n’existe pas.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour au blog' })).toHaveAttribute('href', '/blog');
  });
});

test('flux Atom et JSON, plan du site et robots.txt', async ({ request, page }) => {
  const atom = await (await request.get('/blog/feed.xml')).text();
  expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
  const json = await (await request.get('/blog/feed.json')).json();
  expect(json.items.length).toBeGreaterThanOrEqual(12);
  expect((atom.match(/<entry>/g) ?? []).length).toBe(json.items.length);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/agenda', '/blog', '/blog/suivi-post-operatoire', '/auteur/dentivo-team'])
    expect(sitemap).toContain(`<loc>https://dentivo.example${path}</loc>`);
  expect(sitemap).not.toContain('/404');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://dentivo.example/sitemap.xml');
  await page.goto('/');
  await expect(page.locator('link[rel=alternate][type="application/atom+xml"]')).toHaveAttribute(
    'href',
    '/blog/feed.xml',
  );
});
