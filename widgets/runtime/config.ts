/**
 * The public configuration of the site, written at the end of each page by the build as
 * <script type="application/json" data-dentivo-config> (core/common/islands.ts): found by what content
 * cannot write, never by an id an article could take first. At build time the SSR sets it directly; the
 * embed, from embed-config.json.
 */
import type { PublicConfig } from '../../core/common/config.ts';
import { CONFIG_SELECTOR } from '../../core/common/islands.ts';

let current: PublicConfig | undefined;

export function setConfig(config: PublicConfig): void {
  current = config;
}

export function getConfig(): PublicConfig {
  if (current) return current;
  const element = typeof document === 'undefined' ? undefined : [...document.querySelectorAll(CONFIG_SELECTOR)].at(-1);
  if (!element?.textContent)
    throw new Error('Configuration Dentivo absente : la page doit contenir script[data-dentivo-config].');
  // Written by our own build from a validated configuration: no schema check in the browser (it would ship zod).
  current = JSON.parse(element.textContent) as PublicConfig;
  return current;
}

/** The backend base URL: configured, or the origin that served the page. */
export function backendUrl(config: PublicConfig = getConfig()): string {
  return config.supabaseUrl || globalThis.location?.origin || '';
}

/**
 * Where the site's own pages are. On the site, links stay relative, exactly as the build rendered them;
 * embedded on another site (widgets/embed-app.tsx), they lead back to the Dentivo site that served the
 * widget, never to a page of the host (its /confidentialite would be its own, or a 404).
 */
let pagesOrigin = '';

export function setPagesOrigin(origin: string): void {
  pagesOrigin = origin;
}

/** The widget is on the site's own page, not embedded on another site's. */
export const onOwnSite = (): boolean => pagesOrigin === '';

/** A page of the site (`/confidentialite`), as a widget must link it where it is shown. */
export function sitePage(path: string): string {
  return pagesOrigin + path;
}
