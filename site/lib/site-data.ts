/** Everything templates read, derived from the validated content of this build. */
import { toPublicConfig, appAuthUrl } from '../../core/common/config.ts';
import { relatedSolutions } from '../../core/pages/related-solutions.ts';
import { relatedArticlesFinder } from '../../core/blog/related.ts';
import { categories, categoryKey } from '../../core/blog/post.ts';
import { categoryPath } from '../../core/blog/listing.ts';
import { articleExtrasFor } from '../../core/blog/extras.ts';
import { articleSeoTitle, clampDescription } from '../../core/common/seo.ts';
import type { Content, LoadedPage } from './content.ts';
import { structuredData } from './structured-data.ts';
import { DEFAULT_CARD_PATH, socialCards, socialImagePath, type SocialCard } from './social-cards.ts';
import { VIEWPORT_MAX_SCALE } from '../../core/common/ui.ts';
import { blogListHead, blogListPages, type BlogListPage } from './blog-lists.ts';

/** Entries of the Atom and JSON feeds: readers poll for what is new, not for the archive. */
export const FEED_SIZE = 50;
/** Articles listed on an author's page (the count shown is the full one). */
export const AUTHOR_PAGE_POSTS = 24;

/** `widgetNames`: the islands the widget library can render (given by eleventy.config.js, site/ never imports widgets/). */
export function siteData(content: Content, widgetNames: readonly string[] = []) {
  const { config, shared, posts } = content;
  const byId = <T extends { id: string }>(list: T[]) => Object.fromEntries(list.map((item) => [item.id, item]));
  const authorsBySlug = Object.fromEntries(content.authors.map((a) => [a.slug, a]));
  const cards = new Map<string, SocialCard>(socialCards(content).cards.map((card) => [card.file, card]));
  const byAuthor = new Map<string, typeof posts>();
  for (const post of posts) {
    const list = byAuthor.get(post.authorSlug);
    if (list) list.push(post);
    else byAuthor.set(post.authorSlug, [post]);
  }
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  const routes = content.pages.flatMap((page) => [
    { page, path: page.path, alias: false },
    ...page.aliases.map((path) => ({ page, path, alias: true })),
  ]);
  let related: ReturnType<typeof relatedArticlesFinder<(typeof posts)[number]>> | undefined;
  const faqById = byId(shared.faq);
  const data = structuredData(content);

  return {
    config,
    posts,
    feedPosts: posts.slice(0, FEED_SIZE),
    authorList: content.authors,
    publicConfig: toPublicConfig(config),
    signupUrl: appAuthUrl(config.appUrl, 'signup'),
    signinUrl: appAuthUrl(config.appUrl, 'signin'),
    menu: shared.navigation.features.filter((entry) => entry.visible),
    footer: shared.navigation.footer,
    solutionColumns: shared.solutions.columns,
    testimonials: byId(shared.testimonials),
    faq: faqById,
    faqAll: shared.faq,
    glossary: Object.fromEntries(shared.glossary.map((t) => [t.term, t])),
    audit: shared.audit,
    assistantVocabulary: content.vocabulary,
    articleExtras: shared.articleExtras,
    /** Which shared blocks follow this article (core/blog/extras.ts). */
    extrasFor: (post: Parameters<typeof articleExtrasFor>[0]) => articleExtrasFor(post, shared.articleExtras),
    authors: authorsBySlug,
    categories: categories.map((name) => ({
      name,
      key: categoryKey(name),
      path: categoryPath(name),
      count: counts.get(name) ?? 0,
    })),
    categoryKey,
    /** The static list pages of the blog and of each category (site/pages/blog-list.njk). */
    blogLists: blogListPages(posts),
    /** What base.njk puts in a list page's <head> (site/lib/blog-lists.ts); `intros` by category. */
    listHead: (list: BlogListPage<unknown>, intros: Record<string, string>, description: string) =>
      blogListHead(list, list.category ? intros[list.category.name]! : description, config.siteUrl),
    relatedSolutionsFor: (page: LoadedPage) => relatedSolutions(shared.solutions.clusters, page),
    // Built on first use: the real site's pages do not all need it.
    relatedPostsFor: (post: (typeof posts)[number]) => (related ??= relatedArticlesFinder(posts))(post),
    latestPosts: (count: number) => posts.slice(0, count),
    postsByAuthor: (slug: string) => byAuthor.get(slug) ?? [],
    authorPagePosts: (slug: string) => (byAuthor.get(slug) ?? []).slice(0, AUTHOR_PAGE_POSTS),
    /** One page per path, for the planning alias and the 404 check. */
    routes,
    structuredData: data,
    /**
     * What base.njk puts in an article's <head>: title, description, address, breadcrumb, JSON-LD (the
     * shared FAQ's questions too when the trust block follows the article). One call per page, where
     * eleventyComputed would cost Eleventy a dependency analysis on each of thousands of pages.
     */
    articleHead: (post: (typeof posts)[number]) => {
      const canonical = `/blog/${post.slug}`;
      const faq = [
        ...post.faqItems,
        ...(articleExtrasFor(post, shared.articleExtras).trust
          ? shared.articleExtras.faq.map((id) => faqById[id])
          : []),
      ];
      return {
        title: articleSeoTitle(post, config.product.name),
        ogTitle: post.title,
        description: post.seoDescription ?? post.summary,
        canonical,
        crumbs: [
          { name: 'Accueil', href: '/' },
          { name: 'Blog', href: '/blog' },
          { name: post.title, href: canonical },
        ],
        jsonld: [data.article(post), ...(faq.length ? [data.faqPage(faq)] : [])],
      };
    },
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

export type SiteData = ReturnType<typeof siteData>;
