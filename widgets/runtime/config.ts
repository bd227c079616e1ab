/**
 * The public configuration of the site, written into each page by the build as
 * <script type="application/json" id="dentivo-config">. At build time the SSR sets it directly.
 */
import type { PublicConfig } from '../../core/site/config.ts';

let current: PublicConfig | undefined;

export function setConfig(config: PublicConfig): void {
  current = config;
}

export function getConfig(): PublicConfig {
  if (current) return current;
  const element = typeof document === 'undefined' ? null : document.getElementById('dentivo-config');
  if (!element?.textContent) throw new Error('Configuration Dentivo absente : la page doit contenir #dentivo-config.');
  // Written by our own build from a validated configuration: no schema check in the browser (it would ship zod).
  current = JSON.parse(element.textContent) as PublicConfig;
  return current;
}

/** The backend base URL: configured, or the origin that served the page. */
export function backendUrl(config: PublicConfig = getConfig()): string {
  return config.supabaseUrl || globalThis.location?.origin || '';
}
