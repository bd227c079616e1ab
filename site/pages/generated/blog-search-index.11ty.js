// The compact index the blog filter fetches only when a visitor filters (one row per article).
export const data = { permalink: '/blog/search-index.json', eleventyExcludeFromCollections: true };

export function render({ site }) {
  return JSON.stringify(
    site.posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      summary: post.summary,
      category: post.category,
      tags: post.tags,
      content: post.text,
    })),
  );
}
