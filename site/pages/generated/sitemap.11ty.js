// Every public page with its last modification date (articles: publish date; pages: the build day).
export const data = { permalink: '/sitemap.xml', eleventyExcludeFromCollections: true };

export function render({ site }) {
  const abs = (path) => new URL(path, site.config.siteUrl).href;
  const today = new Date().toISOString().slice(0, 10);
  const urls = [
    ...site.routes.filter((route) => !route.alias).map((route) => ({ loc: route.path, lastmod: today })),
    { loc: '/blog', lastmod: site.posts[0]?.publishDate ?? today },
    ...site.posts.map((post) => ({ loc: `/blog/${post.slug}`, lastmod: post.publishDate })),
    ...site.authorList.map((author) => ({
      loc: `/auteur/${author.slug}`,
      lastmod: site.postsByAuthor(author.slug)[0]?.publishDate ?? today,
    })),
  ];
  const body = urls.map((url) => `  <url><loc>${abs(url.loc)}</loc><lastmod>${url.lastmod}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</urlset>
`;
}
