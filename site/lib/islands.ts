/**
 * The island shortcode: a placeholder the client script finds, filled with the widget's own HTML
 * rendered at build from the same props, so the page reads without script and nothing shifts.
 */
import type { PublicConfig } from '../../core/config.ts';

export type RenderIsland = (name: string, props: Record<string, unknown>, config: PublicConfig) => string;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function islandShortcode(render: RenderIsland, config: PublicConfig) {
  return function island(name: string, props: Record<string, unknown> = {}, hydrate: 'load' | 'idle' | 'visible' = 'visible'): string {
    const html = render(name, props, config);
    return `<div class="island" data-widget="${name}" data-props="${escapeAttribute(JSON.stringify(props))}" data-hydrate="${hydrate}">${html}</div>`;
  };
}
