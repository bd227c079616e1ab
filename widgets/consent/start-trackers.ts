/**
 * Loads the tracker loader (trackers.ts) only once it has work to do: a category allowed, or cookies
 * left by an earlier consent to delete. A visitor who has not chosen, or has refused, downloads none of
 * it. From then on trackers.ts follows the consent signal itself, withdrawal included.
 */
import { effect } from '@preact/signals-react';
import { TRACKER_COOKIES, allowedCategories, cookieNames } from '../../core/consent/rules.ts';
import { consent } from './store.ts';

export function startTrackersWhenNeeded(): () => void {
  let stopTrackers: (() => void) | undefined;
  let loading = false;
  let stopped = false;
  const stopWatching = effect(() => {
    const allowed = allowedCategories(consent.value);
    if (loading) return;
    const leftovers = Object.values(TRACKER_COOKIES).some(
      (pattern) => cookieNames(document.cookie, pattern).length > 0,
    );
    if (!allowed.analytics && !allowed.marketing && !leftovers) return;
    loading = true;
    import('./trackers.ts').then(
      (module) => {
        if (!stopped) stopTrackers = module.startTrackers();
      },
      (error) => console.error('Chargement du gestionnaire de traceurs impossible :', error),
    );
  });
  return () => {
    stopped = true;
    stopWatching();
    stopTrackers?.();
  };
}
