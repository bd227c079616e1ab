/**
 * The DENTY assistant as a visitor meets it (docs/requirements.md#assistant: the drawer, the conversation,
 * the input bar, the webhook and uploads, the errors), answered by the real embedded server.
 * Where a failure of the production automation webhook (a third party) is needed, the browser's answer from
 * /assistant/webhook is replaced with page.route; every other call reaches the real server.
 */
import { test, expect, type Page } from '@playwright/test';
import { CONVERSATION_KEY, recordTracking, withPreferencesSet } from '../support/assistant.ts';
import { builtPages } from '../support/site.ts';
import { axeViolations } from '../support/axe.ts';
import { ASSISTANT } from '../../core/assistant/constants.ts';

const launcher = (page: Page) => page.getByRole('button', { name: 'Assistant', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Assistant Dentivo' });
const input = (page: Page) => drawer(page).getByRole('textbox', { name: 'Votre question' });
const messages = (page: Page) => drawer(page).getByRole('list', { name: 'Conversation avec l’assistant' });
/** A reply from the real server comes within the widget's own deadline, however busy the machine is. */
const replyWait = { timeout: ASSISTANT.requestTimeoutMs + 10_000 };

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

  /**
   * What the button's visible part covers: lines of text, links and controls of the page (found by their
   * own boxes, text line by line), once it has settled where it sits.
   */
  const coveredByLauncher = (page: Page) =>
    page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('.assistant-launcher')!;
      if (button.hidden || getComputedStyle(button).visibility === 'hidden') return [];
      const own = button.getBoundingClientRect();
      const shown = new DOMRect(own.left, own.top, Math.max(0, Math.min(own.right, innerWidth) - own.left), own.height);
      if (!shown.width) return [];
      const crosses = (box: DOMRect) =>
        box.width &&
        box.height &&
        box.left < shown.right &&
        box.right > shown.left &&
        box.top < shown.bottom &&
        box.bottom > shown.top;
      const island = document.querySelector('[data-widget="assistant"]')!;
      const found: string[] = [];
      for (const element of document.querySelectorAll('a, button, input, select, textarea, summary'))
        if (!island.contains(element) && element.checkVisibility() && crosses(element.getBoundingClientRect()))
          found.push(`${element.tagName.toLowerCase()} « ${element.textContent?.trim().slice(0, 40)} »`);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent!.trim() || island.contains(node) || !node.parentElement!.checkVisibility()) continue;
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(crosses)) found.push(`texte « ${node.textContent!.trim().slice(0, 40)} »`);
      }
      return found;
    });

  test('à 1280 px, en bas de page, le bouton ne couvre aucun texte, lien ni contrôle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 740 });
    await withPreferencesSet(page);
    for (const path of ['/', '/blog', '/tarifs', '/blog/taux-acceptation-devis']) {
      await page.goto(path);
      await expect(launcher(page)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(launcher(page)).toHaveAttribute('data-over-footer', '');
      await expect.poll(() => coveredByLauncher(page), path).toEqual([]);
    }
  });

  // Every page, and the states the visitor brings about (a search that finds nothing, a choice's id).
  const phonePages = [
    ...builtPages().map(({ path }) => (path === '/404.html' ? '/page-qui-n-existe-pas' : path)),
    '/blog?search=zzzqqq',
    '/gestion-cookies#vos-choix',
  ];
  const quarter = Math.ceil(phonePages.length / 4);
  for (let part = 0; part < 4; part++)
    test(`à 375 px, le bouton ne couvre jamais un texte, un lien ni un contrôle : en haut, en chemin, en bas (${part + 1}/4)`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 375, height: 667 });
      await withPreferencesSet(page);
      for (const path of phonePages.slice(part * quarter, (part + 1) * quarter)) {
        await page.goto(path);
        await expect(page.locator('.assistant-launcher')).not.toHaveAttribute('hidden');
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (const y of [null, height / 3, (2 * height) / 3, height]) {
          if (y !== null) await page.evaluate((top) => window.scrollTo(0, top), y);
          await expect.poll(() => coveredByLauncher(page), `${path} à ${y ?? 'l’arrivée'}`).toEqual([]);
        }
      }
    });

  test('pulse après 45 s sans clic ; un clic l’arrête pour de bon', async ({ page }) => {
    await page.clock.install();
    await withPreferencesSet(page);
    await page.goto('/');
    const button = launcher(page);
    await expect(button).toBeVisible();
    // From here the page's time moves only when the test says so. Before, it ran with the machine's
    // clock: the seconds a busy machine took between the button's timer and this line counted too. What
    // still passes before the pause (a second ahead, so that the pause is never in the past) stays
    // well within the 5 s left before the pulse.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(39_000);
    await expect(button).not.toHaveAttribute('data-pulse');
    await page.clock.runFor(5_500);
    await expect(button).toHaveAttribute('data-pulse', '');
    // A ring around the button, a few beats (it draws the eye, then stops): docs/decisions/0057-motion-after-interaction.md.
    expect(
      await button.evaluate((el) => {
        const ring = getComputedStyle(el, '::after');
        return [ring.animationName, ring.animationIterationCount];
      }),
    ).toEqual(['assistant-pulse', '3']);
    await button.click();
    // The open drawer hides the button (no role then): its element is read directly.
    await expect(page.locator('.assistant-launcher')).not.toHaveAttribute('data-pulse');
    await page.clock.resume();
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
    expect(await launcher(page).evaluate((el) => getComputedStyle(el, '::after').animationName)).toBe('none');
  });
});

test.describe('Le pied de page du bouton est celui de la page', () => {
  test.beforeEach(({ page }) => withPreferencesSet(page));

  // Every article (its tags block is a <footer>) and the page with a sample report (another <footer>).
  const paths = [
    ...builtPages()
      .map((built) => built.path)
      .filter((path) => /^\/blog\/[^/.]+$/.test(path)),
    '/endodontie-comptes-rendus',
  ];

  test(`${paths.length} pages : pas de changement de couleur au milieu de la page, le changement sur le vrai pied de page`, async ({
    page,
  }) => {
    expect(paths.length).toBeGreaterThanOrEqual(15);
    const button = launcher(page);
    for (const path of paths) {
      await page.goto(path);
      await expect(button).toBeVisible();
      // Bring the inner footer level with the button, and let the check run (two frames).
      const level = await page.evaluate(() => {
        const inner = document.querySelector('article footer, section footer')!;
        const own = document.querySelector('.assistant-launcher')!.getBoundingClientRect();
        const box = inner.getBoundingClientRect();
        window.scrollTo({
          top: window.scrollY + box.top + box.height / 2 - (own.top + own.height / 2),
          behavior: 'instant',
        });
        return new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const after = inner.getBoundingClientRect();
              const now = document.querySelector('.assistant-launcher')!.getBoundingClientRect();
              resolve(after.top < now.bottom && after.bottom > now.top);
            }),
          ),
        );
      });
      expect(level, `${path} : le bloc de fin d’article au niveau du bouton`).toBe(true);
      await expect(button, path).not.toHaveAttribute('data-over-footer');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(button, path).toHaveAttribute('data-over-footer', '');
    }
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
    await expect(page.locator('.assistant-launcher')).toHaveAttribute('aria-expanded', 'true');
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveAttribute('placeholder', 'Votre question…');
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

  for (const width of [1280, 375])
    test(`à ${width} px, le bouton se retire pendant que le tiroir est ouvert et revient avec le focus`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      await openAssistant(page);
      await expect(launcher(page)).toBeHidden();
      await drawer(page).getByRole('button', { name: 'Fermer l’assistant' }).click();
      await expect(drawer(page)).toBeHidden();
      await expect(launcher(page)).toBeVisible();
      await expect(launcher(page)).toBeFocused();
    });

  test('un brouillon survit à la fermeture', async ({ page }) => {
    await openAssistant(page);
    await input(page).fill('Une question en cours');
    await page.keyboard.press('Escape');
    await launcher(page).click();
    await expect(input(page)).toHaveValue('Une question en cours');
  });

  test('pas de violation axe (WCAG 2.2 AA), tiroir ouvert, à 375 et 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await openAssistant(page);
      await drawer(page).getByRole('button', { name: 'Qu’est-ce que Dentivo ?' }).click();
      await expect(messages(page)).toContainText('Qu’est-ce que Dentivo ?');
      await expect(messages(page).locator('.assistant-markdown').last()).toContainText('suite de gestion', replyWait);
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate((key) => localStorage.removeItem(key), CONVERSATION_KEY);
    }
  });
});

test.describe('Conversation', () => {
  test.beforeEach(({ page }) => withPreferencesSet(page));

  test('message d’accueil de DENTY, puis les quatre options révélées une à une, dans l’ordre', async ({ page }) => {
    await page.goto('/');
    // Every change of the options' list, in order: what shows, never when (no time in an assertion).
    await page.evaluate(() => {
      const seen: string[][] = [];
      (window as any).__reveal = seen;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll('.assistant-option')].map((option) =>
          (option.textContent ?? '').replace(/\s+/g, ' '),
        );
        if (shown.join('|') !== (seen.at(-1) ?? []).join('|')) seen.push(shown);
      }).observe(document.body, { subtree: true, childList: true });
    });
    await launcher(page).click();
    await expect(messages(page).getByText('Je suis DENTY, l’assistant de Dentivo')).toBeVisible();
    const options = [
      'Qu’est-ce que Dentivo ?',
      'À qui s’adresse la plateforme ?',
      'Explorer les fonctionnalités actuelles',
      'Comment Dentivo peut m’aider ?',
    ];
    await expect(drawer(page).getByRole('list', { name: 'Questions suggérées' }).getByRole('button')).toHaveText(
      options,
    );
    // One more each time, the next in the list: none, then the first, the first two, and so on.
    expect(await page.evaluate(() => (window as any).__reveal)).toEqual(
      options.map((_, index) => options.slice(0, index + 1)),
    );
    await expect(messages(page).locator('time').first()).toHaveText(/^\d{2}:\d{2}$/);
  });

  test('les options rapides restent sous l’accueil : jamais sous le message « Suggérer une idée » ou « testeurs »', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/fonctionnalites');
    for (const name of ['Suggérer une idée', 'Rejoindre les testeurs']) {
      await page.getByRole('button', { name }).click();
      await expect(drawer(page)).toBeVisible();
      await expect(messages(page).locator('.assistant-message')).toHaveCount(1);
      // Far past the moment they would show under the welcome message.
      await page.clock.runFor(5_000);
      await expect(drawer(page).getByRole('list', { name: 'Questions suggérées' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    }
    await launcher(page).click();
    await drawer(page).getByRole('button', { name: 'Effacer la conversation' }).click();
    await page.clock.runFor(5_000);
    await expect(drawer(page).getByRole('list', { name: 'Questions suggérées' }).getByRole('button')).toHaveCount(4);
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

  test('pas sûr, DENTY offre des sujets : un bouton pressé pose sa question et reçoit sa réponse', async ({ page }) => {
    await openAssistant(page);
    await input(page).fill('Dentivo fonctionne sur Mac ?');
    await input(page).press('Enter');
    const unsure = messages(page).locator('.assistant-markdown').last();
    await expect(unsure).toContainText('Je ne suis pas sûr d’avoir compris. Vous cherchez peut-être', replyWait);
    // And the way to the team, under the reply.
    await expect(
      messages(page).locator('.assistant-message--assistant').last().getByRole('button', {
        name: 'Transmettre ma question à l’équipe',
      }),
    ).toBeVisible();
    const subject = unsure.locator('button.assistant-option').first();
    const request = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook') && r.method() === 'POST');
    await subject.click();
    // The subject as typeset on the button, asked in the visitor's name.
    const asked = (await request).postDataJSON().text as string;
    expect(asked.length).toBeGreaterThan(2);
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('En savoir plus', replyWait);
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
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('Pack Essentiel', replyWait);
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
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('hébergées en France', replyWait);
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
    // The preset keeps the build's French typography into the drawer: narrow no-break spaces, apostrophes.
    expect(preset).toMatch(/DENTY\u202F!.*\u202F\?/);
    expect(preset).toContain('’');
    expect(await messages(page).locator('.assistant-message').first().textContent()).toContain(preset);
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
    // The preset keeps the build's French typography into the drawer: narrow no-break spaces, apostrophes.
    expect(preset).toMatch(/DENTY\u202F!.*\u202F\?/);
    expect(preset).toContain('’');
    expect(await messages(page).locator('.assistant-message').first().textContent()).toContain(preset);
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
    // Paused, as in the pulse test: a busy machine's seconds before this line must not count.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(15_000);
    await expect(drawer(page).getByText('DENTY écrit…')).toBeAttached();
    await page.clock.runFor(5_000);
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
    // A Markdown link the chat refuses stays its words; raw HTML is only text, its tags dropped.
    await expect(reply.getByText('piège', { exact: true })).not.toHaveAttribute('href');
    await reply.getByText('piège', { exact: true }).click();
    for (const text of ['lien', 'clic', 'données']) {
      await expect(reply).toContainText(text);
      await expect(reply.getByRole('link', { name: text })).toHaveCount(0);
    }
    await reply.getByText(/lien clic/).click();
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
    // Named by the server: the visitor's name is in the message for the team, never in the address.
    expect(payload.files[0].url).toMatch(
      /\/storage\/v1\/object\/public\/assistant-uploads\/landing-page\/files\/\d+-[\w-]{22}\.txt$/,
    );
    const stored = await page.request.get(payload.files[0].url);
    expect(stored.status()).toBe(200);
    expect(await stored.text()).toBe('Bonjour');
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('J’ai bien reçu votre fichier');
    await expect(
      messages(page).locator('.assistant-message--user').last().getByRole('link', { name: 'note equipe.txt' }),
    ).toBeVisible();
  });

  test('un type ou une taille refusés : dit avant l’envoi, fichier par fichier, rien d’envoyé', async ({ page }) => {
    await openAssistant(page);
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/functions/v1/assistant/upload') && uploads.push(r.url()));
    await drawer(page)
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<h1>x</h1>') },
        { name: 'scanner.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
        { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('Bonjour') },
      ]);
    const notice = drawer(page).getByRole('alert');
    await expect(notice).toContainText('« page.html » n’est pas joint : ce type de fichier n’est pas accepté');
    await expect(notice).toContainText('« scanner.pdf » n’est pas joint : il dépasse 10 Mo.');
    await expect(notice).not.toContainText('difficultés à me connecter');
    const chips = drawer(page).getByRole('list', { name: 'Fichiers à envoyer' }).getByRole('listitem');
    await expect(chips).toHaveText([/note\.txt/]);
    expect(uploads).toEqual([]);
  });

  test('plus de 5 fichiers : les 5 premiers sont joints, les autres nommés avant l’envoi', async ({ page }) => {
    await openAssistant(page);
    const file = (n: number) => ({ name: `note-${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`note ${n}`) });
    await drawer(page).locator('input[type=file]').setInputFiles([1, 2, 3, 4].map(file));
    await drawer(page).locator('input[type=file]').setInputFiles([5, 6, 7].map(file));
    await expect(drawer(page).getByRole('alert').getByRole('listitem')).toHaveText([
      '5 fichiers au plus par message : « note-6.txt », « note-7.txt » ne sont pas joints.',
    ]);
    const chips = drawer(page).getByRole('list', { name: 'Fichiers à envoyer' }).getByRole('listitem');
    await expect(chips).toHaveCount(5);
    const request = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
    await drawer(page).getByRole('button', { name: 'Envoyer' }).click();
    expect((await request).postDataJSON().files.map((f: any) => f.filename)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `note-${n}.txt`),
    );
  });

  test('plus de 4 000 caractères : rien n’est coupé, le message dit de combien il dépasse et attend', async ({
    page,
  }) => {
    await openAssistant(page);
    const long = 'Une très longue question. '.repeat(160); // 4 160 characters
    await input(page).fill(long);
    await expect(input(page)).toHaveValue(long);
    const over = long.trim().length - 4000;
    await expect(drawer(page).getByRole('status').filter({ hasText: 'Message trop long' })).toHaveText(
      `Message trop long de ${over} caractères (4\u202F000 au plus) : raccourcissez-le pour l’envoyer.`,
    );
    await expect(drawer(page).getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await input(page).press('Enter');
    await expect(messages(page).locator('.assistant-message--user')).toHaveCount(0);
    await input(page).fill(long.slice(0, 3990));
    await expect(drawer(page).getByRole('status').filter({ hasText: 'Message trop long' })).toHaveCount(0);
    await expect(drawer(page).getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });

  test('un fichier que le stockage de production refuse (Supabase, 413) : ce qui ne va pas, pas « difficultés à me connecter »', async ({
    page,
  }) => {
    // Supabase Storage (a third party in production) may hold a lower limit than the widget's own check,
    // which the upload function relays as its 413 (backend/assistant/uploads.ts).
    await page.route('**/functions/v1/assistant/upload', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 413,
            contentType: 'application/json',
            body: JSON.stringify({ ok: false, error: 'Fichier trop volumineux : 10 Mo au plus.' }),
          })
        : route.continue(),
    );
    await openAssistant(page);
    await drawer(page)
      .locator('input[type=file]')
      .setInputFiles([{ name: 'radio.png', mimeType: 'image/png', buffer: Buffer.from('png') }]);
    await input(page).fill('Voici ma radio');
    await input(page).press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Fichier non envoyé' });
    await expect(toast).toContainText('« radio.png » : il dépasse 10 Mo.');
    const apology = messages(page).locator('.assistant-message--assistant').last();
    await expect(apology).toContainText('Je n’ai pas pu recevoir « radio.png » : il dépasse 10 Mo.');
    await expect(apology).not.toContainText('difficultés à me connecter');
    await expect(apology).not.toContainText('Veuillez réessayer');
    await expect(input(page)).toHaveValue('Voici ma radio');
    await expect(drawer(page).getByRole('list', { name: 'Fichiers à envoyer' }).getByRole('listitem')).toHaveCount(1);
  });

  test('après un échec, la reprise remplace l’essai manqué : la question une fois, plus d’excuse, même message_id', async ({
    page,
  }) => {
    // The production webhook (n8n, a third party) fails once, then answers: the embedded server answers then.
    let calls = 0;
    const ids: string[] = [];
    await page.route('**/assistant/webhook', (route) => {
      ids.push(route.request().postDataJSON().message_id);
      return ++calls === 1 ? route.fulfill({ status: 503, body: 'indisponible' }) : route.continue();
    });
    await openAssistant(page);
    await input(page).fill('Où sont hébergées les données ?');
    await input(page).press('Enter');
    await expectConnectionFailure(page, 'Où sont hébergées les données ?');
    await input(page).press('Enter');
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText('hébergées en France');
    await expect(messages(page).locator('.assistant-message--user')).toHaveText([/Où sont hébergées les données/]);
    await expect(messages(page)).not.toContainText('difficultés à me connecter');
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONVERSATION_KEY))!);
    expect(stored.map((m: any) => m.role)).toEqual(['assistant', 'user', 'assistant']);
  });

  for (const width of [375, 1280])
    test(`à ${width} px, la notification d’erreur ne couvre pas la barre où le message revient`, async ({ page }) => {
      await page.setViewportSize({ width, height: 760 });
      await page.route('**/assistant/webhook', (route) => route.fulfill({ status: 500, body: 'Erreur' }));
      await openAssistant(page);
      await input(page).fill('Ma question');
      await input(page).press('Enter');
      const toast = page.locator('.toast').filter({ hasText: 'Erreur de connexion' });
      await expect(toast).toBeVisible();
      await expect(input(page)).toHaveValue('Ma question');
      const [toastBox, barBox] = [await toast.boundingBox(), await drawer(page).locator('form').boundingBox()];
      const overlap =
        toastBox!.x < barBox!.x + barBox!.width &&
        barBox!.x < toastBox!.x + toastBox!.width &&
        toastBox!.y < barBox!.y + barBox!.height &&
        barBox!.y < toastBox!.y + toastBox!.height;
      expect(overlap, `notification ${JSON.stringify(toastBox)}, barre ${JSON.stringify(barBox)}`).toBe(false);
      // The field is reachable as it is: a click lands in it, not on the notification.
      await input(page).click();
      await expect(input(page)).toBeFocused();
    });

  test('microphone refusé : l’alerte de la section 8', async ({ page }) => {
    await openAssistant(page);
    await drawer(page).getByRole('button', { name: 'Enregistrer un message vocal' }).click();
    await expect(drawer(page).getByRole('alert')).toHaveText(
      'Impossible d’accéder au microphone. Veuillez vérifier les permissions. Vous pouvez aussi écrire votre message ci-dessous.',
    );
    await expect(input(page)).toBeFocused();
  });

  test('l’alerte du microphone se ferme, part à l’envoi, et une seule alerte à la fois', async ({ page }) => {
    await openAssistant(page);
    const record = drawer(page).getByRole('button', { name: 'Enregistrer un message vocal' });
    const close = drawer(page).getByRole('button', { name: 'Fermer ce message' });
    await record.click();
    await expect(drawer(page).getByRole('alert')).toContainText('Impossible d’accéder au microphone.');
    await close.click();
    await expect(drawer(page).getByRole('alert')).toHaveCount(0);
    await expect(input(page)).toBeFocused();

    // A file refused after the microphone: its notice replaces the first, never beside it. The
    // microphone's refusal is asynchronous, so the test waits for it as a visitor would see it.
    await record.click();
    await expect(drawer(page).getByRole('alert')).toContainText('microphone');
    await drawer(page)
      .locator('input[type=file]')
      .setInputFiles([{ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<h1>x</h1>') }]);
    await expect(drawer(page).getByRole('alert')).toHaveCount(1);
    await expect(drawer(page).getByRole('alert')).toContainText('« page.html » n’est pas joint');
    await expect(drawer(page).getByRole('alert')).not.toContainText('microphone');

    // And the microphone's again, then a send: the notice leaves with it.
    await record.click();
    await expect(drawer(page).getByRole('alert')).toHaveText(
      'Impossible d’accéder au microphone. Veuillez vérifier les permissions. Vous pouvez aussi écrire votre message ci-dessous.',
    );
    await input(page).fill('Comment créer un compte ?');
    await input(page).press('Enter');
    await expect(drawer(page).getByRole('alert')).toHaveCount(0);
  });
});
