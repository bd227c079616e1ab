/**
 * The language side of blog search (docs/decisions/0041-blog-search-split-index.md): the same words
 * and terms at build time (the index) and in the browser (the query, the highlighting), so a query
 * finds what the build indexed. Orama's French Snowball stemmer and stop words; words are cut as
 * Orama's French tokenizer cuts them; case and accents are folded.
 */
import { stemmer } from '@orama/stemmers/french';
import { stopwords } from '@orama/stopwords/french';
import { detached } from '../../common/strings.ts';

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

/** The letters of WORD (Latin-1 ones by code, and œ), for `createWordReader`'s own scan. */
const LETTER = new Uint8Array(256);
for (const letter of 'abcdefghijklmnopqrstuvwxyz0123456789äâàáãåéèëêïîíìöôóòõùüûúÿæç') LETTER[letter.charCodeAt(0)] = 1;
const isLetter = (code: number) => (code < 256 ? LETTER[code] === 1 : code === 0x153);

/**
 * Reads texts word by word (the words of WORD, lower-cased, as `words` finds them) without a regular
 * expression: each distinct word is named by a number given at its first reading, so a word already
 * met costs neither a new string nor a lookup by string (the build reads millions).
 */
export function createWordReader(): {
  words: readonly string[];
  read(text: string, visit: (word: number) => void): void;
} {
  const words: string[] = [];
  const hashes: number[] = [];
  let slots = new Int32Array(1 << 12).fill(-1);

  const place = (hash: number) => {
    let slot = hash & (slots.length - 1);
    while (slots[slot] !== -1) slot = (slot + 1) & (slots.length - 1);
    return slot;
  };
  const grow = () => {
    slots = new Int32Array(slots.length * 2).fill(-1);
    hashes.forEach((hash, word) => (slots[place(hash)] = word));
  };
  /** The number of lower[start, end), whose hash is `hash`. */
  const number = (lower: string, start: number, end: number, hash: number): number => {
    const length = end - start;
    let slot = hash & (slots.length - 1);
    for (let word = slots[slot]!; word !== -1; word = slots[slot]!) {
      if (hashes[word] === hash && words[word]!.length === length && lower.startsWith(words[word]!, start)) return word;
      slot = (slot + 1) & (slots.length - 1);
    }
    const word = words.length;
    words.push(detached(lower.slice(start, end)));
    hashes.push(hash);
    slots[slot] = word;
    if (words.length * 2 > slots.length) grow();
    return word;
  };

  return {
    words,
    read(text, visit) {
      const lower = text.toLowerCase();
      const length = lower.length;
      let at = 0;
      while (at < length) {
        let code = lower.charCodeAt(at);
        if (!isLetter(code)) {
          at += 1;
          continue;
        }
        const start = at;
        // FNV-1a over the word's characters, as they are read.
        let hash = 0x811c9dc5;
        for (; at < length && isLetter((code = lower.charCodeAt(at))); at += 1)
          hash = Math.imul(hash ^ code, 0x01000193);
        while (at + 1 < length && code === 0x2d && isLetter(lower.charCodeAt(at + 1))) {
          hash = Math.imul(hash ^ code, 0x01000193);
          at += 1;
          for (; at < length && isLetter((code = lower.charCodeAt(at))); at += 1)
            hash = Math.imul(hash ^ code, 0x01000193);
        }
        visit(number(lower, start, at, hash >>> 0));
      }
    },
  };
}

/** The term a typed word searches for: stemmed, then folded ("Équipes" → "equip"); '' for a stop word. */
export function queryTerm(word: string): string {
  const lower = word.toLowerCase();
  if (STOP.has(lower)) return '';
  return fold(stemmer(lower));
}

/**
 * French endings whose stemming depends on an accent (« traçabilité » loses « ité », « tracabilite » keeps
 * « ite »): a word typed without accents is also read with the accented ending, so it finds what the
 * accented word finds (issue 29; measured on the articles: 183 of the 196 accented words whose stems
 * differ are joined again, the 13 left are short adverbs).
 */
const ACCENTED_ENDINGS: readonly [RegExp, string][] = [
  [/ite(s?)$/, 'ité$1'],
  [/ee(s?)$/, 'ée$1'],
  [/e(s?)$/, 'é$1'],
  [/ere(s?)$/, 'ère$1'],
  [/eme(s?)$/, 'ème$1'],
];

/** The terms a typed word searches for: its own, and, typed without accents, those of its accented endings. */
export function queryTermsOf(word: string): string[] {
  const term = queryTerm(word);
  if (!term) return [];
  const lower = word.toLowerCase();
  if (fold(lower) !== lower) return [term];
  const terms = new Set([term]);
  for (const [ending, accented] of ACCENTED_ENDINGS)
    if (ending.test(lower)) terms.add(fold(stemmer(lower.replace(ending, accented))));
  return [...terms];
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
