// JSON Feed 1.1 of the newest articles (site.feedPosts).
export const data = { permalink: '/blog/feed.json', eleventyExcludeFromCollections: true };

export function render({ site }) {
  const abs = (path) => new URL(path, site.config.siteUrl).href;
  return JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: `Blog ${site.config.product.name}`,
      language: 'fr-FR',
      home_page_url: abs('/blog'),
      feed_url: abs('/blog/feed.json'),
      items: site.feedPosts.map((post) => ({
        id: abs(`/blog/${post.slug}`),
        url: abs(`/blog/${post.slug}`),
        title: post.title,
        summary: post.summary,
        content_html: post.html,
        image: abs(`/social/blog/${post.slug}.png`),
        date_published: `${post.publishDate}T00:00:00Z`,
        date_modified: `${post.modified}T00:00:00Z`,
        authors: [{ name: post.authorName, url: abs(`/auteur/${post.authorSlug}`) }],
        tags: [post.category, ...post.tags],
      })),
    },
    null,
    1,
  );
}
