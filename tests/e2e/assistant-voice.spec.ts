/**
 * Voice notes (docs/requirements.md#assistant-input, docs/requirements.md#assistant-voice, docs/requirements.md#assistant-uploads, docs/requirements.md#assistant-errors), recorded
 * with Chromium's fake microphone, uploaded to the real embedded storage and sent to the real webhook.
 */
import { test, expect, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/browser.ts';
import { withPreferencesSet } from '../support/assistant.ts';

test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Assistant Dentivo' });
const recordButton = (page: Page) => drawer(page).getByRole('button', { name: 'Enregistrer un message vocal' });
const chips = (page: Page) => drawer(page).getByRole('list', { name: 'Fichiers à envoyer' });

async function openAndRecord(page: Page, seconds = 2) {
  await withPreferencesSet(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  await expect(drawer(page)).toBeVisible();
  await recordButton(page).click();
  const stop = drawer(page).getByRole('button', { name: 'Arrêter l’enregistrement' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  // The elapsed-seconds counter, updated every second.
  await expect(stop.getByRole('timer')).toHaveText(/^0\s*s$/);
  await expect(stop.getByRole('timer')).toHaveText(new RegExp(`^${seconds}\\s*s$`), { timeout: seconds * 1000 + 2000 });
  await stop.click();
}

test('enregistrer, réécouter en puce, envoyer : dépôt dans le stockage puis webhook, lecture avec progression', async ({
  page,
}) => {
  await openAndRecord(page);
  // One voice note at a time: the fixed chip label, and the record button disabled while it is attached.
  await expect(chips(page).getByText('00:15')).toBeVisible();
  await expect(recordButton(page)).toBeDisabled();
  await drawer(page).getByRole('button', { name: 'Retirer la note vocale' }).click();
  await expect(chips(page)).toHaveCount(0);
  await expect(recordButton(page)).toBeEnabled();

  await recordButton(page).click();
  const stop = drawer(page).getByRole('button', { name: 'Arrêter l’enregistrement' });
  await expect(stop.getByRole('timer')).toHaveText(/^2\s*s$/, { timeout: 4000 });
  await stop.click();
  await expect(chips(page).getByText('00:15')).toBeVisible();

  const upload = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/storage/v1/object/assistant-uploads/landing-page/voices/'),
  );
  const webhook = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
  await drawer(page).getByRole('button', { name: 'Envoyer' }).click();
  const uploadRequest = await upload;
  expect(uploadRequest.url()).toMatch(/\/landing-page\/voices\/\d{13}-[\w-]{22}\.webm$/);
  expect(uploadRequest.headers()['x-upsert']).toBe('false');
  const payload = (await webhook).postDataJSON();
  expect(payload).not.toHaveProperty('text');
  expect(payload.voice.duration).toBeGreaterThanOrEqual(2);
  expect(payload.voice.url).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/storage\/v1\/object\/public\/assistant-uploads\/landing-page\/voices\/\d{13}-[\w-]{22}\.webm$/,
  );

  const stored = await page.request.get(payload.voice.url);
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toBe('audio/webm');
  expect(stored.headers()['cache-control']).toBe('public, max-age=3600');
  expect((await stored.body()).byteLength).toBeGreaterThan(1000);

  await expect(drawer(page).locator('.assistant-markdown').last()).toContainText('J’ai bien reçu votre message vocal');
  await expect(chips(page)).toHaveCount(0);

  // The voice bubble: play/pause, progress in percent, back to 0 % at the end.
  const bubble = drawer(page).locator('.assistant-message--user .assistant-voice');
  await expect(bubble.locator('audio')).toHaveAttribute('src', payload.voice.url);
  await bubble.getByRole('button', { name: 'Écouter le message vocal' }).click();
  await expect(bubble.getByRole('button', { name: 'Mettre en pause' })).toBeVisible();
  await expect(bubble.locator('.assistant-voice__percent')).not.toHaveText(/^0\s*%$/, { timeout: 5000 });
  await expect(bubble.getByRole('button', { name: 'Écouter le message vocal' })).toBeVisible({ timeout: 10_000 });
  await expect(bubble.locator('.assistant-voice__percent')).toHaveText(/^0\s*%$/);
});

test('échec du dépôt de la note vocale : message en français, note rendue au visiteur', async ({ page }) => {
  await page.route('**/storage/v1/object/assistant-uploads/**', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
  );
  await openAndRecord(page, 1);
  await drawer(page).getByRole('textbox', { name: 'Votre question' }).fill('Écoutez ma question');
  await drawer(page).getByRole('button', { name: 'Envoyer' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Note vocale non envoyée' });
  await expect(toast).toContainText('L’envoi de l’enregistrement vocal a échoué. Veuillez réessayer.');
  await expect(drawer(page).locator('.assistant-message--assistant').last()).toHaveText(
    /Je rencontre des difficultés à me connecter/,
  );
  await expect(chips(page).getByText('00:15')).toBeVisible();
  await expect(drawer(page).getByRole('textbox', { name: 'Votre question' })).toHaveValue('Écoutez ma question');
});
