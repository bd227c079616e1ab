/**
 * The blog's list pages (docs/requirements.md#blog-list): every list is static HTML, paginated, for
 * the whole blog and for each category; the search island filters the whole blog from any of them.
 * Paths follow the site's style (no trailing slash): /blog, /blog/page/2, /blog/categorie/gestion,
 * /blog/categorie/gestion/page/2.
 */
import { categories, categoryKey, type Category } from './categories.ts';
import { slugKey } from '../common/slug.ts';

/** Cards per list page: four rows of three on a wide screen. */
export const POSTS_PER_PAGE = 12;

/** Where the build writes the split search index (core/blog/search/index-format.ts). */
export const SEARCH_INDEX_PATH = '/blog/index-recherche/';
/** The index's one file with a fixed name: it names the others (written last, fetched fresh). */
export const SEARCH_MANIFEST = 'manifest.json';

/** Path segments an article slug may not take: they hold the list pages and the search index. */
export const RESERVED_BLOG_SLUGS = ['page', 'categorie', 'index-recherche', 'feed.xml', 'feed.json'] as const;

export function categoryPath(category: Category): string {
  return `/blog/categorie/${categoryKey(category)}`;
}

/** The address of page `page` (from 1) of the whole blog or of one category. */
export function listPath(category: Category | undefined, page: number): string {
  const base = category ? categoryPath(category) : '/blog';
  return page <= 1 ? base : `${base}/page/${page}`;
}

/** The category a loose URL value names (`gestion`, `Équipe & Organisation`, `equipe-organisation`). */
export function findCategory(value: string | null | undefined): Category | undefined {
  if (!value) return undefined;
  const key = slugKey(value);
  return categories.find((name) => name === value || categoryKey(name) === key);
}

/** '1 article trouvé', '3 articles trouvés' (docs/requirements.md#blog-list), the figure kept with its noun. */
export function resultCount(count: number): string {
  return count > 1 ? `${count}\u00A0articles trouvés` : `${count}\u00A0article trouvé`;
}

export type PageLink = { page: number; current: boolean } | { gap: true };

/**
 * The page numbers a pagination bar shows: the first, the last, and two on each side of the current
 * one, with a gap where numbers are skipped. Constant size, whatever the number of pages.
 */
export function pageWindow(current: number, total: number, around = 2): PageLink[] {
  const pages = new Set<number>([1, total]);
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= total) pages.add(page);
  const links: PageLink[] = [];
  let previous = 0;
  for (const page of [...pages].sort((a, b) => a - b)) {
    if (page - previous > 1) links.push({ gap: true });
    links.push({ page, current: page === current });
    previous = page;
  }
  return links;
}

/**
 * The only inline script of the site, on the blog's list pages, run by the parser right after the
 * search form: an address that filters (?search, ?tag, ?category) must not show the unfiltered cards
 * first and collapse later (docs/requirements.md#blog-list). It
 *  - sends /blog?category=… to that category's own page, keeping every other parameter;
 *  - otherwise marks the page as filtering (the CSS hides the static list and keeps its place), fills
 *    the search box, and asks the island to hydrate at once instead of on first interaction.
 * Its text is fixed (categories are constants), so the server's Content-Security-Policy allows it by
 * its hash (core/common/security-headers.ts), not with 'unsafe-inline'.
 */
export function prePaintScript(): string {
  const paths = Object.fromEntries(categories.map((name) => [categoryKey(name), categoryPath(name)]));
  return [
    '(function(){',
    'var q=new URLSearchParams(location.search),c=q.get("category"),s=q.get("search")||"",t=q.get("tag");',
    `var p=${JSON.stringify(paths)};`,
    'var k=c&&c.normalize("NFD").replace(/[\\u0300-\\u036f]/g,"").toLowerCase().replace(/[^a-z0-9]+/g,"-").replace(/^-|-$/g,"");',
    'if(k&&p[k]&&/^\\/blog\\/?$/.test(location.pathname)){q.delete("category");var r=q.toString();location.replace(p[k]+(r?"?"+r:"")+location.hash);return}',
    'if(!s.trim()&&!t&&!c)return;',
    'document.documentElement.classList.add("blog-filtering");',
    'var i=document.querySelector("[data-widget=blog-search]");',
    'if(i){i.setAttribute("data-hydrate","load");var b=i.querySelector("input[type=search]");if(b)b.value=s}',
    '})();',
  ].join('');
}
