/**
 * The analytics layer (docs/requirements.md#analytics): no React, started once per page by the analytics
 * island (start.ts). Every event goes to the Google tag only when one exists, that is when consent has
 * loaded it (widgets/consent/trackers.ts); without it nothing is sent, stored or thrown.
 *
 * What it listens to: `dentivo:track` events of the other widgets, one delegated click listener for the
 * CTAs (docs/requirements.md#cta-tracking), what the visitor opens on the page (`data-interaction`:
 * page_interaction), the scroll position (scroll_depth), elements marked `data-ab-test`, and, lazily, the
 * web vitals. A click towards the app's sign-up is also announced as the 50 EUR conversion
 * (`dentivo:conversion`), which the marketing tags receive with marketing consent alone. Independently
 * of consent, an AI agent of high priority gets the service worker.
 */
import { assign, parseAssignments, type Variant } from '../../core/analytics/ab-test.ts';
import { detectBot, optimisationLevel, type BotDetection } from '../../core/analytics/bots.ts';
import { ctaClickParams, isTrackedCta, type CtaRegion } from '../../core/analytics/cta.ts';
import { recordDepth, scrollRatio, SCROLL_DEPTH_THRESHOLD } from '../../core/analytics/scroll-depth.ts';
import {
  CONVERSION_EVENT,
  isAnalyticsEvent,
  TRACK_EVENT,
  type AnalyticsEventName,
  type ConversionDetail,
  type TrackParams,
} from '../../core/analytics/tracking.ts';
import { consent } from '../consent/store.ts';
import { getConfig } from '../runtime/config.ts';
import { safeStorage } from '../runtime/storage.ts';

type Gtag = (command: 'event', name: AnalyticsEventName, params?: TrackParams) => void;

const SCROLL_KEY = 'dentivo-scroll-depth';
const AB_KEY = 'dentivo-ab-tests';
/** Pages the service worker keeps warm for AI agents (docs/requirements.md#service-worker). */
export const WARM_PATHS = ['/', '/blog', '/fonctionnalites', '/tarifs', '/contact'];
/** After consent is given, how long the layer waits for the tracker loader to define gtag. */
const TRACKER_WAIT_MS = 10_000;

const scrollStore = safeStorage('scroll-depth', ['session']);
const abStore = safeStorage('ab-test');

/**
 * The Google tag when events may go to it. A tag loaded for marketing only (ads conversion) gets no
 * analytics event once the visitor has refused analytics.
 */
function tracker(): Gtag | undefined {
  const gtag = (window as unknown as { gtag?: unknown }).gtag;
  if (typeof gtag !== 'function') return undefined;
  const choice = consent.value;
  return choice.hasSetPreferences && !choice.analytics ? undefined : (gtag as Gtag);
}

/** Sends one event if a tracker exists; says whether it was sent. A failing tracker never breaks the page. */
export function send(event: AnalyticsEventName, params: TrackParams = {}): boolean {
  const gtag = tracker();
  if (!gtag) return false;
  try {
    gtag('event', event, params);
    return true;
  } catch (error) {
    console.error(`Événement analytique « ${event} » non envoyé :`, error);
    return false;
  }
}

let started = false;
let bot: BotDetection;
/** A/B tests shown on this page, with the variant the visitor got. */
const exposures = new Map<string, Variant>();

export function startAnalytics(): void {
  if (started) return;
  started = true;
  bot = detectBot(navigator.userAgent);
  window.addEventListener(TRACK_EVENT, onTrackEvent);
  document.addEventListener('click', onClick, { capture: true });
  // `toggle` does not bubble: listened to while it goes down to the <details>.
  document.addEventListener('toggle', onToggle, { capture: true });
  window.addEventListener('scroll', onScroll, { passive: true });
  if (optimisationLevel(bot) === 'aggressive') void registerServiceWorker();
  whenTracker(onTrackerReady);
}

/** Runs `ready` once a tracker exists: now, or when consent given now or later has loaded it. */
function whenTracker(ready: () => void): void {
  if (tracker()) return ready();
  let timer: ReturnType<typeof setInterval> | undefined;
  let done = false;
  const stop = consent.subscribe((record) => {
    clearInterval(timer);
    if (done || !record.analytics || !record.hasSetPreferences) return;
    const deadline = Date.now() + TRACKER_WAIT_MS;
    timer = setInterval(() => {
      if (tracker()) {
        done = true;
        clearInterval(timer);
        queueMicrotask(() => stop());
        ready();
      } else if (Date.now() > deadline) clearInterval(timer);
    }, 100);
  });
}

/** Once per page load: page_view, bot_visit, A/B exposures, then the web vitals. */
function onTrackerReady(): void {
  send('page_view', { page_path: location.pathname, page_location: location.href, page_title: document.title });
  if (bot.isBot && bot.botInfo)
    send('bot_visit', {
      bot_name: bot.botInfo.name,
      bot_type: bot.botInfo.type,
      bot_priority: bot.botInfo.priority,
      confidence: bot.confidence,
      optimisation_level: optimisationLevel(bot),
    });
  exposeAbTests();
  onScroll();
  import('./vitals.ts').then(
    ({ measureVitals }) => measureVitals(send, bot.isBot),
    (error) => console.error('Mesure des web vitals non chargée :', error),
  );
}

function onTrackEvent(event: Event): void {
  const detail = (event as CustomEvent<unknown>).detail as { event?: unknown; params?: unknown } | null;
  if (!detail || !isAnalyticsEvent(detail.event)) return console.warn('Événement analytique inconnu ignoré :', detail);
  const params = detail.params && typeof detail.params === 'object' ? (detail.params as TrackParams) : {};
  send(detail.event, params);
  if (detail.event === 'form_submission' && params.form_success === true) convert('form_submission');
}

function region(element: Element): CtaRegion {
  if (element.closest('.site-header')) return 'header';
  if (element.closest('.hero')) return 'hero';
  if (element.closest('section.cta')) return 'cta-section';
  return 'other';
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('a[href], button') : null;
  if (!target) return;
  const marked = target.closest<HTMLElement>('[data-interaction]');
  if (marked && !(marked instanceof HTMLDetailsElement)) interaction(marked);
  const text = target.getAttribute('aria-label') || target.textContent || '';
  const href = target instanceof HTMLAnchorElement ? target.getAttribute('href') : null;
  const { appUrl } = getConfig();
  if (!isTrackedCta(text, href, location.href, appUrl)) return;
  const params = ctaClickParams({ text, href, pageUrl: location.href, appUrl, region: region(target) });
  if (send('cta_click', params)) convert('cta_click');
  // Announced whatever the analytics consent: the marketing tags take it (widgets/consent/trackers.ts).
  if (params.value !== undefined && params.currency) {
    const detail: ConversionDetail = { value: params.value, currency: params.currency };
    window.dispatchEvent(new CustomEvent(CONVERSION_EVENT, { detail }));
  }
}

/** A `<details>` marked `data-interaction` (a FAQ question) opened by the visitor. */
function onToggle(event: Event): void {
  const details = event.target;
  if (details instanceof HTMLDetailsElement && details.open && details.dataset.interaction) interaction(details);
}

/**
 * page_interaction (docs/requirements.md#analytics-events): what the visitor opened, and in which
 * section of the page (its id, else its heading).
 */
function interaction(element: HTMLElement): void {
  const section = element.closest('section');
  const heading = section?.querySelector('h1, h2, h3')?.textContent?.replace(/\s+/g, ' ').trim();
  send('page_interaction', {
    action_type: element.dataset.interaction,
    section_name: (section?.id || heading || 'page').slice(0, 100),
  });
}

let scrollQueued = false;
function onScroll(): void {
  if (scrollQueued || !tracker()) return;
  scrollQueued = true;
  requestAnimationFrame(() => {
    scrollQueued = false;
    const root = document.documentElement;
    const ratio = scrollRatio(window.scrollY, window.innerHeight, root.scrollHeight);
    if (ratio < SCROLL_DEPTH_THRESHOLD) return;
    const path = location.pathname;
    const { send: due, paths } = recordDepth(readPaths(), path, ratio);
    if (!due) return window.removeEventListener('scroll', onScroll);
    if (
      send('scroll_depth', {
        depth: Math.round(SCROLL_DEPTH_THRESHOLD * 100),
        page: path,
        page_location: location.href,
      })
    ) {
      scrollStore.set(SCROLL_KEY, JSON.stringify(paths));
      window.removeEventListener('scroll', onScroll);
    }
  });
}

function readPaths(): string[] {
  try {
    const data: unknown = JSON.parse(scrollStore.get(SCROLL_KEY) ?? '[]');
    return Array.isArray(data) ? data.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Elements marked `data-ab-test="test-id"` run a test: the visitor's variant (kept in storage, bots
 * always control) is written to `data-ab-variant` for the page's CSS, and the exposure is sent. Without
 * a tracker nobody is assigned and the page stays as built (control).
 */
function exposeAbTests(): void {
  const tests = document.querySelectorAll<HTMLElement>('[data-ab-test]');
  if (!tests.length) return;
  const assignments = parseAssignments(abStore.get(AB_KEY));
  for (const element of tests) {
    const id = element.dataset.abTest ?? '';
    if (!id) continue;
    const variant = (assignments[id] ??= assign(bot.isBot, Math.random()));
    element.dataset.abVariant = variant;
    if (!exposures.has(id)) {
      exposures.set(id, variant);
      send('ab_test_exposure', { test_id: id, variant });
    }
  }
  abStore.set(AB_KEY, JSON.stringify(assignments));
}

function convert(conversionType: string): void {
  for (const [id, variant] of exposures)
    send('ab_test_conversion', { test_id: id, variant, conversion_type: conversionType });
}

/** docs/requirements.md#service-worker: registered for aggressive optimisation, then asked to warm the main pages. */
async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js');
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'WARM_CACHE', urls: WARM_PATHS });
  } catch (error) {
    console.error('Enregistrement du service worker impossible :', error);
  }
}
