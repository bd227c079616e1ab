/**
 * Widget weight beside the published chat widgets and consent managers of docs/requirements.md#reference-points: our figures come
 * from the built files and a real page load in Chromium (the same measurement as the byte budgets of
 * tests/e2e/budgets.spec.ts); the React floors are measured in this run by bundling React (and marked
 * + DOMPurify) from node_modules with Vite; the other references are those of docs/requirements.md#reference-points (gzip -9 of the
 * published packages, not installed here).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import {
  BUDGETS,
  BUDGET_PAGES,
  KEY_PAGES,
  assetsBeforeIdle,
  assistantChunks,
  consentChunks,
  firstArticlePath,
  gzipSize,
  markIdle,
  readManifest,
  recordAssets,
  returningVisitor,
  runtimeChunks,
  sum,
} from '../scripts/lib/bytes.ts';
import { fmt, freePort, log, startServer, table, type BenchContext, type Section } from './common.ts';

/** docs/requirements.md#reference-points (measured, gzip -9, on published packages), in KiB. */
export const REFERENCES = {
  reactFloor: 67.5,
  reactMarkedPurify: 95,
  chat: [
    ['deep-chat 2.4 (sans lanceur)', 109],
    ['Typebot 0.10', 193],
    ['Flowise embed 3.1', 279],
    ['Voiceflow 1.65', 379],
    ['n8n chat 1.37', 540],
  ],
  consent: [
    ['orejime 3.2', 14.7],
    ['vanilla-cookieconsent 3.1', 15.5],
    ['tarteaucitron 1.34', 25.3],
    ['klaro 0.7', 68.9],
  ],
} as const satisfies {
  reactFloor: number;
  reactMarkedPurify: number;
  chat: readonly (readonly [string, number])[];
  consent: readonly (readonly [string, number])[];
};

/** Bundles a one-line entry with Vite (production, minified) and returns gzip -9 of the JS it emits. */
async function bundleSize(workDir: string, name: string, code: string): Promise<number> {
  const dir = join(workDir, `reference-${name}`);
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, code);
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true, write: true, rollupOptions: { input: entry } },
  });
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const item of readdirSync(folder, { withFileTypes: true })) {
      if (item.isDirectory()) walk(join(folder, item.name));
      else if (item.name.endsWith('.js')) files.push(join(folder, item.name));
    }
  };
  walk(outDir);
  return files.reduce((total, file) => total + gzipSize(file), 0);
}

/** Absolute paths, so the entries in a temporary folder still use this project's node_modules. */
const modulePath = (specifier: string) => new URL(import.meta.resolve(specifier)).pathname;

async function references(workDir: string): Promise<{ reactFloor: number; reactMarkedPurify: number }> {
  const react = modulePath('react');
  const client = modulePath('react-dom/client');
  const reactFloor = await bundleSize(
    workDir,
    'react-floor',
    `import { createElement } from ${JSON.stringify(react)};\nimport { createRoot } from ${JSON.stringify(client)};\ncreateRoot(document.getElementById('root')).render(createElement('div'));\n`,
  );
  const reactMarkedPurify = await bundleSize(
    workDir,
    'react-marked-dompurify',
    [
      `import { createElement } from ${JSON.stringify(react)};`,
      `import { createRoot } from ${JSON.stringify(client)};`,
      `import { marked } from ${JSON.stringify(modulePath('marked'))};`,
      `import DOMPurify from ${JSON.stringify(modulePath('dompurify'))};`,
      `const html = DOMPurify.sanitize(marked.parse(document.title));`,
      `createRoot(document.getElementById('root')).render(createElement('div', { dangerouslySetInnerHTML: { __html: html } }));`,
      '',
    ].join('\n'),
  );
  return { reactFloor, reactMarkedPurify };
}

/** What one visit to a page downloaded: script before the page was idle, script until the network was quiet, CSS. */
interface Visit {
  beforeIdle: number;
  beforeIdleFiles: number;
  untilQuiet: number;
  untilQuietFiles: number;
  css: number;
}

interface PageWeight {
  path: string;
  /** Cookie banner shown. */
  first: Visit;
  /** Cookie choice already made (refused): what a returning visitor gets. */
  repeat: Visit;
}

async function visit(browser: Browser, siteDir: string, origin: string, path: string, returning: boolean) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  try {
    if (returning) await returningVisitor(context);
    const page = await context.newPage();
    await markIdle(page);
    const assets = recordAssets(page, siteDir, origin);
    await page.goto(`${origin}${path}`);
    if (returning) await page.getByRole('button', { name: 'Assistant', exact: true }).waitFor({ timeout: 15_000 });
    else
      await page
        .getByRole('region', { name: 'Vos choix sur les cookies' })
        .waitFor({ state: 'visible', timeout: 15_000 });
    const early = (await assetsBeforeIdle(page, siteDir)).filter((asset) => asset.kind === 'script');
    await assets.quiet();
    const loaded = await assets.measure();
    const scripts = loaded.filter((asset) => asset.kind === 'script');
    return {
      beforeIdle: sum(early),
      beforeIdleFiles: early.length,
      untilQuiet: sum(scripts),
      untilQuietFiles: scripts.length,
      css: sum(loaded.filter((asset) => asset.kind === 'stylesheet')),
    };
  } finally {
    await context.close();
  }
}

async function pageWeights(browser: Browser, siteDir: string, origin: string, paths: string[]): Promise<PageWeight[]> {
  const weights: PageWeight[] = [];
  for (const path of paths)
    weights.push({
      path,
      first: await visit(browser, siteDir, origin, path, false),
      repeat: await visit(browser, siteDir, origin, path, true),
    });
  return weights;
}

interface AssistantWeight {
  opened: number;
  openedFiles: number;
  replied: number;
  repliedFiles: number;
}

/**
 * The assistant opened (then after its first answer, when Markdown rendering has surely loaded): on the
 * site's / after consent, or on another site's page that has only the embed.js tag. Counts what of
 * `keep` the page loaded, gzip -9 of the built files.
 */
async function assistantWeight(
  browser: Browser,
  siteDir: string,
  origin: string,
  url: string,
  keep: (path: string) => boolean,
  { consent }: { consent: boolean },
): Promise<AssistantWeight | { error: string }> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const assets = recordAssets(page, siteDir, origin);
    await page.goto(url);
    if (consent)
      await page
        .getByRole('region', { name: 'Vos choix sur les cookies' })
        .getByRole('button', { name: 'Tout accepter' })
        .click({ timeout: 15_000 });
    const toggle = page.getByRole('button', { name: 'Assistant', exact: true });
    await toggle.waitFor({ state: 'visible', timeout: 15_000 });
    await assets.quiet();
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Assistant Dentivo' });
    await drawer.waitFor({ state: 'visible', timeout: 15_000 });
    await assets.quiet();
    const opened = await assets.measure(keep);
    await drawer.getByRole('button', { name: 'Qu’est-ce que Dentivo ?' }).click({ timeout: 15_000 });
    await drawer.locator('.assistant-markdown').last().waitFor({ state: 'visible', timeout: 15_000 });
    await assets.quiet();
    const replied = await assets.measure(keep);
    return { opened: sum(opened), openedFiles: opened.length, replied: sum(replied), repliedFiles: replied.length };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]! };
  } finally {
    await context.close();
  }
}

/** "Another site": one page with the embed.js tag, on its own loopback port. */
async function embedHost(dentivoOrigin: string, port: number): Promise<Server> {
  const html = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Cabinet du Parc</title></head><body><main><h1>Cabinet du Parc</h1><p>Page d’un site tiers.</p></main><script src="${dentivoOrigin}/embed.js" async data-widgets="assistant"></script></body></html>`;
  const server = createServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return server;
}

export async function weightBench(context: BenchContext): Promise<Section> {
  const siteDir = context.siteDir;
  const manifest = readManifest();
  const consent = consentChunks(manifest);
  const assistant = assistantChunks(manifest);
  const runtime = [...runtimeChunks(manifest)].filter((file) => file.endsWith('.js'));
  const size = (files: Iterable<string>) =>
    [...files].reduce((total, file) => total + gzipSize(join(siteDir, file)), 0);
  const embedFile = join(siteDir, 'embed.js');
  const embed = existsSync(embedFile) ? gzipSize(embedFile) : undefined;

  log('poids : références React (Vite)…');
  const measured = await references(context.workDir);

  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium introuvable : installez-le (apt-get install chromium) ou indiquez CHROMIUM_PATH.');
  const hostPort = await freePort();
  const server = await startServer({ siteDir, env: { EMBED_ORIGINS: `http://127.0.0.1:${hostPort}` } });
  const host = embed !== undefined ? await embedHost(server.origin, hostPort) : undefined;
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  let pages: PageWeight[];
  let onSite: AssistantWeight | { error: string } | undefined;
  let embedded: AssistantWeight | { error: string } | undefined;
  try {
    const article = firstArticlePath(siteDir);
    log('poids : premier chargement des pages…');
    pages = await pageWeights(browser, siteDir, server.origin, [...BUDGET_PAGES, ...(article ? [article] : [])]);
    if (assistant.size) {
      log('poids : assistant ouvert sur le site…');
      onSite = await assistantWeight(
        browser,
        siteDir,
        server.origin,
        `${server.origin}/`,
        (path) => assistant.has(path),
        { consent: true },
      );
    }
    if (host) {
      log('poids : assistant intégré sur un autre site (embed.js)…');
      // Everything the tag brings from Dentivo's server: embed.js and the embed/ build.
      embedded = await assistantWeight(
        browser,
        siteDir,
        server.origin,
        `http://127.0.0.1:${hostPort}/`,
        (path) => path === '/embed.js' || path.startsWith('/embed/'),
        { consent: false },
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    if (host) await new Promise((done) => host.close(done));
  }

  const verdict = (bytes: number | undefined, budget: number) =>
    bytes === undefined ? '–' : bytes <= budget ? 'ok' : `**dépasse de ${fmt.kib(bytes - budget)}**`;
  const article = firstArticlePath(siteDir);
  const keyPaths = new Set<string>([...KEY_PAGES, ...(article ? [article] : [])]);
  const pageRows = pages.map((p) => [
    `\`${p.path}\``,
    fmt.kib(p.first.beforeIdle),
    `${fmt.kib(p.first.untilQuiet)} (${p.first.untilQuietFiles})`,
    verdict(p.first.untilQuiet, BUDGETS.firstLoadScript),
    fmt.kib(p.repeat.beforeIdle),
    `${fmt.kib(p.repeat.untilQuiet)} (${p.repeat.untilQuietFiles})`,
    keyPaths.has(p.path) ? verdict(p.repeat.beforeIdle, BUDGETS.repeatVisitBeforeIdle) : '–',
    fmt.kib(p.first.css),
    verdict(p.first.css, BUDGETS.cssPerPage),
  ]);

  const measuredOr = (weight: AssistantWeight | { error: string } | undefined, absent: string) =>
    weight === undefined
      ? { note: absent }
      : 'error' in weight
        ? { note: `ouverture impossible : ${weight.error}` }
        : { weight };
  const site = measuredOr(onSite, 'pas encore de widget assistant dans le build');
  const third = measuredOr(embedded, 'pas encore de embed.js dans le build');
  const assistantNote = site.note;
  const consentBytes = size(consent);
  const kibOf = (bytes: number) => bytes / 1024;
  const lighter = (ours: number | undefined, reference: number) => {
    if (ours === undefined) return '–';
    const ratio = reference / kibOf(ours);
    return ratio >= 1 ? `${fmt.ratio(ratio)} plus léger` : `**${fmt.ratio(1 / ratio)} plus lourd**`;
  };

  const cell = (bytes: number | undefined, note: string | undefined) =>
    bytes !== undefined ? fmt.kib(bytes) : (note ?? '–');
  const widgetRows: string[][] = [
    [
      '**Assistant Dentivo sur le site, après ouverture** (React compris)',
      cell(site.weight?.opened, site.note),
      `≤ 100 KiB : ${verdict(site.weight?.opened, BUDGETS.assistantAfterOpen)}`,
    ],
    [
      'Assistant Dentivo sur le site, après la première réponse (Markdown compris)',
      cell(site.weight?.replied, site.note),
      verdict(site.weight?.replied, BUDGETS.assistantAfterOpen),
    ],
    [
      '**Assistant Dentivo intégré (embed.js), après ouverture**',
      cell(third.weight?.opened, third.note),
      `≤ 100 KiB : ${verdict(third.weight?.opened, BUDGETS.assistantAfterOpen)}`,
    ],
    [
      'Assistant Dentivo intégré, après la première réponse',
      cell(third.weight?.replied, third.note),
      verdict(third.weight?.replied, BUDGETS.assistantAfterOpen),
    ],
    // The chat widgets are third-party embeds with Markdown: compared with our embed after its first answer.
    ...REFERENCES.chat.map(([name, kibValue]) => [
      name,
      `${kibValue} KiB`,
      third.weight
        ? `Dentivo intégré, après réponse : ${lighter(third.weight.replied, kibValue)}`
        : `Dentivo sur le site, après réponse : ${lighter(site.weight?.replied, kibValue)}`,
    ]),
    [
      '**Consentement Dentivo** (hors React et runtime partagé)',
      fmt.kib(consentBytes),
      `≤ 8 KiB : ${verdict(consentBytes, BUDGETS.consentWidget)}`,
    ],
    ['Consentement Dentivo + runtime partagé (React compris)', fmt.kib(consentBytes + size(runtime)), '–'],
    ...REFERENCES.consent.map(([name, kibValue]) => [name, `${kibValue} KiB`, lighter(consentBytes, kibValue)]),
    [
      '**embed.js** (balise d’intégration tierce)',
      embed !== undefined ? fmt.kib(embed) : 'pas encore de embed.js dans le build',
      `≤ 5 KiB : ${verdict(embed, BUDGETS.embedTag)}`,
    ],
    ['Runtime partagé des îlots (client, hydratation, React, signals)', fmt.kib(size(runtime)), '–'],
    [
      'Plancher React 19 + react-dom (mesuré ici)',
      fmt.kib(measured.reactFloor),
      `référence : ${REFERENCES.reactFloor} KiB`,
    ],
    [
      'React 19 + marked + DOMPurify (mesuré ici)',
      fmt.kib(measured.reactMarkedPurify),
      `référence : ${REFERENCES.reactMarkedPurify} KiB`,
    ],
  ];

  const markdown = [
    'Tout en gzip -9. Nos chiffres : fichiers construits, pris tels qu’une vraie page les demande dans Chromium. Première visite : bandeau cookies affiché ; visite suivante : choix déjà fait (refus). « Avant repos » : ce que la page a commencé à télécharger avant son premier moment de repos après le chargement ; « jusqu’au calme » : tout jusqu’au calme du réseau, y compris ce qui est préchargé au repos (React ; le tiroir de l’assistant là où son bouton s’affiche), entre parenthèses le nombre de fichiers. Budgets : première visite ≤ 85 KiB jusqu’au calme, visite suivante ≤ 10 KiB avant repos sur les cinq pages clés. Références : les planchers React sont mesurés dans ce passage (Vite sur node_modules) ; les widgets de chat et gestionnaires de consentement sont ceux de docs/requirements.md#reference-points (paquets publiés, non installés ici).',
    '',
    table(
      [
        'page',
        '1re visite, avant repos',
        '1re visite, jusqu’au calme',
        '≤ 85 KiB',
        'visite suivante, avant repos',
        'visite suivante, jusqu’au calme',
        '≤ 10 KiB',
        'CSS',
        '≤ 20 KiB',
      ],
      pageRows,
    ),
    '',
    table(['widget', 'gzip -9', 'comparaison'], widgetRows, ['l', 'r', 'l']),
    ...(assistantNote ? ['', `Assistant : ${assistantNote}.`] : []),
    '',
    'Assistant : « après ouverture » compte ce que la page a chargé quand le tiroir est ouvert et le réseau calme ; « après la première réponse » ajoute ce qui n’arrive qu’avec la réponse (rendu Markdown, schéma de la réponse). Sur le site, seuls les fichiers de l’assistant et du runtime partagé comptent (pas le bandeau, ni la mesure d’audience) ; intégré, tout ce que la balise apporte du serveur Dentivo.',
  ].join('\n');

  const worstPage = pages.reduce((worst, p) => (p.first.untilQuiet > worst.first.untilQuiet ? p : worst), pages[0]!);
  const keyPages = pages.filter((p) => keyPaths.has(p.path));
  const headline = [
    `Poids : première visite ${fmt.kib(Math.min(...pages.map((p) => p.first.untilQuiet)))} à ${fmt.kib(worstPage.first.untilQuiet)} jusqu’au calme (\`${worstPage.path}\`, budget 85 KiB) ; visite suivante ${fmt.kib(Math.max(...keyPages.map((p) => p.repeat.beforeIdle)))} au plus avant repos sur les pages clés (budget 10 KiB) ; CSS ${fmt.kib(Math.max(...pages.map((p) => p.first.css)))} max ; assistant sur le site ${cell(site.weight?.opened, site.note)} ouvert, ${cell(site.weight?.replied, site.note)} après la première réponse ; intégré ${cell(third.weight?.opened, third.note)} ouvert, ${cell(third.weight?.replied, third.note)} après réponse (deep-chat : 109 KiB) ; consentement ${fmt.kib(consentBytes)} (orejime : 14.7 KiB) ; embed.js ${embed !== undefined ? fmt.kib(embed) : 'absent'} ; plancher React mesuré ${fmt.kib(measured.reactFloor)}.`,
  ];
  return {
    title: 'Poids des widgets face aux références',
    headline,
    markdown,
    data: {
      pages,
      assistantOnSite: onSite,
      assistantEmbedded: embedded,
      consent: consentBytes,
      runtime: size(runtime),
      embed,
      references: measured,
    },
  };
}
