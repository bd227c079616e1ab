/**
 * Screenshots of built pages at phone and desktop widths, to look at what we ship:
 *   npm run screenshot -- /agenda /blog        (server on BASE_URL, default http://localhost:8080)
 * Writes screenshots/<name>-375.png and -1280.png (git-ignored).
 *   npm run screenshot -- --drawing public/images/screens/dashboard.svg
 * draws an SVG screen at twice its size into the PNG beside it: a hero shows that raster, whose copies
 * the build makes, because a drawing with many texts is laid out on the phone's main thread
 * (docs/decisions/0056-quiet-main-thread.md).
 */
import { chromium } from 'playwright-core';
import { mkdir, readFile } from 'node:fs/promises';
import { chromiumPath, chromiumArgs } from './lib/browser.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const full = !process.argv.includes('--fold');
/** --slices N: cut the full page into N-screen-high tiles (long pages stay readable). */
const slicesArg = process.argv.indexOf('--slices');
const slices = slicesArg > 0 ? Number(process.argv[slicesArg + 1]) : 0;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const drawing = process.argv.indexOf('--drawing');
/** The SVG at twice its size, into the PNG beside it (transparent where the drawing is). */
async function drawAsPng(file: string): Promise<void> {
  const svg = await readFile(file, 'utf8');
  const [width, height] = [/\swidth="(\d+)"/, /\sheight="(\d+)"/].map((size) => Number(size.exec(svg)![1]));
  const page = await browser.newPage({ viewport: { width: width!, height: height! }, deviceScaleFactor: 2 });
  await page.setContent(
    `<body style="margin:0"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  const png = file.replace(/\.svg$/, '.png');
  await page.screenshot({ path: png, omitBackground: true });
  console.log(png);
}
if (drawing > 0) await drawAsPng(process.argv[drawing + 1]!);
else await mkdir('screenshots', { recursive: true });
for (const width of drawing > 0 ? [] : [375, 1280]) {
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
