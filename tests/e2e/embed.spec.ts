/**
 * The assistant embedded on another site (docs/architecture.md#islands; README, "Intégrer l'assistant"):
 * examples/embed.html served from another loopback origin, with hostile CSS, talking to the real server.
 * That origin is in the test server's EMBED_ORIGINS (playwright.config.ts); a second one is not.
 * The host server also plays the production automation webhook (a third party) for the configuration test.
 */
import { test, expect, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipBytes, kib, KIB } from '../../scripts/lib/bytes.ts';
import { embedHostPort, foreignHostPort } from '../support/ports.ts';

test.describe.configure({ mode: 'serial' });

const example = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'embed.html'), 'utf8');

/** Rules a careless host page might have: they must neither reach the widget nor be reached by it. */
const hostileCss = `
  html { font-size: 10px !important; }
  * { font-family: "Comic Sans MS", cursive !important; color: rgb(255, 0, 0) !important; letter-spacing: 3px !important; text-transform: uppercase !important; box-sizing: content-box !important; line-height: 3 !important; }
  button, textarea { background: yellow !important; border: 5px dashed lime !important; padding: 40px !important; }
  div, section, ol, ul, li, p { margin: 30px !important; }
  body > * { transform: rotate(1deg); }
  main { min-height: 160vh; }
  :root { --color-brand-700: #ff00ff; --space-s: 200px; --tap: 2px; }
  dentivo-assistant { position: absolute !important; left: -9999px !important; display: none !important; }
`;

const hostHost = `<p class="assistant-bubble toast assistant-launcher" id="piege">Texte de la page hôte</p>`;
let dentivoOrigin = '';
const servers: Server[] = [];
const webhookCalls: unknown[] = [];

function page(options: { hostile?: boolean; attributes?: string; widgets?: string } = {}): string {
  let html = example.replaceAll('http://localhost:8080', dentivoOrigin);
  if (options.widgets)
    html = html.replace('data-widgets="assistant,contact-form"', `data-widgets="${options.widgets}"`);
  if (options.hostile)
    html = html.replace('</head>', `<style>${hostileCss}</style></head>`).replace('<main>', `<main>${hostHost}`);
  if (options.attributes)
    html = html.replace(
      'data-widgets="assistant,contact-form"',
      `data-widgets="assistant,contact-form" ${options.attributes}`,
    );
  return html;
}

function hostServer(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (request.method === 'POST' && url.pathname === '/automatisation/webhook') {
      // The production automation webhook (n8n or the like): same contract, its own answer.
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        webhookCalls.push(JSON.parse(body));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            message_id: 'n8n-1',
            response: 'Réponse de **l’automatisation de production**.',
            timestamp: new Date().toISOString(),
            files: [],
            voice: null,
          }),
        );
      });
      return;
    }
    const html =
      url.pathname === '/embed.html'
        ? page({ hostile: url.searchParams.has('hostile'), widgets: url.searchParams.get('widgets') ?? undefined })
        : url.pathname === '/production.html'
          ? page({ attributes: `data-webhook-url="http://127.0.0.1:${port}/automatisation/webhook"` })
          : undefined;
    if (!html) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test.beforeAll(async ({ baseURL }) => {
  dentivoOrigin = new URL(baseURL!).origin;
  servers.push(await hostServer(embedHostPort), await hostServer(foreignHostPort));
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

test('la page hôte ouvre l’assistant avec son message (événement custom-assistant-message)', async ({ page }) => {
  await page.goto(`${host}/embed.html`);
  await expect(launcher(page)).toBeVisible();
  await page.getByRole('button', { name: 'Poser une question à DENTY' }).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).locator('.assistant-message')).toHaveCount(1);
  await expect(drawer(page).locator('.assistant-message')).toContainText('Que souhaitez-vous savoir sur Dentivo ?');
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

test('une origine absente d’EMBED_ORIGINS n’obtient rien du serveur', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`http://127.0.0.1:${foreignHostPort}/embed.html`);
  await expect
    .poll(() => errors.some((text) => text.includes('Dentivo : les widgets n’ont pas pu être chargés.')), {
      timeout: 10_000,
    })
    .toBe(true);
  await expect(launcher(page)).toHaveCount(0);
  const foreign = await request.post(`${dentivoOrigin}/assistant/webhook`, {
    headers: { origin: `http://127.0.0.1:${foreignHostPort}`, 'content-type': 'application/json' },
    data: { message_id: 'm', text: 'x', sent_at: new Date().toISOString(), conversation_id: 'c' },
  });
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
  const allowed = await request.get(`${dentivoOrigin}/embed/app.js`, { headers: { origin: host } });
  expect(allowed.headers()['access-control-allow-origin']).toBe(host);
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
