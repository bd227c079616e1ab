/**
 * The analytics layer (docs/requirements.md#analytics-events; docs/requirements.md#bot-detection for bots). The Google tag
 * is a third party: a fake `window.gtag`, installed before the page's scripts, stands for what consent
 * would load, and reports each call to the test. The professional app is a third party too (answered 204
 * so that the page stays where it is).
 */
import { test, expect, type Page, type BrowserContext } from '@playwright/test';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HUMAN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

type Call = [command: string, name: string, params?: Record<string, unknown>];

/** Installs the fake Google tag; returns the calls it received, in order. */
async function fakeGtag(page: Page): Promise<Call[]> {
  const calls: Call[] = [];
  await page.exposeFunction('__recordGtag', (call: Call) => void calls.push(call));
  await page.addInitScript(() => {
    const w = window as unknown as { gtag: (...args: unknown[]) => void; __recordGtag: (call: unknown) => void };
    w.gtag = (...args) => w.__recordGtag(JSON.parse(JSON.stringify(args)));
  });
  await page.route('https://app.dentivo.example/**', (route) => route.fulfill({ status: 204 }));
  return calls;
}

const events = (calls: Call[], name: string) =>
  calls.filter((call) => call[0] === 'event' && call[1] === name).map((call) => call[2] ?? {});

/** The layer has started once it has sent page_view (it does so first, when a tracker exists). */
async function started(calls: Call[]) {
  await expect.poll(() => events(calls, 'page_view').length).toBe(1);
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Two animation frames: the scroll handler has run. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test.describe('Événements envoyés au traceur', () => {
  test('page_view une fois par chargement de page', async ({ page }) => {
    const calls = await fakeGtag(page);
    await page.goto('/fonctionnalites');
    await started(calls);
    expect(events(calls, 'page_view')[0]).toMatchObject({ page_path: '/fonctionnalites' });
    await frames(page);
    expect(events(calls, 'page_view')).toHaveLength(1);
  });

  test('un clic sur « Créer un compte » dans l’en-tête est un cta_click de 50 EUR vers l’application', async ({
    page,
  }) => {
    const calls = await fakeGtag(page);
    await page.goto('/');
    await started(calls);
    await page.locator('.site-header__actions').getByRole('link', { name: 'Créer un compte' }).click();
    await expect.poll(() => events(calls, 'cta_click').length).toBe(1);
    expect(events(calls, 'cta_click')[0]).toEqual({
      cta_name: 'Créer un compte',
      label: 'Créer un compte',
      destination: 'app',
      destination_url: 'https://app.dentivo.example/auth?signup=true',
      cta_location: 'header',
      value: 50,
      currency: 'EUR',
    });
  });

  test('un lien de navigation ordinaire n’est pas un CTA', async ({ page }) => {
    const calls = await fakeGtag(page);
    await page.goto('/');
    await started(calls);
    await page.evaluate(() =>
      document.querySelector('a[href="/blog"]')?.addEventListener('click', (event) => event.preventDefault()),
    );
    await page.locator('.main-nav').getByRole('link', { name: 'Blog' }).click();
    await frames(page);
    expect(events(calls, 'cta_click')).toHaveLength(0);
  });

  test('scroll_depth part une seule fois par chemin, passé 90 % de la page', async ({ page }) => {
    const calls = await fakeGtag(page);
    await page.goto('/agenda');
    await started(calls);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.5 - window.innerHeight));
    await frames(page);
    expect(events(calls, 'scroll_depth')).toHaveLength(0);
    await scrollToBottom(page);
    await expect.poll(() => events(calls, 'scroll_depth').length).toBe(1);
    expect(events(calls, 'scroll_depth')[0]).toMatchObject({
      depth: 90,
      page: '/agenda',
      page_location: expect.stringMatching(/\/agenda$/),
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page);
    await scrollToBottom(page);
    await frames(page);
    // Reloading the same page in the same session does not send it again.
    await page.reload();
    await expect.poll(() => events(calls, 'page_view').length).toBe(2);
    await scrollToBottom(page);
    await frames(page);
    expect(events(calls, 'scroll_depth')).toHaveLength(1);
  });

  test('les événements des autres widgets (dentivo:track) sont transmis, les inconnus ignorés', async ({ page }) => {
    const calls = await fakeGtag(page);
    await page.goto('/contact');
    await started(calls);
    await page.evaluate(() => {
      const track = (detail: unknown) => window.dispatchEvent(new CustomEvent('dentivo:track', { detail }));
      track({ event: 'form_submission', params: { form_name: 'contact', form_success: true } });
      track({ event: 'assistant_open' });
      track({ event: 'purchase', params: { value: 1 } });
      track(null);
    });
    expect(events(calls, 'form_submission')).toEqual([{ form_name: 'contact', form_success: true }]);
    expect(events(calls, 'assistant_open')).toEqual([{}]);
    expect(calls.some((call) => call[1] === 'purchase')).toBe(false);
  });

  test('page_interaction : une question de la FAQ ouverte, une capture agrandie', async ({ page }) => {
    const calls = await fakeGtag(page);
    await page.goto('/faq');
    await started(calls);
    const question = page.locator('#questions details').nth(2).locator('summary');
    await question.click();
    await expect
      .poll(() => events(calls, 'page_interaction'))
      .toEqual([{ action_type: 'faq_open', section_name: 'questions' }]);
    // Closing it is not an interaction worth counting.
    await question.click();
    await frames(page);
    expect(events(calls, 'page_interaction')).toHaveLength(1);

    await page.goto('/');
    await expect.poll(() => events(calls, 'page_view').length).toBe(2);
    await page.locator('[data-interaction="screenshot_zoom"]').first().click();
    await expect
      .poll(() => events(calls, 'page_interaction').at(-1))
      .toEqual({
        action_type: 'screenshot_zoom',
        // The hero has no id: its heading names it.
        section_name: 'Votre cabinet dentaire en pilote automatique',
      });
  });

  test('les web vitals sont chargés à la demande et mesurés (custom_metric)', async ({ page }) => {
    const calls = await fakeGtag(page);
    await page.goto('/');
    await expect.poll(() => events(calls, 'custom_metric').map((params) => params.metric_name)).toContain('TTFB');
    const ttfb = events(calls, 'custom_metric').find((params) => params.metric_name === 'TTFB')!;
    expect(ttfb).toMatchObject({
      rating: expect.stringMatching(/^(good|needsImprovement|poor)$/),
      value: expect.any(Number),
    });
  });
});

test.describe('Test A/B', () => {
  /** A page element taking part in a test, added before the layer starts (the site runs none today). */
  async function withAbTest(page: Page) {
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const element = document.createElement('div');
        element.dataset.abTest = 'essai-hero';
        document.body.append(element);
      }),
    );
  }

  test('un visiteur reçoit une variante gardée d’une page à l’autre, exposition et conversion envoyées', async ({
    page,
  }) => {
    const calls = await fakeGtag(page);
    await withAbTest(page);
    await page.goto('/');
    await expect.poll(() => events(calls, 'ab_test_exposure').length).toBe(1);
    const { variant } = events(calls, 'ab_test_exposure')[0]!;
    expect(['control', 'variant']).toContain(variant);
    await expect(page.locator('[data-ab-test="essai-hero"]')).toHaveAttribute('data-ab-variant', variant as string);
    await page.reload();
    await expect.poll(() => events(calls, 'ab_test_exposure').length).toBe(2);
    expect(events(calls, 'ab_test_exposure')[1]).toEqual({ test_id: 'essai-hero', variant });
    await page.locator('.site-header__actions').getByRole('link', { name: 'Créer un compte' }).click();
    await expect
      .poll(() => events(calls, 'ab_test_conversion'))
      .toEqual([{ test_id: 'essai-hero', variant, conversion_type: 'cta_click' }]);
  });

  test('un robot voit toujours la version de contrôle et est signalé (bot_visit)', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: GOOGLEBOT });
    const page = await context.newPage();
    const calls = await fakeGtag(page);
    await withAbTest(page);
    await page.goto('/');
    await expect.poll(() => events(calls, 'ab_test_exposure')).toEqual([{ test_id: 'essai-hero', variant: 'control' }]);
    expect(events(calls, 'bot_visit')).toEqual([
      {
        bot_name: 'Googlebot',
        bot_type: 'search',
        bot_priority: 'high',
        confidence: 1,
        optimisation_level: 'standard',
      },
    ]);
    await context.close();
  });
});

test('sans traceur, rien n’est envoyé ni enregistré et rien ne casse', async ({ page }) => {
  const errors: string[] = [];
  const foreign: string[] = [];
  const chunks: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '127.0.0.1') foreign.push(request.url());
    if (url.pathname.includes('/vitals-')) chunks.push(url.pathname);
  });
  await page.route('https://app.dentivo.example/**', (route) => route.fulfill({ status: 204 }));
  await page.goto('/agenda');
  await expect(page.locator('[data-widget="analytics"]')).toHaveAttribute('data-awake', '');
  await frames(page);
  await scrollToBottom(page);
  await frames(page);
  await page.locator('.site-header__actions').getByRole('link', { name: 'Créer un compte' }).click();
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('dentivo:track', { detail: { event: 'assistant_open' } })),
  );
  await frames(page);
  expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe('undefined');
  expect(
    await page.evaluate(() => [
      sessionStorage.getItem('dentivo-scroll-depth'),
      localStorage.getItem('dentivo-ab-tests'),
    ]),
  ).toEqual([null, null]);
  expect(chunks).toEqual([]);
  expect(foreign.filter((url) => !url.startsWith('https://app.dentivo.example/'))).toEqual([]);
  // Hydration mismatches (React #418) belong to the islands that hydrate build-time HTML; this one renders nothing.
  expect(errors.filter((message) => !message.includes('react.dev/errors/418'))).toEqual([]);
});

test.describe('Robots : cache et service worker (docs/requirements.md#bot-cache)', () => {
  test('le serveur met en cache le HTML selon le robot, jamais pour un humain', async ({ request }) => {
    const cacheControl = async (userAgent: string, path = '/') => {
      const response = await request.get(path, { headers: { 'user-agent': userAgent } });
      expect(response.status()).toBe(200);
      expect(response.headers()['vary']).toMatch(/User-Agent/);
      return response.headers()['cache-control'];
    };
    expect(await cacheControl(GPTBOT)).toBe('public, max-age=86400');
    expect(await cacheControl(GPTBOT, '/blog')).toBe('public, max-age=86400');
    expect(await cacheControl(GOOGLEBOT)).toBe('public, max-age=7200');
    expect(await cacheControl('MonRobot/1.0 (crawler)')).toBe('public, max-age=7200');
    expect(await cacheControl(HUMAN)).toBe('no-cache');
    expect(await cacheControl(HUMAN, '/tarifs')).toBe('no-cache');
  });

  test('/sw.js est servi comme script', async ({ request }) => {
    const response = await request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(await response.text()).toContain('WARM_CACHE');
  });

  const registrations = (page: Page) =>
    page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map(
        (r) => r.active?.scriptURL ?? r.installing?.scriptURL ?? r.waiting?.scriptURL,
      ),
    );

  async function visit(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('[data-widget="analytics"]')).toHaveAttribute('data-awake', '');
    return page;
  }

  test('un robot d’IA prioritaire reçoit le service worker, qui met en cache les pages principales', async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: GPTBOT });
    const page = await visit(context);
    await expect.poll(() => registrations(page)).toEqual([expect.stringMatching(/\/sw\.js$/)]);
    const cached = () =>
      page.evaluate(async () => {
        const cache = await caches.open('dentivo-pages-v1');
        return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
      });
    await expect.poll(cached).toEqual(['/', '/blog', '/contact', '/fonctionnalites', '/tarifs']);
    await context.close();
  });

  for (const [who, userAgent] of [
    ['un humain', HUMAN],
    ['un moteur de recherche', GOOGLEBOT],
  ]) {
    test(`${who} ne reçoit pas de service worker`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent });
      const page = await visit(context);
      // Registration would start as soon as the layer starts: give it the time it takes for GPTBot.
      await page.waitForTimeout(500);
      expect(await registrations(page)).toEqual([]);
      await context.close();
    });
  }
});
