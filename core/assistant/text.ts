/**
 * How DENTY reads a visitor's words before any search: folded (case, accents, ligatures, apostrophes),
 * cut into words, and, for a word the site never uses, corrected to the nearest word it does use
 * ("rapels" → "rappels", "devsi" → "devis"). Pure functions; the stemmer and stop words of the search
 * library are applied later, by the retrieval (backend/assistant/retrieval.ts).
 */

/** Lowercase, no accents, ligatures spelt out, typographic apostrophes and hyphens made plain. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[\u2010\u2011\u2012\u2013\u2014]/g, '-')
    .replace(/[\u00A0\u202F]/g, ' ');
}

/** The words of a text, folded: "Qu’est-ce que l’agenda ?" → ["qu", "est", "ce", "que", "l", "agenda"]. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9+]+/)
    .map((word) => word.replace(/^\++|\++$/g, ''))
    .filter(Boolean);
}

/** AZERTY rows, for the keys next to each other: a slip of the finger hits a neighbour. */
const KEYBOARD = ['azertyuiop', 'qsdfghjklm', 'wxcvbn'];
const keyPosition = new Map(
  KEYBOARD.flatMap((row, y) => [...row].map((key, x) => [key, { x: x + y * 0.5, y }] as const)),
);

/** Typing the wrong one of two neighbouring keys is a typo; confusing distant letters is another word. */
function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  const p = keyPosition.get(a);
  const q = keyPosition.get(b);
  return p && q && Math.abs(p.y - q.y) <= 1 && Math.abs(p.x - q.x) <= 1 ? 1 : 2;
}

/**
 * Restricted Damerau–Levenshtein distance, with the costs of typing: a missing, extra or swapped letter
 * costs 1, a neighbouring key 1, any other letter 2 ("coupe" is not a typo of "coute"). Beyond `max`,
 * returns max + 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    // The first column counts too: "lessai" reaches "essai" by dropping its first letter.
    let best = rows[i]![0]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = substitutionCost(a[i - 1]!, b[j - 1]!);
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How far a misspelt word may be from the right one: short words are corrected less boldly. */
export function typoAllowance(word: string): number {
  if (word.length < 5 || /\d/.test(word)) return 0;
  return word.length < 9 ? 1 : 2;
}

/**
 * French texting shorthand, as visitors type in a chat (« c koi le tarif pr 2 dentistes »): read as the
 * words it stands for before any correction, which would otherwise turn « pr » into nothing and « koi »
 * into a rare unknown word that weighs more than the question's subject. General French usage, not the
 * site's words (those are the vocabulary's synonyms).
 */
const SHORTHAND: ReadonlyMap<string, string> = new Map([
  ['koi', 'quoi'],
  ['kwa', 'quoi'],
  ['pr', 'pour'],
  ['pk', 'pourquoi'],
  ['pq', 'pourquoi'],
  ['pcq', 'parce que'],
  ['ds', 'dans'],
  ['tt', 'tout'],
  ['tte', 'toute'],
  ['tts', 'tous'],
  ['tjs', 'toujours'],
  ['tjrs', 'toujours'],
  ['bcp', 'beaucoup'],
  ['qd', 'quand'],
  ['qq', 'quelques'],
  ['qqs', 'quelques'],
  ['qqn', 'quelqu un'],
  ['qqch', 'quelque chose'],
  ['jpeu', 'je peux'],
  ['jpeux', 'je peux'],
  ['jveux', 'je veux'],
  ['jsuis', 'je suis'],
  ['chui', 'je suis'],
  ['jsais', 'je sais'],
  ['c', 'c est'],
  ['dc', 'donc'],
  ['vs', 'vous'],
  ['ns', 'nous'],
  ['mm', 'meme'],
  ['msg', 'message'],
  ['mdp', 'mot de passe'],
  ['tel', 'telephone'],
  ['num', 'numero'],
  ['appli', 'application'],
  ['info', 'informations'],
  ['infos', 'informations'],
  ['pb', 'probleme'],
  ['pbm', 'probleme'],
  ['pbs', 'problemes'],
  ['tps', 'temps'],
  ['cmb', 'combien'],
  ['cbn', 'combien'],
  ['jms', 'jamais'],
  ['auj', 'aujourd hui'],
  ['ajd', 'aujourd hui'],
  ['dmd', 'demande'],
  ['pub', 'publicite'],
  ['pubs', 'publicites'],
  ['perso', 'personnel'],
  ['dispo', 'disponible'],
  ['dispos', 'disponibles'],
  ['compta', 'comptabilite'],
  ['ordi', 'ordinateur'],
  ['abo', 'abonnement'],
]);

/** A word typed in texting shorthand, as the words it stands for; any other word as it is. */
export const expandShorthand = (word: string): string => SHORTHAND.get(word) ?? word;

/**
 * The word of the lexicon (folded words of the site and of its vocabulary, with how often they occur)
 * that the visitor most likely meant, or the word itself when it is known or nothing is close enough.
 * A word counted 0 is known but never chosen: a function word ("ayant") would erase the word the
 * visitor typed ("payant").
 */
export function correctWord(word: string, lexicon: ReadonlyMap<string, number>): string {
  if (lexicon.has(word)) return word;
  const allowance = typoAllowance(word);
  if (!allowance) return word;
  let best: { word: string; distance: number; count: number } | undefined;
  for (const [candidate, count] of lexicon) {
    if (Math.abs(candidate.length - word.length) > allowance || candidate.length < 5 || !count) continue;
    const distance = editDistance(word, candidate, allowance);
    if (distance > allowance) continue;
    if (!best || distance < best.distance || (distance === best.distance && count > best.count))
      best = { word: candidate, distance, count };
  }
  return best?.word ?? word;
}

/** Counts the folded words of some texts: the lexicon `correctWord` chooses from. */
export function lexiconOf(texts: Iterable<string>): Map<string, number> {
  const lexicon = new Map<string, number>();
  for (const text of texts) for (const word of words(text)) lexicon.set(word, (lexicon.get(word) ?? 0) + 1);
  return lexicon;
}

/** Whether `phrase` (already cut into words) occurs in `sequence` as consecutive words. */
export function containsPhrase(sequence: readonly string[], phrase: readonly string[]): boolean {
  if (!phrase.length || phrase.length > sequence.length) return false;
  outer: for (let i = 0; i + phrase.length <= sequence.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (sequence[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** Number of words of a text, as a reader counts them ("J+3" and "48 h" are words). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
