/**
 * Every island, once (docs/architecture.md#islands): the build renders its view into the page
 * (widgets/ssr.tsx), the browser wakes it at its moment (widgets/client.ts), and other sites render the
 * embeddable ones inside shadow roots (widgets/embed-app.tsx). Each loader is a dynamic import, so each
 * island is its own chunk and a page downloads only what its islands need, when they need it.
 */
import type { ComponentType } from 'react';
import type { HydrationMoment } from '../../core/common/islands.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; they arrive as parsed JSON
export type WidgetModule = { default: ComponentType<any> };

export interface WakeOptions {
  /** On another site (embed.js): no cookie banner of ours to wait for. */
  embedded?: boolean;
}
/** A plain script (no React) that brings an island's build-time HTML to life. */
export type WakeModule = { wake(element: HTMLElement, options?: WakeOptions): void };

export interface Island {
  /** The React view: rendered at build time; in the browser, hydrated at the island's moment unless `wake` is given. */
  view?: () => Promise<WidgetModule>;
  /** For an island whose HTML can live without React: its script, run at the island's moment instead. */
  wake?: () => Promise<WakeModule>;
  /** The moment a placeholder gets unless its template names another. */
  hydrate: HydrationMoment;
  /**
   * Wakes at load anyway when this holds of its placeholder, in the browser, or at `pageshow` (the blog
   * filter when the address asks for a filter, the checklist when a return to the page put its ticks back).
   */
  wakeAtLoadIf?: (element: HTMLElement) => boolean;
  /** Other sites may ask for it with embed.js's data-widgets. */
  embeddable: boolean;
}

export const islands = {
  'cookie-banner': {
    view: () => import('../consent/CookieBanner.tsx'),
    wake: () => import('../consent/banner.ts'),
    hydrate: 'load',
    embeddable: false,
  },
  // One chunk with the customise panel (widgets/consent/choices.ts): both edit the same choices.
  'cookie-settings': { view: () => import('../consent/choices.ts'), hydrate: 'visible', embeddable: false },
  assistant: {
    view: () => import('../assistant/AssistantIsland.tsx'),
    wake: () => import('../assistant/launcher.ts'),
    hydrate: 'load',
    embeddable: true,
  },
  analytics: { wake: () => import('../analytics/start.ts'), hydrate: 'idle', embeddable: false },
  // Toasts come only from React widgets: the list hydrates once one of them has brought React.
  toaster: { view: () => import('./Toaster.tsx'), hydrate: 'with-react', embeddable: false },
  'audit-checklist': {
    view: () => import('../blog/AuditChecklist.tsx'),
    hydrate: 'interaction',
    // Ticks the browser put back on a return to the page: their appraisal shows without a click.
    wakeAtLoadIf: (element) => element.querySelector(':checked') !== null,
    embeddable: true,
  },
  // Above the static list pages: wakes on first use, or at load when the address already filters.
  'blog-search': {
    view: () => import('../blog/BlogSearch.tsx'),
    hydrate: 'interaction',
    wakeAtLoadIf: () => /[?&](search|category|tag)=/.test(location.search),
    embeddable: false,
  },
  'contact-form': { view: () => import('../forms/ContactForm.tsx'), hydrate: 'interaction', embeddable: true },
  'tester-form': { view: () => import('../forms/TesterForm.tsx'), hydrate: 'interaction', embeddable: true },
} as const satisfies Record<string, Island>;

export type IslandName = keyof typeof islands;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(islands, name);

/** What embed.js's data-widgets may ask for on another site (pure: the site's client drops it). */
export const embeddableNames = /* @__PURE__ */ (Object.keys(islands) as IslandName[]).filter(
  (name) => islands[name].embeddable,
);
