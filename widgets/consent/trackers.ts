/**
 * The tracker loader (SPEC.md sections 4 and 7, DECISIONS.md "Consent"). It follows the consent signal:
 * - analytics (Google tag GA4, session recording) only with analytics consent, preferences set;
 * - marketing pixels (Meta, LinkedIn, X, TikTok, Google Ads conversion) only with marketing consent;
 * - Google consent mode v2, basic: no Google script before consent; `consent default` (four keys denied)
 *   goes first, then an `update` of all four keys on every change, `denied` on withdrawal;
 * - on withdrawal the tags' elements are removed and their first-party cookies deleted.
 * IDs and script URLs come from the page's configuration (`getConfig().tracking`); an empty ID means the
 * tracker is not installed. A script URL may hold `{id}`; otherwise the ID goes in its query string.
 */
/* eslint-disable @typescript-eslint/no-explicit-any, prefer-rest-params, prefer-spread --
   The vendors' snippets are reproduced as they ship: untyped globals, and queues that must receive
   the `arguments` object itself (gtag's dataLayer tells commands from data by it). */
import { effect } from '@preact/signals-core';
import type { PublicConfig } from '../../core/site/config.ts';
import {
  TRACKER_COOKIES,
  allowedCategories,
  cookieNames,
  googleConsentState,
  type ConsentChoice,
} from '../../core/consent/rules.ts';
import { getConfig } from '../runtime/config.ts';
import { consent } from './store.ts';

type Tracking = PublicConfig['tracking'];
type Category = keyof ConsentChoice;
// The vendors' snippets talk through globals (fbq, twq, ttq, dataLayer…): that is their contract.
type Globals = Window & Record<string, any>;

interface Tag {
  /** Written on the script as data-tracker. */
  name: string;
  category: Category;
  src: string;
  /** Hosts whose scripts, pixels and frames belong to the tag (the vendor adds its own). */
  hosts: string[];
  /** The vendor's command queue and first commands, before its script arrives. */
  setup(w: Globals): void;
  globals: string[];
}

const GOOGLE_HOSTS = [
  'googletagmanager.com',
  'google-analytics.com',
  'analytics.google.com',
  'googleadservices.com',
  'doubleclick.net',
];

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

function tagsFor(t: Tracking): Tag[] {
  const tags: Tag[] = [];
  if (t.recordingId)
    tags.push({
      name: 'recording',
      category: 'analytics',
      src: scriptUrl(t.recordingScriptUrl, t.recordingId),
      hosts: ['hotjar.com', 'hotjar.io', hostOf(t.recordingScriptUrl)],
      setup(w) {
        w.hj ||= function () {
          (w.hj.q ||= []).push(arguments);
        };
        w._hjSettings = { hjid: Number(t.recordingId) || t.recordingId, hjsv: 6 };
      },
      globals: ['hj', '_hjSettings'],
    });
  if (t.metaPixelId)
    tags.push({
      name: 'meta',
      category: 'marketing',
      src: t.metaScriptUrl,
      hosts: ['facebook.net', 'facebook.com', hostOf(t.metaScriptUrl)],
      setup(w) {
        queue(w, 'fbq');
        w._fbq ||= w.fbq;
        w.fbq('init', t.metaPixelId);
        w.fbq('track', 'PageView');
      },
      globals: ['fbq', '_fbq'],
    });
  if (t.linkedinId)
    tags.push({
      name: 'linkedin',
      category: 'marketing',
      src: t.linkedinScriptUrl,
      hosts: ['licdn.com', 'linkedin.com', hostOf(t.linkedinScriptUrl)],
      setup(w) {
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
    });
  if (t.xPixelId)
    tags.push({
      name: 'x',
      category: 'marketing',
      src: t.xScriptUrl,
      hosts: ['ads-twitter.com', 'twitter.com', 't.co', 'x.com', hostOf(t.xScriptUrl)],
      setup(w) {
        queue(w, 'twq', 'exe');
        w.twq.version = '1.1';
        w.twq('config', t.xPixelId);
      },
      globals: ['twq'],
    });
  if (t.tiktokId) {
    const base = t.tiktokScriptUrl;
    tags.push({
      name: 'tiktok',
      category: 'marketing',
      src: `${scriptUrl(base, t.tiktokId, 'sdkid')}&lib=ttq`,
      hosts: ['tiktok.com', 'tiktokw.us', hostOf(base)],
      setup(w) {
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
    });
  }
  return tags;
}

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
  const tags = tagsFor(tracking);
  const installed = new Map<Tag, HTMLScriptElement>();
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
      removeElementsFrom([...GOOGLE_HOSTS, hostOf(tracking.gaScriptUrl)]);
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
      // The analytics layer sends page_view itself (SPEC.md section 7); the tag's own would count each page twice.
      gtag('config', id, { send_page_view: false });
      googleConfigured.add(id);
    }
  }

  function apply(allowed: ConsentChoice): void {
    applyGoogle(allowed);
    for (const tag of tags) {
      const script = installed.get(tag);
      if (allowed[tag.category] && !script) {
        tag.setup(w);
        installed.set(tag, inject(tag.src, tag.name));
      } else if (!allowed[tag.category] && script) {
        script.remove();
        removeElementsFrom(tag.hosts);
        for (const name of tag.globals) delete w[name];
        installed.delete(tag);
      }
    }
    // Also clears what an expired or older choice left behind.
    for (const category of ['analytics', 'marketing'] as const)
      if (!allowed[category]) deleteCookies(TRACKER_COOKIES[category]);
  }

  return effect(() => apply(allowedCategories(consent.value)));
}
