/** Everything templates read, derived once from the validated content. */
import { toPublicConfig, appAuthUrl } from '../../core/config.ts';
import { relatedSolutions } from '../../core/related-solutions.ts';
import { relatedArticles } from '../../core/related-articles.ts';
import { categories, categoryKey } from '../../core/blog.ts';
import type { Content, LoadedPage, Post } from './content.ts';
import { structuredData } from './structured-data.ts';

/** `widgetNames`: the islands the widget library can render (given by eleventy.config.js, site/ never imports widgets/). */
export function siteData(content: Content, widgetNames: readonly string[] = []) {
  // The ranking reads four fields of every post for every article: from small objects of their own it
  // is ten times faster than from the full posts (measured at 2,000 articles: 0.7 s against 8.6 s).
  const rankable = content.posts.map((post) => ({ slug: post.slug, category: post.category, tags: [...post.tags], publishDate: post.publishDate, post }));
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
    articleExtras: shared.articleExtras,
    authors: authorsBySlug,
    categories: categories.map((name) => ({ name, key: categoryKey(name) })),
    categoryKey,
    relatedSolutionsFor: (page: LoadedPage) =>
      relatedSolutions(shared.solutions.clusters, page, undefined, page.sections.flatMap((section) => (section.type === 'links' ? section.links.map((link) => link.href) : []))),
    relatedPostsFor: (post: Post) => relatedArticles(post, rankable).map(({ post: related }) => related),
    latestPosts: (count: number) => content.posts.slice(0, count),
    postsByAuthor: (slug: string) => content.posts.filter((post) => post.authorSlug === slug),
    /** One page per path, for the planning alias and the 404 check. */
    routes: content.pages.flatMap((page) => [{ page, path: page.path, alias: false }, ...page.aliases.map((path) => ({ page, path, alias: true }))]),
    structuredData: structuredData(content),
    hasWidget: (name: string) => widgetNames.includes(name),
  };
}

export type SiteData = ReturnType<typeof siteData>;
