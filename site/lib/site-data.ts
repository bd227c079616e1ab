/** Everything templates read, derived once from the validated content. */
import { toPublicConfig, appAuthUrl } from '../../core/site/config.ts';
import { relatedSolutions } from '../../core/pages/related-solutions.ts';
import { relatedArticlesFinder } from '../../core/blog/related.ts';
import { articleExtrasFor } from '../../core/blog/extras.ts';
import { categories, categoryKey } from '../../core/blog/post.ts';
import type { Content, LoadedPage } from './content.ts';
import { structuredData } from './structured-data.ts';
import { DEFAULT_CARD_PATH, socialCards, socialImagePath, type SocialCard } from './social-cards.ts';
import { articleSeoTitle, clampDescription } from '../../core/site/seo.ts';
import { VIEWPORT_MAX_SCALE } from '../../core/site/ui.ts';

/** `widgetNames`: the islands the widget library can render (given by eleventy.config.js, site/ never imports widgets/). */
export function siteData(content: Content, widgetNames: readonly string[] = []) {
  const { config, shared } = content;
  const byId = <T extends { id: string }>(list: T[]) => Object.fromEntries(list.map((item) => [item.id, item]));
  const authorsBySlug = Object.fromEntries(content.authors.map((a) => [a.slug, a]));
  const cards = new Map<string, SocialCard>(socialCards(content).cards.map((card) => [card.file, card]));

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
    /** Which shared blocks follow this article (core/blog/extras.ts). */
    extrasFor: (post: Parameters<typeof articleExtrasFor>[0]) => articleExtrasFor(post, shared.articleExtras),
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
    /** The `<title>` of an article: « … | Dentivo » (docs/requirements.md#seo). */
    articleTitle: (post: { title: string; seoTitle?: string }) => articleSeoTitle(post, config.product.name),
    clampDescription: (text: string) => clampDescription(text),
    /** The social card of a page, by its canonical path; the default card for pages without their own. */
    socialCard: (canonicalPath: string | undefined): SocialCard =>
      (canonicalPath && cards.get(socialImagePath(canonicalPath))) || cards.get(DEFAULT_CARD_PATH)!,
    hasWidget: (name: string) => widgetNames.includes(name),
    viewportMaxScale: VIEWPORT_MAX_SCALE,
  };
}
