// Crawlers may read everything public; the sitemap lists it.
export const data = { permalink: '/robots.txt', eleventyExcludeFromCollections: true };

export function render({ site }) {
  return `User-agent: *\nAllow: /\nDisallow: /functions/\nDisallow: /storage/\n\nSitemap: ${new URL('/sitemap.xml', site.config.siteUrl).href}\n`;
}
