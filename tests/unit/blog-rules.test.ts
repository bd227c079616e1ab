import { describe, expect, it } from 'vitest';
import { findCategory, listPath, pageWindow, prePaintScript, resultCount } from '../../core/blog/listing.ts';
import { relatedArticles, relatedArticlesFinder, relatedScore } from '../../core/blog/related.ts';
import { blogListPages } from '../../site/lib/blog-lists.ts';
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

describe('Blog list pages (docs/requirements.md#blog-list)', () => {
  it('gives each list page its address, the first without /page/1', () => {
    expect(listPath(undefined, 1)).toBe('/blog');
    expect(listPath(undefined, 3)).toBe('/blog/page/3');
    expect(listPath('Équipe & Organisation', 1)).toBe('/blog/categorie/equipe-organisation');
    expect(listPath('Gestion', 2)).toBe('/blog/categorie/gestion/page/2');
  });

  it('reads a category written loosely', () => {
    expect(findCategory('gestion')).toBe('Gestion');
    expect(findCategory('Équipe & Organisation')).toBe('Équipe & Organisation');
    expect(findCategory('equipe-organisation')).toBe('Équipe & Organisation');
    expect(findCategory('Comm')).toBeUndefined();
    expect(findCategory(null)).toBeUndefined();
  });

  it('shows a pagination bar of constant size', () => {
    const shape = (current: number, total: number) =>
      pageWindow(current, total).map((link) => ('gap' in link ? '…' : link.current ? `[${link.page}]` : link.page));
    expect(shape(1, 1)).toEqual(['[1]']);
    expect(shape(1, 3)).toEqual(['[1]', 2, 3]);
    expect(shape(6, 834)).toEqual([1, '…', 4, 5, '[6]', 7, 8, '…', 834]);
    expect(shape(834, 834)).toEqual([1, '…', 832, 833, '[834]']);
    expect(pageWindow(500, 834).length).toBe(pageWindow(400, 834).length);
  });

  it('splits posts into pages of 12 for the blog and each category, newest first kept', () => {
    const posts = Array.from({ length: 30 }, (_, index) => ({
      slug: `p${index}`,
      category: index % 3 === 0 ? ('Soins' as const) : ('Gestion' as const),
    }));
    const lists = blogListPages(posts);
    const all = lists.filter((list) => !list.category);
    expect(all.map((list) => list.posts.length)).toEqual([12, 12, 6]);
    expect(all.flatMap((list) => list.posts)).toEqual(posts);
    expect(all[1]).toMatchObject({ path: '/blog/page/2', previous: '/blog', next: '/blog/page/3', total: 30 });
    const soins = lists.filter((list) => list.category?.name === 'Soins');
    expect(soins.map((list) => list.posts.length)).toEqual([10]);
    // A category without articles still has its (empty) page.
    expect(lists.filter((list) => list.category?.name === 'Réglementation')).toMatchObject([{ total: 0, posts: [] }]);
    expect(resultCount(0)).toBe('0\u00A0article trouvé');
    expect(resultCount(1)).toBe('1\u00A0article trouvé');
    expect(resultCount(3)).toBe('3\u00A0articles trouvés');
  });

  describe('the inline script that applies an address’s filters before the first paint', () => {
    const run = (path: string) => {
      const url = new URL(`https://dentivo.example${path}`);
      const replaced: string[] = [];
      const classes: string[] = [];
      const attributes: Record<string, string> = {};
      const box = { value: '' };
      const island = {
        setAttribute: (name: string, value: string) => (attributes[name] = value),
        querySelector: () => box,
      };
      const location = {
        search: url.search,
        pathname: url.pathname,
        hash: '',
        replace: (to: string) => replaced.push(to),
      };
      const document = {
        documentElement: { classList: { add: (name: string) => classes.push(name) } },
        querySelector: () => island,
      };
      new Function('location', 'document', prePaintScript())(location, document);
      return { replaced, classes, attributes, box };
    };

    it('sends /blog?category=… to the category’s page, keeping the other parameters', () => {
      expect(run('/blog?category=equipe-organisation&utm_source=lettre&search=devis').replaced).toEqual([
        '/blog/categorie/equipe-organisation?utm_source=lettre&search=devis',
      ]);
      expect(run('/blog?category=R%C3%A9glementation').replaced).toEqual(['/blog/categorie/reglementation']);
    });

    it('marks a filtering page, fills the box and hydrates the island at once', () => {
      const { replaced, classes, attributes, box } = run('/blog/page/2?search=implant');
      expect(replaced).toEqual([]);
      expect(classes).toEqual(['blog-filtering']);
      expect(attributes).toEqual({ 'data-hydrate': 'load' });
      expect(box.value).toBe('implant');
      expect(run('/blog?category=inconnue').classes).toEqual(['blog-filtering']);
    });

    it('leaves an unfiltered page alone', () => {
      expect(run('/blog?utm_source=lettre')).toMatchObject({ replaced: [], classes: [], attributes: {} });
    });
  });
});

describe('Related articles: same category +2, plus shared tags (docs/requirements.md#related-articles)', () => {
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

  it('lets a newer article of the same category win a tie with articles read through their tags', () => {
    // Both others share two tags (2 points) and are read to the end of the tag lists; the newer article
    // of the same category (2 points, no shared tag) comes first on the tie.
    const posts = [
      post('current', { category: 'Gestion', tags: ['Devis', 'Agenda'], publishDate: '2025-03-01' }),
      post('tags-a', { category: 'Soins', tags: ['Devis', 'Agenda'], publishDate: '2024-02-01' }),
      post('tags-b', { category: 'Soins', tags: ['Agenda', 'Devis'], publishDate: '2024-01-01' }),
      post('category', { category: 'Gestion', tags: [], publishDate: '2025-06-01' }),
    ];
    const expected = relatedArticles(posts[0]!, posts).map((p) => p.slug);
    expect(expected).toEqual(['category', 'tags-a']);
    expect(relatedArticlesFinder(posts)(posts[0]!).map((p) => p.slug)).toEqual(expected);
  });

  it('chooses the same articles from the whole build’s index as by ranking every post (random builds)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const tagPool = ['Devis', 'Agenda', 'RGPD', 'Planning', 'Implantologie', 'Relances', 'Équipe'];
    const categoriesPool = ['Gestion', 'Soins', 'Communication'];
    for (let build = 0; build < 12; build++) {
      const posts = Array.from({ length: build < 6 ? 200 : 40 }, (_, index) =>
        post(`p${index}-${build}`, {
          category: pick(categoriesPool),
          // Duplicated tags and shared dates on purpose: ties must break the same way.
          tags: Array.from({ length: Math.floor(next() * 4) }, () => pick(tagPool)),
          publishDate: `2025-0${1 + Math.floor(next() * 3)}-1${Math.floor(next() * 3)}`,
        }),
      );
      const finder = relatedArticlesFinder(posts);
      for (const current of posts)
        expect(finder(current).map((p) => p.slug)).toEqual(relatedArticles(current, posts).map((p) => p.slug));
    }
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
