/**
 * React, on demand (docs/decisions/0034-islands-wake-on-need.md). Nothing at rest needs it: the first island
 * that does (a form focused, the drawer opened, the customise panel) loads it through `loadReact()`, once
 * for the page. When the page is idle, the browser fetches React's files ahead without running them, so
 * that the first use does not wait for the network.
 */
import type * as ReactRuntimeModule from './hydrate.tsx';

type ReactRuntime = typeof ReactRuntimeModule;

let runtime: Promise<ReactRuntime> | undefined;
let requested: () => void;
/** Settles when an island first asks for React (the moment `with-react`). */
export const reactRequested = new Promise<void>((resolve) => (requested = resolve));

export function loadReact(): Promise<ReactRuntime> {
  runtime ??= import('./hydrate.tsx');
  requested();
  return runtime;
}

/** Once the page has loaded and the browser has a moment to spare. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 200);
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  });
}

/**
 * Files the build lists on the client's script tag (`data-prefetch-react`, `data-prefetch-drawer`),
 * fetched into the cache once the page is idle. Fetched, not run: running them is the main-thread work
 * this design keeps until a visitor asks for it.
 */
export function prefetchWhenIdle(group: 'react' | 'drawer'): void {
  const key = `prefetch${group[0]!.toUpperCase()}${group.slice(1)}`;
  const files = document.querySelector<HTMLScriptElement>(`script[data-prefetch-${group}]`)?.dataset[key]?.split(' ');
  if (!files?.length) return;
  void whenIdle().then(() => {
    for (const href of files) {
      if (!href || document.querySelector(`link[href="${href}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
  });
}
