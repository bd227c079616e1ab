/**
 * The contract between the build, which writes each island's placeholder (site/lib/islands.ts), and the
 * browser, which wakes it (widgets/client.ts): its data attributes and the moments it may wake at.
 * Defined once here, because site/ and widgets/ never import each other (docs/architecture.md#islands).
 */

/**
 * When an island's code runs; until then it is the HTML the build wrote, and nothing of it downloads.
 * - `load`: at once (the cookie banner, the assistant's button: small scripts without React);
 * - `idle`: once the page has loaded and the browser is idle (the analytics layer);
 * - `visible`: when it comes near the viewport;
 * - `interaction`: when the visitor reaches for it (pointer over it, touch, focus or key inside);
 *   until then its build-time HTML works on its own (a form posts, a box ticks);
 * - `with-react`: as soon as another island has brought React to the page (the toast area, which
 *   only React widgets fill).
 */
export const HYDRATION_MOMENTS = ['load', 'idle', 'visible', 'interaction', 'with-react'] as const;
export type HydrationMoment = (typeof HYDRATION_MOMENTS)[number];

/** The placeholder's attributes (as in `element.dataset`: `widget` is `data-widget`). */
export const ISLAND_DATA = {
  /** The island's name in the registry (widgets/runtime/registry.ts). */
  name: 'widget',
  /** Its props, JSON, the same the build rendered it with. */
  props: 'props',
  /** Its moment (one of HYDRATION_MOMENTS). */
  hydrate: 'hydrate',
  /** Set once its plain script (no React) has brought the build-time HTML to life. */
  awake: 'awake',
  /** Set once React has hydrated (or rendered) it. */
  hydrated: 'hydrated',
} as const;

/**
 * The page's public configuration, written by the build at the end of every page: a JSON block marked by
 * its attribute, which content cannot write (its HTML keeps no <script>, and ids are its own:
 * docs/decisions/0049-content-html-allow-list.md). Widgets read the page's last one.
 */
export const CONFIG_TAG = '<script type="application/json" data-dentivo-config>';
export const CONFIG_SELECTOR = 'script[type="application/json"][data-dentivo-config]';

/** `data-widget` → the attribute name in HTML. */
export const dataAttribute = (key: keyof typeof ISLAND_DATA) =>
  `data-${ISLAND_DATA[key].replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * An island's placeholder around its HTML: written by the build (site/lib/islands.ts), and again by the
 * server around a form posted without JavaScript (server/form-page.ts). Props go in as JSON, escaped for
 * a double-quoted attribute.
 */
export function islandPlaceholder(name: string, props: Record<string, unknown>, moment: HydrationMoment, html: string) {
  const json = JSON.stringify(props).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attribute = Object.keys(props).length ? ` ${dataAttribute('props')}="${json}"` : '';
  return `<div class="island" ${dataAttribute('name')}="${name}"${attribute} ${dataAttribute('hydrate')}="${moment}">${html}</div>`;
}

export const isHydrationMoment = (value: unknown): value is HydrationMoment =>
  typeof value === 'string' && (HYDRATION_MOMENTS as readonly string[]).includes(value);
