/**
 * The island shortcode (docs/architecture.md#islands): a placeholder the client script finds, filled
 * with the widget's own HTML rendered at build from the same props, so the page reads without script and
 * nothing shifts. Its attributes and moments are the contract of core/common/islands.ts.
 */
import type { PublicConfig } from '../../core/common/config.ts';
import { isHydrationMoment, islandPlaceholder, type HydrationMoment } from '../../core/common/islands.ts';
import { frenchTypography } from '../../core/common/typography.ts';

/** What the widget library gives the site (through eleventy.config.js; site/ never imports widgets/). */
export interface IslandRenderer {
  defaultMoment(name: string): HydrationMoment;
  render(name: string, props: Record<string, unknown>, config: PublicConfig): string;
}

/** Editors' copy inside props gets the same typography as the page text, or hydration would undo it. */
function typeset(value: unknown): unknown {
  if (typeof value === 'string') return frenchTypography(value);
  if (Array.isArray(value)) return value.map(typeset);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeset(v)]));
  return value;
}

/**
 * `config`: the public configuration of the build under way. `memo`: an island with the same props is
 * rendered once per build (the shell's islands and the audit checklist are on every page).
 */
export function islandShortcode(
  islands: IslandRenderer,
  config: () => PublicConfig,
  memo: { get(key: string, render: () => string): string },
) {
  /** `{% island "contact-form", props %}`; a third argument overrides the island's own moment. */
  return function island(name: string, rawProps: Record<string, unknown> = {}, hydrate?: string): string {
    if (hydrate !== undefined && !isHydrationMoment(hydrate))
      throw new Error(`Moment d’hydratation inconnu « ${hydrate} » pour le widget « ${name} »`);
    const moment = hydrate ?? islands.defaultMoment(name);
    return memo.get(`island:${name}:${moment}:${JSON.stringify(rawProps)}`, () => {
      const props = typeset(rawProps) as Record<string, unknown>;
      return islandPlaceholder(name, props, moment, islands.render(name, props, config()));
    });
  };
}
