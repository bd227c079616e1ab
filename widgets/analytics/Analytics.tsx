/**
 * The analytics island: renders nothing. It loads the analytics layer (a plain module) only when the
 * layer has something to do: a tracker was consented or is already on the page (events need one),
 * or the visitor looks like a
 * bot (bot_visit, the service worker). Other visitors never download it, which keeps first load light.
 * Placed once per page in site/layouts/base.njk.
 */
import { useEffect } from 'react';
import { consent } from '../consent/store.ts';

/** Cheap pre-check; core/analytics/bots.ts does the real classification once the layer is loaded. */
const MAYBE_BOT = /bot|crawl|spider|slurp|agent|gpt|claude|perplexity|facebookexternalhit|linkedin/i;

export default function Analytics() {
  useEffect(() => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void import('./layer.ts').then(({ startAnalytics }) => startAnalytics());
    };
    // A Google tag already on the page (installed by the host page itself) also counts as a tracker.
    if (MAYBE_BOT.test(navigator.userAgent) || typeof (window as { gtag?: unknown }).gtag === 'function') start();
    return consent.subscribe((choice) => {
      if (choice.analytics || choice.marketing) start();
    });
  }, []);
  return null;
}
