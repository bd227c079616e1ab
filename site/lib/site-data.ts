/** Everything templates read, derived once from the validated content. */
import { toPublicConfig, appAuthUrl } from '../../core/site/config.ts';
import { relatedSolutions } from '../../core/pages/related-solutions.ts';
import { relatedArticlesFinder } from '../../core/blog/related.ts';
import { categories, categoryKey } from '../../core/blog/post.ts';
import type { Content, LoadedPage } from './content.ts';
import { structuredData } from './structured-data.ts';

/** `widgetNames`: the islands the widget library can render (given by eleventy.config.js, site/ never imports widgets/). */
export function siteData(content: Content, widgetNames: readonly string[] = []) {
  const { config, shared } = content;
  const byId = <T extends { id: string }>(list: T[]) => Object.fromEntries(list.map((item) => [item.id, item]));
  const authorsBySlug = Object.fromEntries(content.authors.map((a) => [a.slug, a]));

  return {
    config,
    posts: content.posts,
    authorList: content.authors,
    publicConfig: toPublicConfig(config),
    signupUrl: appAuthUrl(config.appUrl, 'signup'),
    signinUrl: appAuthUrl(config.appUrl, 'signin'),
    menu: shared.navigation.features.filter((entry) => entry.visible),
    footer: shared.navigation.footer,
    solutionColumns: shared.solutions.columns,
    testimonials: byId(shared.testimonials),
    faq: byId(shared.faq),
    faqAll: shared.faq,
    glossary: Object.fromEntries(shared.glossary.map((t) => [t.term, t])),
    audit: shared.audit,
    assistantVocabulary: content.vocabulary,
    articleExtras: shared.articleExtras,
    authors: authorsBySlug,
    categories: categories.map((name) => ({ name, key: categoryKey(name) })),
    categoryKey,
    relatedSolutionsFor: (page: LoadedPage) => relatedSolutions(shared.solutions.clusters, page),
    relatedPostsFor: relatedArticlesFinder(content.posts),
    latestPosts: (count: number) => content.posts.slice(0, count),
    postsByAuthor: (slug: string) => content.posts.filter((post) => post.authorSlug === slug),
    /** One page per path, for the planning alias and the 404 check. */
    routes: content.pages.flatMap((page) => [
      { page, path: page.path, alias: false },
      ...page.aliases.map((path) => ({ page, path, alias: true })),
    ]),
    structuredData: structuredData(content),
    hasWidget: (name: string) => widgetNames.includes(name),
  };
}

export type SiteData = ReturnType<typeof siteData>;
