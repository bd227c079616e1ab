/**
 * The icon set's drawings, for previews only: one chunk that the admin loads when it first shows a
 * preview (the build reads the same files from node_modules: site/lib/icons.ts).
 */
import { inlineIcon } from '../../core/common/icons.ts';

const sources = import.meta.glob<string>('/node_modules/lucide-static/icons/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const byName = new Map(Object.entries(sources).map(([path, svg]) => [path.split('/').pop()!.slice(0, -4), svg]));

export function iconSvg(name: string, className = 'icon'): string {
  const svg = byName.get(name);
  // The save check refuses an unknown name; while typing, the preview shows a gap instead of failing.
  return svg ? inlineIcon(svg, className) : `<span class="${className}" aria-hidden="true"></span>`;
}
