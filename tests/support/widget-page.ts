/**
 * The page a widget finds around itself in a component test (tests/components/): the public configuration
 * as the build writes it into every page (<script type="application/json" data-dentivo-config>), made from
 * content/site.json by core/common/config.ts, and what the analytics layer would hear.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, toPublicConfig, type PublicConfig } from '../../core/common/config.ts';
import { setConfig } from '../../widgets/runtime/config.ts';
import { CONFIG_SELECTOR } from '../../core/common/islands.ts';
import { TRACK_EVENT, type TrackEventDetail } from '../../core/analytics/tracking.ts';

const site = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'content', 'site.json'), 'utf8'));

/** The site's public configuration, with the given values (the backend's address, most often). */
export function testPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return { ...toPublicConfig(loadConfig(site, {})), ...overrides };
}

/**
 * Writes the configuration into the page, where a widget module loaded from now on reads it, and hands it
 * to the widgets' runtime already loaded (its first read is kept for the page's life, as in a browser).
 */
export function writePageConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  const config = testPublicConfig(overrides);
  for (const old of document.querySelectorAll(CONFIG_SELECTOR)) old.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.dataset.dentivoConfig = '';
  element.textContent = JSON.stringify(config);
  document.head.append(element);
  setConfig(config);
  return config;
}

/** The `dentivo:track` events the widgets dispatch from now on, as the analytics layer receives them. */
export function recordTracking(): TrackEventDetail[] {
  const events: TrackEventDetail[] = [];
  const listener = (event: Event) => events.push((event as CustomEvent<TrackEventDetail>).detail);
  window.addEventListener(TRACK_EVENT, listener);
  return events;
}
