/**
 * Motion that costs nothing while a page loads (docs/decisions/0057-motion-after-interaction.md): no
 * animation runs before the visitor's first interaction; afterwards the skeleton's shimmer and the idea
 * card's glow move only while on screen, a bounded number of times; the cookie banner's height reaches
 * only the three elements that read it. What these choices save in milliseconds is measured by
 * `npm run bench` (part lighthouse), never asserted here.
 */
import { test, expect, type Page } from '@playwright/test';
import { firstArticlePath } from '../../scripts/lib/bytes.ts';
import { siteDir } from '../support/site.ts';
import { withPreferencesSet } from '../support/assistant.ts';

const article = firstArticlePath(siteDir);
const KEY_PAGES = ['/', '/blog', ...(article ? [article] : []), '/contact', '/fonctionnalites'];

/** The page's running animations and transitions, by name (CSS animations) or property (transitions). */
const running = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) =>
        animation instanceof CSSAnimation
          ? animation.animationName
          : animation instanceof CSSTransition
            ? animation.transitionProperty
            : 'web animation',
      ),
  );

/** Everything the page's scripts do at load has been done: the widgets are awake, the images settled. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[data-widget="assistant"]')).toHaveAttribute('data-awake', '');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
}

test.describe('Aucune animation avant la première interaction', () => {
  for (const path of KEY_PAGES) {
    test(`${path} : ni au premier passage (bandeau affiché) ni au retour`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      await settled(page);
      expect(await running(page)).toEqual([]);

      await withPreferencesSet(page);
      await page.reload();
      await settled(page);
      await expect(page.getByRole('button', { name: 'Assistant', exact: true })).toBeVisible();
      expect(await running(page)).toEqual([]);
    });
  }
});

test('le squelette d’une image qui charge scintille après une interaction, trois fois au plus', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // The articles' images of /blog wait, in the network, until the test lets them through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/images/blog/*.svg', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/blog');
  await settled(page);
  const index = await page
    .locator('.skeleton')
    .evaluateAll((all) => all.findIndex((s) => !s.classList.contains('is-loaded')));
  expect(index).toBeGreaterThanOrEqual(0);
  const skeleton = page.locator('.skeleton').nth(index);
  const shimmer = () =>
    skeleton.evaluate((element) => {
      const style = getComputedStyle(element, '::after');
      return { name: style.animationName, count: style.animationIterationCount };
    });
  // Still loading, but nobody has touched the page: a still skeleton.
  expect((await shimmer()).name).toBe('none');

  await skeleton.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 1);
  await expect(skeleton).toHaveAttribute('data-motion', '');
  expect(await shimmer()).toEqual({ name: 'shimmer', count: '3' });

  // Off screen, it stops; loaded, it is gone.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(skeleton).not.toHaveAttribute('data-motion');
  expect((await shimmer()).name).toBe('none');
  await skeleton.scrollIntoViewIfNeeded();
  await expect(skeleton).toHaveAttribute('data-motion', '');
  release();
  await expect(skeleton).toHaveClass(/\bis-loaded\b/);
  expect((await shimmer()).name).toBe('none');
});

test('la carte idée s’anime à l’écran après une interaction, se fige hors de l’écran', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/fonctionnalites');
  await settled(page);
  const card = page.locator('.idea-card');
  const glow = () =>
    card.evaluate((element) => {
      const style = getComputedStyle(element, '::before');
      return { name: style.animationName, state: style.animationPlayState, count: style.animationIterationCount };
    });
  expect(await glow()).toEqual({ name: 'idea-glow', state: 'paused', count: '2' });

  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-motion', '');
  expect((await glow()).state).toBe('running');
  expect(await running(page)).toContain('idea-glow');

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(card).not.toHaveAttribute('data-motion');
  expect((await glow()).state).toBe('paused');
  // The header's shadow fades back in 0.2 s (a transition of the scroll, not of the load).
  await expect.poll(() => running(page)).toEqual([]);
});

test('la hauteur du bandeau cookies ne touche que les trois éléments qui la lisent', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const banner = page.locator('.consent-banner');
  await expect(banner).toBeVisible();
  const height = await banner.evaluate((element) => (element as HTMLElement).offsetHeight);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe(`${height}px`);
  const read = await page.evaluate(() => {
    const css = (element: Element, property: string) => getComputedStyle(element).getPropertyValue(property);
    return {
      scrollPadding: parseFloat(css(document.documentElement, 'scroll-padding-bottom')),
      toasts: parseFloat(css(document.querySelector('.toasts')!, 'bottom')),
      // An element that does not read it keeps the property's initial value: nothing else was restyled.
      main: css(document.querySelector('main')!, '--consent-banner-height').trim(),
    };
  });
  // Both keep a small space (--space-s) above the banner.
  expect(read.scrollPadding - height).toBeGreaterThan(10);
  expect(read.toasts).toBeCloseTo(read.scrollPadding, 1);
  expect(read.main).toBe('0px');
});
