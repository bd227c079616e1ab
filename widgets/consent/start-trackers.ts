/**
 * Loads the tracker loader (trackers.ts) only once it has work to do: a category allowed, or cookies
 * left by an earlier consent to delete. A visitor who has not chosen, or has refused, downloads none of
 * it. From then on trackers.ts follows the consent signal itself, withdrawal included. Started by the
 * banner's script (banner.ts) when the page is idle or at a choice; later calls do nothing.
 */
import { effect } from '@preact/signals-core';
import { TRACKER_COOKIES, allowedCategories, cookieNames } from '../../core/consent/trackers.ts';
import { consent } from './store.ts';

let started = false;

export function startTrackersWhenNeeded(): void {
  if (started) return;
  started = true;
  let loading = false;
  const stopWatching = effect(() => {
    const allowed = allowedCategories(consent.value);
    if (loading) return;
    const leftovers = Object.values(TRACKER_COOKIES).some(
      (pattern) => cookieNames(document.cookie, pattern).length > 0,
    );
    if (!allowed.analytics && !allowed.marketing && !leftovers) return;
    loading = true;
    queueMicrotask(() => stopWatching());
    import('./trackers.ts').then(
      (module) => module.startTrackers(),
      (error) => console.error('Chargement du gestionnaire de traceurs impossible :', error),
    );
  });
}
