/**
 * How soon the CMS answers an editor (docs/requirements.md#editors, issue 28): `npm run dev` on a copy of
 * the content, /admin opened in a fresh Chromium profile five times (nothing cached, as the first visit
 * of the day). Measured in the page: from the navigation's start to the « Se connecter » button, then
 * from the click to the list of articles showing its entries (the editor's first screen, interactive).
 * A report, not a test: read the median beside the load average.
 */
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import { fmt, loadAverage, log, median, startDevOnCopy, table, type Section } from './common.ts';

const RUNS = 5;

interface Run {
  /** Navigation start → the login button drawn. */
  login: number;
  /** The click → the list of articles with its entries. */
  list: number;
  /** Bytes of JavaScript the page downloaded (transfer size). */
  scriptBytes: number;
}

/**
 * Run in the page before its own scripts: notes, at the first frame where each appears, the « Se
 * connecter » button and an entry of the list of articles, and the time of the click. A string, so that
 * the TypeScript runner adds no helper the page does not have.
 */
const WATCH = `(() => {
  const marks = (window.__marks = {});
  document.addEventListener('click', (event) => { marks.click ??= event.timeStamp; }, { capture: true });
  const look = () => {
    if (marks.login === undefined && [...document.querySelectorAll('button')].some((b) => b.textContent.includes('Se connecter')))
      marks.login = performance.now();
    if (document.querySelector('a[href*="/collections/blog/entries/"]')) marks.list = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`;

async function openOnce(browser: Browser, origin: string): Promise<Run> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH);
    await page.goto(`${origin}/admin/`);
    await page.getByRole('button', { name: 'Se connecter' }).click({ timeout: 120_000 });
    await page.waitForFunction(() => (window as { __marks?: { list?: number } }).__marks?.list !== undefined, null, {
      timeout: 120_000,
    });
    const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    const scriptBytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
    );
    return { login: marks.login!, list: marks.list! - marks.click!, scriptBytes };
  } finally {
    await context.close();
  }
}

export async function adminBench(): Promise<Section> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium introuvable : installez-le (apt-get install chromium) ou indiquez CHROMIUM_PATH.');
  const dev = await startDevOnCopy('dentivo-bench-admin-', { CMS_BACKEND: 'local' });
  const { origin } = dev;
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  try {
    log('admin : démarrage de npm run dev sur une copie du contenu…');
    const startedAt = performance.now();
    for (;;) {
      const ok = await fetch(`${origin}/admin/`).then(
        async (response) => response.ok && (await response.text()).includes('cms-settings'),
        () => false,
      );
      if (ok) break;
      if (dev.process.exitCode !== null) throw new Error(`npm run dev s’est arrêté :\n${dev.output().slice(-3000)}`);
      if (performance.now() - startedAt > 300_000)
        throw new Error(`npm run dev ne sert pas /admin après 5 min :\n${dev.output().slice(-3000)}`);
      await new Promise((wait) => setTimeout(wait, 250));
    }
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run++) {
      runs.push(await openOnce(browser, origin));
      const last = runs.at(-1)!;
      log(`admin : ouverture ${run}/${RUNS} : ${fmt.ms(last.login + last.list)}.`);
    }
    const total = runs.map((run) => run.login + run.list);
    const markdown = [
      `\`npm run dev\` sur une copie du contenu, \`/admin\` ouvert ${RUNS} fois dans un profil Chromium neuf (rien en cache), 1 280 px ; ${loadAverage()}. Mesuré dans la page : du début de la navigation au bouton « Se connecter », puis du clic à la liste des articles avec ses entrées (le premier écran de l’éditeur, utilisable).`,
      '',
      table(
        ['ouverture', ...runs.map((_, index) => String(index + 1)), 'médiane'],
        [
          [
            'jusqu’au bouton « Se connecter »',
            ...runs.map((run) => fmt.ms(run.login)),
            fmt.ms(median(runs.map((run) => run.login))),
          ],
          [
            'du clic à la liste des articles',
            ...runs.map((run) => fmt.ms(run.list)),
            fmt.ms(median(runs.map((run) => run.list))),
          ],
          ['total', ...total.map(fmt.ms), fmt.ms(median(total))],
        ],
      ),
      '',
      `JavaScript téléchargé : ${fmt.size(median(runs.map((run) => run.scriptBytes)))} (octets transférés, compression du serveur de développement comprise).`,
    ].join('\n');
    return {
      title: 'Interface d’édition (/admin)',
      headline: [
        `/admin : la liste des articles est utilisable ${fmt.s(median(total))} après la navigation (médiane de ${RUNS}, bouton « Se connecter » à ${fmt.s(median(runs.map((run) => run.login)))}).`,
      ],
      markdown,
      data: { runs },
    };
  } finally {
    await browser.close();
    await dev.stop();
  }
}
