/**
 * Screenshots of built pages at phone and desktop widths, to look at what we ship:
 *   npm run screenshot -- /agenda /blog        (server on BASE_URL, default http://localhost:8080)
 * Writes screenshots/<name>-375.png and -1280.png (git-ignored).
 */
import { chromium } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { chromiumPath, chromiumArgs } from './lib/browser.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const full = !process.argv.includes('--fold');
/** --slices N: cut the full page into N-screen-high tiles (long pages stay readable). */
const slicesArg = process.argv.indexOf('--slices');
const slices = slicesArg > 0 ? Number(process.argv[slicesArg + 1]) : 0;
await mkdir('screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 812 : 900 } });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = path === '/' ? 'home' : path.slice(1).replace(/[/?=&]+/g, '_');
    if (slices) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const tile = page.viewportSize()!.height * slices;
      for (let y = 0, i = 1; y < height; y += tile, i++) {
        const file = `screenshots/${name}-${width}-${i}.png`;
        await page.screenshot({
          path: file,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(tile, height - y) },
        });
        console.log(file);
      }
    } else {
      await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: full });
      console.log(`screenshots/${name}-${width}.png`);
    }
  }
  await page.close();
}
await browser.close();
