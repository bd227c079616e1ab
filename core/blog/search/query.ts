/**
 * Runs a blog query on the split index (docs/requirements.md#blog-filtering). Each word of the query
 * must match (AND); a word matches its own term (stemmed and folded, so case, accents and plural do not
 * matter), the last word also the longer terms it begins (as one types), and a word that matches
 * nothing matches the terms within one typo (two for long words). Category and tag filters come from their own small files. Results are
 * ranked by BM25, ties and filter-only lists newest first.
 */
import { slugKey } from '../../common/slug.ts';
import { deltaDecode, lowerBound, shardIndex, type FacetEntry, type Manifest, type Shard } from './index-format.ts';
import { fold, queryTermsOf, words } from './tokenize.ts';

/** Where the query reads the index: the browser fetches, a test reads the built files. */
export interface IndexReader {
  manifest: Manifest;
  shard(index: number): Promise<Shard>;
  facet(file: string): Promise<number[]>;
}

export interface SearchRequest {
  text?: string;
  /** A category or tag as written in the address (loose: `gestion`, `equipe-organisation`). */
  category?: string;
  tag?: string;
}

export interface ResolvedFacet {
  /** What the address said. */
  asked: string;
  /** The index's entry, or undefined when nothing has that name (then nothing matches). */
  entry?: FacetEntry & { key: string };
}

export interface SearchResult {
  /** Every matching document, best first. */
  docs: number[];
  /** Index terms that matched, for highlighting. */
  terms: string[];
  /** Whether the text held any searchable word (stop words alone do not filter). */
  searched: boolean;
  category?: ResolvedFacet;
  tag?: ResolvedFacet;
}

const WEIGHT = { exact: 1, prefix: 0.6, typo: 0.4 } as const;
/** A short prefix ("de") would match half the vocabulary. */
const MIN_PREFIX = 3;
const MAX_EXPANSIONS = 64;

/** Optimal string alignment distance (a swap of two letters is one typo), or `max + 1` beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows[i] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/** Typos allowed in a term: none below 4 letters, one up to 7, two beyond. */
export function typoTolerance(term: string): number {
  return term.length < 4 ? 0 : term.length < 8 ? 1 : 2;
}

interface Variant {
  shard: Shard;
  at: number;
  weight: number;
}

/** The index terms one typed word reaches: each of its own terms (with the longer ones it begins), else a typo's. */
async function variantsOf(reader: IndexReader, terms: readonly string[], typed: string, prefix: boolean) {
  const found = (await Promise.all(terms.map((term) => ownVariants(reader, term, prefix)))).flat();
  return found.length ? found : typoVariants(reader, terms[0]!, typed);
}

async function ownVariants(reader: IndexReader, term: string, prefix: boolean): Promise<Variant[]> {
  const { manifest } = reader;
  const homeIndex = shardIndex(manifest, term);
  const home = await reader.shard(homeIndex);
  let index = homeIndex;
  let shard = home;
  const variants: Variant[] = [];
  let at = lowerBound(shard.terms, term);
  if (shard.terms[at] === term) variants.push({ shard, at: at++, weight: WEIGHT.exact });
  if (prefix && term.length >= MIN_PREFIX) {
    // The terms this one begins (the word being typed), possibly running into the next shards.
    for (let expansions = 0; expansions < MAX_EXPANSIONS; at++) {
      if (at >= shard.terms.length) {
        const next = manifest.shards[index + 1];
        if (!next?.first.startsWith(term) || index - homeIndex >= 2) break;
        shard = await reader.shard(++index);
        at = -1;
        continue;
      }
      if (!shard.terms[at]!.startsWith(term)) break;
      variants.push({ shard, at, weight: WEIGHT.prefix });
      expansions++;
    }
  }
  return variants;
}

async function typoVariants(reader: IndexReader, term: string, typed: string): Promise<Variant[]> {
  const home = await reader.shard(shardIndex(reader.manifest, term));
  // A typo: the closest terms of the shard the term falls in. A term is a stem, so the typed word is
  // also compared without its ending ("equpe" is one typo from "equip", "reglementaton" none from
  // "reglement"); dropping more than two letters counts as one more typo. Among equally close terms,
  // those nearest the typed word's length win ("plannnig": "planning", not "plan").
  // A short stem may come from a longer word (« dev » from « devis »): the typed word's length counts too.
  const tolerance = Math.max(typoTolerance(term), typoTolerance(typed));
  if (!tolerance) return [];
  let best = Infinity;
  const close: number[] = [];
  home.terms.forEach((candidate, position) => {
    const allowed = Math.min(tolerance, Math.max(typoTolerance(candidate), typoTolerance(typed)));
    if (!allowed) return;
    let distance = editDistance(term, candidate, allowed);
    for (let cut = candidate.length - allowed; cut <= candidate.length + allowed && distance > 0; cut++) {
      const dropped = typed.length - cut;
      if (cut > 0 && dropped >= 0 && dropped <= 4)
        distance = Math.min(distance, editDistance(typed.slice(0, cut), candidate, allowed) + (dropped > 2 ? 1 : 0));
    }
    if (distance > allowed) return;
    const rank = distance * 100 + Math.abs(typed.length - candidate.length);
    if (rank < best) {
      best = rank;
      close.length = 0;
    }
    if (rank === best) close.push(position);
  });
  return close.map((position) => ({ shard: home, at: position, weight: WEIGHT.typo }));
}

/** Documents matching one word, with their best score through any of its variants. */
function scoresOf(variants: readonly Variant[], matched: Set<string>): Map<number, number> {
  const scores = new Map<number, number>();
  for (const { shard, at, weight } of variants) {
    matched.add(shard.terms[at]!);
    const docs = deltaDecode(shard.docs[at]!);
    const points = shard.scores[at]!;
    for (let i = 0; i < docs.length; i++) {
      const score = points[i]! * weight;
      const before = scores.get(docs[i]!);
      if (before === undefined || score > before) scores.set(docs[i]!, score);
    }
  }
  return scores;
}

function resolve(asked: string | undefined, entries: Record<string, FacetEntry>): ResolvedFacet | undefined {
  if (!asked) return undefined;
  const key = slugKey(asked);
  const entry = entries[key];
  return { asked, entry: entry ? { ...entry, key } : undefined };
}

export async function search(reader: IndexReader, request: SearchRequest): Promise<SearchResult> {
  const category = resolve(request.category, reader.manifest.categories);
  const tag = resolve(request.tag, reader.manifest.tags);
  const text = request.text ?? '';
  const spans = words(text);
  // The last word may be unfinished (as one types), unless a space or punctuation follows it.
  const open = spans.length > 0 && spans[spans.length - 1]!.end === text.length;
  const typed = spans
    .map((span, index) => {
      const terms = queryTermsOf(span.word);
      return { term: terms[0] ?? '', terms, plain: fold(span.word), prefix: open && index === spans.length - 1 };
    })
    .filter((word, index, all) => word.term && all.findIndex((other) => other.term === word.term) === index);

  const empty = (searched: boolean): SearchResult => ({ docs: [], terms: [], searched, category, tag });
  if ((category && !category.entry) || (tag && !tag.entry)) return empty(typed.length > 0);

  // Facets first: they are small and narrow everything else.
  let allowed: Set<number> | undefined;
  for (const facet of [category?.entry, tag?.entry]) {
    if (!facet) continue;
    const docs = await reader.facet(facet.file);
    allowed = new Set(allowed ? docs.filter((doc) => allowed!.has(doc)) : docs);
  }

  if (!typed.length) {
    const docs = allowed ? [...allowed].sort((a, b) => a - b) : [];
    return { docs, terms: [], searched: false, category, tag };
  }

  const matched = new Set<string>();
  const perWord = await Promise.all(
    typed.map(async ({ terms, plain, prefix }) => scoresOf(await variantsOf(reader, terms, plain, prefix), matched)),
  );
  perWord.sort((a, b) => a.size - b.size);
  const total = new Map<number, number>();
  for (const [doc, score] of perWord[0]!) {
    if (allowed && !allowed.has(doc)) continue;
    let sum = score;
    for (let i = 1; i < perWord.length && sum >= 0; i++) {
      const other = perWord[i]!.get(doc);
      sum = other === undefined ? -1 : sum + other;
    }
    if (sum >= 0) total.set(doc, sum);
  }
  const docs = [...total.keys()].sort((a, b) => total.get(b)! - total.get(a)! || a - b);
  return { docs, terms: [...matched], searched: true, category, tag };
}
