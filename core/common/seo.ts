/**
 * What search engines read of a page: the `<title>` and the meta description, held to the lengths that
 * results show whole (docs/requirements.md#seo). The content schemas of core/pages and core/blog check
 * them, so a page that would be cut in results stops the build with a French message.
 */

/** Characters of a `<title>` that results show whole. */
export const SEO_TITLE_MAX = 65;
/** Characters of a meta description that results show whole. */
export const SEO_DESCRIPTION_MAX = 160;
export const SEO_DESCRIPTION_MIN = 50;

/** What an article's `<title>` ends with: « | Dentivo » (the product name of content/site.json). */
export function titleSuffix(productName: string): string {
  return ` | ${productName}`;
}

/**
 * The room an article's own title has in the `<title>`, after the suffix. The schema cannot read the
 * configuration, so it counts with the product's name as shipped; a longer name is checked again by
 * `articleSeoTitle` at build time.
 */
export const ARTICLE_TITLE_MAX = SEO_TITLE_MAX - titleSuffix('Dentivo').length;

/** `<title>` of an article: its `seoTitle` (or title) followed by « | Dentivo ». */
export function articleSeoTitle(post: { title: string; seoTitle?: string }, productName: string): string {
  return `${post.seoTitle ?? post.title}${titleSuffix(productName)}`;
}

/**
 * A meta description cut from longer text (an author's biography): whole words, an ellipsis, and never
 * more than the limit.
 */
export function clampDescription(text: string, max = SEO_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
