// Crawlers may read everything public; the sitemap lists it.
export const data = { permalink: '/robots.txt', eleventyExcludeFromCollections: true };

export function render({ site, cms }) {
  // The CMS, when this build publishes it, is for editors only.
  const admin = cms ? 'Disallow: /admin/\n' : '';
  return `User-agent: *\nAllow: /\nDisallow: /functions/\nDisallow: /storage/\n${admin}\nSitemap: ${new URL('/sitemap.xml', site.config.siteUrl).href}\n`;
}
