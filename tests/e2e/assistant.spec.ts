/**
 * The DENTY assistant as a visitor meets it (docs/requirements.md#assistant: the drawer, the conversation,
 * the input bar, the webhook and uploads, the errors), answered by the real embedded server.
 * Where a failure of the production automation webhook (a third party) is needed, the browser's answer from
 * /assistant/webhook is replaced with page.route; every other call reaches the real server.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CONVERSATION_KEY, recordTracking, withPreferencesSet } from '../support/assistant.ts';

const launcher = (page: Page) => page.getByRole('button', { name: 'Assistant', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Assistant Dentivo' });
const input = (page: Page) => drawer(page).getByRole('textbox', { name: 'Votre question' });
const messages = (page: Page) => drawer(page).getByRole('list', { name: 'Conversation avec l’assistant' });

async function openAssistant(page: Page, path = '/') {
  await page.goto(path);
  await launcher(page).click();
  await expect(drawer(page)).toBeVisible();
}

test.describe('Bouton Assistant', () => {
  test('caché tant que les préférences cookies ne sont pas choisies, visible ensuite', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Tout accepter' })).toBeVisible();
    await expect(page.locator('[data-widget="assistant"]')).toHaveAttribute('data-awake', '');
    await expect(launcher(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Tout accepter' }).click();
    await expect(launcher(page)).toBeVisible();
    const box = (await launcher(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  });

  test('change de couleur quand il passe sur le pied de page', async ({ page }) => {
    await withPreferencesSet(page);
    await page.goto('/faq');
    const button = launcher(page);
    await expect(button).toBeVisible();
    await expect(button).not.toHaveAttribute('data-over-footer');
    const before = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(button).toHaveAttribute('data-over-footer', '');
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
  });

  test('pulse après 45 s sans clic ; un clic l’arrête pour de bon', async ({ page }) => {
    await page.clock.install();
    await withPreferencesSet(page);
    await page.goto('/');
    const button = launcher(page);
    await expect(button).toBeVisible();
    await page.clock.fastForward(44_000);
    await expect(button).not.toHaveAttribute('data-pulse');
    await page.clock.fastForward(1_500);
    await expect(button).toHaveAttribute('data-pulse', '');
    expect(await button.evaluate((el) => getComputedStyle(el).animationName)).toBe('assistant-pulse');
    await button.click();
    await expect(button).not.toHaveAttribute('data-pulse');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await page.clock.fastForward(60_000);
    await expect(launcher(page)).not.toHaveAttribute('data-pulse');
  });

  test('aucune pulsation avec prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await withPreferencesSet(page);
    await page.goto('/');
    await expect(launcher(page)).toBeVisible();
    await page.clock.fastForward(46_000);
    await expect(launcher(page)).toHaveAttribute('data-pulse', '');
    expect(await launcher(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });
});

test.describe('Tiroir', () => {
  test.beforeEach(({ page }) => withPreferencesSet(page));

  test('s’ouvre à droite, 400 px au plus, met le focus dans le champ après 100 ms et suit l’événement assistant_open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await recordTracking(page);
    await openAssistant(page);
    await expect(drawer(page).getByRole('heading', { name: 'Assistant Dentivo' })).toBeVisible();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveAttribute('placeholder', 'Votre question...');
    const box = (await drawer(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(400);
    expect(Math.round(box.x + box.width)).toBe(1280);
    expect(
      await page.evaluate(() => (window as any).__tracked.filter((e: any) => e.event === 'assistant_open').length),
    ).toBe(1);
  });

  test('occupe tout l’écran d’un téléphone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAssistant(page);
    const box = (await drawer(page).boundingBox())!;
    expect(box.width).toBe(375);
  });

  test('un clic à l’extérieur ne le ferme pas ; Échap le ferme et rend le focus au bouton', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAssistant(page);
    await page.mouse.click(200, 400);
    await expect(drawer(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('le bouton Fermer le ferme ; le bouton Assistant le rouvre (bascule) ; la tabulation reste dedans', async ({
    page,
  }) => {
    await openAssistant(page);
    await drawer(page).getByRole('button', { name: 'Fermer l’assistant' }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await launcher(page).press('Enter');
    await expect(drawer(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await drawer(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test('un brouillon survit à la fermeture', async ({ page }) => {
    await openAssistant(page);
    await input(page).fill('Une question en cours');
    await page.keyboard.press('Escape');
    await launcher(page).click();
    await expect(input(page)).toHaveValue('Une question en cours');
  });

  test('pas de violation axe (WCAG 2.2 AA), tiroir ouvert, à 375 et 1280 px', async ({ page }) => {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await openAssistant(page);
      await drawer(page).getByRole('button', { name: 'Qu’est-ce que Dentivo ?' }).click();
      await expect(messages(page).locator('.assistant-markdown').last()).toContainText('suite de gestion');
      await page.evaluate(axe);
      const violations = await page.evaluate(async () => {
        const result = await (window as any).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        });
        return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(' | ')}`);
      });
      expect(violations).toEqual([]);
      await page.evaluate((key) => localStorage.removeItem(key), CONVERSATION_KEY);
    }
  });
});

test.describe('Conversation', () => {
  test.beforeEach(({ page }) => withPreferencesSet(page));

  test('message d’accueil de DENTY, puis les quatre options révélées à 500 ms puis toutes les 150 ms', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as any).__reveal = seen;
      new MutationObserver(() => {
        const layer = document.querySelector('.assistant-layer[data-open]');
        if (layer && !(window as any).__openedAt) (window as any).__openedAt = performance.now();
        const count = document.querySelectorAll('.assistant-option').length;
        while (seen.length < count) seen.push(performance.now());
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await launcher(page).click();
    await expect(messages(page).getByText('Je suis DENTY, l’assistant de Dentivo')).toBeVisible();
    const options = drawer(page).getByRole('list', { name: 'Questions suggérées' }).getByRole('button');
    await expect(options).toHaveText([
      'Qu’est-ce que Dentivo ?',
      'À qui s’adresse la plateforme ?',
      'Explorer les fonctionnalités actuelles',
      'Comment Dentivo peut m’aider ?',
    ]);
    const { openedAt, reveal } = await page.evaluate(() => ({
      openedAt: (window as any).__openedAt as number,
      reveal: (window as any).__reveal as number[],
    }));
    expect(reveal).toHaveLength(4);
    expect(reveal[0]! - openedAt).toBeGreaterThanOrEqual(480);
    expect(reveal[0]! - openedAt).toBeLessThan(900);
    for (let i = 1; i < 4; i++) {
      expect(reveal[i]! - reveal[i - 1]!).toBeGreaterThanOrEqual(120);
      expect(reveal[i]! - reveal[i - 1]!).toBeLessThan(300);
    }
    await expect(messages(page).locator('time').first()).toHaveText(/^\d{2}:\d{2}$/);
  });

  test('une option rapide envoie sa question au webhook et la réponse du serveur cite le site avec ses liens', async ({
    page,
  }) => {
    await openAssistant(page);
    const request = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook') && r.method() === 'POST');
    await drawer(page).getByRole('button', { name: 'Explorer les fonctionnalités actuelles' }).click();
    const payload = (await request).postDataJSON();
    expect(payload).toMatchObject({ text: 'Explorer les fonctionnalités actuelles' });
    // A random id per conversation, kept beside it, so that the assistant can follow the conversation.
    expect(payload.conversation_id).toMatch(/^conv-[0-9a-f]{24}$/);
    expect(await page.evaluate((key) => localStorage.getItem(`${key}_id`), CONVERSATION_KEY)).toBe(
      payload.conversation_id,
    );
    expect(payload.message_id).toEqual(expect.any(String));
    expect(Date.parse(payload.sent_at)).not.toBeNaN();
    expect(payload).not.toHaveProperty('files');
    expect(payload).not.toHaveProperty('voice');
    await expect(drawer(page).getByRole('list', { name: 'Questions suggérées' })).toHaveCount(0);
    const reply = messages(page).locator('.assistant-markdown').last();
    // An answer in the site's words, then its source.
    await expect(reply).toContainText('Agenda patients');
    await expect(reply).not.toContainText('Voici ce que j’ai trouvé');
    // Own-domain links stay in the same window.
    const source = reply.getByRole('link', { name: 'Fonctionnalités' });
    await expect(source).toHaveAttribute('href', '/fonctionnalites#modules');
    await expect(source).not.toHaveAttribute('target');
    await source.click();
    await expect(page).toHaveURL(/\/fonctionnalites#modules$/);
  });

  test('Entrée envoie, Maj+Entrée passe à la ligne, le texte est rogné ; indicateur de saisie ; horodatage HH:mm', async ({
    page,
  }) => {
    await openAssistant(page);
    const field = input(page);
    await field.pressSequentially('   Combien coûte');
    await field.press('Shift+Enter');
    await field.pressSequentially('Dentivo ?   ');
    await expect(field).toHaveValue('   Combien coûte\nDentivo ?   ');
    expect(await field.getAttribute('rows')).toBe('2');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assistant/webhook', async (route) => {
      await held;
      await route.continue();
    });
    await field.press('Enter');
    await expect(field).toHaveValue('');
    const mine = messages(page).locator('.assistant-message--user').last();
    await expect(mine.locator('p')).toHaveText('Combien coûte\nDentivo ?'.replace('\n', ''));
    await expect(mine.locator('p br')).toHaveCount(1);
    await expect(drawer(page).getByText('DENTY écrit…')).toBeAttached();
    await expect(drawer(page).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    release();
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('Pack Essentiel');
    await expect(drawer(page).getByText('DENTY écrit…')).toHaveCount(0);
    await expect(drawer(page).getByRole('status')).toContainText('DENTY', { timeout: 2000 });
    await expect(mine.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  });

  test('la textarea grandit de 1 à 4 lignes, pas au-delà', async ({ page }) => {
    await openAssistant(page);
    await expect(input(page)).toHaveAttribute('rows', '1');
    await input(page).fill('1\n2\n3\n4\n5\n6');
    await expect(input(page)).toHaveAttribute('rows', '4');
  });

  test('la conversation est restaurée après rechargement, puis effacée vers l’accueil', async ({ page }) => {
    await openAssistant(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), CONVERSATION_KEY)).toBeNull();
    await input(page).fill('Où sont hébergées les données ?');
    await input(page).press('Enter');
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('hébergées en France');
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONVERSATION_KEY))!);
    expect(stored.map((m: any) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    const conversationId = await page.evaluate((key) => localStorage.getItem(`${key}_id`), CONVERSATION_KEY);
    expect(conversationId).toMatch(/^conv-/);

    await page.reload();
    await launcher(page).click();
    await expect(messages(page).locator('.assistant-message--user')).toHaveText(/Où sont hébergées les données/);
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('hébergées en France');
    await expect(drawer(page).getByRole('list', { name: 'Questions suggérées' })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(`${key}_id`), CONVERSATION_KEY)).toBe(conversationId);

    await drawer(page).getByRole('button', { name: 'Effacer la conversation' }).click();
    await expect(messages(page).getByRole('listitem')).toHaveCount(1);
    await expect(messages(page)).toContainText('Je suis DENTY');
    expect(await page.evaluate((key) => localStorage.getItem(key), CONVERSATION_KEY)).toBeNull();
    // Cleared, the conversation loses its id: the next message starts a new one.
    expect(await page.evaluate((key) => localStorage.getItem(`${key}_id`), CONVERSATION_KEY)).toBeNull();
    await expect(drawer(page).getByRole('list', { name: 'Questions suggérées' }).getByRole('button')).toHaveCount(4);
  });

  test('une conversation illisible en stockage laisse place à l’accueil', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '{pas du json'), CONVERSATION_KEY);
    await openAssistant(page);
    await expect(messages(page)).toContainText('Je suis DENTY');
  });

  test('l’événement custom-assistant-message remplace la conversation par son message et ouvre le tiroir', async ({
    page,
  }) => {
    await recordTracking(page);
    await openAssistant(page);
    await input(page).fill('Bonjour');
    await input(page).press('Enter');
    await expect(messages(page).locator('.assistant-message')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('custom-assistant-message', {
          detail: { type: 'open-assistant', message: 'Bonjour, je suis DENTY ! Quelle idée avez-vous ?' },
        }),
      ),
    );
    await expect(drawer(page)).toBeVisible();
    await expect(messages(page).locator('.assistant-message')).toHaveCount(1);
    await expect(messages(page)).toContainText('Quelle idée avez-vous ?');
    expect(
      await page.evaluate(() => (window as any).__tracked.filter((e: any) => e.event === 'assistant_open').length),
    ).toBe(2);
  });

  test('les boutons « Suggérer une idée » du site ouvrent l’assistant avec leur message', async ({ page }) => {
    await page.goto('/fonctionnalites');
    const idea = page.locator('[data-assistant-message]').first();
    await expect(launcher(page)).toBeVisible();
    const preset = await idea.getAttribute('data-assistant-message');
    await idea.click();
    await expect(drawer(page)).toBeVisible();
    await expect(messages(page).locator('.assistant-message')).toHaveCount(1);
    await expect(messages(page)).toContainText(preset!.slice(0, 30));
    await page.keyboard.press('Escape');
    await expect(idea).toBeFocused();
  });
});

test.describe('Avant que le bandeau cookies soit répondu', () => {
  test('« Suggérer une idée » ouvre l’assistant dès le premier clic ; le bouton flottant attend le choix', async ({
    page,
  }) => {
    await page.goto('/fonctionnalites');
    const banner = page.getByRole('region', { name: 'Vos choix sur les cookies' });
    await expect(banner).toBeVisible();
    await expect(launcher(page)).toHaveCount(0);
    const idea = page.getByRole('button', { name: 'Suggérer une idée' });
    const preset = await idea.getAttribute('data-assistant-message');
    await idea.click();
    await expect(drawer(page)).toBeVisible();
    await expect(messages(page).locator('.assistant-message')).toHaveCount(1);
    await expect(messages(page)).toContainText(preset!.slice(0, 30));
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(idea).toBeFocused();
    // The choice is still the visitor's to make; then the floating button shows.
    await expect(banner).toBeVisible();
    await expect(launcher(page)).toHaveCount(0);
    await banner.getByRole('button', { name: 'Refuser', exact: true }).click();
    await expect(launcher(page)).toBeVisible();
  });
});

test.describe('Échecs (catalogue de la section 8)', () => {
  test.beforeEach(({ page }) => withPreferencesSet(page));

  async function expectConnectionFailure(page: Page, typed: string) {
    const toast = page.getByRole('alert').filter({ hasText: 'Erreur de connexion' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Impossible de contacter l’assistant. Veuillez réessayer plus tard.');
    await expect(messages(page).locator('.assistant-message--assistant').last()).toHaveText(
      /Je rencontre des difficultés à me connecter\. Veuillez réessayer plus tard\./,
    );
    // Nothing typed is lost: the message stays in the conversation and comes back in the field.
    await expect(messages(page).locator('.assistant-message--user').last()).toContainText(typed);
    await expect(input(page)).toHaveValue(typed);
  }

  test('webhook en erreur 500', async ({ page }) => {
    await page.route('**/assistant/webhook', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await openAssistant(page);
    await input(page).fill('Ma question importante');
    await input(page).press('Enter');
    await expectConnectionFailure(page, 'Ma question importante');
  });

  test('webhook qui ne répond pas : abandon après un délai borné', async ({ page }) => {
    await page.clock.install();
    await page.route('**/assistant/webhook', () => {
      /* never answers */
    });
    await openAssistant(page);
    await input(page).fill('Une question sans réponse');
    const sent = page.waitForRequest('**/assistant/webhook');
    await input(page).press('Enter');
    await sent;
    await expect(drawer(page).getByText('DENTY écrit…')).toBeAttached();
    await page.clock.fastForward(19_000);
    await expect(drawer(page).getByText('DENTY écrit…')).toBeAttached();
    await page.clock.fastForward(2_000);
    await expectConnectionFailure(page, 'Une question sans réponse');
  });

  for (const [name, body] of [
    ['pas du JSON', '<html>Erreur</html>'],
    ['JSON de mauvaise forme', JSON.stringify({ response: 42 })],
    ['JSON démesuré', JSON.stringify({ response: 'x'.repeat(300_000) })],
  ] as const) {
    test(`réponse mal formée : ${name}`, async ({ page }) => {
      await page.route('**/assistant/webhook', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
      await openAssistant(page);
      await input(page).fill('Bonjour');
      await input(page).press('Enter');
      await expectConnectionFailure(page, 'Bonjour');
    });
  }

  test('réponse sans texte : le message de la section 8', async ({ page }) => {
    await page.route('**/assistant/webhook', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ message_id: 'r', response: '  ', timestamp: '', files: [], voice: null }),
      }),
    );
    await openAssistant(page);
    await input(page).fill('Bonjour');
    await input(page).press('Enter');
    await expect(messages(page).locator('.assistant-message--assistant').last()).toHaveText(
      /Je n’ai pas pu générer de réponse à cette requête\./,
    );
    await expect(input(page)).toHaveValue('');
  });

  test('du HTML et des scripts dans une réponse ne s’exécutent jamais ; les liens suivent les règles', async ({
    page,
  }) => {
    const hostile = [
      '**Gras** et [page contact](/contact) et [CNIL](https://www.cnil.fr/).',
      '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
      '[piège](javascript:window.__xss=3) <a href="javascript:window.__xss=4">lien</a> <a onclick="window.__xss=5">clic</a> [données](data:text/html,<script>alert(1)</script>)',
      '<iframe src="javascript:window.__xss=6"></iframe><svg onload="window.__xss=7"></svg><style>body{display:none}</style>',
      '<form action="https://pirate.example"><input name=x></form><div style="position:fixed;inset:0">couvre</div>',
    ].join('\n\n');
    await page.route('**/assistant/webhook', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ message_id: 'r', response: hostile, timestamp: '', files: [], voice: null }),
      }),
    );
    await openAssistant(page);
    await input(page).fill('Bonjour');
    await input(page).press('Enter');
    const reply = messages(page).locator('.assistant-markdown').last();
    await expect(reply.locator('strong')).toHaveText('Gras');
    await expect(reply.getByRole('link', { name: 'page contact' })).toHaveAttribute('href', '/contact');
    await expect(reply.getByRole('link', { name: 'page contact' })).not.toHaveAttribute('target');
    const cnil = reply.getByRole('link', { name: 'CNIL' });
    await expect(cnil).toHaveAttribute('target', '_blank');
    await expect(cnil).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(
      reply.locator('script, img, iframe, svg, style, form, input, [style], [onclick], [onerror], [onload]'),
    ).toHaveCount(0);
    await expect(reply.locator('a[href^="javascript"], a[href^="data"]')).toHaveCount(0);
    for (const text of ['piège', 'lien', 'clic']) {
      await expect(reply.getByText(text, { exact: true })).not.toHaveAttribute('href');
      await reply.getByText(text, { exact: true }).click();
    }
    await expect(drawer(page)).toBeVisible();
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    await expect(page.locator('body')).toBeVisible();
  });

  test('les fichiers joints sont des puces retirables, envoyés au stockage puis au webhook', async ({ page }) => {
    await openAssistant(page);
    const longName = 'compte-rendu-operatoire-tres-long-du-patient-numero-42.pdf';
    await drawer(page)
      .locator('input[type=file]')
      .setInputFiles([
        { name: longName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') },
        { name: 'note equipe.txt', mimeType: 'text/plain', buffer: Buffer.from('Bonjour') },
      ]);
    const chips = drawer(page).getByRole('list', { name: 'Fichiers à envoyer' }).getByRole('listitem');
    await expect(chips).toHaveCount(2);
    const nameBox = (await chips.first().locator('.assistant-chip__name').boundingBox())!;
    expect(nameBox.width).toBeLessThanOrEqual(120);
    await drawer(page)
      .getByRole('button', { name: `Retirer ${longName}` })
      .click();
    await expect(chips).toHaveCount(1);
    await expect(drawer(page).getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    const request = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
    await drawer(page).getByRole('button', { name: 'Envoyer' }).click();
    const payload = (await request).postDataJSON();
    expect(payload.files).toHaveLength(1);
    expect(payload.files[0]).toMatchObject({ filename: 'note equipe.txt', type: 'text/plain' });
    expect(payload.files[0].url).toMatch(
      /\/storage\/v1\/object\/public\/assistant-uploads\/landing-page\/files\/\d+-[\w-]{22}-note_equipe\.txt$/,
    );
    const stored = await page.request.get(payload.files[0].url);
    expect(stored.status()).toBe(200);
    expect(await stored.text()).toBe('Bonjour');
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('J’ai bien reçu votre fichier');
    await expect(
      messages(page).locator('.assistant-message--user').last().getByRole('link', { name: 'note equipe.txt' }),
    ).toBeVisible();
  });

  test('un fichier refusé par le stockage : message clair, rien de perdu', async ({ page }) => {
    await openAssistant(page);
    await drawer(page)
      .locator('input[type=file]')
      .setInputFiles([{ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<h1>x</h1>') }]);
    await input(page).fill('Voici ma page');
    await input(page).press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Fichier non envoyé' });
    await expect(toast).toContainText('page.html');
    await expect(input(page)).toHaveValue('Voici ma page');
    await expect(drawer(page).getByRole('list', { name: 'Fichiers à envoyer' }).getByRole('listitem')).toHaveCount(1);
  });

  test('microphone refusé : l’alerte de la section 8', async ({ page }) => {
    await openAssistant(page);
    await drawer(page).getByRole('button', { name: 'Enregistrer un message vocal' }).click();
    await expect(drawer(page).getByRole('alert')).toHaveText(
      'Impossible d’accéder au microphone. Veuillez vérifier les permissions.',
    );
  });
});
