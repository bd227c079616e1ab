// Atom feed of the newest articles (site.feedPosts), for feed readers and discovery links.
export const data = { permalink: '/blog/feed.xml', eleventyExcludeFromCollections: true };

const escape = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function render({ site }) {
  const abs = (path) => new URL(path, site.config.siteUrl).href;
  const newest = site.posts
    .map((post) => post.modified)
    .sort()
    .at(-1);
  const updated = newest ? `${newest}T00:00:00Z` : new Date().toISOString();
  const entries = site.feedPosts
    .map(
      (post) => `  <entry>
    <title>${escape(post.title)}</title>
    <link href="${abs(`/blog/${post.slug}`)}"/>
    <id>${abs(`/blog/${post.slug}`)}</id>
    <published>${post.publishDate}T00:00:00Z</published>
    <updated>${post.modified}T00:00:00Z</updated>
    <author><name>${escape(post.authorName)}</name></author>
    <category term="${escape(post.category)}"/>
    <summary>${escape(post.summary)}</summary>
    <content type="html">${escape(post.html)}</content>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">
  <title>Blog ${escape(site.config.product.name)}</title>
  <subtitle>${escape(site.config.product.tagline)}</subtitle>
  <link href="${abs('/blog/feed.xml')}" rel="self"/>
  <link href="${abs('/blog')}"/>
  <id>${abs('/blog')}</id>
  <updated>${updated}</updated>
${entries}
</feed>
`;
}
