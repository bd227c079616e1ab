/**
 * Editors' uploads as the pages show them (docs/decisions/0050-uploaded-images-end-to-end.md): a
 * `<picture>` whose AVIF and WebP copies, at a few widths, were made at build (site/lib/images.ts). This
 * module only remembers what was made and writes the markup, so the CMS's previews (in the browser, where
 * nothing was made) fall back to the plain `<img>` of the uploaded file.
 */
import { escapeAttribute } from './html.ts';

export interface ImageVariant {
  width: number;
  /** Public addresses of the copies (/images/uploads/photo-1a2b3c4d-960.avif). */
  avif: string;
  webp: string;
}

export interface ResponsiveImage {
  /** The uploaded file's own address, kept as the `<img>` for browsers without AVIF or WebP. */
  src: string;
  width: number;
  height: number;
  /** Narrowest first; the widest is the file's own width, or the largest of IMAGE_WIDTHS. */
  variants: ImageVariant[];
}

let made = new Map<string, ResponsiveImage>();

/** What this build made, by the uploaded file's address (called by site/lib/images.ts). */
export function rememberImages(images: ReadonlyMap<string, ResponsiveImage>): void {
  made = new Map(images);
}

/** The page's column at most (an article's text, a card's width): the browser picks the width it needs. */
export const DEFAULT_SIZES = '(min-width: 60rem) 46rem, 100vw';

export interface PictureOptions {
  alt: string;
  title?: string;
  sizes?: string;
  /** The image the page opens with: fetched first, never lazily. */
  eager?: boolean;
  className?: string;
  /** Extra attributes of the `<img>`, already escaped (`data-skeleton`). */
  extra?: string;
}

/** `<picture>` for an upload the build made copies of, else undefined (the caller writes its `<img>`). */
export function pictureHtml(src: string, options: PictureOptions): string | undefined {
  const image = made.get(src);
  if (!image) return undefined;
  const sizes = escapeAttribute(options.sizes ?? DEFAULT_SIZES);
  const set = (format: 'avif' | 'webp') =>
    image.variants.map((variant) => `${escapeAttribute(variant[format])} ${variant.width}w`).join(', ');
  const loading = options.eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const title = options.title ? ` title="${escapeAttribute(options.title)}"` : '';
  const className = options.className ? ` class="${escapeAttribute(options.className)}"` : '';
  return (
    `<picture><source type="image/avif" srcset="${set('avif')}" sizes="${sizes}">` +
    `<source type="image/webp" srcset="${set('webp')}" sizes="${sizes}">` +
    `<img src="${escapeAttribute(image.src)}" alt="${escapeAttribute(options.alt)}"${title} width="${image.width}" height="${image.height}"${className}${options.extra ? ` ${options.extra}` : ''}${loading} decoding="async"></picture>`
  );
}
