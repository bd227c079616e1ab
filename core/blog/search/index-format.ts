/**
 * The blog's split search index (docs/decisions/0041-blog-search-split-index.md): what the build
 * writes and the browser reads. A query fetches the manifest, the shard of each of its words, the
 * postings of an active category or tag, and the cards it shows; never the whole index.
 *
 * Documents are numbered newest first (0 is the newest article), so ascending order is the list order.
 * A posting list is delta-coded: [first doc, gap, gap, …]. Scores are BM25, computed at build time per
 * (term, document) and rounded to integers (SCORE_SCALE per point).
 */

/** Bumped whenever the files' shape changes. */
export const INDEX_FORMAT = 1;
export const SCORE_SCALE = 8;
/** Cards per card file: a result page of 12 fetches at most 12 small files, usually fewer. */
export const DOCS_PER_FILE = 10;

export interface FacetEntry {
  /** The posts' own spelling ("Équipe & Organisation"). */
  name: string;
  /** Documents in this category or with this tag. */
  count: number;
  file: string;
}

export interface Manifest {
  format: typeof INDEX_FORMAT;
  /** Number of documents (articles). */
  count: number;
  /** Shard files, in term order, each with its first term. */
  shards: { first: string; file: string }[];
  /** Card files: file i holds the cards of documents i × DOCS_PER_FILE … */
  cards: string[];
  /** By slug key ("equipe-organisation", "implantologie"). */
  categories: Record<string, FacetEntry>;
  tags: Record<string, FacetEntry>;
}

export interface Shard {
  /** Sorted terms. */
  terms: string[];
  /** For each term, its documents (delta-coded). */
  docs: number[][];
  /** For each term, the score of each of its documents, in the same order. */
  scores: number[][];
}

/** Each card of a card file: the article's slug and its card's HTML (the list pages' own, typeset). */
export type CardFile = [slug: string, html: string][];

export function deltaEncode(sorted: readonly number[]): number[] {
  const out: number[] = new Array(sorted.length);
  let previous = 0;
  for (let i = 0; i < sorted.length; i++) {
    out[i] = sorted[i]! - previous;
    previous = sorted[i]!;
  }
  return out;
}

export function deltaDecode(coded: readonly number[]): number[] {
  const out: number[] = new Array(coded.length);
  let value = 0;
  for (let i = 0; i < coded.length; i++) {
    value += coded[i]!;
    out[i] = value;
  }
  return out;
}

/** The shard that holds `term` (or would): the last one whose first term is ≤ term. */
export function shardIndex(manifest: Pick<Manifest, 'shards'>, term: string): number {
  let low = 0;
  let high = manifest.shards.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (manifest.shards[middle]!.first <= term) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Position of `term` in a sorted list, or where it would go. */
export function lowerBound(terms: readonly string[], term: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (terms[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}
