// What DENTY knows (the embedded server and the `assistant` edge function read it): the FAQ, every page
// section and every article section, cut into documents by site/lib/assistant-index.ts, and its vocabulary.
import { buildAssistantIndex } from '../../lib/assistant-index.ts';

export const data = { permalink: '/assistant-index.json', eleventyExcludeFromCollections: true };

export function render({ site }) {
  return JSON.stringify(
    buildAssistantIndex({
      pages: site.routes.filter((route) => !route.alias).map((route) => route.page),
      posts: site.posts,
      faq: site.faqAll,
      glossary: Object.values(site.glossary),
      vocabulary: site.assistantVocabulary,
    }),
  );
}
