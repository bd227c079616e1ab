/**
 * Draws a social card (site/lib/social-cards.ts) as a 1200×630 PNG in the site's look: the teal wash of
 * the heroes, the logo, a kicker, the title in Inter, and the page's own drawing on a white card.
 * satori lays the card out as SVG; resvg rasterises it. Build-time only: never shipped to a browser.
 */
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { sniffImage } from '../../core/content/media-names.ts';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH, type SocialCard } from '../lib/social-cards.ts';

const require = createRequire(import.meta.url);

/** Inter (SIL Open Font License) from @fontsource/inter: satori reads WOFF, not WOFF2. */
function fontFile(weight: 400 | 600 | 700): Buffer {
  const files = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return readFileSync(join(files, `inter-latin-${weight}-normal.woff`));
}

let fonts: { name: string; data: Buffer; weight: 400 | 600 | 700; style: 'normal' }[] | undefined;
function loadFonts() {
  fonts ??= ([400, 600, 700] as const).map((weight) => ({
    name: 'Inter',
    data: fontFile(weight),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

/**
 * A file of the built site that content names (a card's picture, a portrait to copy as PNG), read only when
 * it is inside the build's output once every symbolic link is followed: content's schema already keeps the
 * path in public/ (core/common/content-fields.ts), and this holds whatever wrote the list. Its errors name
 * the path, never the bytes.
 */
export function readSiteFile(output: string, publicPath: string): Buffer {
  const root = realpathSync(output);
  const named = publicPath.slice(0, 200);
  let file: string;
  try {
    file = realpathSync(join(root, publicPath));
  } catch {
    throw new Error(`Images de partage : « ${named} » n’est pas un fichier du site construit.`);
  }
  const inside = relative(root, file);
  if (!publicPath.startsWith('/') || !inside || inside.startsWith('..') || isAbsolute(inside))
    throw new Error(`Images de partage : « ${named} » est hors du site construit, il n’est pas lu.`);
  return readFileSync(file);
}

/** A message without the data: URIs a renderer may quote (a picture's bytes), cut to a readable length. */
export function withoutBytes(message: string): string {
  return message.replace(/data:[^,\s]*,[^\s"')]*/g, 'data:…').slice(0, 500);
}

/** What a renderer needs besides the card: where the built site is (to read its drawings) and its host. */
export interface RenderContext {
  /** The built site's folder, holding the SVGs the cards show. */
  output: string;
  siteHost: string;
}

// Colours of site/styles/tokens.css.
const colour = {
  brand50: '#f0fdfa',
  brand100: '#ccfbf1',
  brand200: '#99f6e4',
  brand300: '#5eead4',
  brand700: '#0f766e',
  slate900: '#0f172a',
  white: '#ffffff',
};

type Node = { type: string; props: Record<string, unknown> };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style, children, ...props },
});

interface Picture {
  src: string;
  width: number;
  height: number;
}

/** A JPEG's size, from its first frame header (SOF0–SOF15, not DHT, JPG or DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes[at + 1]!;
    if (bytes[at] !== 0xff) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
  }
  return undefined;
}

/**
 * The picture as satori takes it: a drawing (SVG), or a PNG or JPEG (a page's screenshot, an editor's
 * upload). Another format (WebP, AVIF) is left out: the card keeps its title and logo.
 */
function pictureOf(bytes: Buffer): Picture | undefined {
  const type = sniffImage(bytes);
  const uri = (mime: string) => `data:${mime};base64,${bytes.toString('base64')}`;
  if (type === 'png') return { src: uri('image/png'), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (type === 'jpeg') {
    const size = jpegSize(bytes);
    return size && { src: uri('image/jpeg'), ...size };
  }
  if (type) return undefined;
  const svg = bytes.toString('utf8');
  const width = Number(/<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 1200);
  const height = Number(/<svg[^>]*\sheight="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 630);
  return { src: uri('image/svg+xml'), width, height };
}

/**
 * A title's size by its length, so that long article titles still hold in four lines. The NBHY of the
 * typography (e-mail, peut-on) is not in Inter's Latin subset: a plain hyphen is drawn instead.
 */
function titleStyle(title: string, narrow: boolean): { fontSize: number } {
  const length = title.length;
  if (narrow) return { fontSize: length <= 40 ? 58 : length <= 70 ? 48 : 42 };
  return { fontSize: length <= 50 ? 72 : 60 };
}

function picturePanel({ src, width, height }: Picture, kind: 'portrait' | 'wide'): Node {
  if (kind === 'portrait')
    return el(
      'div',
      {
        display: 'flex',
        width: 300,
        height: 300,
        borderRadius: 150,
        boxShadow: '0 18px 40px rgba(15, 118, 110, 0.22)',
      },
      el('img', { width: 300, height: 300, borderRadius: 150 }, undefined, {
        src,
        width: 300,
        height: 300,
      }),
    );
  const boxWidth = 440;
  const boxHeight = Math.round((boxWidth * height) / width);
  return el(
    'div',
    {
      display: 'flex',
      flexShrink: 0,
      padding: 10,
      background: colour.white,
      borderRadius: 28,
      boxShadow: '0 24px 48px rgba(15, 118, 110, 0.20)',
    },
    el('img', { width: boxWidth, height: boxHeight, borderRadius: 20 }, undefined, {
      src,
      width: boxWidth,
      height: boxHeight,
    }),
  );
}

export async function renderCard(card: SocialCard, context: RenderContext): Promise<Buffer> {
  const logo = pictureOf(readSiteFile(context.output, '/images/logo.svg'))!;
  const picture = card.picture ? pictureOf(readSiteFile(context.output, card.picture)) : undefined;
  const portrait = picture ? picture.width === picture.height : false;
  const title = card.title.replace(/\u2011/g, '-');

  const text = el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      width: picture ? 540 : 960,
      height: '100%',
      flexShrink: 0,
    },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 16 }, [
        el('img', { width: 60, height: 60 }, undefined, { src: logo.src, width: 60, height: 60 }),
        el('div', { fontSize: 40, fontWeight: 700, color: colour.slate900, letterSpacing: -0.5 }, 'Dentivo'),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 24 }, [
        el(
          'div',
          {
            display: 'flex',
            fontSize: 24,
            fontWeight: 600,
            color: colour.brand700,
            background: colour.white,
            borderRadius: 999,
            padding: '8px 20px',
            border: `2px solid ${colour.brand200}`,
          },
          card.kicker,
        ),
        el(
          'div',
          {
            display: 'flex',
            fontWeight: 700,
            color: colour.slate900,
            lineHeight: 1.14,
            letterSpacing: -1,
            ...titleStyle(title, Boolean(picture)),
          },
          title,
        ),
      ]),
      el('div', { display: 'flex', fontSize: 24, fontWeight: 600, color: colour.brand700 }, context.siteHost),
    ],
  );

  const root = el(
    'div',
    {
      display: 'flex',
      boxSizing: 'border-box',
      width: SOCIAL_WIDTH,
      height: SOCIAL_HEIGHT,
      padding: '56px 64px',
      justifyContent: 'space-between',
      alignItems: 'center',
      // The heroes' teal wash with their two soft discs, drawn as backgrounds so they stay behind the text.
      backgroundImage: [
        'radial-gradient(circle at 1120px 40px, rgba(94, 234, 212, 0.28) 0, rgba(94, 234, 212, 0.28) 250px, rgba(94, 234, 212, 0) 251px)',
        'radial-gradient(circle at 60px 640px, rgba(255, 255, 255, 0.5) 0, rgba(255, 255, 255, 0.5) 200px, rgba(255, 255, 255, 0) 201px)',
        `linear-gradient(135deg, ${colour.brand50} 0%, ${colour.brand100} 60%, ${colour.brand200} 100%)`,
      ].join(', '),
      fontFamily: 'Inter',
    },
    [text, ...(picture ? [picturePanel(picture, portrait ? 'portrait' : 'wide')] : [])],
  );

  const svg = await satori(root as never, { width: SOCIAL_WIDTH, height: SOCIAL_HEIGHT, fonts: loadFonts() });
  return rasterise(svg, SOCIAL_WIDTH);
}

/** Any of our SVGs as a PNG `width` pixels wide (the logo for JSON-LD, the authors' portraits). */
export function rasterise(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: true } }).render().asPng();
}
