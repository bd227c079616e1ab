/**
 * A question as DENTY understands it before ranking (docs/decisions/0034-assistant-retrieval.md): its
 * words corrected against the site's own lexicon, its terms (what the search library's analyser keeps:
 * French stems without stop words), the words its synonyms add, the subjects of the vocabulary it
 * names (weighed by how rare their words are on the site), and whether it asks for yes or no. The
 * analyser is injected: core/ stays free of the search library.
 */
import { asksForAdvice, asksSomething, asksYesOrNo } from './intents.ts';
import { containsPhrase, correctWord, expandShorthand, words } from './text.ts';
import type { AssistantTopic, AssistantVocabulary } from './vocabulary.ts';

/** Text → the terms the search library indexes (folded, stemmed, stop words and ignored words removed). */
export type Analyze = (text: string) => string[];

export interface CompiledTopic {
  topic: AssistantTopic;
  /** Each word or expression of the topic, as terms. */
  expressions: string[][];
}

export interface CompiledVocabulary {
  /** Each group of synonyms: its expressions as terms, and as typed (for the search). */
  synonyms: { terms: string[]; text: string }[][];
  topics: CompiledTopic[];
  /** Expressions that ask for a figure ("combien de temps"), as terms. */
  figures: string[][];
  /** Expressions that ask for a duration or a moment ("au bout de", "délai"), as terms. */
  durations: string[][];
  /** For each kind of answer a line can hold (an e-mail address, a phone number): the expressions that ask for it. */
  kinds: { term: string; expressions: string[][] }[];
  /** The analysed "plusieurs": a count in a question ("3 cabinets") also reads as "plusieurs cabinets". */
  several: string[];
}

/**
 * Words that ask for a figure: the answer holds a number ("30 jours", "10 ans", "24 h"), rarely the
 * word itself, so a line with a number answers them as a synonym would.
 */
const ASKS_FOR_A_FIGURE = [
  'combien',
  'combien de temps',
  'durée',
  'dure',
  'délai',
  'nombre',
  'à partir de quand',
  'quelle part',
  'pourcentage',
  'chiffré',
  'chiffrés',
];
/**
 * Words that ask for a duration or a moment: the answer holds one (« 48 h avant », « J+30 », « 3 minutes »,
 * « la veille »), a line with any other number does not (« 10 patients »).
 */
const ASKS_FOR_A_DURATION = [
  'combien de temps',
  'durée',
  'dure',
  'délai',
  'délais',
  'à quel moment',
  'à quelles dates',
  'à quelle date',
  'au bout de',
  'combien de jours',
  'combien de minutes',
  'pendant combien',
  'temps',
];
/** The term standing for "a number" among a line's terms (backend/assistant/knowledge.ts adds it). */
export const FIGURE_TERM = '#chiffre';
/** The term standing for "a duration or a moment" among a line's terms (backend/assistant/knowledge.ts adds it). */
export const DURATION_TERM = '#duree';
/** « 48 h », « J+30 », « 3 minutes », « 12 mois », « la veille », « le lendemain »: what answers « combien de temps ». */
export const DURATION =
  /\b(?:J\s?[+-]\s?\d+|\d+(?:[,.]\d+)?\s?(?:h|heures?|min|minutes?|s|secondes?|jours?|semaines?|mois|ans?|années?)\b|(?:un|une|deux|trois|quatre|cinq|six|sept|huit|dix|douze|quinze|trente|quelques)\s(?:minutes?|heures?|jours?|semaines?|mois|ans|années?)\b|veille|lendemain)/iu;

/**
 * Answers a line holds by their form, as a number answers « combien »: an e-mail address answers « votre
 * mail ? », a phone number « un numéro pour vous appeler ? ». backend/assistant/knowledge.ts adds `term`
 * to a line that matches `pattern`.
 */
export const ANSWER_KINDS = [
  {
    term: '#courriel',
    pattern: /[\w.+-]+@[\w-]+\.[\w.]+/u,
    asks: ['email', 'e-mail', 'mail', 'courriel', 'adresse électronique', 'écrire'],
  },
  {
    term: '#telephone',
    pattern: /(?:\+33\s?|\b0)[1-9](?:[\s.]?\d{2}){4}\b/u,
    asks: ['téléphone', 'numéro', 'appeler', 'tel', 'joindre'],
  },
] as const;

/** "3 cabinets", "deux praticiens", "4 sites": a count of two or more, and the word it counts. */
const COUNT =
  /\b((?:[2-9]|[1-9][0-9]+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quinze|vingt))\s+([a-z][a-z-]*)/g;

const distinct = (expressions: string[][]) => [
  ...new Map(expressions.map((terms) => [terms.join(' '), terms])).values(),
];

export function compileVocabulary(vocabulary: AssistantVocabulary, analyze: Analyze): CompiledVocabulary {
  const asTerms = (list: readonly string[]) =>
    list.map((expression) => analyze(expression)).filter((terms) => terms.length > 0);
  return {
    synonyms: vocabulary.synonyms.map((group) =>
      group.map((text) => ({ terms: analyze(text), text })).filter((expression) => expression.terms.length > 0),
    ),
    // "compte rendu", "comptes rendus" and "compte-rendu" are one expression once analysed: counted once.
    topics: vocabulary.topics.map((topic) => ({ topic, expressions: distinct(asTerms(topic.words)) })),
    figures: asTerms(ASKS_FOR_A_FIGURE),
    durations: asTerms(ASKS_FOR_A_DURATION),
    kinds: ANSWER_KINDS.map(({ term, asks }) => ({ term, expressions: asTerms(asks) })),
    several: analyze('plusieurs'),
  };
}

export interface TopicMatch {
  topic: AssistantTopic;
  /**
   * How much of the question names it: the weight (idf) of each term of each expression found. A
   * subject named by a word the site uses everywhere ("équipe", "cabinet") says less than one named by
   * a rare word or a word only the vocabulary knows ("iPad", "Doctolib").
   */
  score: number;
  /** The question's terms it accounts for. */
  terms: Set<string>;
}

export interface Understanding {
  /** The question with its misspelt words corrected: what the search library is given. */
  text: string;
  terms: string[];
  /** Terms its synonyms add (not already in `terms`), and the words to search for them. */
  expansions: string[];
  expansionText: string;
  /** For each term of the question, the expressions (as terms) that mean the same, itself first. */
  alternatives: Map<string, string[][]>;
  /** Subjects named by the question, best first. */
  topics: TopicMatch[];
  /** It asks for yes or no ("Dentivo est-il conforme au RGPD ?"), not how, how much or which. */
  yesNo: boolean;
  /** It asks for advice on running the practice (« vous conseillez de commencer par quoi ? »): the articles' ground. */
  advice: boolean;
  /**
   * How much a term of the question counts: 1 in the sentence that asks, less in the context told around
   * it (« On a déjà été coincés 3 ans avec un contrat. ») — what the visitor asks is what must be found.
   */
  weight(term: string): number;
}

/** What a term said only in the context of a long message weighs, against one of the sentence that asks. */
export const CONTEXT_WEIGHT = 0.35;

/** A message's sentences: at . ! ? or … followed by a space (a visitor's typing, not an editor's). */
const messageSentences = (text: string) => text.split(/(?<=[.!?…])\s+/u).filter((part) => part.trim());

/**
 * The terms of the sentences that ask (a question mark, a question word), or of the last sentence when
 * none does; undefined when the message is one sentence, or every sentence asks.
 */
function askedTerms(text: string, analyze: Analyze): Set<string> | undefined {
  const parts = messageSentences(text);
  if (parts.length < 2) return undefined;
  const asking = parts.filter((part) => asksSomething(part));
  if (asking.length === parts.length) return undefined;
  return new Set((asking.length ? asking : parts.slice(-1)).flatMap((part) => analyze(part)));
}

export interface UnderstandingContext {
  lexicon: ReadonlyMap<string, number>;
  analyze: Analyze;
  vocabulary: CompiledVocabulary;
  /** How rare a term is on the site (unknown terms: the rarest); without it, every term weighs 1. */
  idf?: (term: string) => number;
}

export function understand(
  question: string,
  { lexicon, analyze, vocabulary, idf = () => 1 }: UnderstandingContext,
): Understanding {
  const correct = (part: string) =>
    words(part)
      .map((word) => {
        const expanded = expandShorthand(word);
        return expanded === word ? correctWord(word, lexicon) : expanded;
      })
      .join(' ');
  const text = correct(question);
  const terms = [...new Set(analyze(text))];
  const asked = askedTerms(question, (part) => analyze(correct(part)));
  const weight = (term: string) => (!asked || asked.has(term) ? 1 : CONTEXT_WEIGHT);
  const alternatives = new Map(terms.map((term) => [term, [[term]]]));
  for (const expression of vocabulary.figures)
    if (containsPhrase(terms, expression)) for (const term of expression) alternatives.get(term)?.push([FIGURE_TERM]);
  for (const expression of vocabulary.durations)
    if (containsPhrase(terms, expression)) for (const term of expression) alternatives.get(term)?.push([DURATION_TERM]);
  for (const { term: kind, expressions } of vocabulary.kinds)
    for (const expression of expressions)
      if (containsPhrase(terms, expression)) for (const term of expression) alternatives.get(term)?.push([kind]);
  const expansions = new Set<string>();
  const expansionTexts: string[] = [];
  for (const group of vocabulary.synonyms) {
    const found = group.filter((expression) => containsPhrase(terms, expression.terms));
    if (!found.length) continue;
    for (const expression of found)
      for (const term of expression.terms)
        alternatives.get(term)?.push(...group.filter((other) => other !== expression).map((other) => other.terms));
    for (const other of group.flatMap((expression) => expression.terms))
      if (!terms.includes(other)) expansions.add(other);
    for (const expression of group) if (!found.includes(expression)) expansionTexts.push(expression.text);
  }
  // Subjects are matched on the terms in order, then on each count read as "plusieurs" ("3 cabinets").
  const counted = [...text.matchAll(COUNT)].map((match) => ({
    sequence: [...vocabulary.several, ...analyze(match[2]!)],
    count: analyze(match[1]!),
  }));
  const topics: TopicMatch[] = [];
  for (const { topic, expressions } of vocabulary.topics) {
    let score = 0;
    const covered = new Set<string>();
    for (const expression of expressions) {
      const literal = containsPhrase(terms, expression);
      const several = literal ? undefined : counted.find(({ sequence }) => containsPhrase(sequence, expression));
      if (!literal && !several) continue;
      score += expression.reduce((sum, term) => sum + idf(term) * weight(term), 0);
      for (const term of [...expression, ...(several?.count ?? [])]) if (terms.includes(term)) covered.add(term);
    }
    if (score > 0) topics.push({ topic, score, terms: covered });
  }
  topics.sort((a, b) => b.score - a.score);
  return {
    text,
    terms,
    expansions: [...expansions],
    expansionText: expansionTexts.join(' '),
    alternatives,
    topics,
    advice: asksForAdvice(question),
    yesNo: asksYesOrNo(asked ? (messageSentences(question).filter(asksSomething).at(-1) ?? question) : question),
    weight,
  };
}
