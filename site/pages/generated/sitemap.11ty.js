// Every public page with the date its content last changed (docs/requirements.md#seo): front matter
// `updated`, else the file's last commit (site/lib/last-modified.ts); lists take their newest entry's.
export const data = { permalink: '/sitemap.xml', eleventyExcludeFromCollections: true };

export function render({ site }) {
  const abs = (path) => new URL(path, site.config.siteUrl).href;
  const newest = (dates) => dates.reduce((a, b) => (b > a ? b : a), '');
  const postsModified = newest(site.posts.map((post) => post.modified));
  const urls = [
    ...site.routes
      .filter((route) => !route.alias)
      .map(({ page }) => ({
        loc: page.path,
        // A page showing the latest articles changes with them.
        lastmod: page.sections.some((s) => s.type === 'blog-preview')
          ? newest([page.modified, ...site.latestPosts(3).map((post) => post.modified)])
          : page.modified,
      })),
    { loc: '/blog', lastmod: postsModified },
    // Each category's list (its own canonical); the further pages of a list are reached by their links.
    ...site.categories.map((category) => ({
      loc: category.path,
      lastmod: newest(site.posts.filter((post) => post.category === category.name).map((post) => post.modified)),
    })),
    ...site.posts.map((post) => ({ loc: `/blog/${post.slug}`, lastmod: post.modified })),
    ...site.authorList.map((author) => ({
      loc: `/auteur/${author.slug}`,
      lastmod: newest(site.postsByAuthor(author.slug).map((post) => post.modified)),
    })),
  ];
  const body = urls
    .map((url) => `  <url><loc>${abs(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</urlset>
`;
}
