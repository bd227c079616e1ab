/** Inline SVG icons from one set (lucide-static, ISC licence), read once per build. */
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const iconDir = join(dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
const cache = new Map<string, string>();

export function iconSvg(name: string, className = 'icon'): string {
  let svg = cache.get(name);
  if (!svg) {
    const file = join(iconDir, `${name}.svg`);
    if (!existsSync(file))
      throw new Error(`Icône inconnue « ${name} » : choisissez un nom de https://lucide.dev/icons`);
    svg = readFileSync(file, 'utf8')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/ class="[^"]*"/, '')
      .trim();
    cache.set(name, svg);
  }
  return svg.replace('<svg', `<svg class="${className}" aria-hidden="true" focusable="false"`);
}
