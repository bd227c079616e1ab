/** An icon of the set (lucide) inlined in a page: the build (site/lib/icons.ts) and the CMS's previews share it. */
export function inlineIcon(source: string, className = 'icon'): string {
  return source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/ class="[^"]*"/, '')
    .trim()
    .replace('<svg', `<svg class="${className}" aria-hidden="true" focusable="false"`);
}
