/**
 * The analytics island's script, run when the page is idle (no React, nothing on screen). It loads the
 * analytics layer (layer.ts) only when the layer has something to do: a tracker was consented or is
 * already on the page (events need one), or the visitor looks like a bot (bot_visit, the service
 * worker). Other visitors never download it.
 */
import { consent } from '../consent/store.ts';

/** Cheap pre-check; core/analytics/bots.ts does the real classification once the layer is loaded. */
const MAYBE_BOT = /bot|crawl|spider|slurp|agent|gpt|claude|perplexity|facebookexternalhit|linkedin/i;

export function wake(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import('./layer.ts').then(
      ({ startAnalytics }) => startAnalytics(),
      (error) => console.error('Couche analytique non chargée :', error),
    );
  };
  // A Google tag already on the page (installed by the host page itself) also counts as a tracker.
  if (MAYBE_BOT.test(navigator.userAgent) || typeof (window as { gtag?: unknown }).gtag === 'function') start();
  consent.subscribe((choice) => {
    if (choice.analytics || choice.marketing) start();
  });
}
