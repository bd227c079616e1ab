/**
 * Builds the split search index from the articles (newest first). BM25 over weighted fields (BM25F:
 * a title word counts five body words), computed here once, so the browser only adds integers. A word
 * of an article's title or tags lifts it above every article that has it only in its text
 * (docs/requirements.md#blog-filtering): « devis » finds the article about quotes first.
 */
import { slugKey } from '../../common/slug.ts';
import { deltaEncode, SCORE_SCALE, type Shard } from './index-format.ts';
import { createWordReader, indexTerms } from './tokenize.ts';

export interface SearchDocument {
  title: string;
  summary: string;
  /** Plain text of the article body. */
  body: string;
  category: string;
  tags: readonly string[];
}

/** How much one word of each field weighs (docs/requirements.md#blog-filtering: all five are searched). */
export const FIELD_WEIGHTS = { title: 5, tags: 3, category: 2, summary: 2, body: 1 } as const;
/** The fields a match in which outranks any other (their weight, or more). */
const NAMED_WEIGHT = FIELD_WEIGHTS.tags;
const K1 = 1.2;
const B = 0.75;
/** Roughly how many bytes of JSON a shard holds before the next one starts. */
const SHARD_BYTES = 16_000;

export interface Facet {
  key: string;
  name: string;
  docs: number[];
}

export interface BuiltIndex {
  count: number;
  shards: Shard[];
  categories: Facet[];
  tags: Facet[];
}

export function buildSearchIndex(documents: readonly SearchDocument[]): BuiltIndex {
  // Terms get numbers as they come; a word's terms are looked up once per distinct word.
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  const postingDocs: number[][] = [];
  /** Per term, per document: its weighted frequency, negative when the title or a tag holds it. */
  const postingTfs: number[][] = [];
  // The term ids of each word the reader numbered.
  const reader = createWordReader();
  const idsOfWord: (number[] | undefined)[] = [];
  let tf = new Float64Array(1024);
  let named = new Uint8Array(1024);
  const touched: number[] = [];
  const lengths = new Float64Array(documents.length);
  const categories = new Map<string, Facet>();
  const tags = new Map<string, Facet>();

  const idsOf = (word: number): number[] => {
    let ids = idsOfWord[word];
    if (ids) return ids;
    ids = indexTerms(reader.words[word]!).map((term) => {
      let id = termIds.get(term);
      if (id === undefined) {
        termIds.set(term, (id = terms.length));
        terms.push(term);
        postingDocs.push([]);
        postingTfs.push([]);
        if (id >= tf.length) {
          const grown = new Float64Array(tf.length * 2);
          grown.set(tf);
          tf = grown;
          const grownNamed = new Uint8Array(named.length * 2);
          grownNamed.set(named);
          named = grownNamed;
        }
      }
      return id;
    });
    idsOfWord[word] = ids;
    return ids;
  };

  const facet = (into: Map<string, Facet>, name: string, doc: number) => {
    const key = slugKey(name);
    let entry = into.get(key);
    if (!entry) into.set(key, (entry = { key, name, docs: [] }));
    if (entry.docs[entry.docs.length - 1] !== doc) entry.docs.push(doc);
  };

  documents.forEach((document, doc) => {
    let length = 0;
    let weight = 0;
    const visit = (word: number) => {
      length += weight;
      for (const id of idsOf(word)) {
        if (tf[id] === 0) touched.push(id);
        tf[id] = tf[id]! + weight;
        if (weight >= NAMED_WEIGHT) named[id] = 1;
      }
    };
    const field = (text: string, fieldWeight: number) => {
      weight = fieldWeight;
      reader.read(text, visit);
    };
    field(document.title, FIELD_WEIGHTS.title);
    field(document.tags.join(' '), FIELD_WEIGHTS.tags);
    field(document.category, FIELD_WEIGHTS.category);
    field(document.summary, FIELD_WEIGHTS.summary);
    field(document.body, FIELD_WEIGHTS.body);
    lengths[doc] = length;
    for (const id of touched) {
      postingDocs[id]!.push(doc);
      postingTfs[id]!.push(named[id] ? -tf[id]! : tf[id]!);
      tf[id] = 0;
      named[id] = 0;
    }
    touched.length = 0;
    facet(categories, document.category, doc);
    for (const tag of document.tags) facet(tags, tag, doc);
  });

  const count = documents.length;
  let total = 0;
  for (const length of lengths) total += length;
  const average = total / Math.max(1, count);

  const bm25 = postingDocs.map((docs, id) => {
    const idf = Math.log(1 + (count - docs.length + 0.5) / (docs.length + 0.5));
    return docs.map((doc, i) => {
      const weighted = Math.abs(postingTfs[id]![i]!);
      const norm = K1 * (1 - B + (B * lengths[doc]!) / average);
      return Math.max(1, Math.round(((idf * weighted * (K1 + 1)) / (weighted + norm)) * SCORE_SCALE));
    });
  });
  // More than any score: a named match of one word outweighs every match of it in the text alone.
  let lift = 1;
  for (const scores of bm25) for (const score of scores) if (score >= lift) lift = score + 1;

  const shards: Shard[] = [];
  let shard: Shard = { terms: [], docs: [], scores: [] };
  let bytes = 0;
  const order = terms.map((_, id) => id).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  for (const id of order) {
    const term = terms[id]!;
    const docs = postingDocs[id]!;
    const scores = bm25[id]!.map((score, i) => (postingTfs[id]![i]! < 0 ? score + lift : score));
    const size = term.length + 8 + docs.length * 6;
    if (shard.terms.length && bytes + size > SHARD_BYTES) {
      shards.push(shard);
      shard = { terms: [], docs: [], scores: [] };
      bytes = 0;
    }
    shard.terms.push(term);
    shard.docs.push(deltaEncode(docs));
    shard.scores.push(scores);
    bytes += size;
  }
  if (shard.terms.length) shards.push(shard);

  const sorted = (map: Map<string, Facet>) => [...map.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { count, shards, categories: sorted(categories), tags: sorted(tags) };
}
