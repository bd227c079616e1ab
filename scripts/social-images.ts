/**
 * `npm run build:images`, the build's last step: draws the social cards that Eleventy listed
 * (site/lib/social-cards.ts) as PNGs into the built site. Apart from Eleventy on purpose, so the page
 * build never waits for a picture (docs/decisions/0028-raster-social-images.md). Each PNG is kept in
 * .cache/social-images/ under a hash of everything it is drawn from (its words, its drawing, the
 * renderer and its fonts): an unchanged card is copied, not drawn again. Misses are drawn by worker
 * threads when there are enough of them to pay for starting one.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SOCIAL_CACHE_DIR, SOCIAL_MANIFEST, type SocialCard, type SocialManifest } from '../site/lib/social-cards.ts';
import { rasterise, readSiteFile, renderCard, withoutBytes, type RenderContext } from '../site/social/render.ts';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
/** Below this many cards to draw, one thread draws them: starting a worker costs about as much as a card. */
const PARALLEL_FROM = 8;

const sha = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
};

/** Everything a card's pixels depend on besides the card itself: the renderer's code and its packages. */
function designKey(): string {
  const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
  return sha(
    readFileSync(join(root, 'site/social/render.ts')),
    ['satori', '@resvg/resvg-js', '@fontsource/inter'].map(version).join(' '),
  );
}

async function drawInWorkers(jobs: { card: SocialCard; target: string }[], context: RenderContext): Promise<void> {
  const threads = Math.min(availableParallelism(), 4, Math.ceil(jobs.length / PARALLEL_FROM));
  if (threads <= 1) {
    for (const job of jobs) writeFileSync(job.target, await renderCard(job.card, context));
    return;
  }
  const shares = Array.from({ length: threads }, (_, index) => jobs.filter((_, j) => j % threads === index));
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((done, fail) => {
          const worker = new Worker(new URL('../site/social/worker-entry.mjs', import.meta.url), {
            workerData: { jobs: share, context },
          });
          worker.once('message', () => done());
          worker.once('error', fail);
          worker.once('exit', (code) => code !== 0 && fail(new Error(`dessin des images : worker sorti en ${code}`)));
        }),
    ),
  );
}

export async function buildSocialImages(
  manifestFile = join(root, SOCIAL_MANIFEST),
  cacheDir = join(root, SOCIAL_CACHE_DIR, 'png'),
) {
  const started = performance.now();
  if (!existsSync(manifestFile))
    throw new Error(`Images de partage : ${manifestFile} absent. Construisez d’abord les pages (npm run build:pages).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SocialManifest;
  const output = resolve(root, manifest.output);
  mkdirSync(cacheDir, { recursive: true });
  const design = designKey();
  const context: RenderContext = { output, siteHost: manifest.siteHost };
  const fileKey = new Map<string, string>();
  const contentOf = (publicPath: string) => {
    let key = fileKey.get(publicPath);
    if (!key) fileKey.set(publicPath, (key = sha(readSiteFile(output, publicPath))));
    return key;
  };

  const logo = contentOf('/images/logo.svg');
  const cards = manifest.cards.map((card) => ({
    card,
    target: join(
      cacheDir,
      `${sha(design, logo, JSON.stringify(card), manifest.siteHost, card.picture ? contentOf(card.picture) : '')}.png`,
    ),
  }));
  const rasters = manifest.rasters.map((raster) => ({
    raster,
    target: join(cacheDir, `${sha(design, 'raster', String(raster.size), contentOf(raster.from))}.png`),
  }));

  const missing = cards.filter((job) => !existsSync(job.target));
  await drawInWorkers(missing, context);
  for (const { raster, target } of rasters)
    if (!existsSync(target))
      writeFileSync(target, rasterise(readSiteFile(output, raster.from).toString('utf8'), raster.size));

  for (const { card, target } of cards) place(target, join(output, card.file));
  for (const { raster, target } of rasters) place(target, join(output, raster.file));

  // The cache keeps only what this build used, so it never grows past one site's worth of cards.
  const used = new Set([...cards, ...rasters].map((job) => job.target.slice(cacheDir.length + 1)));
  for (const name of readdirSync(cacheDir)) if (!used.has(name)) rmSync(join(cacheDir, name));

  return {
    cards: cards.length,
    rasters: rasters.length,
    drawn: missing.length,
    ms: Math.round(performance.now() - started),
  };
}

function place(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await buildSocialImages(process.argv[2] ? resolve(process.argv[2]) : undefined).catch(
    (error: Error) => {
      // Never a file's bytes in a build log (a picture is drawn from a data: URI).
      console.error(withoutBytes(error.message));
      process.exit(1);
    },
  );
  const seconds = (result.ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  console.log(
    `Images de partage : ${result.cards} cartes (${result.drawn} dessinées, ${result.cards - result.drawn} en cache) et ${result.rasters} copies PNG en ${seconds} s`,
  );
}
