/** "Équipe & Organisation" → "equipe-organisation": plain lowercase ASCII words joined by dashes. */
export function slugKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The longest address an article or a page gets from its title: a file name and an address that stay readable. */
export const SLUG_MAX = 80;

/** `slugKey(text)` no longer than `max`, cut at the end of a word (« suivi-post-operatoire-au-cabinet… »). */
export function shortSlug(text: string, max = SLUG_MAX): string {
  const slug = slugKey(text);
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const end = cut.lastIndexOf('-');
  return end > 0 ? cut.slice(0, end) : slug.slice(0, max);
}
