/**
 * Cookie consent (docs/requirements.md#consent; docs/decisions/0011-consent-record-and-renewal.md; docs/requirements.md#reliability): proved by recording
 * every request the browser makes. The site under test is built by `npm run build:test` with the fake
 * tracker IDs of tests/fixtures/trackers/tracking.env; the trackers' real third-party URLs are
 * intercepted in the browser and answered with the small fixture scripts of that folder (third parties
 * are the only thing mocked). Any other request leaving the site is refused and recorded.
 */
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages } from '../support/site.ts';
import { axeViolations } from '../support/axe.ts';
import { CONSENT_POLICY_VERSION } from '../../core/consent/rules.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'trackers');
const trackerCookie = /^(_ga|_ga_.+|_gid|_gcl_au|_hj.+|_fbp|_ttp|li_fat_id|_twclid)$/;
const banner = (page: Page) => page.locator('.consent-banner');

/** The tracking configuration the served pages carry (read once per worker). */
let t: Record<string, string>;
/** The scripts each tracker loads, as the configuration says (docs/decisions/0004-external-addresses-and-tracker-ids.md: IDs and URLs are configuration). */
let expected: Record<'googleAnalytics' | 'googleAds' | 'recording' | 'meta' | 'linkedin' | 'x' | 'tiktok', string>;
/** Script address (without query) → fixture answering it. */
let fixtureFor: Record<string, string>;

test.beforeEach(async ({ request }) => {
  if (t) return;
  const html = await (await request.get('/')).text();
  t = JSON.parse(html.match(/<script type="application\/json" data-dentivo-config>(.*?)<\/script>/s)![1]!).tracking;
  if (
    !t.gaId ||
    !t.recordingId ||
    !t.metaPixelId ||
    !t.linkedinId ||
    !t.xPixelId ||
    !t.tiktokId ||
    !t.adsConversionId ||
    !t.adsConversionLabel
  )
    throw new Error(
      'Le site testé n’a pas d’identifiants de traceurs : construisez-le avec « npm run build:test » (voir docs/development.md).',
    );
  expected = {
    googleAnalytics: `${t.gaScriptUrl}?id=${t.gaId}`,
    googleAds: `${t.gaScriptUrl}?id=${t.adsConversionId}`,
    recording: `${t.recordingScriptUrl}?id=${t.recordingId}`,
    meta: t.metaScriptUrl!,
    linkedin: t.linkedinScriptUrl!,
    x: t.xScriptUrl!,
    tiktok: `${t.tiktokScriptUrl}?sdkid=${t.tiktokId}&lib=ttq`,
  };
  fixtureFor = {
    [t.gaScriptUrl!]: 'gtag.js',
    [t.recordingScriptUrl!]: 'hotjar.js',
    [t.metaScriptUrl!]: 'fbevents.js',
    [t.linkedinScriptUrl!]: 'insight.js',
    [t.xScriptUrl!]: 'uwt.js',
    [t.tiktokScriptUrl!]: 'tiktok.js',
  };
});

/** Records every request leaving the site; answers the trackers' scripts with the fixtures, refuses the rest. */
async function recordThirdParties(context: BrowserContext, baseURL: string): Promise<string[]> {
  const requests: string[] = [];
  const site = new URL(baseURL).origin;
  context.on('request', (request) => {
    if (new URL(request.url()).origin !== site) requests.push(request.url());
  });
  // A pattern, not a predicate: the browser then pauses only the requests that leave the site.
  const leaving = new RegExp(`^(?!${site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/)[a-z]+:`);
  await context.route(leaving, (route) => {
    const url = new URL(route.request().url());
    const fixture = fixtureFor[url.origin + url.pathname];
    return fixture
      ? route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(fixtures, fixture), 'utf8') })
      : route.abort('blockedbyclient');
  });
  return requests;
}

/** The banner's script has run (no React: it is awake, not hydrated): it read the stored choice. */
async function consentReady(page: Page) {
  await expect(page.locator('[data-widget="cookie-banner"]')).toHaveAttribute('data-awake', '');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));
const trackerScripts = (page: Page) =>
  page
    .locator('script[data-tracker]')
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).src).sort());
const cookies = async (context: BrowserContext) =>
  (await context.cookies())
    .map((c) => c.name)
    .filter((name) => trackerCookie.test(name))
    .sort();
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as any).dataLayer ?? [])
      .map((entry: IArguments) => Array.from(entry))
      .filter((args: unknown[]) => args[0] === 'consent')
      .map((args: unknown[]) => JSON.parse(JSON.stringify(args))),
  );
const proofPosted = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/functions/v1/consent-proof') && r.request().method() === 'POST');

const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};
const GRANTED = {
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
};

test.describe('Aucun traceur avant un choix libre et éclairé', () => {
  const pages = builtPages().map(({ path }) => (path === '/404.html' ? '/page-qui-n-existe-pas' : path));
  const half = Math.ceil(pages.length / 2);

  for (const [index, group] of [pages.slice(0, half), pages.slice(half)].entries()) {
    test(`aucune requête tierce ni cookie de traceur sur chaque page (${index + 1}/2)`, async ({
      context,
      page,
      baseURL,
    }) => {
      const requests = await recordThirdParties(context, baseURL!);
      for (const path of group) {
        // The banner shows in the render after the loader has started: by then it has decided.
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        // waitFor() waits in the page; expect() would poll with growing pauses, 51 times over.
        await banner(page).waitFor({ state: 'visible', timeout: 10_000 });
      }
      expect(await trackerScripts(page)).toEqual([]);
      expect(requests).toEqual([]);
      expect(await cookies(context)).toEqual([]);
      expect(
        await page.evaluate(() =>
          ['dataLayer', 'gtag', 'fbq', 'ttq', 'twq', 'lintrk', 'hj'].filter((name) => name in window),
        ),
      ).toEqual([]);
      expect(await stored(page)).toBeNull();
    });
  }

  test('rien non plus après le temps calme, sur des pages représentatives, pas même le code du chargeur', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    const loaderChunks: string[] = [];
    page.on(
      'request',
      (request) => /\/assets\/trackers-[\w-]+\.js$/.test(request.url()) && loaderChunks.push(request.url()),
    );
    for (const path of ['/', '/blog', '/blog/erreurs-gestion-cabinet', '/contact', '/gestion-cookies']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');
    }
    expect(requests).toEqual([]);
    expect(loaderChunks).toEqual([]);
  });

  test('les cookies laissés par un consentement expiré sont supprimés dès l’arrivée', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    const url = new URL(baseURL!);
    await context.addCookies(
      ['_ga', '_ga_TEST000001', '_fbp', '_gcl_au'].map((name) => ({
        name,
        value: 'ancien',
        domain: url.hostname,
        path: '/',
      })),
    );
    const expired = {
      necessary: true,
      analytics: true,
      marketing: true,
      hasSetPreferences: true,
      policyVersion: CONSENT_POLICY_VERSION,
      consentId: '3b241101-e2bb-4255-8caf-4136c566a962',
      lastUpdated: '2025-01-01T00:00:00.000Z',
    };
    await context.addInitScript((record) => localStorage.setItem('cookie-consent', JSON.stringify(record)), expired);
    await page.goto('/');
    await consentReady(page);
    await expect(banner(page)).toBeVisible();
    await expect.poll(() => cookies(context)).toEqual([]);
    expect(requests).toEqual([]);
    expect(await trackerScripts(page)).toEqual([]);
  });
});

test.describe('Bandeau cookies', () => {
  test('s’affiche au premier passage, avec « Refuser » et « Tout accepter » de même poids', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await consentReady(page);
    await expect(banner(page)).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/\bbanner-visible\b/);
    await expect(banner(page).getByRole('link', { name: /^En savoir plus/ })).toHaveAttribute(
      'href',
      '/confidentialite',
    );
    await expect(banner(page).getByRole('button', { name: 'Personnaliser' })).toBeVisible();
    const look = (name: string) =>
      banner(page)
        .getByRole('button', { name, exact: true })
        .evaluate((button) => {
          const style = getComputedStyle(button);
          const box = button.getBoundingClientRect();
          return [
            style.backgroundColor,
            style.color,
            style.fontSize,
            style.fontWeight,
            style.borderWidth,
            Math.round(box.width),
            Math.round(box.height),
          ];
        });
    expect(await look('Refuser')).toEqual(await look('Tout accepter'));
  });

  test('« Refuser » : plus de bandeau, choix gardé et prouvé, aucun traceur', async ({ context, page, baseURL }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/tarifs');
    await consentReady(page);
    const proof = proofPosted(page);
    await banner(page).getByRole('button', { name: 'Refuser', exact: true }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('body')).not.toHaveClass(/\bbanner-visible\b/);
    const answer = await proof;
    expect(answer.status()).toBe(201);
    const record = await stored(page);
    expect(record).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      hasSetPreferences: true,
      policyVersion: expect.any(String),
    });
    expect(answer.request().postDataJSON()).toEqual({
      consentId: record.consentId,
      analytics: false,
      marketing: false,
      policyVersion: record.policyVersion,
      chosenAt: record.lastUpdated,
    });
    await page.reload();
    await consentReady(page);
    await expect(banner(page)).toBeHidden();
    expect(requests).toEqual([]);
  });

  test('« Tout accepter » charge exactement les traceurs configurés, Google en mode consentement de base', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/');
    await consentReady(page);
    expect(requests).toEqual([]);
    const proof = proofPosted(page);
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await expect(banner(page)).toBeHidden();
    expect((await proof).request().postDataJSON()).toMatchObject({ analytics: true, marketing: true });
    const all = [
      expected.googleAnalytics,
      expected.recording,
      expected.meta,
      expected.linkedin,
      expected.x,
      expected.tiktok,
    ].sort();
    await expect.poll(() => [...requests].sort()).toEqual(all);
    expect(await trackerScripts(page)).toEqual(all);
    // Until the first fixture script has run, the list does not exist yet: the poll goes on.
    await expect
      .poll(() => page.evaluate(() => (((window as any).__trackerFixtures as string[] | undefined) ?? []).sort()))
      .toEqual(['google', 'linkedin', 'meta', 'recording', 'tiktok', 'x']);
    // default (all denied) before the tag, then the update; GA4 and the Ads conversion both configured.
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', GRANTED],
    ]);
    const configured = await page.evaluate(() =>
      ((window as any).dataLayer as IArguments[])
        .map((a) => Array.from(a))
        .filter((a) => a[0] === 'config')
        .map((a) => a[1]),
    );
    expect(configured).toEqual([t.gaId, t.adsConversionId]);
    expect(await stored(page)).toMatchObject({ analytics: true, marketing: true, hasSetPreferences: true });

    // A returning visitor gets them again on the next page, without the banner.
    requests.length = 0;
    await page.goto('/contact');
    await consentReady(page);
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => [...requests].sort()).toEqual(all);
  });

  test('un choix corrompu, expiré ou d’une autre version de la politique redemande le consentement', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const valid = {
      necessary: true,
      analytics: true,
      marketing: true,
      hasSetPreferences: true,
      consentId: '3b241101-e2bb-4255-8caf-4136c566a962',
    };
    const policyVersion = CONSENT_POLICY_VERSION;
    await page.goto('/');
    await consentReady(page);
    const sevenMonthsAgo = new Date(Date.now() - 213 * 24 * 3600 * 1000).toISOString();
    for (const value of [
      '{"necessary":true,"analytics":tr',
      JSON.stringify({ ...valid, policyVersion, lastUpdated: sevenMonthsAgo }),
      JSON.stringify({ ...valid, policyVersion: '2020-01-01', lastUpdated: new Date().toISOString() }),
      // Current and recent, but of the wrong shape: the banner shows once the record is checked, at idle.
      JSON.stringify({ ...valid, analytics: 'oui', policyVersion, lastUpdated: new Date().toISOString() }),
    ]) {
      await page.evaluate((raw) => localStorage.setItem('cookie-consent', raw), value);
      await page.reload();
      await consentReady(page);
      await expect(banner(page)).toBeVisible();
    }
    expect(errors.filter((text) => text.startsWith('Error loading consent from localStorage:'))).toHaveLength(2);
    expect(requests).toEqual([]);
  });
});

test.describe('Panneau « Personnaliser »', () => {
  test('la mesure d’audience seule charge Google Analytics et l’enregistrement de session, aucun pixel', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/fonctionnalites');
    await consentReady(page);
    await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Personnaliser vos choix' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Cookies nécessaires' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Cookies nécessaires' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Mesure d’audience' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
    await expect(dialog.getByRole('link', { name: /Gestion des cookies/ })).toHaveAttribute('href', '/gestion-cookies');
    await expect(dialog.getByRole('button', { name: 'Refuser', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Tout accepter' })).toBeVisible();
    await dialog.getByRole('switch', { name: 'Mesure d’audience' }).check();
    expect(requests).toEqual([]);
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => [...requests].sort()).toEqual([expected.googleAnalytics, expected.recording].sort());
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
    ]);
    expect(await stored(page)).toMatchObject({ analytics: true, marketing: false });
  });

  test('le marketing seul charge les pixels et la conversion Google Ads, pas la mesure d’audience', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/blog');
    await consentReady(page);
    await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('switch', { name: 'Marketing' }).check();
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect
      .poll(() => [...requests].sort())
      .toEqual([expected.googleAds, expected.meta, expected.linkedin, expected.x, expected.tiktok].sort());
    expect(await consentCommands(page)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { ...GRANTED, analytics_storage: 'denied' }],
    ]);
  });

  test('le marketing seul : une inscription envoie sa conversion de 50 EUR à Google Ads et aux pixels, rien à la mesure d’audience', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/');
    await consentReady(page);
    // The analytics layer comes with the consent (the tags need it to hear of a sign-up).
    const layer = page.waitForResponse(/\/assets\/layer-[\w-]+\.js$/);
    await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('switch', { name: 'Marketing' }).check();
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await layer;
    await expect
      .poll(() => page.evaluate(() => (((window as any).__trackerFixtures as string[] | undefined) ?? []).sort()))
      .toEqual(['google', 'linkedin', 'meta', 'tiktok', 'x']);
    // The app is a third party: answered 204, so that the page stays where the test can read it.
    await page.route('https://app.dentivo.example/**', (route) => route.fulfill({ status: 204 }));
    await page.locator('.site-header__actions').getByRole('link', { name: 'Créer un compte' }).click();
    await expect.poll(() => requests.some((url) => url.startsWith('https://app.dentivo.example/'))).toBe(true);
    const given = await page.evaluate(() => {
      const w = window as any;
      const list = (items: unknown[] | undefined) => (items ?? []).map((item: any) => Array.from(item));
      return JSON.parse(
        JSON.stringify({
          google: list(w.dataLayer).filter((args: unknown[]) => args[0] === 'event'),
          meta: [...list(w.fbq?.queue), ...(w.__fbqCalls ?? [])],
          tiktok: list(w.ttq).filter((args: unknown[]) => args[0] === 'track'),
          linkedin: list(w.lintrk?.q),
          x: list(w.twq?.queue).filter((args: unknown[]) => args[0] === 'event'),
        }),
      );
    });
    const value = { value: 50, currency: 'EUR' };
    expect(given).toEqual({
      google: [['event', 'conversion', { send_to: `${t.adsConversionId}/${t.adsConversionLabel}`, ...value }]],
      meta: expect.arrayContaining([['track', 'Lead', value]]),
      tiktok: [['track', 'Lead', value]],
      linkedin: [['track', { conversion_id: Number(t.linkedinConversionId) }]],
      x: [['event', t.xConversionEventId, value]],
    });
  });

  test('parcours clavier : Tab reste dans le panneau, Échap ferme sans rien changer, le focus revient', async ({
    page,
  }) => {
    await page.goto('/');
    await consentReady(page);
    const customize = banner(page).getByRole('button', { name: 'Personnaliser' });
    await customize.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('dialog'));
    const focusedName = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim(),
      );
    // The panel renders on demand: focus enters it once it has, which a busy machine may delay past its showing.
    await expect.poll(inDialog).toBe(true);
    // 3 switches minus the locked one, close, 3 buttons, 1 link = 7 stops: 10 presses go round and stay inside.
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
      seen.add(await focusedName());
    }
    expect(seen).toContain('Fermer');
    expect(seen).toContain('Enregistrer mes choix');
    await dialog.getByRole('button', { name: 'Fermer' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toMatch(/Gestion des cookies/);
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Fermer');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(customize).toBeFocused();
    await expect(banner(page)).toBeVisible();
    expect(await stored(page)).toBeNull();

    // Choose with the keyboard only: focus then goes to the main content, not lost on <body>.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('switch', { name: 'Marketing' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
    expect(await stored(page)).toMatchObject({ analytics: false, marketing: true });
  });
});

test.describe('Gestion des cookies (/gestion-cookies) et retrait du consentement', () => {
  test('le retrait retire les balises, supprime leurs cookies et envoie « denied »', async ({
    context,
    page,
    baseURL,
  }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/');
    await consentReady(page);
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await expect
      .poll(() => cookies(context))
      .toEqual(['_fbp', '_ga', '_ga_TEST000001', '_gcl_au', '_hjSessionUser_1000001', '_ttp', '_twclid', 'li_fat_id']);

    // The permanent way back: the footer link of every page.
    await page.locator('footer').getByRole('link', { name: 'Modifier mes choix de cookies' }).click();
    await expect(page).toHaveURL(/\/gestion-cookies#vos-choix$/);
    await consentReady(page);
    const settings = page.locator('[data-widget="cookie-settings"]');
    await expect(settings).toHaveAttribute('data-hydrated', '');
    await expect(settings.getByRole('switch', { name: 'Mesure d’audience' })).toBeChecked();
    await expect(settings.getByRole('switch', { name: 'Marketing' })).toBeChecked();
    await expect(settings.getByText(/^Identifiant de consentement/)).toBeVisible();
    await expect.poll(() => trackerScripts(page).then((s) => s.length)).toBe(6);

    // Marketing off: the pixels go, their cookies too; Google stays for analytics with ads denied.
    let proof = proofPosted(page);
    await settings.getByRole('switch', { name: 'Marketing' }).uncheck();
    expect((await proof).request().postDataJSON()).toMatchObject({ analytics: true, marketing: false });
    await expect(settings.getByRole('status')).toHaveText(/Vos choix sont enregistrés/);
    expect(await trackerScripts(page)).toEqual([expected.googleAnalytics, expected.recording].sort());
    expect(await cookies(context)).toEqual(['_ga', '_ga_TEST000001', '_hjSessionUser_1000001']);
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ...DENIED, analytics_storage: 'granted' },
    ]);
    expect(await page.evaluate(() => ['fbq', 'ttq', 'twq', 'lintrk'].filter((name) => name in window))).toEqual([]);

    // Analytics off: nothing left, and Google is told everything is denied.
    proof = proofPosted(page);
    await settings.getByRole('switch', { name: 'Mesure d’audience' }).uncheck();
    await proof;
    expect(await trackerScripts(page)).toEqual([]);
    expect(
      await page.locator('script[src*="googletagmanager"], script[src*="hotjar"], script[src*="facebook"]').count(),
    ).toBe(0);
    expect(await cookies(context)).toEqual([]);
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', DENIED]);
    expect(await stored(page)).toMatchObject({ analytics: false, marketing: false, hasSetPreferences: true });

    // And it holds on the next pages.
    requests.length = 0;
    await page.goto('/agenda');
    await consentReady(page);
    await expect(banner(page)).toBeHidden();
    expect(requests).toEqual([]);
  });

  test('« Tout accepter » sur la page s’applique aussitôt, sans bandeau', async ({ context, page, baseURL }) => {
    const requests = await recordThirdParties(context, baseURL!);
    await page.goto('/gestion-cookies');
    await consentReady(page);
    const settings = page.locator('[data-widget="cookie-settings"]');
    await expect(
      settings.getByText('Vous n’avez pas encore fait de choix\u00A0: seuls les cookies nécessaires sont actifs.'),
    ).toBeVisible();
    await settings.getByRole('button', { name: 'Tout accepter' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings.getByRole('switch', { name: 'Marketing' })).toBeChecked();
    await expect.poll(() => requests.length).toBe(6);
    await settings.getByRole('button', { name: 'Refuser', exact: true }).click();
    await expect(settings.getByRole('switch', { name: 'Mesure d’audience' })).not.toBeChecked();
    expect(await trackerScripts(page)).toEqual([]);
  });

  test('sans JavaScript, les interrupteurs sont visibles mais inactifs et aucun bandeau ne s’affiche', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/gestion-cookies');
    await expect(
      page.locator('[data-widget="cookie-settings"]').getByRole('switch', { name: 'Marketing' }),
    ).toBeDisabled();
    await expect(banner(page)).toBeHidden();
    await context.close();
  });
});

test.describe('Global Privacy Control', () => {
  test('mesure d’audience et marketing refusés d’emblée : pas de bandeau, rien de chargé ni stocké', async ({
    context,
    page,
    baseURL,
  }) => {
    // Chromium has no GPC setting: the signal is set as a browser with GPC on exposes it.
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }),
    );
    const requests = await recordThirdParties(context, baseURL!);
    const proofs: string[] = [];
    page.on('request', (request) => request.url().includes('consent-proof') && proofs.push(request.url()));
    await page.goto('/');
    await consentReady(page);
    await expect(banner(page)).toBeHidden();
    await page.goto('/gestion-cookies');
    await consentReady(page);
    const settings = page.locator('[data-widget="cookie-settings"]');
    await expect(settings.getByText(/Global Privacy Control/)).toBeVisible();
    await expect(settings.getByRole('switch', { name: 'Mesure d’audience' })).not.toBeChecked();
    expect(await stored(page)).toBeNull();
    expect(requests).toEqual([]);
    expect(proofs).toEqual([]);

    // An explicit choice made here is stored, proved and wins over the signal.
    await settings.getByRole('switch', { name: 'Mesure d’audience' }).check();
    await expect.poll(() => [...requests].sort()).toEqual([expected.googleAnalytics, expected.recording].sort());
    expect(proofs).toHaveLength(1);
  });
});

test.describe('Aucun décalage de mise en page (CLS 0)', () => {
  for (const width of [375, 1280]) {
    for (const visit of ['premier passage', 'visiteur revenu'] as const) {
      test(`${visit} à ${width} px, bandeau et page de gestion`, async ({ context, page, baseURL }) => {
        await recordThirdParties(context, baseURL!);
        await page.setViewportSize({ width, height: 900 });
        await context.addInitScript(() => {
          (window as any).__shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as any[])
              if (!entry.hadRecentInput) (window as any).__shift += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        if (visit === 'visiteur revenu') {
          await page.goto('/mentions-legales');
          await consentReady(page);
          await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
        }
        // The settings island in view (the footer link's target), so that a shift there would count.
        for (const path of ['/', '/gestion-cookies#vos-choix']) {
          await page.goto(path);
          await consentReady(page);
          await expect(banner(page)).toBeVisible({ visible: visit === 'premier passage' });
          await expect(page.locator('[data-widget="cookie-settings"]')).toHaveCount(path === '/' ? 0 : 1);
          if (path !== '/')
            await expect(page.locator('[data-widget="cookie-settings"]')).toHaveAttribute('data-hydrated', '');
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => (window as any).__shift), `${path}`).toBe(0);
        }
      });
    }
  }
});

test.describe('Accessibilité du bandeau et du panneau (axe-core, WCAG 2.2 AA)', () => {
  for (const width of [375, 1280]) {
    test(`bandeau affiché puis panneau ouvert, à ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await consentReady(page);
      await expect(banner(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await banner(page).getByRole('button', { name: 'Personnaliser' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
