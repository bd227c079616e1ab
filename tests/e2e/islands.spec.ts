/** Islands: readable before any script, hydrated without moving anything (layout shift 0). */
import { test, expect } from '@playwright/test';

const article = '/blog/erreurs-gestion-cabinet';

test('la checklist d’audit est lisible sans JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(article);
  const audit = page.locator('[data-widget="audit-checklist"]');
  await expect(audit.getByRole('heading', { name: 'Audit express de votre cabinet' })).toBeVisible();
  await expect(audit.getByRole('checkbox')).toHaveCount(10);
  await expect(audit.getByText('Score : 0 / 10')).toBeVisible();
  await context.close();
});

test('la checklist s’hydrate quand on l’approche, sans décalage de mise en page, et calcule le score', async ({
  page,
}) => {
  await page.addInitScript(() => {
    (window as any).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as any[]) if (!entry.hadRecentInput) (window as any).__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(article);
  const audit = page.locator('[data-widget="audit-checklist"]');
  await audit.scrollIntoViewIfNeeded();
  // In view, untouched: still the build's HTML.
  await page.waitForLoadState('networkidle');
  await expect(audit).not.toHaveAttribute('data-hydrated', '');
  const boxes = audit.getByRole('checkbox');
  const message = audit.locator('.audit__message');
  await expect(message).toHaveText('Beaucoup de marge de progression, Dentivo peut vous aider !');
  await boxes.nth(0).hover();
  await expect(audit).toHaveAttribute('data-hydrated', '');
  for (let i = 0; i < 4; i++) await boxes.nth(i).check();
  await expect(audit.getByText('Score : 4 / 10')).toBeVisible();
  await expect(message).toHaveText('Organisation correcte, des améliorations sont nécessaires.');
  for (let i = 4; i < 6; i++) await boxes.nth(i).check();
  await expect(message).toHaveText('Bon niveau, quelques optimisations à prévoir.');
  for (let i = 6; i < 8; i++) await boxes.nth(i).check();
  await expect(message).toHaveText('Excellent ! Votre cabinet est bien organisé.');
  await boxes.nth(0).uncheck();
  await expect(audit.getByText('Score : 7 / 10')).toBeVisible();
  expect(await page.evaluate(() => (window as any).__shift)).toBe(0);
});

test('une case cochée avant l’hydratation compte, et le clic suivant part de là', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/AuditChecklist-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(article);
  const audit = page.locator('[data-widget="audit-checklist"]');
  const boxes = audit.getByRole('checkbox');
  // The first touch starts the island; its code is held back, so the box ticks as plain HTML.
  await boxes.nth(0).check();
  await expect(audit).not.toHaveAttribute('data-hydrated', '');
  await expect(audit.getByText('Score : 0 / 10')).toBeVisible();
  release();
  await expect(audit).toHaveAttribute('data-hydrated', '');
  await expect(audit.getByText('Score : 1 / 10')).toBeVisible();
  await boxes.nth(1).check();
  await expect(audit.getByText('Score : 2 / 10')).toBeVisible();
  await expect(boxes.nth(0)).toBeChecked();
});

test('une première visite au repos ne fait tourner aucun React : rien d’hydraté, React seulement préchargé', async ({
  page,
}) => {
  // React DOM reports itself to this hook (checkDCE) as soon as its module runs.
  await page.addInitScript(() => {
    (window as any).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      checkDCE: () => ((window as any).__reactRan = true),
    };
  });
  for (const path of ['/', article, '/contact', '/blog', '/fonctionnalites']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await page.locator('[data-hydrated]').count(), path).toBe(0);
    expect(await page.evaluate(() => (window as any).__reactRan ?? false), path).toBe(false);
    // Fetched and compiled ahead at idle, through a <link rel="modulepreload">.
    await expect(page.locator('link[rel="modulepreload"][href*="/assets/hydrate-"]'), path).toHaveCount(1);
  }
});
