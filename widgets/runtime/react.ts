/**
 * React, on demand (docs/decisions/0040-islands-wake-on-need.md). Nothing at rest needs it: the first island
 * that does (a form focused, the drawer opened, the customise panel) loads it through `loadReact()`, once
 * for the page. When the page is idle, the browser fetches and compiles React's files ahead without
 * running them, so that the first use waits neither for the network nor for the compiler.
 */
import type * as ReactRuntimeModule from './hydrate.tsx';

type ReactRuntime = typeof ReactRuntimeModule;

let runtime: Promise<ReactRuntime> | undefined;
let requested: () => void;
/** Settles when an island first asks for React to render (the moment `with-react`). */
export const reactRequested = new Promise<void>((resolve) => (requested = resolve));

/**
 * React's runtime, loaded once for the page. `warm`: only loaded ahead (the pointer near a button, the
 * page idle with the assistant's button shown), which wakes no `with-react` island.
 */
export function loadReact(purpose: 'render' | 'warm' = 'render'): Promise<ReactRuntime> {
  runtime ??= import('./hydrate.tsx');
  if (purpose === 'render') requested();
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
 * React's files, which the build lists on the client's script tag (`data-prefetch`), fetched and
 * compiled once the page is idle, not run: running them is the main-thread work kept until a visitor
 * asks for it. (`modulepreload`: the browser compiles what it fetches away from the main thread.)
 */
export function prefetchReactWhenIdle(): void {
  const files = document.querySelector<HTMLScriptElement>('script[data-prefetch]')?.dataset.prefetch?.split(' ');
  if (!files?.length) return;
  void whenIdle().then(() => {
    for (const href of files) {
      if (!href || document.querySelector(`link[href="${href}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  });
}
