/**
 * DENTY's knowledge, ready to answer: the index that `npm run build` writes (checked with its schema),
 * searched with Orama, its documents' terms, the idf of each term, the lexicon for spelling, and the
 * vocabulary compiled once. Built once per index (server start or rebuild, edge cold start).
 */
import { assistantIndex, pagePath, type AssistantDoc, type AssistantIndex } from '../../core/assistant/knowledge.ts';
import { intentLists, type IntentLists } from '../../core/assistant/intents.ts';
import type { PreparedDoc } from '../../core/assistant/ranking.ts';
import { lexiconOf, words } from '../../core/assistant/text.ts';
import { sentencesOf } from '../../core/assistant/opening.ts';
import {
  compileVocabulary,
  ANSWER_KINDS,
  DURATION,
  DURATION_TERM,
  FIGURE_TERM,
  type Analyze,
  type CompiledVocabulary,
} from '../../core/assistant/understanding.ts';
import { createRetrieval, type Retrieval } from './retrieval.ts';
import { CALIBRATION } from '../../core/assistant/calibration.ts';

export interface Knowledge {
  index: AssistantIndex;
  docs: PreparedDoc[];
  analyze: Analyze;
  /** A text's terms, with those of the answers it shows (a figure, a duration, an address, a number). */
  termsOf(text: string): Set<string>;
  idf(term: string): number;
  /** Whether any document uses this term. */
  known(term: string): boolean;
  /** Whether the term is a frame word of the site, in so many passages that it says nothing alone (verdict.ts). */
  frame(term: string): boolean;
  lexicon: Map<string, number>;
  vocabulary: CompiledVocabulary;
  intents: IntentLists;
  retrieval: Retrieval;
  /**
   * The passage an editor wrote this very question for (its `questions`, a FAQ's own question, a taught
   * one), compared folded and without punctuation: what a subject DENTY offers asks, and is answered by.
   */
  answering(question: string): PreparedDoc | undefined;
}

/** A question compared as typed again: folded, its punctuation and spacing ignored. */
export const sameQuestion = (text: string) => words(text).join(' ');

export class KnowledgeError extends Error {
  override name = 'KnowledgeError';
}

const lineText = (doc: AssistantDoc) =>
  doc.lines.map((line) => (line.title ? `${line.title} ${line.text}` : line.text));

/**
 * The questions a document answers: those the editors wrote beside its text (`questions`), then those
 * the team attached to it from the questions DENTY missed (vocabulary `taught`: a FAQ answer by its id,
 * a section by its address, a page by its first document, its lead).
 */
function questionsFor(index: AssistantIndex): (doc: AssistantDoc) => string[] {
  const byDoc = new Map<string, string[]>();
  // A page or a section is the page's own text: a FAQ answer that links to the page is not it.
  const sections = index.docs.filter((item) => item.kind !== 'faq');
  for (const { question, answer } of index.vocabulary.taught) {
    const doc = answer.startsWith('q-')
      ? index.docs.find((item) => item.id === `faq:${answer}`)
      : (sections.find((item) => item.url === answer) ?? sections.find((item) => pagePath(item.url) === answer));
    if (doc) byDoc.set(doc.id, [...(byDoc.get(doc.id) ?? []), question]);
  }
  return (doc) => [...(process.env.NOQ ? [] : (doc.questions ?? [])), ...(byDoc.get(doc.id) ?? [])];
}

/** The vocabulary's words for each document: those of every subject whose pages or FAQ answers include it. */
function keywordsOf(index: AssistantIndex): (doc: AssistantDoc) => string {
  return (doc) =>
    index.vocabulary.topics
      .filter((topic) =>
        doc.kind === 'faq'
          ? topic.faq.some((id) => doc.id === `faq:${id}`)
          : topic.pages.some((target) =>
              target.includes('#') ? doc.url === target : doc.url.split('#')[0] === target,
            ),
      )
      .flatMap((topic) => topic.words)
      .join(' ');
}

export async function createKnowledge(data: unknown): Promise<Knowledge> {
  const parsed = assistantIndex.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new KnowledgeError(
      `Index de l’assistant illisible (${issue?.path.join('.') || 'racine'} : ${issue?.message}) : reconstruisez le site (npm run build).`,
    );
  }
  const index = parsed.data;
  const questionsOf = questionsFor(index);
  // A question a document answers is searched with it (its strongest field), and counts as what it says.
  const retrieval = await createRetrieval(index.docs, index.vocabulary.ignore, keywordsOf(index), questionsOf);
  const { analyze } = retrieval;
  // A line with a number also holds FIGURE_TERM: it answers "combien de temps ?" ("30 jours").
  const termsOf = (text: string) => {
    const terms = new Set(analyze(text));
    if (/[0-9]/.test(text)) terms.add(FIGURE_TERM);
    if (DURATION.test(text)) terms.add(DURATION_TERM);
    for (const { term, pattern } of ANSWER_KINDS) if (pattern.test(text)) terms.add(term);
    return terms;
  };
  const docs: PreparedDoc[] = index.docs.map((doc, position) => {
    const lines = lineText(doc);
    const questions = questionsOf(doc);
    return {
      doc,
      position,
      terms: termsOf([doc.title, doc.source, doc.about, doc.context ?? '', ...questions, ...lines].join(' ')),
      questionTerms: questions.map((question) => new Set(analyze(question))),
      titleTerms: new Set(analyze(doc.title)),
      lineTerms: lines.map(termsOf),
      sentenceTerms: doc.kind === 'faq' ? sentencesOf(lines.join(' ')).map(termsOf) : undefined,
    };
  });
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.terms) df.set(term, (df.get(term) ?? 0) + 1);
  const count = docs.length;
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (count - n + 0.5) / (n + 0.5));
  };
  const vocabularyTexts = [
    ...index.vocabulary.synonyms.flat(),
    ...index.vocabulary.topics.flatMap((topic) => topic.words),
  ];
  const lexicon = lexiconOf([
    ...index.docs.flatMap((doc) => [doc.title, doc.source, doc.about, ...lineText(doc)]),
    ...vocabularyTexts,
  ]);
  // Function words stay known (never corrected) but are never a correction: they say nothing.
  for (const word of lexicon.keys()) if (!analyze(word).length) lexicon.set(word, 0);
  const known = (term: string) => df.has(term);
  const byQuestion = new Map<string, PreparedDoc>();
  for (const doc of docs)
    for (const question of [...(doc.doc.kind === 'faq' ? [doc.doc.title] : []), ...questionsOf(doc.doc)]) {
      const key = sameQuestion(question);
      if (!byQuestion.has(key)) byQuestion.set(key, doc);
    }
  const frame = (term: string) => (df.get(term) ?? 0) >= count * CALIBRATION.frameShare;
  return {
    index,
    docs,
    analyze,
    termsOf,
    idf,
    known,
    frame,
    lexicon,
    vocabulary: compileVocabulary(index.vocabulary, analyze),
    intents: intentLists(index.vocabulary),
    retrieval,
    answering: (question) => byQuestion.get(sameQuestion(question)),
  };
}
