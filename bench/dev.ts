/**
 * The editor's loop (docs/requirements.md#editors): `npm run dev` on a copy of the content, an article
 * open in Chromium; its title is saved five times, and each time the bench waits until the open page
 * has reloaded by itself and shows the new title. Reported: from the file written to the new title on
 * screen (Eleventy's rebuild, the server noticing the build, the page reloading).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/browser.ts';
import { fmt, log, median, startDevOnCopy, table, type Section } from './common.ts';

const EDITS = 5;
const ARTICLE = 'suivi-post-operatoire';

export async function devBench(): Promise<Section> {
  const dev = await startDevOnCopy('dentivo-bench-dev-');
  const { origin, contentDir } = dev;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const times: number[] = [];
  try {
    log('dev : démarrage de npm run dev sur une copie du contenu…');
    const startedAt = performance.now();
    for (;;) {
      const ok = await fetch(`${origin}/blog/${ARTICLE}`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (dev.process.exitCode !== null) throw new Error(`npm run dev s’est arrêté :\n${dev.output().slice(-3000)}`);
      if (performance.now() - startedAt > 300_000)
        throw new Error(`npm run dev ne sert rien après 5 min :\n${dev.output().slice(-3000)}`);
      await new Promise((wait) => setTimeout(wait, 250));
    }
    const startup = performance.now() - startedAt;
    const page = await browser.newPage();
    await page.goto(`${origin}/blog/${ARTICLE}`);
    const file = join(contentDir, 'blog', `${ARTICLE}.md`);
    const source = readFileSync(file, 'utf8');
    for (let edit = 1; edit <= EDITS; edit++) {
      // The page listens for the server's reload events once loaded.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1000);
      const title = `Suivi post-opératoire, version ${edit} de la relecture`;
      const start = performance.now();
      writeFileSync(file, source.replace(/^title: .*$/m, `title: "${title}"`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 120_000 });
      times.push(performance.now() - start);
      log(`dev : enregistrement ${edit}/${EDITS} visible en ${fmt.ms(times[times.length - 1]!)}.`);
    }
    const markdown = [
      `\`npm run dev\` sur une copie du contenu (${fmt.s(startup)} avant la première page servie : widgets, pages, serveur), l’article \`/blog/${ARTICLE}\` ouvert dans Chromium ; son titre est enregistré ${EDITS} fois. Temps mesuré : du fichier écrit au nouveau titre affiché par la page, rechargée d’elle-même (reconstruction d’Eleventy, détection par le serveur, rechargement).`,
      '',
      table(
        ['enregistrement', ...times.map((_, index) => String(index + 1)), 'médiane'],
        [['jusqu’à la page rechargée', ...times.map(fmt.ms), fmt.ms(median(times))]],
      ),
    ].join('\n');
    return {
      title: 'Boucle de développement',
      headline: [
        `npm run dev : un article enregistré s’affiche dans la page ouverte en ${fmt.ms(median(times))} (médiane de ${EDITS}, de ${fmt.ms(Math.min(...times))} à ${fmt.ms(Math.max(...times))}).`,
      ],
      markdown,
      data: { startupMs: startup, times },
    };
  } finally {
    await browser.close();
    await dev.stop();
  }
}
