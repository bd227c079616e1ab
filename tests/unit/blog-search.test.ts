/**
 * Blog search on the split index (docs/requirements.md#blog-filtering,
 * docs/decisions/0041-blog-search-split-index.md): the query rules on a small index, then an
 * evaluation set of visitors' queries on the real articles, with its floor.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSearchIndex, type SearchDocument } from '../../core/blog/search/index-build.ts';
import { deltaDecode, type Manifest } from '../../core/blog/search/index-format.ts';
import { editDistance, search, type IndexReader } from '../../core/blog/search/query.ts';
import { highlight } from '../../core/blog/search/highlight.ts';
import { queryTerms } from '../../core/blog/search/tokenize.ts';
import { writeBlogSearch } from '../../site/lib/blog-search.ts';
import { loadContent } from '../../site/lib/content.ts';
import { sectionsText } from '../../site/lib/markdown.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** The index the build writes, read from memory instead of files. */
function memoryReader(documents: readonly SearchDocument[]): IndexReader {
  const built = buildSearchIndex(documents);
  const files = new Map<string, number[]>();
  const facets = (list: typeof built.categories, prefix: string) =>
    Object.fromEntries(
      list.map((facet) => {
        files.set(`${prefix}${facet.key}`, facet.docs);
        return [facet.key, { name: facet.name, count: facet.docs.length, file: `${prefix}${facet.key}` }];
      }),
    );
  const manifest: Manifest = {
    format: 1,
    count: built.count,
    shards: built.shards.map((shard, index) => ({ first: shard.terms[0]!, file: `shard-${index}` })),
    cards: [],
    categories: facets(built.categories, 'c-'),
    tags: facets(built.tags, 't-'),
  };
  return {
    manifest,
    shard: async (index) => built.shards[index]!,
    facet: async (file) => files.get(file)!,
  };
}

const doc = (over: Partial<SearchDocument>): SearchDocument => ({
  title: 'Un article',
  summary: 'Un résumé sans rapport.',
  body: 'Un corps de texte ordinaire.',
  category: 'Gestion',
  tags: ['Divers'],
  ...over,
});

// Newest first: document 0 is the newest.
const documents = [
  doc({ title: 'Relancer un DEVIS sans froisser', category: 'Communication', tags: ['Devis'] }),
  doc({
    body: 'Le planning de l’équipe et les absences des assistantes.',
    category: 'Équipe & Organisation',
    tags: ['Planning'],
  }),
  doc({
    summary: 'Traçabilité des implants posés au cabinet.',
    category: 'Réglementation',
    tags: ['Implantologie', 'Devis'],
  }),
  doc({ title: 'Les équipes soignantes', body: 'Une organisation claire pour toute l’équipe.' }),
  doc({ body: 'La réglementation impose l’ordonnance numérique.', category: 'Réglementation' }),
];
const reader = memoryReader(documents);
const found = async (text: string, filters: { category?: string; tag?: string } = {}) =>
  (await search(reader, { text, ...filters })).docs;

describe('Blog search rules', () => {
  it('searches title, summary, body, tags and category, whatever the case', async () => {
    expect(await found('devis')).toEqual(expect.arrayContaining([0, 2]));
    expect((await found('devis')).length).toBe(2);
    expect(await found('PLANNING')).toEqual([1]);
    expect(await found('traçabilité')).toEqual([2]);
    expect(await found('implantologie')).toEqual([2]);
    expect((await found('communication')).sort()).toEqual([0]);
  });

  it('ignores accents, and finds plurals and other forms of a word (French stemming)', async () => {
    expect((await found('equipe')).sort()).toEqual([1, 3]);
    expect((await found('Équipe')).sort()).toEqual([1, 3]);
    expect((await found('reglementation')).sort()).toEqual([2, 4]);
    expect(await found('implant')).toEqual([2]);
    expect((await found('organiser')).sort()).toEqual([1, 3]);
  });

  it('forgives a typo, and reads the last word as the beginning of a longer one', async () => {
    expect((await found('equpe')).sort()).toEqual([1, 3]);
    expect(await found('ordonance')).toEqual([4]);
    expect((await found('reglementaton')).sort()).toEqual([2, 4]);
    expect(await found('impla')).toEqual([2]);
    // A finished word (followed by a space) is not the beginning of a longer one any more.
    expect(await found('impla ')).toEqual([]);
    expect(editDistance('equipe', 'eqiupe', 1)).toBe(1);
    expect(editDistance('devis', 'planning', 2)).toBe(3);
  });

  it('combines words, category and tag with AND; category and tag may be written loosely', async () => {
    expect(await found('devis implants')).toEqual([2]);
    expect((await found('', { category: 'reglementation' })).sort()).toEqual([2, 4]);
    expect(await found('', { tag: 'devis' })).toEqual([0, 2]);
    expect(await found('devis', { category: 'Réglementation', tag: 'Implantologie' })).toEqual([2]);
    expect(await found('devis', { category: 'Gestion' })).toEqual([]);
    const unknown = await search(reader, { text: '', category: 'Comm' });
    expect(unknown.docs).toEqual([]);
    expect(unknown.category).toEqual({ asked: 'Comm', entry: undefined });
    const loose = await search(reader, { category: 'equipe-organisation' });
    expect(loose.category?.entry?.name).toBe('Équipe & Organisation');
  });

  it('ranks a title match first and lists filter-only results newest first', async () => {
    // "équipe": document 3 has it in its title, document 1 (newer) in its body only.
    expect(await found('équipe')).toEqual([3, 1]);
    expect(await found('', { category: 'Réglementation' })).toEqual([2, 4]);
  });

  it('does not filter on stop words alone', async () => {
    const result = await search(reader, { text: 'le de la' });
    expect(result.searched).toBe(false);
    expect(queryTerms('Le planning de l’équipe')).toEqual(['planning', 'equip']);
  });

  it('marks the words a query matched, in any form', async () => {
    const result = await search(reader, { text: 'equipe' });
    const marked = highlight('Les Équipes et l’équipe du cabinet', new Set(result.terms))
      .filter((segment) => segment.mark)
      .map((segment) => segment.text);
    expect(marked).toEqual(['Équipes', 'équipe']);
  });

  it('stores delta-coded postings', () => {
    expect(deltaDecode([3, 1, 4])).toEqual([3, 4, 8]);
  });

  it('rewrites the index folder in place: stale files go, the folder itself stays', () => {
    const output = mkdtempSync(join(tmpdir(), 'dentivo-index-'));
    try {
      const dir = join(output, 'blog', 'index-recherche');
      writeBlogSearch(
        output,
        new Map([
          ['manifest.json', '{"a":1}'],
          ['shard-aaa.json', '[1]'],
        ]),
      );
      const folder = statSync(dir).ino;
      writeBlogSearch(
        output,
        new Map([
          ['manifest.json', '{"a":2}'],
          ['shard-bbb.json', '[2]'],
        ]),
      );
      expect(readdirSync(dir).sort()).toEqual(['manifest.json', 'shard-bbb.json']);
      expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe('{"a":2}');
      expect(statSync(dir).ino).toBe(folder);
    } finally {
      rmSync(output, { recursive: true, force: true });
    }
  });
});

/**
 * Queries a dentist or an assistant would type, in our own words, each with the article a good search
 * shows among its first three. Typed without accents, with typos, in another form of the word.
 */
const evaluation: [query: string, expected: string][] = [
  ['equipe', 'assistantes-organisation-cabinet'],
  ['ordonnance securisee', 'ordonnance-numerique-cabinet-dentaire'],
  ['impayes', 'relances-impayes-cabinet-dentaire'],
  ['relance impayé', 'relances-impayes-cabinet-dentaire'],
  ['tracabilite implant', 'tracabilite-implants-dentaire'],
  ['rendez vous manques', 'reduire-rendez-vous-manques'],
  ['questionnaire medical rgpd', 'questionnaire-medical-numerique-rgpd'],
  ['compte rendu endodontie', 'comptes-rendus-endodontie-rapides'],
  ['suivi post operatoire', 'suivi-post-operatoire'],
  ['acceptation des devis', 'taux-acceptation-devis'],
  ['assistante dentaire', 'assistantes-organisation-cabinet'],
  ['commandes fournisseurs', 'commandes-fournisseurs-cabinet-dentaire'],
  ['factures fournisseur', 'commandes-fournisseurs-cabinet-dentaire'],
  ['intelligence artificielle', 'assistant-ia-dentaire-revolution-logiciel-gestion'],
  ['digitaliser le cabinet', 'digitalisation-cabinet-2025'],
  ['planning equipe', 'organisation-planning-dentaire'],
  ['erreurs de gestion', 'erreurs-gestion-cabinet'],
  ['ordonance', 'ordonnance-numerique-cabinet-dentaire'],
  ['endodontei', 'comptes-rendus-endodontie-rapides'],
  ['tracabilté', 'tracabilite-implants-dentaire'],
  ['questionaire', 'questionnaire-medical-numerique-rgpd'],
  ['sterilisation', 'assistantes-organisation-cabinet'],
  ['prescription antalgiques', 'ordonnance-numerique-cabinet-dentaire'],
  ['hebergement des donnees de sante', 'questionnaire-medical-numerique-rgpd'],
  ['calendrier de relance', 'relances-impayes-cabinet-dentaire'],
];
/** Share of the evaluation queries whose article is among the first three. */
const FLOOR = 0.9;

describe('Blog search on the real articles', () => {
  it(`shows the expected article among the first three for at least ${FLOOR * 100} % of the evaluation set`, async () => {
    const { posts } = loadContent(root, {});
    const real = memoryReader(posts.map((post) => ({ ...post, body: sectionsText(post.sections) })));
    const misses: string[] = [];
    for (const [query, expected] of evaluation) {
      expect(
        posts.some((post) => post.slug === expected),
        expected,
      ).toBe(true);
      const { docs } = await search(real, { text: query });
      const top = docs.slice(0, 3).map((index) => posts[index]!.slug);
      if (!top.includes(expected)) misses.push(`${query} → ${top.join(', ') || 'rien'}`);
    }
    const rate = 1 - misses.length / evaluation.length;
    console.log(
      `Recherche du blog : ${Math.round(rate * 100)} % des requêtes d’évaluation trouvent l’article attendu dans les 3 premiers.`,
    );
    expect(rate, misses.join('\n')).toBeGreaterThanOrEqual(FLOOR);
  });

  it('finds the same articles with or without accents, and forgives one typo in a short word (issue 29)', async () => {
    const { posts } = loadContent(root, {});
    const real = memoryReader(posts.map((post) => ({ ...post, body: sectionsText(post.sections) })));
    const found = async (text: string) => (await search(real, { text: `${text} ` })).docs.sort((a, b) => a - b);
    const pairs: [accented: string, plain: string][] = [
      ['traçabilité', 'tracabilite'],
      ['sécurité', 'securite'],
      ['réglementé', 'reglemente'],
      ['données de santé', 'donnees de sante'],
      ['stérilisation', 'sterilisation'],
      ['sécurisées', 'securisees'],
    ];
    for (const [accented, plain] of pairs) {
      const withAccents = await found(accented);
      expect(withAccents.length, accented).toBeGreaterThan(0);
      expect(await found(plain), plain).toEqual(withAccents);
    }
    const devis = await found('devis');
    expect(devis.length).toBeGreaterThan(0);
    expect(await found('devsi')).toEqual(devis);
  });

  it('ranks a title or tag match above a body match: « devis » finds the article about quotes first (issue 42)', async () => {
    const { posts } = loadContent(root, {});
    const real = memoryReader(posts.map((post) => ({ ...post, body: sectionsText(post.sections) })));
    for (const text of ['devis', 'devis ']) {
      const { docs } = await search(real, { text });
      const named = docs.filter((index) => /devis/i.test(`${posts[index]!.title} ${posts[index]!.tags.join(' ')}`));
      expect(posts[docs[0]!]!.slug, text).toBe('taux-acceptation-devis');
      // Every article that names quotes in its title or tags comes before those that only mention them.
      expect(docs.slice(0, named.length), text).toEqual(named);
    }
  });
});
