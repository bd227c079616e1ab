// What DENTY knows (the embedded server and the `assistant` edge function read it): the FAQ, every page
// section and every article section, cut into documents by site/lib/assistant-index.ts, and its
// vocabulary. Built with the blog's search terms (site/lib/indexes.ts), in a worker thread at scale.
export const data = { permalink: '/assistant-index.json', eleventyExcludeFromCollections: true };

export async function render({ site }) {
  return (await site.indexes()).assistantJson;
}
