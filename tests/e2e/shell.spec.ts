/** The site shell (docs/requirements.md#site-shell), as a visitor meets it. */
import { test, expect } from '@playwright/test';

test.describe('En-tête et métadonnées', () => {
  test('la page est en français, zoomable jusqu’à 5 et a une couleur de thème sarcelle', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('meta[name=viewport]')).toHaveAttribute('content', /maximum-scale=5/);
    await expect(page.locator('meta[name=theme-color]')).toHaveAttribute('content', '#99f6e4');
  });

  test('l’en-tête est teinté en haut puis blanc avec une ombre après 20 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('[data-header]');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    const top = await background();
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).not.toHaveAttribute('data-scrolled');
    await page.evaluate(() => window.scrollTo(0, 25));
    await expect(header).toHaveAttribute('data-scrolled', '');
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    // Transparent-tinted (docs/requirements.md#site-shell): a tint that lets the page show through.
    expect(top).toMatch(/^rgba\(\d+, \d+, \d+, 0\.\d+\)$/);
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  });

  test('Se connecter et Créer un compte mènent à la page d’authentification externe', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('.site-header__actions');
    await expect(header.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      'https://app.dentivo.example/auth',
    );
    await expect(header.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      'https://app.dentivo.example/auth?signup=true',
    );
  });
});

test.describe('Liens d’évitement', () => {
  for (const [name, target] of [
    ['Aller au contenu', 'contenu'],
    ['Aller à la navigation', 'navigation'],
    ['Aller au pied de page', 'pied-de-page'],
  ]) {
    test(`« ${name} » amène le focus au bon endroit`, async ({ page }) => {
      await page.goto('/');
      await page.keyboard.press('Tab');
      const first = page.getByRole('link', { name: 'Aller au contenu' });
      await expect(first).toBeFocused();
      const link = page.getByRole('link', { name });
      await link.focus();
      await expect(link).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.locator(`#${target}`)).toBeFocused();
    });
  }
});

test.describe('Menu Fonctionnalités (bureau)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('montre les 8 entrées visibles, pas les 3 masquées', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Fonctionnalités' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const links = page.locator('#menu-fonctionnalites a');
    await expect(links).toHaveCount(8);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/agenda',
      '/questionnaire-medical-numerique',
      '/planning-equipe',
      '/comptes-rendus',
      '/tracabilite',
      '/recolte-factures',
      '/prise-commandes',
      '/assistant',
    ]);
    for (const hidden of ['/devis', '/logiciel-cabinet-dentaire', '/gestion-cabinet-dentaire'])
      expect(hrefs).not.toContain(hidden);
  });

  test('se parcourt avec les flèches, Début et Fin, et se ferme avec Échap', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Fonctionnalités' });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    const links = page.locator('#menu-fonctionnalites a');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(links.nth(7)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(links.nth(7)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#menu-fonctionnalites')).toBeHidden();
  });

  test('se ferme quand Tab quitte sa dernière entrée', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Fonctionnalités' });
    await trigger.focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('#menu-fonctionnalites a').last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('#menu-fonctionnalites')).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Blog', exact: true }).first()).toBeFocused();
  });

  test('se ferme d’un clic ailleurs', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Fonctionnalités' }).click();
    await expect(page.locator('#menu-fonctionnalites')).toBeVisible();
    await page.mouse.click(1200, 850);
    await expect(page.locator('#menu-fonctionnalites')).toBeHidden();
  });
});

test.describe('Menu mobile (sous 768 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('s’ouvre, déplie les fonctionnalités et se ferme quand on choisit un lien', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.main-nav')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#menu-mobile');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', /signup=true/);
    const section = menu.getByRole('button', { name: 'Fonctionnalités' });
    await expect(menu.locator('#menu-mobile-fonctionnalites')).toBeHidden();
    await section.click();
    await expect(menu.locator('#menu-mobile-fonctionnalites a')).toHaveCount(8);
    await menu.getByRole('link', { name: 'Agenda' }).click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(page.locator('#menu-mobile')).toBeHidden();
  });

  test('sans JavaScript, le menu s’ouvre par son adresse, liste les fonctionnalités et se ferme', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto('/tarifs');
    const menu = page.locator('#menu-mobile');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
    await page.getByRole('link', { name: 'Ouvrir le menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.locator('#menu-mobile-fonctionnalites a')).toHaveCount(8);
    await expect(menu.getByRole('link', { name: 'Agenda' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ouvrir le menu' })).toBeHidden();
    await page.getByRole('link', { name: 'Fermer le menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('link', { name: 'Ouvrir le menu' }).click();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator('#menu-mobile')).toBeHidden();
    await context.close();
  });

  test('le menu ouvert garde le focus, rend la page inerte et montre ✕', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('[data-mobile-toggle]');
    await expect(toggle.locator('.menu-toggle__open')).toBeVisible();
    await expect(toggle.locator('.menu-toggle__close')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Fermer le menu');
    await expect(toggle.locator('.menu-toggle__close')).toBeVisible();
    await expect(toggle.locator('.menu-toggle__open')).toBeHidden();
    await expect(page.locator('main')).toHaveJSProperty('inert', true);
    // Tab goes round the button and the menu's own visible links, never to the page under it.
    const menu = page.locator('#menu-mobile');
    const last = menu.getByRole('link', { name: 'Créer un compte' });
    await toggle.focus();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => !!document.activeElement?.closest('#menu-mobile, [data-mobile-toggle]'));
      expect(inside).toBe(true);
    }
    await last.focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(last).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(page.locator('main')).toHaveJSProperty('inert', false);
  });

  test('« Aller à la navigation » mène au bouton du menu, visible', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const link = page.getByRole('link', { name: 'Aller à la navigation' });
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    const toggle = page.locator('[data-mobile-toggle]');
    await expect(toggle).toBeFocused();
    await expect(toggle).toBeVisible();
  });

  test('« Découvrez toutes nos solutions » et le glossaire se replient', async ({ page }) => {
    await page.goto('/');
    const columns = page.locator('[data-solutions-column]');
    await expect(columns).toHaveCount(4);
    await expect(page.locator('.solutions a').first()).toBeHidden();
    await columns.nth(1).locator('summary').click();
    await expect(columns.nth(1).getByRole('link').first()).toBeVisible();
    await expect(columns.nth(0).getByRole('link').first()).toBeHidden();
    const terms = page.locator('[data-glossary-term]');
    await expect(terms).toHaveCount(6);
    await expect(terms.first().locator('.glossary__definition')).toBeHidden();
    await terms.first().locator('summary').click();
    await expect(terms.first().locator('.glossary__definition')).toBeVisible();
  });

  test('les colonnes du pied de page sont des accordéons, un seul ouvert à la fois', async ({ page }) => {
    await page.goto('/');
    const columns = page.locator('[data-footer-column]');
    await expect(columns).toHaveCount(2);
    await expect(columns.nth(0)).not.toHaveAttribute('open');
    await columns.nth(0).locator('summary').click();
    await expect(columns.nth(0)).toHaveAttribute('open', '');
    await columns.nth(1).locator('summary').click();
    await expect(columns.nth(1)).toHaveAttribute('open', '');
    await expect(columns.nth(0)).not.toHaveAttribute('open');
  });
});

test.describe('Pied de page et bloc des solutions', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('colonnes Découvrir et Légal ouvertes, mention RGPD, copyright de l’année', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('#pied-de-page');
    const discover = await footer
      .locator('[data-footer-column]')
      .nth(0)
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(discover).toEqual(['/fonctionnalites', '/faq', '/blog', '/tarifs', '/contact']);
    const legal = await footer
      .locator('[data-footer-column]')
      .nth(1)
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(legal.slice(0, 4)).toEqual(['/mentions-legales', '/cgu', '/confidentialite', '/gestion-cookies']);
    await expect(footer.getByText('Conforme RGPD')).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} Dentivo SAS`)).toBeVisible();
    await expect(footer.getByText('Conçu et hébergé en France')).toBeVisible();
    await expect(footer.getByText('Pensé pour les cabinets dentaires')).toBeVisible();
  });

  test('« Découvrez toutes nos solutions » a quatre colonnes, ouvertes sur grand écran', async ({ page }) => {
    await page.goto('/');
    const block = page.locator('.solutions');
    for (const link of await block.getByRole('link').all()) await expect(link).toBeVisible();
    await expect(block.getByRole('heading', { name: 'Découvrez toutes nos solutions' })).toBeVisible();
    await expect(block.locator('h3')).toHaveText([
      'Fonctionnalités principales',
      'Solutions métier',
      'Spécialités',
      'Informations',
    ]);
    await expect(block.locator('h3').nth(3).locator('xpath=ancestor::details').locator('a')).toHaveText([
      'Tarifs',
      'FAQ',
      'Blog',
      'Contact',
    ]);
  });
});

test.describe('Page introuvable', () => {
  test('répond 404 avec son texte, un lien vers l’accueil, et journalise le chemin', async ({ page }) => {
    const messages: { type: string; text: string }[] = [];
    page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oups\u202F! Page introuvable' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    await expect(page.getByText(/Oops|Return to Home/)).toHaveCount(0);
    await expect
      .poll(() => messages.map(({ text }) => text).join('\n'))
      .toContain('Page introuvable (404)\u00A0: /cette-page-n-existe-pas');
    // Nothing in English, and no error: a mistyped address is not a fault of the page (issue 29).
    // (Chromium's own « Failed to load resource » reports the 404 status; no page can silence it.)
    const ours = messages.filter(({ text }) => !text.startsWith('Failed to load resource'));
    expect(ours.filter(({ type }) => type === 'error')).toEqual([]);
    expect(ours.map(({ text }) => text).join('\n')).not.toMatch(/\b(Error|User|attempted|route)\b/);
  });
});
