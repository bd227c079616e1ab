/**
 * The static list pages of the blog (docs/requirements.md#blog-list): the whole blog and each
 * category, POSTS_PER_PAGE cards a page, newest first. Each is its own canonical page.
 */
import { categories, categoryKey, type Category } from '../../core/blog/categories.ts';
import { categoryPath, listPath, pageWindow, POSTS_PER_PAGE } from '../../core/blog/listing.ts';
import { clampDescription } from '../../core/common/seo.ts';

interface Listable {
  category: Category;
}

export interface BlogListPage<P> {
  /** The category this list shows, or none for the whole blog. */
  category?: { name: Category; key: string; path: string };
  page: number;
  pages: number;
  /** Articles in this list (all its pages). */
  total: number;
  posts: P[];
  path: string;
  permalink: string;
  previous?: string;
  next?: string;
  links: ({ gap: true } | { page: number; current: boolean; path: string })[];
}

export function blogListPages<P extends Listable>(posts: readonly P[]): BlogListPage<P>[] {
  const lists: { category?: Category; posts: readonly P[] }[] = [
    { posts },
    ...categories.map((category) => ({ category, posts: posts.filter((post) => post.category === category) })),
  ];
  return lists.flatMap(({ category, posts: listed }) => {
    const pages = Math.max(1, Math.ceil(listed.length / POSTS_PER_PAGE));
    return Array.from({ length: pages }, (_, index): BlogListPage<P> => {
      const page = index + 1;
      const path = listPath(category, page);
      return {
        category: category ? { name: category, key: categoryKey(category), path: categoryPath(category) } : undefined,
        page,
        pages,
        total: listed.length,
        posts: listed.slice(index * POSTS_PER_PAGE, page * POSTS_PER_PAGE),
        path,
        permalink: `${path}/index.html`,
        previous: page > 1 ? listPath(category, page - 1) : undefined,
        next: page < pages ? listPath(category, page + 1) : undefined,
        links: pageWindow(page, pages).map((link) =>
          'gap' in link ? link : { ...link, path: listPath(category, link.page) },
        ),
      };
    });
  });
}

/**
 * A list page's <head> (layouts/base.njk): title (at most 65 characters, page 834 of a category
 * included: docs/requirements.md#seo), description (`intro`: the category's, or the blog's), address,
 * breadcrumb and JSON-LD (Blog for the first page of the whole blog, CollectionPage otherwise).
 */
export function blogListHead(list: BlogListPage<unknown>, intro: string, siteUrl: string) {
  const { category, page, pages, path } = list;
  const title = category
    ? `Blog Dentivo : ${category.name}${page > 1 ? `, page ${page}` : ''}`
    : page > 1
      ? `Blog Dentivo, page ${page} : conseils pour le cabinet dentaire`
      : 'Blog Dentivo : gestion et organisation du cabinet dentaire';
  const blogUrl = new URL('/blog', siteUrl).href;
  return {
    title,
    description: clampDescription(page > 1 ? `Page ${page} sur ${pages}. ${intro}` : intro),
    canonical: path,
    crumbs: [
      { name: 'Accueil', href: '/' },
      { name: 'Blog', href: '/blog' },
      ...(category ? [{ name: category.name, href: category.path }] : []),
      ...(page > 1 ? [{ name: `Page ${page}`, href: path }] : []),
    ],
    jsonld: [
      category || page > 1
        ? {
            '@context': 'https://schema.org',
            '@type': 'CollectionPage',
            name: title,
            url: new URL(path, siteUrl).href,
            inLanguage: 'fr-FR',
            isPartOf: { '@type': 'Blog', name: 'Blog Dentivo', url: blogUrl },
          }
        : {
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: 'Blog Dentivo',
            url: blogUrl,
            inLanguage: 'fr-FR',
          },
    ],
  };
}
