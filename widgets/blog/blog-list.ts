/** Side effects of the blog filter: the URL, the search index request, and the build-time cards. */
import type { BlogFilters } from '../../core/blog/filter.ts';

export interface IndexedPost {
  slug: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  content: string;
}

export function readFilters(search: string): BlogFilters {
  const params = new URLSearchParams(search);
  return {
    search: params.get('search') ?? undefined,
    category: params.get('category') ?? undefined,
    tag: params.get('tag') ?? undefined,
  };
}

/** Keeps ?search, ?category and ?tag in the address bar, without piling up history entries. */
export function writeFilters(filters: BlogFilters): void {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.tag) params.set('tag', filters.tag);
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
}

let pending: Promise<IndexedPost[]> | undefined;

export function loadSearchIndex(url: string): Promise<IndexedPost[]> {
  pending ??= fetch(url).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json() as Promise<IndexedPost[]>;
  });
  pending.catch(() => (pending = undefined));
  return pending;
}

/** Shows the cards whose slug is in `slugs`, or every card when `slugs` is null. */
export function showOnly(slugs: Set<string> | null): void {
  for (const item of document.querySelectorAll<HTMLElement>('[data-post-slug]'))
    item.hidden = slugs !== null && !slugs.has(item.dataset.postSlug ?? '');
}
