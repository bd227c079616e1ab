/**
 * The widgets embedded on another site (docs/architecture.md#islands; docs/embedding.md, "Embedding the assistant on
 * another site"): the pages of tests/support/embed-host.ts, made from examples/embed.html and served from
 * another loopback origin, some with hostile CSS, talking to the real server. That origin is in the test
 * server's EMBED_ORIGINS (playwright.config.ts); a second one is not.
 */
import { test, expect, type Page } from '@playwright/test';
import type { Server } from 'node:http';
import { gzipBytes, kib, KIB } from '../../scripts/lib/bytes.ts';
import { embedHostPort, foreignHostPort } from '../support/ports.ts';
import { COLUMN_WIDTH, startHostServer, webhookCalls } from '../support/embed-host.ts';
import { axeViolations } from '../support/axe.ts';
import { quickOptions } from '../../core/assistant/quick-options.ts';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { e2ePort } from '../support/ports.ts';

/** `npm run inbox -- …` as the team runs it, against the test server. */
async function inbox(args: string[]): Promise<string> {
  const root = join(import.meta.dirname, '..', '..');
  const { stdout } = await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'tsx'),
    [join(root, 'scripts', 'inbox.ts'), ...args],
    { cwd: root, env: { ...process.env, PORT: String(e2ePort) }, timeout: 60_000 },
  );
  return stdout;
}

test.describe.configure({ mode: 'serial' });

let dentivoOrigin = '';
const servers: Server[] = [];

test.beforeAll(async ({ baseURL }) => {
  dentivoOrigin = new URL(baseURL!).origin;
  servers.push(
    await startHostServer(embedHostPort, dentivoOrigin),
    await startHostServer(foreignHostPort, dentivoOrigin),
  );
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const host = `http://127.0.0.1:${embedHostPort}`;
const launcher = (p: Page) => p.getByRole('button', { name: 'Assistant', exact: true });
const drawer = (p: Page) => p.getByRole('dialog', { name: 'Assistant Dentivo' });
const input = (p: Page) => drawer(p).getByRole('textbox', { name: 'Votre question' });

test('la balise seule ajoute l’assistant dans une racine fantôme : les styles de la page et du widget ne se touchent pas', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${host}/embed.html?hostile`);
  const button = launcher(page);
  await expect(button).toBeVisible();
  expect(await page.locator('dentivo-assistant').evaluate((el) => el.shadowRoot !== null)).toBe(true);
  await expect(button).not.toHaveAttribute('data-over-footer');

  const style = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      font: s.fontFamily,
      color: s.color,
      background: s.backgroundColor,
      transform: s.textTransform,
      spacing: s.letterSpacing,
      height: el.getBoundingClientRect().height,
      radius: s.borderRadius,
    };
  });
  expect(style.font).not.toContain('Comic');
  expect(style.color).toBe('rgb(255, 255, 255)');
  expect(style.background).toBe('rgb(15, 118, 110)');
  expect(style.transform).toBe('none');
  expect(style.spacing).toBe('normal');
  expect(style.height).toBeGreaterThanOrEqual(44);
  expect(style.height).toBeLessThan(60);
  const box = (await button.boundingBox())!;
  expect(1280 - (box.x + box.width)).toBeLessThan(40);
  expect(800 - (box.y + box.height)).toBeLessThan(40);

  // The widget's classes do not style the page's own elements.
  const trap = await page.locator('#piege').evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, position: s.position, radius: s.borderRadius };
  });
  expect(trap).toEqual({ background: 'rgba(0, 0, 0, 0)', position: 'static', radius: '0px' });

  await button.click();
  await expect(drawer(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  const panel = (await drawer(page).boundingBox())!;
  expect(panel.width).toBe(400);
  expect(await input(page).evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
  expect(
    await drawer(page)
      .getByRole('heading', { name: 'Assistant Dentivo' })
      .evaluate((el) => getComputedStyle(el).color),
  ).toBe('rgb(15, 23, 42)');
  // The page keeps its own (hostile) look.
  expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 0)');
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(button).toBeFocused();
});

test('sur une autre origine : question, réponse du serveur réel, liens vers le site Dentivo dans un nouvel onglet, restauration', async ({
  page,
}) => {
  await page.goto(`${host}/embed.html`);
  await launcher(page).click();
  await drawer(page).getByRole('button', { name: 'Qu’est-ce que Dentivo ?' }).click();
  const reply = drawer(page).locator('.assistant-markdown').last();
  await expect(reply).toContainText('Dentivo est une suite de gestion en ligne');
  const faq = reply.getByRole('link', { name: 'FAQ' }).first();
  await expect(faq).toHaveAttribute('href', `${dentivoOrigin}/faq`);
  await expect(faq).toHaveAttribute('target', '_blank');
  await expect(faq).toHaveAttribute('rel', 'noopener noreferrer');

  await page.reload();
  await launcher(page).click();
  await expect(drawer(page).locator('.assistant-message--user')).toContainText('Qu’est-ce que Dentivo');
  await expect(drawer(page).locator('.assistant-markdown').last()).toContainText('suite de gestion');
});

test('sur une autre origine : transmettre sa question à l’équipe, dans le tiroir, jusqu’à la confirmation et la boîte de l’équipe', async ({
  page,
}) => {
  await page.goto(`${host}/embed.html`);
  await launcher(page).click();
  const email = `lilas-${Date.now()}@cabinet.example`;
  await input(page).fill('Vous faites aussi la comptabilité du cabinet ?');
  await input(page).press('Enter');
  await drawer(page).getByRole('button', { name: 'Transmettre ma question à l’équipe' }).click();
  const form = drawer(page).getByRole('form', { name: 'Transmettre votre question à l’équipe' });
  await form.getByRole('textbox', { name: 'Votre adresse e\u2011mail' }).fill(email);
  // The privacy policy is the Dentivo site's, not the host page's.
  await expect(form.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
    'href',
    `${dentivoOrigin}/confidentialite`,
  );
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(drawer(page).locator('.assistant-message--assistant').last()).toContainText(
    `L’équipe a bien reçu votre question et vous répond à l’adresse ${email}.`,
  );
  const listed = await inbox(['--type', 'handoff']);
  expect(listed).toContain('Question transmise par DENTY');
  expect(listed).toContain(email);
  expect(listed).toContain('« Vous faites aussi la comptabilité du cabinet ? »');
});

test('la page hôte ouvre l’assistant avec son message (événement custom-assistant-message)', async ({ page }) => {
  await page.goto(`${host}/embed.html`);
  await expect(launcher(page)).toBeVisible();
  await page.getByRole('button', { name: 'Poser une question à DENTY' }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).locator('.assistant-message')).toHaveCount(1);
  await expect(drawer(page).locator('.assistant-message')).toContainText(
    'Que souhaitez-vous savoir sur Dentivo\u202F?',
  );
});

test('sans CSP sur la page hôte non plus, une réponse hostile ne s’exécute pas', async ({ page }) => {
  await page.route(`${dentivoOrigin}/assistant/webhook`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': host },
      body: JSON.stringify({
        response:
          '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><svg onload="window.__xss=3"></svg>[x](javascript:window.__xss=4) **ok**',
      }),
    }),
  );
  await page.goto(`${host}/embed.html`);
  await launcher(page).click();
  await input(page).fill('Bonjour');
  await input(page).press('Enter');
  const reply = drawer(page).locator('.assistant-markdown').last();
  await expect(reply.locator('strong')).toHaveText('ok');
  await expect(reply.locator('img, script, svg, a[href]')).toHaveCount(0);
  await reply.getByText('x', { exact: true }).click();
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
});

test('la configuration de production (data-webhook-url) change l’adresse du webhook sans reconstruire les widgets', async ({
  page,
}) => {
  webhookCalls.length = 0;
  const toDentivo: string[] = [];
  page.on(
    'request',
    (request) => request.url().startsWith(`${dentivoOrigin}/assistant/`) && toDentivo.push(request.url()),
  );
  await page.goto(`${host}/production.html`);
  await launcher(page).click();
  await input(page).fill('Bonjour depuis la production');
  await input(page).press('Enter');
  await expect(drawer(page).locator('.assistant-markdown').last()).toContainText(
    'Réponse de l’automatisation de production.',
  );
  expect(webhookCalls).toHaveLength(1);
  expect(webhookCalls[0]).toMatchObject({
    text: 'Bonjour depuis la production',
    conversation_id: expect.stringMatching(/^conv-[0-9a-f]{24}$/),
  });
  expect(toDentivo).toEqual([]);
});

test('un autre widget sur demande : le formulaire de contact, dans sa propre racine fantôme', async ({ page }) => {
  await page.goto(`${host}/embed.html?hostile`);
  const form = page.locator('[data-dentivo-widget="contact-form"]');
  await expect(form.getByRole('form', { name: 'Formulaire de contact' })).toBeVisible();
  expect(await form.evaluate((el) => el.shadowRoot !== null)).toBe(true);
  const field = form.getByRole('textbox').first();
  expect(await field.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Comic');
});

test('une origine absente d’EMBED_ORIGINS n’obtient rien du serveur, et la console dit pourquoi en une ligne', async ({
  page,
  request,
}) => {
  const foreignOrigin = `http://127.0.0.1:${foreignHostPort}`;
  const ours: string[] = [];
  page.on('console', (message) => message.text().startsWith('Dentivo') && ours.push(message.text()));
  await page.goto(`${foreignOrigin}/embed.html`);
  await expect.poll(() => ours.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // Time for a second line, were there one: the page has nothing left to load.
  await page.waitForLoadState('networkidle');
  expect(ours).toHaveLength(1);
  expect(ours[0]).toContain('EMBED_ORIGINS');
  expect(ours[0]).toContain(foreignOrigin);
  expect(ours[0]).toContain(dentivoOrigin);
  await expect(launcher(page)).toHaveCount(0);
  await expect(page.locator('[data-dentivo-widget="contact-form"]')).toBeEmpty();

  const foreign = await request.post(`${dentivoOrigin}/assistant/webhook`, {
    headers: { origin: foreignOrigin, 'content-type': 'application/json' },
    data: { message_id: 'm', text: 'x', sent_at: new Date().toISOString(), conversation_id: 'c' },
  });
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
  const allowed = await request.get(`${dentivoOrigin}/embed/app.js`, { headers: { origin: host } });
  expect(allowed.headers()['access-control-allow-origin']).toBe(host);
});

test.describe('un formulaire seul, dans la colonne de 420 px de la page hôte', () => {
  /** The page's placeholder and the form inside its shadow root, as laid out. */
  async function layout(page: Page, name: 'contact-form' | 'tester-form') {
    const placeholder = page.locator(`[data-dentivo-widget="${name}"]`);
    await expect(placeholder.locator('form')).toBeVisible();
    const style = await placeholder.evaluate((element) => {
      const s = getComputedStyle(element);
      return { display: s.display, border: s.borderTopWidth, padding: s.paddingLeft, radius: s.borderTopLeftRadius };
    });
    return {
      style,
      outer: (await placeholder.boundingBox())!,
      form: (await placeholder.locator('form').boundingBox())!,
    };
  }

  for (const width of [375, 1280]) {
    test(`le formulaire de contact garde la colonne et la mise en forme de la page, à ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${host}/embed.html?colonne=contact-form`);
      const { style, outer, form } = await layout(page, 'contact-form');
      // The page's own rules for its element stand: block, its border, padding and radius, its width.
      expect(style).toEqual({ display: 'block', border: '3px', padding: '12px', radius: '14px' });
      expect(outer.width).toBeLessThanOrEqual(COLUMN_WIDTH);
      if (width > COLUMN_WIDTH + 100) expect(outer.width).toBe(COLUMN_WIDTH);
      // The form fills the column inside its border and padding, no more.
      expect(form.x).toBeGreaterThanOrEqual(outer.x + 15 - 1);
      expect(form.x + form.width).toBeLessThanOrEqual(outer.x + outer.width - 15 + 1);
      expect(form.width).toBeGreaterThan(outer.width - 2 * 15 - 2);
      // Nothing of the assistant when it is not asked for.
      await expect(launcher(page)).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('le lien vers la politique de confidentialité mène au site Dentivo, pas à la page hôte', async ({ page }) => {
    await page.goto(`${host}/embed.html?colonne=contact-form`);
    const link = page
      .locator('[data-dentivo-widget="contact-form"]')
      .getByRole('link', { name: 'Lire la politique de confidentialité (nouvel onglet)' });
    await expect(link).toHaveAttribute('href', `${dentivoOrigin}/confidentialite`);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(dentivoOrigin);
    await expect(tab.getByRole('heading', { level: 1 })).toContainText('confidentialité');
    await tab.close();
  });

  test('une demande de contact envoyée montre son toast, sans l’assistant sur la page', async ({ page }) => {
    await page.goto(`${host}/embed.html?colonne=contact-form`);
    const form = page.locator('[data-dentivo-widget="contact-form"]');
    await form.getByLabel('Nom et prénom').fill('Cabinet des Lilas');
    await form.getByLabel('Adresse e\u2011mail').fill(`lilas-${Date.now()}@cabinet.example`);
    await form.getByLabel('Sujet de votre demande').selectOption('demo');
    await form.getByLabel('Votre message').fill('Bonjour, nous aimerions une démonstration au cabinet.');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    const toast = page.locator('dentivo-toasts').getByRole('status');
    await expect(toast).toContainText('Message envoyé\u202F!');
    await expect(toast).toContainText('Nous avons bien reçu votre demande.');
    await expect(form.getByRole('heading', { name: 'Merci pour votre message\u202F!' })).toBeVisible();
  });

  test('une demande de testeur envoyée montre son toast et vide le formulaire', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${host}/embed.html?colonne=tester-form`);
      const { style, outer } = await layout(page, 'tester-form');
      expect(style.border).toBe('3px');
      expect(outer.width).toBeLessThanOrEqual(COLUMN_WIDTH);
    }
    const form = page.locator('[data-dentivo-widget="tester-form"]');
    await form.getByLabel('Nom et prénom').fill('Claire Vasseur');
    await form.getByLabel('Adresse e\u2011mail').fill(`testeuse-${Date.now()}@cabinet.example`);
    await form.getByLabel('Profession').selectOption('chirurgien-dentiste');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(page.locator('dentivo-toasts').getByRole('status')).toContainText(
      'Votre demande a été envoyée avec succès\u202F!',
    );
    await expect(form.getByLabel('Nom et prénom')).toHaveValue('');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('data-open="true" : l’assistant ouvert au chargement, sans prendre le focus de la page', () => {
  for (const width of [375, 1280]) {
    test(`à ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${host}/embed.html?open`);
      await expect(drawer(page)).toBeVisible();
      // The quick options show 500 ms after the drawer: the input's 100 ms focus would have come by now.
      await expect(drawer(page).getByRole('button', { name: 'Qu’est-ce que Dentivo ?' })).toBeVisible();
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await expect(input(page)).not.toBeFocused();
      // Beside the page rather than over it: not modal, no dimmed backdrop.
      await expect(drawer(page)).not.toHaveAttribute('aria-modal', 'true');
      // The page's Escape stays the page's; Tab walks the page from its start.
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toBeVisible();
      // The options come one every 150 ms, each fading in: axe reads them once the last has come.
      await expect(drawer(page).getByRole('button', { name: quickOptions('Dentivo').at(-1) })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      const ask = page.getByRole('button', { name: 'Poser une question à DENTY' });
      await expect(ask).toBeFocused();
      // A focused element is never hidden: on a phone, where the drawer covers the page, it gives way.
      if (width < 800) {
        await expect(drawer(page)).toBeHidden();
        await expect(launcher(page)).toBeVisible();
      } else await expect(drawer(page)).toBeVisible();
      await expect(ask).toBeInViewport();
    });
  }

  test('la page reste utilisable ; quand le visiteur demande l’assistant, il devient le sien', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${host}/embed.html?open`);
    await expect(drawer(page)).toBeVisible();
    // Clicked through no backdrop: the page's own button answers.
    const ask = page.getByRole('button', { name: 'Poser une question à DENTY' });
    await ask.click();
    await expect(drawer(page).locator('.assistant-message')).toContainText('Que souhaitez-vous savoir sur Dentivo');
    await expect(input(page)).toBeFocused();
    await expect(drawer(page)).toHaveAttribute('aria-modal', 'true');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(ask).toBeFocused();
  });
});

test('poids : la balise ≤ 5 KiB gz, l’assistant complet après la première ouverture et après sa première réponse ≤ 100 KiB gz (React compris)', async ({
  page,
}, testInfo) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().startsWith(dentivoOrigin) || response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname, gzipBytes(await response.body()));
  });
  const total = () => [...scripts.values()].reduce((sum, size) => sum + size, 0);
  // The assistant alone, as most sites will embed it.
  await page.goto(`${host}/embed.html?widgets=assistant`);
  await launcher(page).click();
  await expect(drawer(page).getByRole('button', { name: 'Qu’est-ce que Dentivo ?' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const tag = scripts.get('/embed.js') ?? Infinity;
  const opened = total();
  await drawer(page).getByRole('button', { name: 'Qu’est-ce que Dentivo ?' }).click();
  await expect(drawer(page).locator('.assistant-markdown').last()).toContainText('suite de gestion');
  await page.waitForLoadState('networkidle');
  const replied = total();
  testInfo.annotations.push({
    type: 'octets',
    description: `embed.js ${kib(tag)} ; ouvert ${kib(opened)} ; après la première réponse (réseau et Markdown compris) ${kib(replied)} ; fichiers : ${[...scripts].map(([path, size]) => `${path} ${kib(size)}`).join(', ')}`,
  });
  console.log(testInfo.annotations.at(-1)!.description);
  expect(tag).toBeLessThanOrEqual(5 * KIB);
  expect(opened).toBeLessThanOrEqual(100 * KIB);
  expect(replied).toBeLessThanOrEqual(100 * KIB);
});
