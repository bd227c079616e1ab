/** Blog list filtering (SPEC.md section 5, "Blog filtering"): search, category and tag, combined with AND. */
import { slugKey } from '../site/slug.ts';
export interface BlogFilters {
  search?: string;
  category?: string;
  tag?: string;
}

export interface Searchable {
  title: string;
  summary: string;
  /** Plain text of the article body. */
  content: string;
  category: string;
  tags: readonly string[];
}

const fold = (text: string) => text.toLocaleLowerCase('fr-FR');

export function matchesFilters(post: Searchable, filters: BlogFilters): boolean {
  const search = filters.search?.trim();
  if (search) {
    const needle = fold(search);
    const haystacks = [post.title, post.summary, post.content, post.category, ...post.tags];
    if (!haystacks.some((text) => fold(text).includes(needle))) return false;
  }
  if (filters.category && post.category !== filters.category) return false;
  if (filters.tag && !post.tags.includes(filters.tag)) return false;
  return true;
}

/**
 * The category or tag a URL parameter means among the posts' own values: `?category=gestion` or
 * `?category=equipe-organisation` find "Gestion" or "Équipe & Organisation". The equality of SPEC.md
 * then applies to that value; one that names nothing is kept as typed (and matches nothing).
 */
export function canonicalFilters(filters: BlogFilters, posts: readonly Searchable[]): BlogFilters {
  const find = (value: string | undefined, known: Iterable<string>) => {
    if (!value) return value;
    const key = slugKey(value);
    for (const candidate of known) if (candidate === value) return candidate;
    for (const candidate of known) if (slugKey(candidate) === key) return candidate;
    return value;
  };
  return {
    ...filters,
    category: find(filters.category, new Set(posts.map((post) => post.category))),
    tag: find(filters.tag, new Set(posts.flatMap((post) => post.tags))),
  };
}

export function filterPosts<P extends Searchable>(posts: readonly P[], filters: BlogFilters): P[] {
  return posts.filter((post) => matchesFilters(post, filters));
}

export function hasActiveFilters(filters: BlogFilters): boolean {
  return Boolean(filters.search?.trim() || filters.category || filters.tag);
}

/** "1 article trouvé", "3 articles trouvés" (SPEC.md: 'N article(s) trouvé(s)'). */
export function resultCount(count: number): string {
  return count > 1 ? `${count} articles trouvés` : `${count} article trouvé`;
}
