import { describe, expect, it } from 'vitest';
import { canonicalFilters, filterPosts, hasActiveFilters, resultCount } from '../../core/blog/filter.ts';
import { relatedArticles, relatedScore } from '../../core/blog/related.ts';
import { breadcrumbTitle, newestFirst, categoryKey } from '../../core/blog/post.ts';

const post = (
  slug: string,
  over: Partial<{
    title: string;
    summary: string;
    content: string;
    category: string;
    tags: string[];
    publishDate: string;
  }> = {},
) => ({
  slug,
  title: over.title ?? `Titre ${slug}`,
  summary: over.summary ?? 'Résumé',
  content: over.content ?? 'Corps',
  category: over.category ?? 'Gestion',
  tags: over.tags ?? [],
  publishDate: over.publishDate ?? '2026-01-01',
});

describe('Blog filtering (SPEC.md section 5)', () => {
  const posts = [
    post('a', { title: 'Relancer un DEVIS', category: 'Communication', tags: ['Devis'] }),
    post('b', { content: 'Le planning de l’équipe', category: 'Équipe & Organisation', tags: ['Planning'] }),
    post('c', { summary: 'Traçabilité des implants', category: 'Réglementation', tags: ['Implantologie', 'Devis'] }),
  ];

  it('search is case-insensitive over title, summary, content, tags and category', () => {
    expect(filterPosts(posts, { search: 'devis' }).map((p) => p.slug)).toEqual(['a', 'c']);
    expect(filterPosts(posts, { search: 'PLANNING' }).map((p) => p.slug)).toEqual(['b']);
    expect(filterPosts(posts, { search: 'traçabilité' }).map((p) => p.slug)).toEqual(['c']);
    expect(filterPosts(posts, { search: 'réglementation' }).map((p) => p.slug)).toEqual(['c']);
  });

  it('category requires equality and tag requires membership', () => {
    expect(filterPosts(posts, { category: 'Communication' }).map((p) => p.slug)).toEqual(['a']);
    expect(filterPosts(posts, { category: 'Comm' })).toEqual([]);
    expect(filterPosts(posts, { tag: 'Devis' }).map((p) => p.slug)).toEqual(['a', 'c']);
  });

  it('reads an address typed loosely in the posts’ own spelling, then applies equality', () => {
    expect(canonicalFilters({ category: 'communication' }, posts).category).toBe('Communication');
    expect(canonicalFilters({ category: 'equipe-organisation' }, posts).category).toBe('Équipe & Organisation');
    expect(canonicalFilters({ tag: 'implantologie', search: 'x' }, posts)).toEqual({
      tag: 'Implantologie',
      search: 'x',
      category: undefined,
    });
    expect(filterPosts(posts, canonicalFilters({ category: 'réglementation' }, posts)).map((p) => p.slug)).toEqual([
      'c',
    ]);
    // A value that names nothing stays as typed and finds nothing.
    expect(canonicalFilters({ category: 'Comm' }, posts).category).toBe('Comm');
    expect(filterPosts(posts, canonicalFilters({ category: 'Comm' }, posts))).toEqual([]);
  });

  it('combines active filters with AND', () => {
    expect(
      filterPosts(posts, { tag: 'Devis', category: 'Réglementation', search: 'implants' }).map((p) => p.slug),
    ).toEqual(['c']);
    expect(filterPosts(posts, { tag: 'Devis', category: 'Gestion' })).toEqual([]);
  });

  it('knows when filters are active and counts results in French', () => {
    expect(hasActiveFilters({ search: '  ' })).toBe(false);
    expect(hasActiveFilters({ tag: 'Devis' })).toBe(true);
    expect(resultCount(0)).toBe('0 article trouvé');
    expect(resultCount(1)).toBe('1 article trouvé');
    expect(resultCount(3)).toBe('3 articles trouvés');
  });
});

describe('Related articles: same category +2, plus shared tags (SPEC.md section 5)', () => {
  const current = post('x', { category: 'Gestion', tags: ['Devis', 'Agenda'] });
  const others = [
    post('same-cat', { category: 'Gestion', tags: [], publishDate: '2025-01-01' }),
    post('two-tags', { category: 'Soins', tags: ['Devis', 'Agenda'], publishDate: '2025-02-01' }),
    post('both', { category: 'Gestion', tags: ['Devis'], publishDate: '2024-01-01' }),
    post('none-new', { category: 'Soins', tags: [], publishDate: '2026-06-01' }),
    post('none-old', { category: 'Soins', tags: [], publishDate: '2020-06-01' }),
  ];

  it('scores category and tags', () => {
    expect(relatedScore(current, others[2]!)).toBe(3);
    expect(relatedScore(current, others[1]!)).toBe(2);
  });

  it('picks the 2 best, never the article itself, newest first on ties', () => {
    expect(relatedArticles(current, [current, ...others]).map((p) => p.slug)).toEqual(['both', 'two-tags']);
  });

  it('pads with the newest when nothing is related, the same at every build', () => {
    const lonely = post('y', { category: 'Communication', tags: ['Rien'] });
    expect(relatedArticles(lonely, others).map((p) => p.slug)).toEqual(['none-new', 'two-tags']);
    expect(relatedArticles(lonely, others)).toEqual(relatedArticles(lonely, [...others].reverse()));
  });
});

describe('Blog helpers', () => {
  it('cuts the breadcrumb title at 40 characters', () => {
    const cut = breadcrumbTitle('Gestion du cabinet dentaire : les 10 erreurs les plus fréquentes');
    expect(cut.length).toBeLessThanOrEqual(41);
    expect(cut.endsWith('…')).toBe(true);
    expect(breadcrumbTitle('Court titre')).toBe('Court titre');
  });

  it('sorts newest first', () => {
    const sorted = newestFirst([
      { id: 1, publishDate: '2025-01-02' },
      { id: 2, publishDate: '2026-03-01' },
      { id: 3, publishDate: '2025-12-31' },
    ]);
    expect(sorted.map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it('gives each category a file-safe key', () => {
    expect(categoryKey('Équipe & Organisation')).toBe('equipe-organisation');
    expect(categoryKey('Réglementation')).toBe('reglementation');
  });
});
