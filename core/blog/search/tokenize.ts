/**
 * The language side of blog search (docs/decisions/0041-blog-search-split-index.md): the same words
 * and terms at build time (the index) and in the browser (the query, the highlighting), so a query
 * finds what the build indexed. Orama's French Snowball stemmer and stop words; words are cut as
 * Orama's French tokenizer cuts them; case and accents are folded.
 */
import { stemmer } from '@orama/stemmers/french';
import { stopwords } from '@orama/stopwords/french';

/** Letters a French word is made of (Orama's French splitter keeps these, and the hyphen). */
const WORD = /[a-z0-9äâàáãåéèëêïîíìöôóòõùüûúÿœæç]+(?:-[a-z0-9äâàáãåéèëêïîíìöôóòõùüûúÿœæç]+)*/g;

/** "Équipe" → "equipe", "œil" → "oeil". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

const STOP = new Set([...stopwords, ...stopwords.map(fold)].filter(Boolean));

export interface WordSpan {
  /** The word as written, lower-cased. */
  word: string;
  start: number;
  end: number;
}

/** The words of a text with their place in it (the text is lower-cased first: same length in French). */
export function words(text: string): WordSpan[] {
  const lower = text.toLowerCase();
  const spans: WordSpan[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(lower); match; match = WORD.exec(lower))
    spans.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  return spans;
}

/** Calls `visit` with each word of a text, lower-cased (no object per word: the build reads millions). */
export function eachWord(text: string, visit: (word: string) => void): void {
  const lower = text.toLowerCase();
  WORD.lastIndex = 0;
  for (let match = WORD.exec(lower); match; match = WORD.exec(lower)) visit(match[0]);
}

/** The term a typed word searches for: stemmed, then folded ("Équipes" → "equip"); '' for a stop word. */
export function queryTerm(word: string): string {
  const lower = word.toLowerCase();
  if (STOP.has(lower)) return '';
  return fold(stemmer(lower));
}

const cache = new Map<string, readonly string[]>();

/**
 * The terms the index files a written word under: its query term, and the stem of its folded form
 * when that differs (the stemmer reads "organisée" and "organisee" differently, and a visitor may type
 * either). A hyphenated word also gives its parts ("post-opératoire" → "post-operatoir", "operatoir").
 */
export function indexTerms(word: string): readonly string[] {
  let terms = cache.get(word);
  if (terms) return terms;
  const found = new Set<string>();
  const add = (part: string) => {
    const term = queryTerm(part);
    if (!term) return;
    found.add(term);
    const plain = fold(part);
    if (plain !== part) found.add(stemmer(plain));
  };
  add(word);
  if (word.includes('-')) for (const part of word.split('-')) if (part.length > 1) add(part);
  terms = [...found];
  // Bounded: a build sees tens of thousands of distinct words at most.
  if (cache.size < 200_000) cache.set(word, terms);
  return terms;
}

/** The query's terms, one per word, in order, without stop words or repeats. */
export function queryTerms(text: string): string[] {
  return [...new Set(words(text).map((span) => queryTerm(span.word)))].filter(Boolean);
}
