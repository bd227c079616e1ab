/**
 * The browser's side of the split search index (docs/decisions/0041-blog-search-split-index.md):
 * fetches the manifest (revalidated on each visit), then only the shards, facets and cards a query
 * needs, each once. Loaded with the first search, never with the page.
 */
import { SEARCH_MANIFEST } from '../../core/blog/listing.ts';
import type { CardFile, Manifest, Shard } from '../../core/blog/search/index-format.ts';
import { DOCS_PER_FILE, deltaDecode } from '../../core/blog/search/index-format.ts';
import type { IndexReader } from '../../core/blog/search/query.ts';

export { search } from '../../core/blog/search/query.ts';
export { highlight } from '../../core/blog/search/highlight.ts';

export interface SearchIndex {
  reader: IndexReader;
  /** The cards of these documents, in the same order. */
  cards(docs: readonly number[]): Promise<{ slug: string; html: string }[]>;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} : HTTP ${response.status}`);
  return (await response.json()) as T;
}

export async function openSearchIndex(base: string): Promise<SearchIndex> {
  const manifest = await getJson<Manifest>(`${base}${SEARCH_MANIFEST}`, { cache: 'no-cache' });
  const files = new Map<string, Promise<unknown>>();
  const file = <T>(name: string): Promise<T> => {
    let pending = files.get(name);
    if (!pending) {
      pending = getJson<T>(`${base}${name}`);
      // A failed request may be tried again by the next query.
      pending.catch(() => files.delete(name));
      files.set(name, pending);
    }
    return pending as Promise<T>;
  };
  return {
    reader: {
      manifest,
      shard: (index) => file<Shard>(manifest.shards[index]!.file),
      facet: async (name) => deltaDecode(await file<number[]>(name)),
    },
    async cards(docs) {
      const loaded = await Promise.all(
        docs.map(async (doc) => {
          const cards = await file<CardFile>(manifest.cards[Math.floor(doc / DOCS_PER_FILE)]!);
          const [slug, html] = cards[doc % DOCS_PER_FILE]!;
          return { slug, html };
        }),
      );
      return loaded;
    },
  };
}
