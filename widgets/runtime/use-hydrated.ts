/**
 * False during the build's render and the hydration that must match it, true from then on: islands
 * whose HTML cannot know the visitor (their consent, their storage) show the real state only after
 * hydrating, without an effect that sets state (React's own pattern for this, useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
