/** Inline SVG icons from one set (lucide-static, ISC licence), read once per build. */
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inlineIcon } from '../../core/common/icons.ts';

const iconDir = join(dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
const cache = new Map<string, string>();

export function iconSvg(name: string, className = 'icon'): string {
  let svg = cache.get(name);
  if (!svg) {
    const file = join(iconDir, `${name}.svg`);
    if (!existsSync(file))
      throw new Error(`Icône inconnue « ${name} » : choisissez un nom de https://lucide.dev/icons`);
    svg = readFileSync(file, 'utf8');
    cache.set(name, svg);
  }
  return inlineIcon(svg, className);
}

/** Whether the icon set has this name: the content loader checks every icon field with it. */
export function iconExists(name: string): boolean {
  return cache.has(name) || existsSync(join(iconDir, `${name}.svg`));
}
