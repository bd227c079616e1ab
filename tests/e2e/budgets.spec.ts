/**
 * Byte budgets (docs/requirements.md#performance-budgets), measured on the built files and a real page
 * load in Chromium, each script and stylesheet counted as gzip -9 of its built file
 * (scripts/lib/bytes.ts):
 * - a first visit (cookie banner shown): everything downloaded until the network is quiet, what is
 *   fetched ahead at idle included;
 * - a repeat visit (choice made): what is fetched before the page is idle, on the five key pages.
 * None of these figures depends on the machine's speed; `npm run bench` prints the same ones.
 */
import { test, expect, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { siteDir } from '../support/site.ts';
import {
  BUDGETS,
  BUDGET_PAGES,
  KEY_PAGES,
  assetsBeforeIdle,
  assistantChunks,
  breakdown,
  consentChunks,
  firstArticlePath,
  gzipSize,
  kib,
  markIdle,
  readManifest,
  recordAssets,
  returningVisitor,
  sum,
} from '../../scripts/lib/bytes.ts';

const article = firstArticlePath(siteDir);
/** The cookie banner of a first visit. */
const banner = (page: Page) => page.getByRole('region', { name: 'Vos choix sur les cookies' });
const pages = [...BUDGET_PAGES, ...(article ? [article] : [])];

test.describe('premier chargement de chaque page (première visite, bandeau cookies affiché)', () => {
  test('un article au moins est construit', () => {
    expect(article, 'aucun article dans _site/blog').toBeDefined();
  });

  for (const path of pages) {
    test(`${path} : script ≤ 85 KiB gz (React compris), CSS ≤ 20 KiB gz`, async ({ page, baseURL }, testInfo) => {
      const assets = recordAssets(page, siteDir, new URL(baseURL!).origin);
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      await assets.quiet();
      const loaded = await assets.measure();
      const scripts = loaded.filter((asset) => asset.kind === 'script');
      const styles = loaded.filter((asset) => asset.kind === 'stylesheet');
      testInfo.annotations.push({
        type: 'octets',
        description: `${path} : script ${kib(sum(scripts))} (${scripts.length} fichiers), CSS ${kib(sum(styles))}`,
      });

      expect(scripts.length, 'la page charge le script des îlots').toBeGreaterThan(0);
      expect(sum(scripts), `script au premier chargement de ${path} : ${breakdown(scripts)}`).toBeLessThanOrEqual(
        BUDGETS.firstLoadScript,
      );
      expect(styles.length, 'la page a sa feuille de style').toBeGreaterThan(0);
      expect(sum(styles), `CSS de ${path} : ${breakdown(styles)}`).toBeLessThanOrEqual(BUDGETS.cssPerPage);
    });
  }
});

test.describe('visite suivante (choix de cookies déjà fait) : avant que la page soit au repos', () => {
  for (const path of [...KEY_PAGES, ...(article ? [article] : [])]) {
    test(`${path} : script ≤ ${BUDGETS.repeatVisitBeforeIdle / 1024} KiB gz, aucun React, rien d’hydraté`, async ({
      context,
      page,
    }, testInfo) => {
      await returningVisitor(context);
      await markIdle(page);
      await page.goto(path);
      const scripts = (await assetsBeforeIdle(page, siteDir)).filter((asset) => asset.kind === 'script');
      testInfo.annotations.push({
        type: 'octets',
        description: `${path}, visite suivante avant repos : script ${kib(sum(scripts))} (${scripts.length} fichiers)`,
      });
      await expect(banner(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Assistant', exact: true })).toBeVisible();
      expect(scripts.length, 'la page charge le script des îlots').toBeGreaterThan(0);
      expect(sum(scripts), `script avant repos sur ${path} : ${breakdown(scripts)}`).toBeLessThanOrEqual(
        BUDGETS.repeatVisitBeforeIdle,
      );
      expect(await page.locator('[data-hydrated]').count(), 'aucun îlot hydraté au repos').toBe(0);
    });
  }
});

test('le widget de consentement pèse ≤ 8 KiB gz hors React et runtime partagé', async ({ page, baseURL }, testInfo) => {
  const manifest = readManifest();
  const consent = consentChunks(manifest);
  expect(consent.size, 'aucun chunk de consentement dans le manifeste Vite').toBeGreaterThan(0);

  // The real page that loads the most of it: the banner plus the settings island.
  const assets = recordAssets(page, siteDir, new URL(baseURL!).origin);
  await page.goto('/gestion-cookies');
  await expect(banner(page)).toBeVisible();
  await assets.quiet();
  const loaded = await assets.measure((path) => consent.has(path));
  const built = [...consent].map((path) => ({ path, gzip: gzipSize(join(siteDir, path)) }));
  testInfo.annotations.push({
    type: 'octets',
    description: `consentement : ${kib(sum(built))} construit, ${kib(sum(loaded))} chargé sur /gestion-cookies`,
  });

  expect(loaded.length, 'la page /gestion-cookies charge le widget de consentement').toBeGreaterThan(0);
  expect(sum(loaded), `consentement chargé : ${breakdown(loaded)}`).toBeLessThanOrEqual(BUDGETS.consentWidget);
  // Every consent chunk, even one this page did not need.
  expect(sum(built), `consentement construit : ${breakdown(built)}`).toBeLessThanOrEqual(BUDGETS.consentWidget);
});

test('l’assistant complet, après la première ouverture puis après sa première réponse, pèse ≤ 100 KiB gz (React compris)', async ({
  page,
  baseURL,
}, testInfo) => {
  const manifest = readManifest();
  const assistant = assistantChunks(manifest);
  test.skip(
    assistant.size === 0,
    'Pas encore de widget assistant dans le build (aucune entrée widgets/assistant/ dans le manifeste Vite).',
  );

  const assets = recordAssets(page, siteDir, new URL(baseURL!).origin);
  await page.goto('/');
  // The assistant button appears once cookie preferences are set (docs/requirements.md#assistant-button).
  await banner(page).getByRole('button', { name: 'Tout accepter' }).click();
  const toggle = page.getByRole('button', { name: 'Assistant', exact: true });
  await expect(toggle).toBeVisible();
  await assets.quiet();
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Assistant Dentivo' });
  await expect(drawer).toBeVisible();
  await assets.quiet();
  // Only the assistant and its runtime: the banner, analytics and the trackers consent just allowed are not its weight.
  const ofAssistant = await assets.measure((path) => assistant.has(path));
  // After a first answer: the network code and the reply's Markdown rendering included.
  await drawer.getByRole('button', { name: 'Qu’est-ce que Dentivo ?' }).click();
  // The first answer of a fresh server reads the site's content first: on a busy machine, seconds.
  await expect(drawer.locator('.assistant-markdown').last()).not.toBeEmpty({ timeout: 20_000 });
  await assets.quiet();
  const afterReply = await assets.measure((path) => assistant.has(path));
  testInfo.annotations.push({
    type: 'octets',
    description: `assistant ouvert : ${kib(sum(ofAssistant))} (${ofAssistant.length} fichiers) ; après la première réponse : ${kib(sum(afterReply))} (${afterReply.length} fichiers)`,
  });

  expect(ofAssistant.length).toBeGreaterThan(0);
  expect(sum(ofAssistant), `assistant après ouverture : ${breakdown(ofAssistant)}`).toBeLessThanOrEqual(
    BUDGETS.assistantAfterOpen,
  );
  expect(sum(afterReply), `assistant après la première réponse : ${breakdown(afterReply)}`).toBeLessThanOrEqual(
    BUDGETS.assistantAfterOpen,
  );
});

test('la balise embed.js pèse ≤ 5 KiB gz', ({}, testInfo) => {
  const file = join(siteDir, 'embed.js');
  test.skip(!existsSync(file), 'Pas encore de _site/embed.js (le script d’intégration tierce n’est pas construit).');
  testInfo.annotations.push({ type: 'octets', description: `embed.js : ${kib(gzipSize(file))}` });
  expect(gzipSize(file), `embed.js : ${kib(gzipSize(file))}`).toBeLessThanOrEqual(BUDGETS.embedTag);
});
