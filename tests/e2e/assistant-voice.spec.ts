/**
 * Voice notes (docs/requirements.md#assistant-input, docs/requirements.md#assistant-voice, docs/requirements.md#assistant-uploads, docs/requirements.md#assistant-errors), recorded
 * with Chromium's fake microphone, uploaded to the real embedded storage and sent to the real webhook.
 */
import { test, expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/browser.ts';
import { withPreferencesSet } from '../support/assistant.ts';
import { e2ePort } from '../support/ports.ts';
import { UPLOAD_PATH } from '../../core/assistant/uploads.ts';

const root = join(import.meta.dirname, '..', '..');

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
const input = (page: Page) => drawer(page).getByRole('textbox', { name: 'Votre question' });
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

  const upload = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(UPLOAD_PATH));
  const webhook = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
  await drawer(page).getByRole('button', { name: 'Envoyer' }).click();
  // The widget names nothing: it says what it sends, the server answers with the name it gave.
  const uploaded = await upload;
  expect(uploaded.request().headers()['x-upload-kind']).toBe('voice');
  expect((await uploaded.json()).path).toMatch(/^landing-page\/voices\/\d{13}-[\w-]{22}\.webm$/);
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

  // The embedded default cannot listen: it says the note is received, that the team will listen, and
  // offers the contact page; the note is in the team's inbox.
  const reply = drawer(page).locator('.assistant-markdown').last();
  await expect(reply).toContainText(
    'J’ai bien reçu votre message vocal et je l’ai transmis à l’équipe, qui l’écoutera',
  );
  await expect(reply.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(chips(page)).toHaveCount(0);
  const { stdout } = await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'tsx'),
    [join(root, 'scripts', 'inbox.ts'), '--type', 'voice', '--json', '--limit', '50'],
    { cwd: root, env: { ...process.env, PORT: String(e2ePort) }, timeout: 60_000 },
  );
  // Kept normalised: a path of this site's storage (docs/decisions/0058-team-links-are-our-links.md).
  expect(JSON.parse(stdout).messages.map((message: { voice_url: string }) => message.voice_url)).toContain(
    new URL(payload.voice.url).pathname,
  );

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
  await page.route(`**${UPLOAD_PATH}`, (route) =>
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

test('Safari (pas de WebM) : la note est enregistrée en audio/mp4, déposée en .m4a et envoyée', async ({ page }) => {
  // Safari is not on this machine: Chromium is told it cannot record WebM, as Safari answers.
  await page.addInitScript(() => {
    const native = MediaRecorder.isTypeSupported.bind(MediaRecorder);
    MediaRecorder.isTypeSupported = (type: string) => !/webm/i.test(type) && native(type);
  });
  await openAndRecord(page, 1);
  await expect(chips(page).getByText('00:15')).toBeVisible();
  const upload = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(UPLOAD_PATH));
  const webhook = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
  await drawer(page).getByRole('button', { name: 'Envoyer' }).click();
  expect((await (await upload).json()).path).toMatch(/^landing-page\/voices\/\d{13}-[\w-]{22}\.m4a$/);
  const payload = (await webhook).postDataJSON();
  expect(payload.voice.url).toMatch(/\.m4a$/);
  const stored = await page.request.get(payload.voice.url);
  expect(stored.headers()['content-type']).toBe('audio/mp4');
  await expect(drawer(page).locator('.assistant-markdown').last()).toContainText('J’ai bien reçu votre message vocal');
});

for (const [name, emulation] of [
  // A browser that records no type the storage accepts.
  ['aucun format enregistrable', () => (MediaRecorder.isTypeSupported = () => false)],
  // A browser that says it can, then refuses once the microphone is open.
  [
    'un format annoncé puis refusé',
    () => {
      const Native = MediaRecorder;
      (window as any).MediaRecorder = class extends Native {
        constructor(stream: MediaStream, options?: MediaRecorderOptions) {
          if (/webm/.test(options?.mimeType ?? ''))
            throw new DOMException('Type non pris en charge', 'NotSupportedError');
          super(stream, options);
        }
        static override isTypeSupported = () => true;
      };
    },
  ],
] as const)
  test(`${name} : l’alerte du microphone, et le microphone relâché`, async ({ page }) => {
    await page.addInitScript(emulation);
    // Every stream the page gets, to see that none stays live.
    await page.addInitScript(() => {
      const streams: MediaStream[] = [];
      (window as any).__streams = streams;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        streams.push(stream);
        return stream;
      };
    });
    await withPreferencesSet(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Assistant', exact: true }).click();
    await recordButton(page).click();
    await expect(drawer(page).getByRole('alert')).toHaveText(
      'Impossible d’accéder au microphone. Veuillez vérifier les permissions. Vous pouvez aussi écrire votre message ci-dessous.',
    );
    await expect(input(page)).toBeFocused();
    await expect(recordButton(page)).toBeEnabled();
    const live = await page.evaluate(
      () =>
        ((window as any).__streams as MediaStream[])
          .flatMap((stream) => stream.getTracks())
          .filter((track) => track.readyState === 'live').length,
    );
    expect(live).toBe(0);
  });
