/**
 * Editors' images resized and re-encoded at build (docs/decisions/0050-uploaded-images-end-to-end.md):
 * each raster image under public/images/ (uploads, articles' covers…) gets AVIF and WebP copies at the
 * widths of IMAGE_WIDTHS that are narrower than the file, and one at its own width (at most the largest),
 * next to the file in the output. Drawings (SVG) are left as they are. The codecs are Squoosh's, compiled to WebAssembly (@jsquash/*): they install from npm with
 * no install script and no download, where sharp (and so @11ty/eleventy-img) needs native binaries.
 * Copies are kept in a cache folder by the file's fingerprint, so a build encodes only new uploads.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sniffImage, type ImageType } from '../../core/content/media-names.ts';
import { rememberImages, type ResponsiveImage } from './picture.ts';

/** The widths a page may ask for: a phone, an article's column, a wide or dense screen. */
export const IMAGE_WIDTHS = [480, 960, 1440];
/** Where the images are, under public/ and on the site. */
const IMAGES = 'images';

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

// The codecs make ImageData objects; Node has no such class.
(globalThis as { ImageData?: unknown }).ImageData ??= class ImageData implements Pixels {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
};

const requireHere = createRequire(import.meta.url);
const wasm = (pkg: string, file: string) =>
  WebAssembly.compile(readFileSync(join(dirname(requireHere.resolve(`${pkg}/package.json`)), file)));

interface Codecs {
  decode: Partial<Record<ImageType, (bytes: ArrayBuffer) => Promise<Pixels>>>;
  resize: (pixels: Pixels, size: { width: number; height: number }) => Promise<Pixels>;
  avif: (pixels: Pixels) => Promise<ArrayBuffer>;
  webp: (pixels: Pixels) => Promise<ArrayBuffer>;
}

let codecs: Promise<Codecs> | undefined;

/** Loaded on the first upload only: a build without uploads compiles no WebAssembly. */
function loadCodecs(): Promise<Codecs> {
  codecs ??= (async () => {
    const [png, jpeg, webpDecode, avifDecode, resize, webp, avif] = await Promise.all([
      import('@jsquash/png/decode.js'),
      import('@jsquash/jpeg/decode.js'),
      import('@jsquash/webp/decode.js'),
      import('@jsquash/avif/decode.js'),
      import('@jsquash/resize'),
      import('@jsquash/webp/encode.js'),
      import('@jsquash/avif/encode.js'),
    ]);
    await Promise.all([
      png.init(await wasm('@jsquash/png', 'codec/pkg/squoosh_png_bg.wasm')),
      jpeg.init(await wasm('@jsquash/jpeg', 'codec/dec/mozjpeg_dec.wasm')),
      webpDecode.init(await wasm('@jsquash/webp', 'codec/dec/webp_dec.wasm')),
      avifDecode.init(await wasm('@jsquash/avif', 'codec/dec/avif_dec.wasm')),
      resize.initResize(await wasm('@jsquash/resize', 'lib/resize/pkg/squoosh_resize_bg.wasm')),
      webp.init(await wasm('@jsquash/webp', 'codec/enc/webp_enc.wasm')),
      avif.init(await wasm('@jsquash/avif', 'codec/enc/avif_enc.wasm')),
    ]);
    const pixels = (value: unknown) => value as Pixels;
    return {
      decode: {
        png: async (bytes) => pixels(await png.default(bytes)),
        jpeg: async (bytes) => pixels(await jpeg.default(bytes)),
        webp: async (bytes) => pixels(await webpDecode.default(bytes)),
        avif: async (bytes) => pixels(await avifDecode.default(bytes)),
      },
      resize: async (image, size) =>
        pixels(await resize.default(image as ImageData, { ...size, method: 'lanczos3', fitMethod: 'stretch' })),
      // Quality for photographs seen at their width: no visible loss, a fraction of the bytes.
      webp: (image) => webp.default(image as ImageData, { quality: 78 }),
      avif: (image) => avif.default(image as ImageData, { quality: 55, speed: 8 }),
    };
  })();
  return codecs;
}

/** The widths made for a file `width` pixels wide: never wider than the file. */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  return [...new Set([...IMAGE_WIDTHS.filter((candidate) => candidate < top), top])];
}

export interface ImageBuild {
  images: Map<string, ResponsiveImage>;
  /** Copies encoded by this build (the others came from the cache). */
  encoded: number;
  /** Files that are not an image the codecs read (a GIF, a damaged file): shown as they are. */
  skipped: string[];
}

/**
 * Paths under `dir`, relative to it, with forward slashes, sorted: regular files and folders only, never
 * through a symbolic link, so that nothing outside public/ is read, encoded or copied into the build.
 */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((item) =>
      item.isDirectory()
        ? filesUnder(join(dir, item.name), `${prefix}${item.name}/`)
        : item.isFile()
          ? [`${prefix}${item.name}`]
          : [],
    );
}

/**
 * Makes the copies of every raster image under `publicDir/images/` into the same place under
 * `outputDir`, and remembers them for the pages (site/lib/picture.ts).
 */
export async function buildImages(publicDir: string, outputDir: string, cacheDir: string): Promise<ImageBuild> {
  const images = new Map<string, ResponsiveImage>();
  const result: ImageBuild = { images, encoded: 0, skipped: [] };
  for (const file of filesUnder(join(publicDir, IMAGES))) {
    const dot = file.lastIndexOf('.');
    if (dot < 1 || file.endsWith('.svg')) continue;
    const bytes = readFileSync(join(publicDir, IMAGES, file));
    const type = sniffImage(bytes);
    if (!type) continue;
    const fingerprint = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    try {
      const made = await copiesOf(bytes, type, fingerprint, cacheDir);
      if (!made) {
        result.skipped.push(file);
        continue;
      }
      const base = file.slice(0, dot);
      mkdirSync(dirname(join(outputDir, IMAGES, file)), { recursive: true });
      const variants = made.copies.map(({ width, files }) => {
        const address = (format: 'avif' | 'webp') => {
          writeFileSync(join(outputDir, IMAGES, `${base}-${width}.${format}`), readFileSync(files[format]));
          return `/${IMAGES}/${base}-${width}.${format}`;
        };
        return { width, avif: address('avif'), webp: address('webp') };
      });
      images.set(`/${IMAGES}/${file}`, { src: `/${IMAGES}/${file}`, width: made.width, height: made.height, variants });
      result.encoded += made.encoded;
    } catch (error) {
      console.warn(`Image ${IMAGES}/${file} montrée telle quelle : ${(error as Error).message}`);
      result.skipped.push(file);
    }
  }
  rememberImages(images);
  return result;
}

interface Copies {
  width: number;
  height: number;
  copies: { width: number; files: Record<'avif' | 'webp', string> }[];
  encoded: number;
}

/** The copies of one file, from the cache when this fingerprint was seen before. */
async function copiesOf(
  bytes: Buffer,
  type: ImageType,
  fingerprint: string,
  cacheDir: string,
): Promise<Copies | undefined> {
  mkdirSync(cacheDir, { recursive: true });
  const sizeFile = join(cacheDir, `${fingerprint}.json`);
  let size: { width: number; height: number } | undefined = existsSync(sizeFile)
    ? (JSON.parse(readFileSync(sizeFile, 'utf8')) as { width: number; height: number })
    : undefined;
  let pixels: Pixels | undefined;
  const decoded = async () => {
    if (pixels) return pixels;
    const decode = (await loadCodecs()).decode[type];
    if (!decode) return undefined;
    const view = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return (pixels = await decode(view));
  };
  if (!size) {
    const image = await decoded();
    if (!image) return undefined;
    size = { width: image.width, height: image.height };
    writeFileSync(sizeFile, JSON.stringify(size));
  }
  let encoded = 0;
  const copies: Copies['copies'] = [];
  for (const width of widthsFor(size.width)) {
    const files = {
      avif: join(cacheDir, `${fingerprint}-${width}.avif`),
      webp: join(cacheDir, `${fingerprint}-${width}.webp`),
    };
    if (!existsSync(files.avif) || !existsSync(files.webp)) {
      const image = await decoded();
      if (!image) return undefined;
      const codec = await loadCodecs();
      const height = Math.max(1, Math.round((size.height * width) / size.width));
      const resized = width === image.width ? image : await codec.resize(image, { width, height });
      writeFileSync(files.webp, new Uint8Array(await codec.webp(resized)));
      writeFileSync(files.avif, new Uint8Array(await codec.avif(resized)));
      encoded += 2;
    }
    copies.push({ width, files });
  }
  return { ...size, copies, encoded };
}
