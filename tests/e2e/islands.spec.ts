/** Islands: readable before any script, hydrated without moving anything (layout shift 0). */
import { test, expect, type Page } from '@playwright/test';

const article = '/blog/erreurs-gestion-cabinet';

/**
 * The score as the page shows it, read from the browser's accessibility tree: before the island wakes,
 * and without JavaScript, it is the page's own count of its ticks (a CSS counter, which no DOM text holds).
 */
async function shownScore(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.audit__score' });
  const { node } = await cdp.send('DOM.describeNode', { nodeId });
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const byId = new Map(nodes.map((entry) => [entry.nodeId, entry]));
  const text = (entry: (typeof nodes)[number] | undefined): string =>
    entry?.role?.value === 'StaticText'
      ? String(entry.name?.value ?? '')
      : (entry?.childIds ?? []).map((id) => text(byId.get(id))).join('');
  // White space as a reader meets it (no-break spaces included).
  return text(nodes.find((entry) => entry.backendDOMNodeId === node.backendNodeId)).replace(/\s+/g, ' ');
}

test('la checklist d’audit est lisible sans JavaScript, et son score compte les cases cochées', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(article);
  const audit = page.locator('[data-widget="audit-checklist"]');
  await expect(audit.getByRole('heading', { name: 'Audit express de votre cabinet' })).toBeVisible();
  await expect(audit.getByRole('checkbox')).toHaveCount(10);
  expect(await shownScore(page)).toBe('Score : 0 / 10');
  for (let i = 0; i < 3; i++) await audit.getByRole('checkbox').nth(i).check();
  expect(await shownScore(page)).toBe('Score : 3 / 10');
  // The appraisal needs JavaScript, and the page says so rather than a wrong one.
  await expect(audit.locator('.audit__message:visible')).toHaveText(
    'Le score compte vos cases cochées\u00A0; son appréciation s’affiche avec JavaScript, désactivé ici.',
  );
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
  const message = audit.locator('.audit__message:visible');
  expect(await shownScore(page)).toBe('Score : 0 / 10');
  await expect(message).toHaveText(
    'Cochez ce qui est déjà en place dans votre cabinet\u00A0: l’appréciation de votre score s’affiche ici.',
  );
  await boxes.nth(0).hover();
  await expect(audit).toHaveAttribute('data-hydrated', '');
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

test('une case cochée avant l’hydratation compte aussitôt, et le clic suivant part de là', async ({ page }) => {
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
  expect(await shownScore(page)).toBe('Score : 1 / 10');
  release();
  await expect(audit).toHaveAttribute('data-hydrated', '');
  await expect(audit.getByText('Score : 1 / 10')).toBeVisible();
  await boxes.nth(1).check();
  await expect(audit.getByText('Score : 2 / 10')).toBeVisible();
  await expect(boxes.nth(0)).toBeChecked();
});

test('après un aller-retour, les cases remises par le navigateur : le score et son appréciation les suivent', async ({
  page,
}) => {
  await page.goto(article);
  const audit = page.locator('[data-widget="audit-checklist"]');
  const boxes = audit.getByRole('checkbox');
  for (let i = 0; i < 5; i++) await boxes.nth(i).check();
  await expect(audit.getByText('Score : 5 / 10')).toBeVisible();
  await page.goto('/blog');
  // The page is loaded again (Playwright's Chromium keeps no back/forward cache): the browser puts the
  // ticks back just before `pageshow`, untouched since.
  await page.goBack();
  await expect(boxes.nth(4)).toBeChecked();
  expect(await shownScore(page)).toBe('Score : 5 / 10');
  await expect(audit.locator('.audit__message:visible')).toHaveText(
    'Organisation correcte, des améliorations sont nécessaires.',
  );
  await expect(audit.getByText('Score : 5 / 10')).toBeVisible();
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
