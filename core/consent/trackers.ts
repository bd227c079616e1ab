/**
 * The trackers the site may install, in one place (docs/requirements.md#trackers): for each, the
 * configuration keys of its ID and its script, its consent category, the hosts it loads from and
 * reports to, and the first-party cookies it leaves. Read by the browser's loader
 * (widgets/consent/trackers.ts: what to load, what withdrawal removes), the cookie clean-up
 * (widgets/consent/start-trackers.ts) and the security headers the build writes for the server and
 * static hosts (core/common/security-headers.ts: what the Content-Security-Policy allows). A tracker
 * whose ID is empty is not installed: no code, no policy entry, no request.
 * No zod: the loader ships it to the browser.
 */
import type { ConsentChoice, ConsentRecord } from './rules.ts';

/** The tracking part of the configuration (core/common/config.ts), as the trackers read it. */
export interface TrackingConfig {
  gaId: string;
  gaScriptUrl: string;
  recordingId: string;
  recordingScriptUrl: string;
  metaPixelId: string;
  metaScriptUrl: string;
  linkedinId: string;
  linkedinScriptUrl: string;
  xPixelId: string;
  xScriptUrl: string;
  tiktokId: string;
  tiktokScriptUrl: string;
  adsConversionId: string;
}

type IdKey = 'gaId' | 'recordingId' | 'metaPixelId' | 'linkedinId' | 'xPixelId' | 'tiktokId' | 'adsConversionId';
type ScriptKey =
  'gaScriptUrl' | 'recordingScriptUrl' | 'metaScriptUrl' | 'linkedinScriptUrl' | 'xScriptUrl' | 'tiktokScriptUrl';

export type TrackerName = 'google-analytics' | 'google-ads' | 'recording' | 'meta' | 'linkedin' | 'x' | 'tiktok';

export interface Tracker {
  name: TrackerName;
  category: keyof ConsentChoice;
  id: IdKey;
  script: ScriptKey;
  /**
   * Sources it uses besides its script's own origin, as Content-Security-Policy sources: other
   * scripts it adds, where it sends data, where its pixels come from.
   */
  sources: { scripts?: string[]; connect?: string[]; images?: string[] };
  /** First-party cookies it leaves on our domain (content/pages/gestion-cookies.md). */
  cookies: RegExp;
}

const GOOGLE_ANALYTICS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GOOGLE_ADS = [
  'https://www.googleadservices.com',
  'https://googleads.g.doubleclick.net',
  'https://www.google.com',
];

export const TRACKERS: readonly Tracker[] = [
  {
    name: 'google-analytics',
    category: 'analytics',
    id: 'gaId',
    script: 'gaScriptUrl',
    sources: { connect: GOOGLE_ANALYTICS, images: GOOGLE_ANALYTICS },
    cookies: /^(_ga|_ga_.+|_gid|_gat.*)$/,
  },
  {
    name: 'recording',
    category: 'analytics',
    id: 'recordingId',
    script: 'recordingScriptUrl',
    sources: {
      scripts: ['https://script.hotjar.com'],
      connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    },
    cookies: /^_hj.+$/,
  },
  {
    name: 'meta',
    category: 'marketing',
    id: 'metaPixelId',
    script: 'metaScriptUrl',
    sources: { connect: ['https://www.facebook.com'], images: ['https://www.facebook.com'] },
    cookies: /^(_fbp|_fbc)$/,
  },
  {
    name: 'linkedin',
    category: 'marketing',
    id: 'linkedinId',
    script: 'linkedinScriptUrl',
    sources: { connect: ['https://px.ads.linkedin.com'], images: ['https://px.ads.linkedin.com'] },
    cookies: /^(li_fat_id|li_sugr)$/,
  },
  {
    name: 'x',
    category: 'marketing',
    id: 'xPixelId',
    script: 'xScriptUrl',
    sources: { images: ['https://t.co', 'https://analytics.twitter.com'] },
    cookies: /^_twclid$/,
  },
  {
    name: 'tiktok',
    category: 'marketing',
    id: 'tiktokId',
    script: 'tiktokScriptUrl',
    sources: { connect: ['https://analytics.tiktok.com'] },
    cookies: /^(_ttp|_tt_enable_cookie)$/,
  },
  {
    name: 'google-ads',
    category: 'marketing',
    id: 'adsConversionId',
    script: 'gaScriptUrl',
    sources: { connect: GOOGLE_ADS, images: GOOGLE_ADS },
    cookies: /^_gcl_.+$/,
  },
];

/** The trackers this configuration installs (a non-empty ID). */
export const installedTrackers = (tracking: TrackingConfig): Tracker[] =>
  TRACKERS.filter((tracker) => tracking[tracker.id] !== '');

/**
 * Cookies deleted when their category is refused, withdrawn or lapsed: every tracker's, whether or not
 * it is installed today (an earlier configuration may have left them), and Microsoft Ads' (`_uet…`),
 * which tags outside the site may set on our domain.
 */
export const TRACKER_COOKIES: Record<keyof ConsentChoice, RegExp> = {
  analytics: union(TRACKERS.filter((tracker) => tracker.category === 'analytics').map((tracker) => tracker.cookies)),
  marketing: union([
    ...TRACKERS.filter((tracker) => tracker.category === 'marketing').map((tracker) => tracker.cookies),
    /^_uet.+$/,
  ]),
};

function union(patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}

/** Names of the cookies in a `document.cookie` string that match `pattern`. */
export function cookieNames(cookieString: string, pattern: RegExp): string[] {
  return cookieString
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name && pattern.test(name));
}

/**
 * The host names a source stands for, for matching elements: `https://*.hotjar.com` → `hotjar.com`
 * (and its subdomains), `https://www.facebook.com` → `www.facebook.com`.
 */
export function sourceHost(source: string): string {
  return source.replace(/^[a-z]+:\/\//, '').replace(/^\*\./, '');
}

/** What may run: a category counts only once preferences are set (docs/requirements.md#trackers). */
export function allowedCategories(record: ConsentRecord): ConsentChoice {
  return {
    analytics: record.hasSetPreferences && record.analytics,
    marketing: record.hasSetPreferences && record.marketing,
  };
}

/** Google consent mode v2 (basic): all four keys, every time. */
export type GoogleConsentState = Record<
  'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage',
  'granted' | 'denied'
>;

export function googleConsentState(allowed: ConsentChoice): GoogleConsentState {
  const ads = allowed.marketing ? 'granted' : 'denied';
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: allowed.analytics ? 'granted' : 'denied',
  };
}
