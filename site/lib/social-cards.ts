/**
 * The picture a shared link shows (docs/requirements.md#seo, docs/decisions/0028-raster-social-images.md):
 * one 1200×630 PNG per page, article and author, named after the page's canonical path. Templates read
 * the path and the alternative text from here; the image step (`npm run build:images`, after Eleventy)
 * draws the PNGs from the list that `writeSocialManifest` leaves behind, so Eleventy itself never draws.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frenchTypography } from '../../core/common/typography.ts';
import { titleSuffix } from '../../core/common/seo.ts';
import type { Content } from './content.ts';
import { categories } from '../../core/blog/categories.ts';
import { categoryPath } from '../../core/blog/listing.ts';

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
/** Where the image step finds the cards to draw and keeps what it drew (git-ignored). */
export const SOCIAL_CACHE_DIR = join('.cache', 'social-images');
export const SOCIAL_MANIFEST = join(SOCIAL_CACHE_DIR, 'cards.json');
/** The card of pages that have none of their own (the 404 page, the unknown author). */
export const DEFAULT_CARD_PATH = '/social/dentivo.png';

export interface SocialCard {
  /** Public path of the PNG: `/social/blog/suivi-post-operatoire.png`. */
  file: string;
  /** The words on the card, typeset (no-break spaces before « : », typographic apostrophes). */
  title: string;
  /** The small line above the title: « Blog · Soins », « Fonctionnalité ». */
  kicker: string;
  /** A drawing of the site shown beside the title (public path of an SVG), if the page has one. */
  picture?: string;
  /** What the picture shows, for `og:image:alt`. */
  alt: string;
}

/** A raster copy of one of our SVGs, for the places that refuse SVG (the JSON-LD logo, avatars). */
export interface RasterCopy {
  from: string;
  file: string;
  size: number;
}

export interface SocialManifest {
  /** The folder Eleventy wrote (`_site`, or the bench's own). */
  output: string;
  siteHost: string;
  cards: SocialCard[];
  rasters: RasterCopy[];
}

/**
 * `/` → `/social/accueil.png`; `/blog/suivi-post-operatoire` → `/social/blog/suivi-post-operatoire.png`.
 * The further pages of a blog list share its first page's card (`/blog/page/3` → `/social/blog.png`).
 */
export function socialImagePath(canonicalPath: string): string {
  const path = canonicalPath.replace(/\/+$/, '').replace(/^(\/blog(?:\/categorie\/[^/]+)?)\/page\/\d+$/, '$1');
  return `/social${path === '' ? '/accueil' : path}.png`;
}

/** PNG copy of an SVG of public/: `/images/avatars/x.svg` → `/social/images/avatars/x.png`. */
export function rasterPath(svgPath: string): string {
  return `/social${svgPath.replace(/\.svg$/, '.png')}`;
}

const withoutSuffix = (title: string, product: string) =>
  title.endsWith(titleSuffix(product)) ? title.slice(0, -titleSuffix(product).length) : title;

/** The picture beside the title: an article's own cover, a page's hero screenshot, an author's portrait. */
function heroPicture(sections: Content['pages'][number]['sections']): { src: string; alt: string } | undefined {
  for (const section of sections) if (section.type === 'hero' && section.image) return section.image;
  return undefined;
}

export function socialCards(content: Content): { cards: SocialCard[]; rasters: RasterCopy[] } {
  const product = content.config.product.name;
  const card = (canonical: string, title: string, kicker: string, picture?: { src: string; alt: string }) => {
    return {
      file: socialImagePath(canonical),
      title: frenchTypography(title),
      kicker: frenchTypography(kicker),
      picture: picture?.src,
      alt: frenchTypography(
        `« ${title} », avec le logo ${product}.${picture ? ` À droite : ${picture.alt.replace(/^Illustration\s*:\s*/, '')}` : ''}`,
      ),
    } satisfies SocialCard;
  };

  const cards: SocialCard[] = [
    {
      file: DEFAULT_CARD_PATH,
      title: frenchTypography(content.config.product.tagline),
      kicker: product,
      alt: frenchTypography(`Le logo ${product} et sa devise : « ${content.config.product.tagline} »`),
    },
    ...content.pages.map((page) =>
      card(
        page.path,
        withoutSuffix(page.title, product),
        page.path === '/' ? product : page.name,
        heroPicture(page.sections),
      ),
    ),
    card('/blog', `Le blog ${product} : des conseils concrets pour votre cabinet dentaire`, 'Blog'),
    // Each category's list; its further pages (/page/2…) share it (listCardPath).
    ...categories.map((name) => card(categoryPath(name), `Le blog ${product} : ${name}`, 'Blog · Catégorie')),
    ...content.posts.map((post) =>
      card(
        `/blog/${post.slug}`,
        post.title,
        `Blog · ${post.category}`,
        post.image ? { src: post.image, alt: post.imageAlt } : undefined,
      ),
    ),
    ...content.authors.map((author) =>
      card(`/auteur/${author.slug}`, author.name, `Auteur du blog · ${author.role}`, {
        src: author.avatar,
        alt: `le portrait dessiné de ${author.name}`,
      }),
    ),
  ];
  const rasters: RasterCopy[] = [
    { from: '/images/logo.svg', file: rasterPath('/images/logo.svg'), size: 512 },
    ...content.authors.map((author) => ({ from: author.avatar, file: rasterPath(author.avatar), size: 400 })),
  ];
  return { cards, rasters };
}

/** Called once Eleventy has written the pages: the list the image step draws from. */
export function writeSocialManifest(content: Content, output: string, root = process.cwd()): void {
  const { cards, rasters } = socialCards(content);
  const manifest: SocialManifest = { output, siteHost: new URL(content.config.siteUrl).host, cards, rasters };
  const file = join(root, SOCIAL_MANIFEST);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(manifest));
}
