/**
 * The island shortcode: a placeholder the client script finds, filled with the widget's own HTML
 * rendered at build from the same props, so the page reads without script and nothing shifts.
 */
import type { PublicConfig } from '../../core/site/config.ts';
import { frenchTypography } from '../../core/site/typography.ts';
import { escapeAttribute } from './html.ts';

export type RenderIsland = (name: string, props: Record<string, unknown>, config: PublicConfig) => string;

/** Editors' copy inside props gets the same typography as the page text, or hydration would undo it. */
function typeset(value: unknown): unknown {
  if (typeof value === 'string') return frenchTypography(value);
  if (Array.isArray(value)) return value.map(typeset);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeset(v)]));
  return value;
}

export function islandShortcode(render: RenderIsland, config: PublicConfig) {
  return function island(
    name: string,
    rawProps: Record<string, unknown> = {},
    hydrate: 'load' | 'idle' | 'visible' | 'interaction' = 'visible',
  ): string {
    const props = typeset(rawProps) as Record<string, unknown>;
    const html = render(name, props, config);
    return `<div class="island" data-widget="${name}" data-props="${escapeAttribute(JSON.stringify(props))}" data-hydrate="${hydrate}">${html}</div>`;
  };
}
