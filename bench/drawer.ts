/**
 * How long the assistant's drawer takes to open on a repeat visit (cookie choice made), the CPU slowed
 * 4× as Lighthouse's mobile preset does: from the click on « Assistant » to the first frame with the
 * drawer shown. Two cases, each several times:
 *   - after idle: the page has been idle and its network quiet; with the button shown, React and the
 *     drawer's code were loaded at idle (not rendered);
 *   - before React: the same page, but React's runtime and the drawer's code are held back by the
 *     network until the click, as for a visitor quicker than the page's first idle moment.
 * A report, not a test: a busy machine slows every figure; read the median beside the load average.
 */
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import { markIdle, recordAssets, returningVisitor } from '../scripts/lib/bytes.ts';
import { fmt, loadAverage, log, median, startServer, table, type BenchContext, type Section } from './common.ts';

export const CPU_SLOWDOWN = 4;
const RUNS = 5;

type Case = 'après repos' | 'avant React';

/**
 * Run in the page before the click: notes the click's time, then the first frame in which the drawer is
 * visible. A string, so that the TypeScript runner adds no helper the page does not have.
 */
const WATCH_OPENING = `(() => {
  document.addEventListener('click', (event) => { window.__clickAt ??= event.timeStamp; }, { capture: true, once: true });
  function watch() {
    const drawer = document.querySelector('.assistant-layer[data-open] .assistant-drawer');
    if (window.__clickAt !== undefined && drawer && getComputedStyle(drawer).visibility === 'visible')
      requestAnimationFrame(() => { window.__openAt = performance.now(); });
    else requestAnimationFrame(watch);
  }
  requestAnimationFrame(watch);
})()`;

/** One opening: milliseconds from the click event to the first frame after the drawer is shown. */
async function openOnce(browser: Browser, siteDir: string, origin: string, when: Case): Promise<number> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  try {
    await returningVisitor(context);
    const page = await context.newPage();
    await markIdle(page);
    // Before React: its runtime and the drawer's code wait, in the network, for the click.
    let clicked!: () => void;
    const click = new Promise<void>((resolve) => (clicked = resolve));
    if (when === 'avant React')
      await page.route(/\/assets\/(hydrate|Drawer)-[\w-]+\.js$/, async (route) => {
        await click;
        await route.continue();
      });
    const assets = recordAssets(page, siteDir, origin);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}/`);
    const button = page.getByRole('button', { name: 'Assistant', exact: true });
    await button.waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => (window as { __idleAt?: number }).__idleAt !== undefined);
    if (when === 'après repos') await assets.quiet();
    else await page.waitForTimeout(1000);
    await page.evaluate(WATCH_OPENING);
    await button.click();
    clicked();
    await page.waitForFunction(() => (window as { __openAt?: number }).__openAt !== undefined, null, {
      timeout: 30_000,
    });
    // Awaited here, before `finally` closes the page.
    return await page.evaluate(() => {
      const w = window as unknown as { __clickAt: number; __openAt: number };
      return w.__openAt - w.__clickAt;
    });
  } finally {
    await context.close();
  }
}

export async function drawerBench(context: BenchContext, runs = RUNS): Promise<Section> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium introuvable : installez-le (apt-get install chromium) ou indiquez CHROMIUM_PATH.');
  const server = await startServer({ siteDir: context.siteDir });
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const loadText = `${loadAverage()} au départ`;
  const results: { when: Case; ms: number[] }[] = [];
  try {
    for (const when of ['après repos', 'avant React'] as const) {
      const ms: number[] = [];
      for (let run = 1; run <= runs; run++) {
        log(`tiroir : ${when} (${run}/${runs})…`);
        ms.push(await openOnce(browser, context.siteDir, server.origin, when));
      }
      results.push({ when, ms });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = results.map(({ when, ms }) => [
    when,
    fmt.ms(median(ms)),
    fmt.ms(Math.min(...ms)),
    fmt.ms(Math.max(...ms)),
    ms.map((value) => Math.round(value)).join(', '),
  ]);
  const after = results.find((result) => result.when === 'après repos')!;
  const before = results.find((result) => result.when === 'avant React')!;
  return {
    title: 'Ouverture du tiroir de l’assistant (visite suivante, CPU ×4)',
    headline: [
      `Tiroir de l’assistant, du clic à l’image ouverte, CPU ×${CPU_SLOWDOWN} : ${fmt.ms(median(after.ms))} après repos (objectif < 200 ms), ${fmt.ms(median(before.ms))} avant que React soit chargé (médianes de ${runs}, ${loadText}).`,
    ],
    markdown: [
      `Visite suivante de \`/\` (choix de cookies fait), Chromium à 1280 px, CPU ralenti ${CPU_SLOWDOWN}× (Emulation.setCPUThrottlingRate, comme le préréglage mobile de Lighthouse), réseau local. Du clic sur « Assistant » à la première image où le tiroir est visible ; ${runs} passages par cas, ${loadText}. « Après repos » : la page a eu son moment de repos et son réseau est calme ; le bouton étant affiché, React et le code du tiroir ont été chargés au repos (pas rendus). « Avant React » : la même page, mais le réseau retient le code de React et du tiroir jusqu’au clic, comme pour un visiteur plus rapide que le premier repos de la page.`,
      '',
      table(['cas', 'médiane', 'min', 'max', 'passages (ms)'], rows, ['l', 'r', 'r', 'r', 'l']),
    ].join('\n'),
    data: { cpuSlowdown: CPU_SLOWDOWN, load: loadText, results },
  };
}
