/**
 * DENTY's search over the site's documents with Orama (docs/decisions/0034-assistant-retrieval.md): BM25
 * over fields (the visitors' questions each passage answers, section title, page name and title, the
 * facts, and the vocabulary's words for the page),
 * Orama's French stemmer and stop words, on text folded beforehand (Orama stems before it strips accents,
 * so "traçabilité" and "tracabilite" would not meet). Runs on the server and the edge only.
 */
import { create, insertMultiple, search, type Orama } from '@orama/orama';
import { stemmer } from '@orama/stemmers/french';
import { stopwords } from '@orama/stopwords/french';
import { fold } from '../../core/assistant/text.ts';
import type { AssistantDoc } from '../../core/assistant/knowledge.ts';
import type { Analyze, Understanding } from '../../core/assistant/understanding.ts';

const schema = { questions: 'string', title: 'string', source: 'string', body: 'string', keywords: 'string' } as const;
type Db = Orama<typeof schema>;

/**
 * What the fields weigh against the facts themselves: a visitor's question the editor wrote for the
 * passage is the strongest sign that it answers (document expansion).
 */
const BOOST = { questions: 3, title: 2, source: 1, body: 1, keywords: 1.5 } as const;
/** Enough candidates for ranking, which adds the documents the vocabulary designates. */
const CANDIDATES = 40;
/** The second opinion needs only the few best. */
const QUESTION_CANDIDATES = 5;

/**
 * French function words that Orama's list leaves out (its list is short: "elles", "être", "peuvent"…
 * would otherwise count as the subject of a question). Words of a request are the vocabulary's `ignore`.
 */
const MORE_STOP_WORDS = (
  'elles eux celle celles celui ceux cet cette ces etre etait etaient serait seraient avoir avait avaient aurait ' +
  'peut peuvent pouvait pourra pourrait pourraient pouvons dois doit doivent devez devons devrait devraient ' +
  'veut veulent voulez voudrait voudrais vais va vont allez fait font faites faut faudra faudrait tres plus moins ' +
  'comme ainsi pourrai pourrais pourrez devra devrai devrez sera serai serez serons aura aurai aurez ' +
  'encore deja toujours ici la la-bas quand ou dont lequel laquelle lesquels lesquelles quelqu quelque quelques ' +
  'chaque autre autres meme memes si sinon car parce depuis pendant avant apres chez vers entre sous sur selon'
).split(' ');

/**
 * Orama's French stemmer keeps the plural of some words ("rendus" but "rendu"): a final « s » left on a
 * stem of five letters or more is dropped, for the index and the questions alike.
 */
const stem = (word: string) => {
  const stemmed = stemmer(word);
  return stemmed.length >= 5 && stemmed.endsWith('s') ? stemmed.slice(0, -1) : stemmed;
};

/**
 * Folded, apostrophes and hyphens as spaces: "l’agenda" → "l agenda", "rendez-vous" → "rendez vous";
 * "e-mail" is one word, as the visitor who types "email" writes it.
 */
export const searchText = (text: string) =>
  fold(text)
    .replace(/\be-mail/g, 'email')
    .replace(/['+-]/g, ' ');

export interface Retrieval {
  analyze: Analyze;
  /** Documents (by position in the list given) with their search score, best first. */
  search(understanding: Understanding): { position: number; score: number }[];
  /**
   * The documents whose own questions (content `questions`, taught ones) best match the visitor's, best
   * first: a second opinion, written by the editors, that the verdict weighs against the ranking.
   */
  searchQuestions(understanding: Understanding): { position: number; score: number }[];
}

const lineText = (doc: AssistantDoc) =>
  doc.lines.map((line) => (line.title ? `${line.title} ${line.text}` : line.text)).join(' ');

/**
 * `keywords(doc)`: the vocabulary's words for the subjects whose pages or FAQ answers include this
 * document; `questions(doc)`: the visitors' questions it answers (the content's, and those the team taught).
 */
export async function createRetrieval(
  docs: readonly AssistantDoc[],
  ignore: readonly string[],
  keywords: (doc: AssistantDoc) => string,
  questions: (doc: AssistantDoc) => readonly string[],
): Promise<Retrieval> {
  const db: Db = create({
    schema,
    components: {
      tokenizer: {
        language: 'french',
        stemming: true,
        stemmer: stem,
        stopWords: [...new Set([...stopwords, ...MORE_STOP_WORDS, ...ignore].map(searchText))],
      },
    },
  });
  await insertMultiple(
    db,
    docs.map((doc, index) => ({
      id: String(index),
      questions: searchText(questions(doc).join(' ')),
      title: searchText(doc.title),
      source: searchText(`${doc.source} ${doc.about}`),
      body: searchText(`${lineText(doc)} ${doc.context ?? ''}`),
      keywords: searchText(keywords(doc)),
    })),
  );
  const analyze: Analyze = (text) => db.tokenizer.tokenize(searchText(text), 'french') as string[];
  const find = (understanding: Understanding, properties: (keyof typeof schema)[], limit: number) => {
    const term = searchText(`${understanding.text} ${understanding.expansionText}`);
    if (!term.trim()) return [];
    const results = search(db, { term, properties, boost: BOOST, threshold: 1, limit }) as Awaited<
      ReturnType<typeof search<Db>>
    >;
    return results.hits.map((hit) => ({ position: Number(hit.id), score: hit.score }));
  };
  return {
    analyze,
    search: (understanding) => find(understanding, ['questions', 'title', 'source', 'body', 'keywords'], CANDIDATES),
    searchQuestions: (understanding) => find(understanding, ['questions'], QUESTION_CANDIDATES),
  };
}
