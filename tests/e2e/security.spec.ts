/**
 * What only a browser can prove (issue 15; docs/decisions/0024-uploads-never-active-content.md): no uploaded
 * byte runs as script or renders as HTML on the site's origin, in Chromium, whatever type the upload claimed;
 * and our own SVG mock-ups render with their styles when opened on their own.
 */
import { test, expect, type Page } from '@playwright/test';
import { PUBLIC_UPLOADS_PATH, UPLOAD_PATH } from '../../core/assistant/uploads.ts';

const ANON = 'local-anon-key';

/** Uploads as the widget does (the server names it); returns the status and the public address. */
async function upload(page: Page, type: string, data: string, kind = 'file') {
  const response = await page.request.post(UPLOAD_PATH, {
    headers: { apikey: ANON, authorization: `Bearer ${ANON}`, 'content-type': type, 'x-upload-kind': kind },
    data: Buffer.from(data),
  });
  const path = response.ok() ? ((await response.json()) as { path: string }).path : '';
  return { status: response.status(), url: `${PUBLIC_UPLOADS_PATH}${path}` };
}

test.describe('Aucun octet déposé ne s’exécute ni ne s’affiche comme une page du site', () => {
  test('les types de l’attaque sont refusés au dépôt (415)', async ({ page }) => {
    for (const type of ['text/plain;x=,text/javascript', 'image/png;x=,text/html', 'text/html', 'image/svg+xml'])
      expect((await upload(page, type, 'window.__pirate = 1')).status).toBe(415);
  });

  test('un fichier texte contenant du JavaScript, chargé en <script> sur le site, ne s’exécute pas', async ({
    page,
  }) => {
    const file = await upload(page, 'text/plain', 'window.__pirate = 1;');
    expect(file.status).toBe(200);
    await page.goto('/');
    const outcome = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('chargé');
          script.onerror = () => resolve('refusé');
          document.head.append(script);
        }),
      file.url,
    );
    expect(outcome).toBe('refusé');
    expect(await page.evaluate(() => (window as unknown as { __pirate?: number }).__pirate)).toBeUndefined();
  });

  test('une « image » contenant du HTML, ouverte à son adresse, n’est pas une page : rien ne s’y exécute', async ({
    page,
  }) => {
    const html =
      '<html><head><title>piégé</title></head><body><h1>piégé</h1><script>window.__pirate = 1</script></body></html>';
    const file = await upload(page, 'image/png', html);
    expect(file.status).toBe(200);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(file.url);
    expect(response?.headers()['content-type']).toBe('image/png');
    expect(await page.evaluate(() => document.contentType)).toBe('image/png');
    await expect(page.locator('h1')).toHaveCount(0);
    expect(await page.title()).not.toBe('piégé');
    expect(dialogs).toEqual([]);
  });

  test('une note vocale se lit dans la page ; un document se télécharge au lieu de s’ouvrir', async ({ page }) => {
    const voice = await upload(page, 'audio/webm;codecs=opus', 'x'.repeat(64), 'voice');
    expect(voice.status).toBe(200);
    expect((await page.request.get(voice.url)).headers()['content-disposition']).toBe('inline');
    const text = await upload(page, 'text/plain', '<h1>piégé</h1>');
    await page.goto('/');
    const download = page.waitForEvent('download');
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      document.body.append(link);
      link.click();
    }, text.url);
    // Under the server's name, never one a visitor chose.
    expect((await download).suggestedFilename()).toMatch(/^\d+-[\w-]{22}\.txt$/);
  });
});

test.describe('Les maquettes SVG du produit, ouvertes seules', () => {
  for (const name of ['agenda', 'dashboard', 'planning']) {
    test(`${name}.svg s’affiche avec ses styles (pas de carrés noirs), sans violation de politique`, async ({
      page,
    }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto(`/images/screens/${name}.svg`);
      expect(response?.status()).toBe(200);
      // Text takes the colours of the file's own <style>, not the default black fill.
      const fills = await page.evaluate(() =>
        [...document.querySelectorAll('text')].slice(0, 20).map((text) => getComputedStyle(text).fill),
      );
      expect(fills.length).toBeGreaterThan(0);
      expect(fills.some((fill) => fill !== 'rgb(0, 0, 0)')).toBe(true);
      expect(violations).toEqual([]);
    });
  }
});
