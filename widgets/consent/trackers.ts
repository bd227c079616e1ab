/**
 * The tracker loader (docs/requirements.md#trackers). It follows the consent signal:
 * - analytics (Google tag GA4, session recording) only with analytics consent, preferences set;
 * - marketing pixels (Meta, LinkedIn, X, TikTok, Google Ads conversion) only with marketing consent;
 * - Google consent mode v2, basic (docs/decisions/0012-google-basic-consent-mode.md): no Google script
 *   before consent; `consent default` (four keys denied) goes first, then an `update` of all four keys on
 *   every change, `denied` on withdrawal;
 * - on withdrawal the tags' elements are removed and their first-party cookies deleted;
 * - the sign-up conversion (`dentivo:conversion`, from the analytics layer) goes to each marketing tag
 *   installed, so that Ads and the pixels receive it with marketing consent alone.
 * Which trackers exist, their hosts and cookies: core/consent/trackers.ts. IDs and script URLs come from
 * the page's configuration; an empty ID means the tracker is not installed. A script URL may hold
 * `{id}`; otherwise the ID goes in its query string.
 */
/* eslint-disable @typescript-eslint/no-explicit-any, prefer-rest-params, prefer-spread --
   The vendors' snippets are reproduced as they ship: untyped globals, and queues that must receive
   the `arguments` object itself (gtag's dataLayer tells commands from data by it). */
import { effect } from '@preact/signals-core';
import type { PublicConfig } from '../../core/common/config.ts';
import type { ConsentChoice } from '../../core/consent/rules.ts';
import {
  allowedCategories,
  googleConsentState,
  TRACKERS,
  TRACKER_COOKIES,
  cookieNames,
  sourceHost,
  type Tracker,
  type TrackerName,
} from '../../core/consent/trackers.ts';
import { CONVERSION_EVENT, type ConversionDetail } from '../../core/analytics/tracking.ts';
import { getConfig } from '../runtime/config.ts';
import { consent } from './store.ts';

type Tracking = PublicConfig['tracking'];
// The vendors' snippets talk through globals (fbq, twq, ttq, dataLayer…): that is their contract.
type Globals = Window & Record<string, any>;

/** What a vendor's own snippet does: its script address, its command queue and first commands, its conversion. */
interface Vendor {
  src(t: Tracking): string;
  /** The command queue and first commands, before the script arrives. */
  setup(w: Globals, t: Tracking): void;
  globals: string[];
  /** The sign-up conversion of docs/requirements.md#cta-tracking, when this vendor can record one. */
  convert(w: Globals, t: Tracking, conversion: ConversionDetail): void;
}

export function scriptUrl(url: string, id: string, param = 'id'): string {
  if (url.includes('{id}')) return url.replaceAll('{id}', encodeURIComponent(id));
  const result = new URL(url);
  result.searchParams.set(param, id);
  return result.href;
}

const hostOf = (url: string) => new URL(url).hostname;

/** A queue function in the vendors' style: calls wait in `queue` until the real script takes over. */
function queue(w: Globals, name: string, run = 'callMethod'): void {
  if (w[name]) return;
  const q: any = function (this: unknown) {
    if (q[run]) q[run].apply(q, arguments);
    else q.queue.push(arguments);
  };
  q.queue = [];
  q.push = q;
  q.loaded = true;
  q.version = '2.0';
  w[name] = q;
}

/** The tags other than Google's (whose one script serves Analytics and Ads: see applyGoogle below). */
const VENDORS: Record<Exclude<TrackerName, 'google-analytics' | 'google-ads'>, Vendor> = {
  recording: {
    src: (t) => scriptUrl(t.recordingScriptUrl, t.recordingId),
    setup(w, t) {
      w.hj ||= function () {
        (w.hj.q ||= []).push(arguments);
      };
      w._hjSettings = { hjid: Number(t.recordingId) || t.recordingId, hjsv: 6 };
    },
    globals: ['hj', '_hjSettings'],
    convert: () => {},
  },
  meta: {
    src: (t) => t.metaScriptUrl,
    setup(w, t) {
      queue(w, 'fbq');
      w._fbq ||= w.fbq;
      w.fbq('init', t.metaPixelId);
      w.fbq('track', 'PageView');
    },
    globals: ['fbq', '_fbq'],
    convert: (w, _t, { value, currency }) => w.fbq('track', 'Lead', { value, currency }),
  },
  linkedin: {
    src: (t) => t.linkedinScriptUrl,
    setup(w, t) {
      w._linkedin_partner_id = t.linkedinId;
      w._linkedin_data_partner_ids = [t.linkedinId];
      w.lintrk ||= Object.assign(
        function (a: unknown, b: unknown) {
          w.lintrk.q.push([a, b]);
        },
        { q: [] as unknown[] },
      );
    },
    globals: ['lintrk', '_linkedin_partner_id', '_linkedin_data_partner_ids'],
    // LinkedIn records conversions by their own id only (set up in Campaign Manager).
    convert(w, t) {
      if (t.linkedinConversionId) w.lintrk('track', { conversion_id: Number(t.linkedinConversionId) });
    },
  },
  x: {
    src: (t) => t.xScriptUrl,
    setup(w, t) {
      queue(w, 'twq', 'exe');
      w.twq.version = '1.1';
      w.twq('config', t.xPixelId);
    },
    globals: ['twq'],
    // X records an event by its id only (set up in X Ads).
    convert(w, t, { value, currency }) {
      if (t.xConversionEventId) w.twq('event', t.xConversionEventId, { value, currency });
    },
  },
  tiktok: {
    src: (t) => `${scriptUrl(t.tiktokScriptUrl, t.tiktokId, 'sdkid')}&lib=ttq`,
    setup(w, t) {
      const base = t.tiktokScriptUrl;
      // TikTok's own snippet, condensed: deferred methods, then the instance's load bookkeeping.
      w.TiktokAnalyticsObject = 'ttq';
      const ttq = (w.ttq ||= []);
      const methods = [
        'page',
        'track',
        'identify',
        'instances',
        'debug',
        'on',
        'off',
        'once',
        'ready',
        'alias',
        'group',
        'enableCookie',
        'disableCookie',
        'holdConsent',
        'revokeConsent',
        'grantConsent',
      ];
      const defer = (target: any, method: string) => {
        target[method] = function () {
          target.push([method, ...arguments]);
        };
      };
      ttq.methods = methods;
      ttq.setAndDefer = defer;
      for (const method of methods) defer(ttq, method);
      ttq.instance = (id: string) => {
        const instance = ttq._i[id] || [];
        for (const method of methods) defer(instance, method);
        return instance;
      };
      ttq._i = { [t.tiktokId]: Object.assign([], { _u: base }) };
      ttq._t = { [t.tiktokId]: Date.now() };
      ttq._o = { [t.tiktokId]: {} };
      ttq.page();
    },
    globals: ['ttq', 'TiktokAnalyticsObject'],
    convert: (w, _t, { value, currency }) => w.ttq.track('Lead', { value, currency }),
  },
};

/** The hosts whose elements belong to a tracker: its script's, and every source it uses. */
const hostsOf = (tracker: Tracker, t: Tracking) => [
  hostOf(t[tracker.script]),
  ...Object.values(tracker.sources).flat().map(sourceHost),
];

function inject(src: string, name: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.tracker = name;
  script.addEventListener('error', () => console.error(`Chargement du traceur « ${name} » impossible : ${src}`));
  document.head.append(script);
  return script;
}

/** Removes every script, pixel or frame that came from these hosts (the tag's and what it added). */
function removeElementsFrom(hosts: string[]): void {
  const own = location.hostname;
  const foreign = hosts.filter((host) => host !== own);
  for (const element of document.querySelectorAll<HTMLElement>('script[src], img[src], iframe[src], link[href]')) {
    let host: string;
    try {
      host = new URL(element.getAttribute('src') ?? element.getAttribute('href') ?? '', location.href).hostname;
    } catch {
      continue;
    }
    if (foreign.some((h) => host === h || host.endsWith(`.${h}`))) element.remove();
  }
}

/** Expires matching cookies on this host and each parent domain (trackers often set them on the site's root). */
export function deleteCookies(pattern: RegExp): string[] {
  const names = cookieNames(document.cookie, pattern);
  const labels = location.hostname.split('.');
  const domains = ['', ...labels.slice(0, -1).map((_, i) => `; domain=.${labels.slice(i).join('.')}`)];
  for (const name of names) for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  return names;
}

/**
 * Starts following the consent signal; returns the function that stops it. Once per page, through
 * start-trackers.ts, which loads this module only when it has something to do.
 */
export function startTrackers(tracking: Tracking = getConfig().tracking): () => void {
  const w = window as unknown as Globals;
  const tags = TRACKERS.filter(
    (tracker): tracker is Tracker & { name: keyof typeof VENDORS } => tracker.name in VENDORS && !!tracking[tracker.id],
  );
  const installed = new Map<(typeof tags)[number], HTMLScriptElement>();
  let google: HTMLScriptElement | undefined;
  let googleStarted = false;
  let googleAllowed = false;
  const googleConfigured = new Set<string>();

  const gtag = (...args: unknown[]) => w.gtag(...args);

  function applyGoogle(allowed: ConsentChoice): void {
    const ids = [allowed.analytics && tracking.gaId, allowed.marketing && tracking.adsConversionId].filter(
      (id): id is string => !!id,
    );
    if (!ids.length && !googleStarted) return;
    if (!googleStarted) {
      w.dataLayer ||= [];
      // Until a Google tag is allowed, only consent commands go through (a stray event sends nothing).
      w.gtag ||= function () {
        if (googleAllowed || arguments[0] === 'consent') w.dataLayer.push(arguments);
      };
      gtag('consent', 'default', googleConsentState({ analytics: false, marketing: false }));
      googleStarted = true;
    }
    gtag('consent', 'update', googleConsentState(allowed));
    googleAllowed = ids.length > 0;
    if (!googleAllowed) {
      google?.remove();
      removeElementsFrom(
        TRACKERS.filter((tracker) => tracker.name.startsWith('google')).flatMap((tracker) =>
          hostsOf(tracker, tracking),
        ),
      );
      google = undefined;
      googleConfigured.clear();
      return;
    }
    if (!google) {
      gtag('js', new Date());
      google = inject(scriptUrl(tracking.gaScriptUrl, ids[0]!), 'google');
    }
    for (const id of ids) {
      if (googleConfigured.has(id)) continue;
      // The analytics layer sends page_view itself (docs/requirements.md#analytics-events); the tag's own would count each page twice.
      gtag('config', id, { send_page_view: false });
      googleConfigured.add(id);
    }
  }

  function apply(allowed: ConsentChoice): void {
    applyGoogle(allowed);
    for (const tag of tags) {
      const script = installed.get(tag);
      const vendor = VENDORS[tag.name];
      if (allowed[tag.category] && !script) {
        vendor.setup(w, tracking);
        installed.set(tag, inject(vendor.src(tracking), tag.name));
      } else if (!allowed[tag.category] && script) {
        script.remove();
        removeElementsFrom(hostsOf(tag, tracking));
        for (const name of vendor.globals) delete w[name];
        installed.delete(tag);
      }
    }
    // Also clears what an expired or older choice left behind.
    for (const category of ['analytics', 'marketing'] as const)
      if (!allowed[category]) deleteCookies(TRACKER_COOKIES[category]);
  }

  /** The sign-up conversion, to the marketing tags now installed (none without marketing consent). */
  function convert(event: Event): void {
    const conversion = (event as CustomEvent<ConversionDetail>).detail;
    if (!conversion || !allowedCategories(consent.value).marketing) return;
    if (googleConfigured.has(tracking.adsConversionId)) {
      const label = tracking.adsConversionLabel;
      gtag('event', 'conversion', {
        send_to: label ? `${tracking.adsConversionId}/${label}` : tracking.adsConversionId,
        ...conversion,
      });
    }
    for (const tag of installed.keys()) {
      try {
        VENDORS[tag.name].convert(w, tracking, conversion);
      } catch (error) {
        console.error(`Conversion non transmise au traceur « ${tag.name} » :`, error);
      }
    }
  }

  addEventListener(CONVERSION_EVENT, convert);
  const stop = effect(() => apply(allowedCategories(consent.value)));
  return () => {
    removeEventListener(CONVERSION_EVENT, convert);
    stop();
  };
}
