/**
 * Call-to-action tracking (docs/requirements.md#cta-tracking): which clicks count as a CTA, where on the page
 * they sit, and what they are worth. Plain functions: the analytics layer reads the DOM, this decides.
 */
import { escapeRegExp } from '../common/regexp.ts';

/** Words that make a button or link a CTA (docs/requirements.md#cta-tracking), matched at the start of a word. */
export const CTA_KEYWORDS = ['Essayer', 'Démo', 'Tester', 'Créer mon compte', 'Commencer'] as const;
/** Site paths whose links are CTAs whatever their text. */
export const CTA_PATHS = ['/tester', '/contact'] as const;
/** Conversion value of a click that leads to the professional app (docs/requirements.md#cta-tracking). */
export const CTA_CONVERSION_VALUE = 50;
export const CTA_CURRENCY = 'EUR';

const keywordPattern = new RegExp(`(?<!\\p{L})(?:${CTA_KEYWORDS.map(escapeRegExp).join('|')})`, 'iu');

export type CtaDestination = 'app' | 'internal' | 'external';

export interface CtaTarget {
  /** Resolved link address, or undefined for a button without one. */
  url: URL | undefined;
  destination: CtaDestination;
}

/** Resolves an href against the page and says whether it goes to the pro app, the site, or elsewhere. */
export function ctaTarget(href: string | null | undefined, pageUrl: string, appUrl: string): CtaTarget {
  if (!href) return { url: undefined, destination: 'internal' };
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return { url: undefined, destination: 'internal' };
  }
  if (url.origin === originOf(appUrl)) return { url, destination: 'app' };
  if (url.origin === originOf(pageUrl)) return { url, destination: 'internal' };
  return { url, destination: 'external' };
}

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

/**
 * A click is a tracked CTA when its text holds one of the keywords, when it links to /tester or /contact,
 * or when it opens the sign-up page of the professional app: the conversion that the 50 EUR value of
 * docs/requirements.md#cta-tracking measures ("Créer un compte" in the header carries none of the keywords).
 */
export function isTrackedCta(text: string, href: string | null | undefined, pageUrl: string, appUrl: string): boolean {
  if (keywordPattern.test(text.replace(/\s+/g, ' '))) return true;
  const { url, destination } = ctaTarget(href, pageUrl, appUrl);
  if (!url) return false;
  if (destination === 'internal') {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    return (CTA_PATHS as readonly string[]).includes(path);
  }
  return destination === 'app' && url.searchParams.get('signup') === 'true';
}

/** Where the clicked element sits, as the layer reads it from the page structure. */
export type CtaRegion = 'header' | 'hero' | 'cta-section' | 'other';
export type CtaLocation = 'header' | 'hero-section' | 'homepage-final-cta' | 'final-cta' | 'page';

/** The cta_location parameter of docs/requirements.md#analytics-events. */
export function ctaLocation(region: CtaRegion, path: string): CtaLocation {
  if (region === 'header') return 'header';
  if (region === 'hero') return 'hero-section';
  if (region === 'cta-section') return path === '/' || path === '' ? 'homepage-final-cta' : 'final-cta';
  return 'page';
}

/** 50 EUR when the click leads to the professional app, nothing otherwise. */
export function conversionValue(destination: CtaDestination): { value: number; currency: string } | undefined {
  return destination === 'app' ? { value: CTA_CONVERSION_VALUE, currency: CTA_CURRENCY } : undefined;
}

/** The cta_click parameters (docs/requirements.md#analytics-events). */
export function ctaClickParams(input: {
  text: string;
  href: string | null | undefined;
  pageUrl: string;
  appUrl: string;
  region: CtaRegion;
}) {
  const { url, destination } = ctaTarget(input.href, input.pageUrl, input.appUrl);
  const path = originOf(input.pageUrl) ? new URL(input.pageUrl).pathname : '/';
  const label = input.text.replace(/\s+/g, ' ').trim().slice(0, 100);
  return {
    cta_name: label,
    label,
    destination:
      destination === 'app' ? 'app' : destination === 'internal' && url ? url.pathname + url.search : (url?.href ?? ''),
    destination_url: url?.href ?? '',
    cta_location: ctaLocation(input.region, path),
    ...conversionValue(destination),
  };
}
