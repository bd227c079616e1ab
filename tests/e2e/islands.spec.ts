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

test('la checklist s’hydrate sans décalage de mise en page et calcule le score', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as any[]) if (!entry.hadRecentInput) (window as any).__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(article);
  const audit = page.locator('[data-widget="audit-checklist"]');
  await audit.scrollIntoViewIfNeeded();
  await expect(audit).toHaveAttribute('data-hydrated', '');
  const boxes = audit.getByRole('checkbox');
  const message = audit.locator('.audit__message');
  await expect(message).toHaveText('Beaucoup de marge de progression, Dentivo peut vous aider !');
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
