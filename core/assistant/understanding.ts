/**
 * A question as DENTY understands it before ranking (docs/decisions/0034-assistant-retrieval.md): its
 * words corrected against the site's own lexicon, its terms (what the search library's analyser keeps:
 * French stems without stop words), the words its synonyms add, and the subjects of the vocabulary it
 * names. The analyser is injected: core/ stays free of the search library.
 */
import { containsPhrase, correctWord, words } from './text.ts';
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
}

export function compileVocabulary(vocabulary: AssistantVocabulary, analyze: Analyze): CompiledVocabulary {
  const asTerms = (list: readonly string[]) =>
    list.map((expression) => analyze(expression)).filter((terms) => terms.length > 0);
  return {
    synonyms: vocabulary.synonyms.map((group) =>
      group.map((text) => ({ terms: analyze(text), text })).filter((expression) => expression.terms.length > 0),
    ),
    topics: vocabulary.topics.map((topic) => ({ topic, expressions: asTerms(topic.words) })),
  };
}

export interface TopicMatch {
  topic: AssistantTopic;
  /** How much of the question names it: one point per term of each expression found. */
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
}

export interface UnderstandingContext {
  lexicon: ReadonlyMap<string, number>;
  analyze: Analyze;
  vocabulary: CompiledVocabulary;
}

export function understand(question: string, { lexicon, analyze, vocabulary }: UnderstandingContext): Understanding {
  const text = words(question)
    .map((word) => correctWord(word, lexicon))
    .join(' ');
  const terms = [...new Set(analyze(text))];
  const alternatives = new Map(terms.map((term) => [term, [[term]]]));
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
  const topics: TopicMatch[] = [];
  for (const { topic, expressions } of vocabulary.topics) {
    let score = 0;
    const covered = new Set<string>();
    for (const expression of expressions) {
      if (!containsPhrase(terms, expression)) continue;
      score += expression.length;
      for (const term of expression) covered.add(term);
    }
    if (score > 0) topics.push({ topic, score, terms: covered });
  }
  topics.sort((a, b) => b.score - a.score);
  return { text, terms, expansions: [...expansions], expansionText: expansionTexts.join(' '), alternatives, topics };
}
