/**
 * From the search library's candidates to DENTY's decision (docs/decisions/0034-assistant-retrieval.md):
 * each document's score is its search score (scaled to the best), lowered for blog articles so that a
 * product page that answers leads, raised when the vocabulary names its subject; then `decide` is the one
 * place where DENTY concludes that the site does not answer (unanswered questions are kept from there).
 */
import { pagePath, type AssistantDoc } from './knowledge.ts';
import { ANSWER_KINDS, DURATION_TERM, FIGURE_TERM, type Understanding } from './understanding.ts';
import type { AssistantTopic } from './vocabulary.ts';

/** The terms a line gets for an e-mail address or a phone number it shows. */
const KIND_TERMS = ANSWER_KINDS.map((kind) => kind.term);
/** What a line holding it answers itself (a duration, an address, a number), not as a neighbouring word. */
const ANSWER_TERMS = new Set<string>([DURATION_TERM, ...KIND_TERMS]);

/** A document with what ranking needs: its terms, and the terms of each of its lines. */
export interface PreparedDoc {
  doc: AssistantDoc;
  /** Position in the index: earlier sections (a page's lead) win ties. */
  position: number;
  terms: ReadonlySet<string>;
  /** Terms of the section title (or FAQ question) alone. */
  titleTerms: ReadonlySet<string>;
  lineTerms: readonly ReadonlySet<string>[];
  /** The terms of each visitor's question this document answers (content `questions`, vocabulary `taught`). */
  questionTerms?: readonly ReadonlySet<string>[];
  /** A FAQ answer's terms, sentence by sentence (its opening may skip to the sentence that answers). */
  sentenceTerms?: readonly ReadonlySet<string>[];
}

export interface Candidate {
  doc: PreparedDoc;
  /** The search library's relevance (any scale). */
  score: number;
}

export interface Ranked {
  doc: PreparedDoc;
  score: number;
  /** Share of the question's weight (idf) the document holds, synonyms and named subjects included, 0 to 1. */
  coverage: number;
  /** The question's terms it holds (themselves, a synonym, or a subject it answers). */
  covers: ReadonlySet<string>;
  /** The vocabulary names this document's page or FAQ answer for a subject of the question. */
  topical: boolean;
  /** The search library's score, as a share of its best candidate's (0 when it did not find it). */
  searched: number;
}

/** A product page that answers leads a blog article that answers as well. */
export const ARTICLE_FACTOR = 0.7;
/**
 * Asked for advice (« comment éviter… », « vous conseillez… »), the blog's ground: an article weighs
 * half again as much, a product page keeps 30 % of what its subject adds, and an article answers when it
 * holds 30 % of the question (advice is worded in the article's words, rarely in the visitor's).
 */
const ADVICE = { articleFactor: 1.5, pageTopicShare: 0.3, articleCoverage: 0.3 } as const;
/**
 * A page's lead (hero) answers a general question about it best; a call to action or a form's
 * instructions repeat the page in a sentence.
 */
const SECTION_FACTOR: Record<string, number> = { hero: 1.1, cta: 0.5, widget: 0.7 };
/** What a single line holding the whole question adds: a fact that answers beats a section that mentions. */
export const LINE_WEIGHT = 1;
/** What the search library's own score weighs (scaled to the best candidate). */
export const SEARCH_WEIGHT = 0.5;
/** What the words weigh, against the subjects' order, in a question made only of subjects' words. */
const SUBJECT_ONLY_WORDS_SHARE = 0.5;
/** A subject named much less than the main one does not steer the answer. */
const MINOR_TOPIC_SHARE = 0.5;
/** What a subject named by the vocabulary adds, for its first page or its FAQ answer. */
export const TOPIC_WEIGHT = 1;
const FAQ_TARGET_WEIGHT = 1.1;
/**
 * A subject's bonus counts in full for a document that holds 70 % of the question's weight, and down to
 * 30 % for one that holds none of it: the vocabulary says where a subject is, the question's own words
 * say which of its pages answers (a fact an article states beats the product page that names the subject).
 */
const TOPIC_BONUS_FLOOR = 0.3;
const NEXT_PAGE_STEP = 0.15;

/**
 * A page whose summary is one of the subject's FAQ answers (the answer links to it) weighs this much of
 * its place: the FAQ answer is the editor's own answer on the subject, the page tells more.
 */
const SUMMARISED_PAGE_SHARE = 0.6;

/** How strongly a topic designates a document: its FAQ answers first, then its pages in order. */
function targetWeight(doc: AssistantDoc, topic: AssistantTopic, faqUrls: ReadonlyMap<string, string>): number {
  if (doc.kind === 'faq') return topic.faq.some((id) => doc.id === `faq:${id}`) ? FAQ_TARGET_WEIGHT : 0;
  const index = topic.pages.findIndex((target) =>
    target.includes('#') ? doc.url === target : pagePath(doc.url) === target,
  );
  if (index < 0) return 0;
  const summarised = topic.faq.some((id) => faqUrls.get(`faq:${id}`) === pagePath(doc.url));
  return Math.max(0.4, 1 - NEXT_PAGE_STEP * index) * (summarised ? SUMMARISED_PAGE_SHARE : 1);
}

/**
 * For a document the vocabulary designates, words the site never uses count half: they cannot be found
 * anywhere ("un temps fou"), yet a question made mostly of them is not about the site ("les horaires de
 * la piscine municipale"). For any other document they count in full.
 */
const UNKNOWN_WORD_SHARE = 0.5;

export function coverage(
  doc: PreparedDoc,
  understanding: Understanding,
  idf: (term: string) => number,
  topical: Set<string>,
  known?: (term: string) => boolean,
): { share: number; covers: Set<string> } {
  let total = 0;
  let covered = 0;
  const covers = new Set<string>();
  for (const term of understanding.terms) {
    const weight = idf(term) * (topical.size && known && !known(term) && !topical.has(term) ? UNKNOWN_WORD_SHARE : 1);
    total += weight;
    const alternatives = understanding.alternatives.get(term) ?? [[term]];
    if (topical.has(term) || alternatives.some((expression) => expression.every((part) => doc.terms.has(part)))) {
      covered += weight;
      covers.add(term);
    }
  }
  return { share: total ? covered / total : 0, covers };
}

/**
 * From this overlap (each way) with one of the document's own questions, the visitor's question adds to
 * its score, in proportion, up to SAME_QUESTION_WEIGHT for the very same question: more than a subject
 * of the vocabulary, which only names where to look.
 */
const SAME_QUESTION_SHARE = 0.3;
const SAME_QUESTION_WEIGHT = 1.5;

/**
 * How far the visitor's question and another question (a FAQ's, a taught one, as terms) ask the same
 * thing: the smaller of the two shares of weight each holds of the other (synonyms count), 0 to 1.
 */
export function questionOverlap(
  terms: ReadonlySet<string>,
  understanding: Understanding,
  idf: (term: string) => number,
): number {
  const asked = understanding.terms.reduce((sum, term) => sum + idf(term), 0);
  if (!asked) return 0;
  return Math.min(saidShare(terms, understanding, idf), lineWeight(terms, understanding, idf) / asked);
}

/** Share of another question's weight that the visitor said (synonyms count), 0 to 1. */
function saidShare(terms: ReadonlySet<string>, understanding: Understanding, idf: (term: string) => number): number {
  const own = [...terms].reduce((sum, term) => sum + idf(term), 0);
  if (!own) return 0;
  const said = new Set(
    understanding.terms.flatMap((term) => (understanding.alternatives.get(term) ?? [[term]]).flat()),
  );
  return [...terms].filter((term) => said.has(term)).reduce((sum, term) => sum + idf(term), 0) / own;
}

/** How much of one of the document's own questions the visitor said, best of them: 0 without one. */
export function questionSaid(doc: PreparedDoc, understanding: Understanding, idf: (term: string) => number): number {
  return Math.max(0, ...(doc.questionTerms ?? []).map((terms) => saidShare(terms, understanding, idf)));
}

/** The best overlap of the document's own questions with the visitor's: 0 without one. */
export function questionShare(doc: PreparedDoc, understanding: Understanding, idf: (term: string) => number): number {
  return Math.max(0, ...(doc.questionTerms ?? []).map((terms) => questionOverlap(terms, understanding, idf)));
}

/** Share of the question's weight (its terms, synonyms at half) held by the document's best single line. */
export function bestLineShare(doc: PreparedDoc, understanding: Understanding, idf: (term: string) => number): number {
  const total = understanding.terms.reduce((sum, term) => sum + idf(term), 0);
  if (!total || !doc.lineTerms.length) return 0;
  return Math.max(...doc.lineTerms.map((terms) => lineWeight(terms, understanding, idf))) / total;
}

/**
 * The question's weight found in one line: each term in full when the line has it, else half for the
 * best of its synonyms, in proportion to the part of that synonym's words the line has.
 */
export function lineWeight(
  terms: ReadonlySet<string>,
  understanding: Understanding,
  idf: (term: string) => number,
): number {
  let score = 0;
  for (const term of understanding.terms) {
    if (terms.has(term)) {
      score += idf(term);
      continue;
    }
    let best = 0;
    for (const expression of understanding.alternatives.get(term) ?? []) {
      // A duration, an address or a number asked for and found is the answer itself, not a neighbour of the word.
      const share = ANSWER_TERMS.has(expression[0]!) ? 2 : 1;
      best = Math.max(best, (share * expression.filter((part) => terms.has(part)).length) / expression.length);
    }
    score += (idf(term) / 2) * best;
  }
  return score;
}

export function rank(
  candidates: readonly Candidate[],
  docs: readonly PreparedDoc[],
  understanding: Understanding,
  idf: (term: string) => number,
  known?: (term: string) => boolean,
): Ranked[] {
  const best = Math.max(0, ...candidates.map((candidate) => candidate.score));
  const searched = new Map(candidates.map((candidate) => [candidate.doc, best ? candidate.score / best : 0]));
  const topBest = understanding.topics[0]?.score ?? 0;
  // A question made only of the words that name subjects ("je veux parler à quelqu'un", "tarifs"): its
  // words meet a page by chance ("Parlons de votre cabinet"); the editor's order of answers decides.
  const subjectTerms = new Set(understanding.topics.flatMap((match) => [...match.terms]));
  const onlySubjects = understanding.terms.length > 0 && understanding.terms.every((term) => subjectTerms.has(term));
  const faqUrls = new Map(docs.filter(({ doc }) => doc.kind === 'faq').map(({ doc }) => [doc.id, pagePath(doc.url)]));
  const ranked: Ranked[] = [];
  // Every candidate, and every document a named subject designates even when its words differ.
  for (const doc of docs) {
    const found = searched.get(doc);
    // Subjects add up: "agenda" and "orthodontie" both lead to the orthodontic planning page.
    let bonus = 0;
    const topicalTerms = new Set<string>();
    for (const match of understanding.topics) {
      if (match.score < topBest * MINOR_TOPIC_SHARE) continue;
      const weight = targetWeight(doc.doc, match.topic, faqUrls);
      if (!weight) continue;
      bonus += TOPIC_WEIGHT * (match.score / topBest) * weight;
      for (const term of match.terms) topicalTerms.add(term);
    }
    // One of the questions this document answers, asked again in nearly the same words: the editor's own answer.
    const same = questionShare(doc, understanding, idf);
    if (same >= SAME_QUESTION_SHARE) {
      bonus += (SAME_QUESTION_WEIGHT * (same - SAME_QUESTION_SHARE)) / (1 - SAME_QUESTION_SHARE);
      for (const term of understanding.terms)
        if (doc.questionTerms!.some((terms) => terms.has(term))) topicalTerms.add(term);
    }
    if (found === undefined && !bonus) continue;
    const kindFactor = doc.doc.kind === 'article' ? (understanding.advice ? ADVICE.articleFactor : ARTICLE_FACTOR) : 1;
    const factor = kindFactor * (SECTION_FACTOR[doc.doc.section ?? ''] ?? 1);
    const line = LINE_WEIGHT * bestLineShare(doc, understanding, idf);
    const words = (SEARCH_WEIGHT * (found ?? 0) + line) * factor;
    const { share: covered, covers } = coverage(doc, understanding, idf, topicalTerms, known);
    ranked.push({
      doc,
      score:
        (onlySubjects ? SUBJECT_ONLY_WORDS_SHARE * words : words) +
        bonus *
          Math.min(1, TOPIC_BONUS_FLOOR + covered) *
          (understanding.advice && doc.doc.kind !== 'article' ? ADVICE.pageTopicShare : 1),
      coverage: covered,
      covers,
      topical: bonus > 0,
      searched: found ?? 0,
    });
  }
  return ranked.sort((a, b) => b.score - a.score || a.doc.position - b.doc.position);
}

/**
 * What the ranking rules conclude: a lead that answers, or why none does; a weak match still names the
 * document it would have led with, for the verdict to weigh (core/assistant/verdict.ts).
 */
export type Decision =
  | { kind: 'answer'; lead: Ranked; seeAlso: Ranked[] }
  | { kind: 'unanswered'; reason: 'no-terms' | 'no-match' }
  | { kind: 'unanswered'; reason: 'weak-match'; lead: Ranked };

/**
 * How much of the question's weight (idf, the context of a long message counting less) a lead must hold:
 * 55 % when the vocabulary does not designate it, 20 % when it does (its subject is not a passing word);
 * and a lead found below a better-ranked document that does not answer must score 60 % of it (a page
 * that merely shares a few words is no answer). Measured on every evaluation set
 * (docs/decisions/0034-assistant-retrieval.md).
 */
export const THRESHOLDS: Thresholds = {
  coverage: 0.55,
  topicalCoverage: 0.2,
  fallbackShare: 0.6,
};
/**
 * Where a wrong answer costs more than none, DENTY answers only when the site surely answers: a question
 * about teeth or care (a product page that merely shares its words would read as health advice; the
 * medical reply is the right one), and talk around a greeting or thanks (it asks nothing of the site).
 */
export const SURE_THRESHOLDS: Thresholds = { coverage: 0.7, topicalCoverage: 0.4, fallbackShare: 0.6 };
/**
 * How close a product page must come to a leading article to lead instead: half its score, and nearly
 * all of what it holds of the question (an article that states the fact leads a page that only names
 * the subject).
 */
const PAGE_FIRST_SHARE = 0.5;
const PAGE_FIRST_COVERAGE_GAP = 0.1;
/** « À lire aussi »: other pages, at most two, that answer the question as well and score near the lead. */
export const SEE_ALSO_MAX = 2;
const SEE_ALSO_SHARE = 0.5;

/** The confidence under which DENTY says it found nothing (measured in docs/decisions/0034-assistant-retrieval.md). */
export interface Thresholds {
  /** Share of the question's weight a lead must hold. */
  coverage: number;
  /** The same, for a lead the vocabulary designates. */
  topicalCoverage: number;
  /** Share of the best-ranked document's score a lead found below it must reach. */
  fallbackShare: number;
}

/**
 * The lead, or, when the question asks for some of these kinds of answer (a figure, a duration, an
 * e-mail address, a phone number: its alternatives) and the lead shows none, the best-ranked document
 * that shows them all and `may` lead.
 */
function showingWhatIsAsked(
  lead: Ranked,
  ranked: readonly Ranked[],
  understanding: Understanding,
  kinds: readonly string[],
  may: (item: Ranked) => boolean,
): Ranked {
  const expressions = [...understanding.alternatives.values()].flat();
  const asked = kinds.filter((kind) => expressions.some((parts) => parts[0] === kind));
  const shows = (item: Ranked) => asked.every((kind) => item.doc.terms.has(kind));
  if (!asked.length || shows(lead)) return lead;
  return ranked.find((item) => shows(item) && may(item)) ?? lead;
}
/**
 * How near the lead's score a section of the same page must rank to lead instead when it holds the
 * figure asked for (measured on every set: 0.8 and below trade questions; 0.9 gains seven, loses none).
 */
const FIGURE_SHARE = 0.9;

/** Whether the site answers the question, and with what: the one place where "no answer" is decided. */
export function decide(
  ranked: readonly Ranked[],
  understanding: Understanding,
  thresholds: Thresholds = THRESHOLDS,
): Decision {
  if (!understanding.terms.length) return { kind: 'unanswered', reason: 'no-terms' };
  if (!ranked.length) return { kind: 'unanswered', reason: 'no-match' };
  // A page's own text (the legal pages: terms of use, privacy, cookies, legal notice) speaks of the
  // website, not of the product: it answers only what the vocabulary sends to it (« mentions légales »).
  const answers = (item: Ranked) =>
    item.topical
      ? item.coverage >= thresholds.topicalCoverage
      : item.doc.doc.section !== 'body' &&
        item.coverage >=
          (understanding.advice && item.doc.doc.kind === 'article' ? ADVICE.articleCoverage : thresholds.coverage);
  // The best document that holds enough of the question (a higher one may only mention it).
  let lead = ranked.find(answers);
  if (!lead) return { kind: 'unanswered', reason: 'weak-match', lead: ranked[0]! };
  // Far below a better-ranked document that does not answer, it is a poor substitute: say so instead.
  if (lead.score < ranked[0]!.score * thresholds.fallbackShare)
    return { kind: 'unanswered', reason: 'weak-match', lead };
  // When a blog article leads and a product page answers nearly as well, the product page leads.
  if (lead.doc.doc.kind === 'article') {
    const page = ranked.find(
      (item) =>
        item.doc.doc.kind !== 'article' &&
        answers(item) &&
        item.score >= lead!.score * PAGE_FIRST_SHARE &&
        item.coverage >= lead!.coverage - PAGE_FIRST_COVERAGE_GAP,
    );
    if (page) lead = page;
  }
  // Asked for an address or a number (« votre mail ? »), the document that shows one leads, even below
  // one that only speaks of the subject (« écrivez-nous depuis la page Contact »); the legal notice's own
  // text included: the address it shows is the answer.
  lead = showingWhatIsAsked(
    lead,
    ranked,
    understanding,
    KIND_TERMS,
    (item) => item.coverage >= thresholds.coverage && item.score >= lead!.score * thresholds.fallbackShare,
  );
  // Asked for a figure or a duration (« au bout de combien de jours ? »), a section of the same page that
  // holds one and ranks nearly as high leads the one that only speaks of the subject.
  const page = pagePath(lead.doc.doc.url);
  lead = showingWhatIsAsked(
    lead,
    ranked,
    understanding,
    [FIGURE_TERM, DURATION_TERM],
    (item) => pagePath(item.doc.doc.url) === page && answers(item) && item.score >= lead!.score * FIGURE_SHARE,
  );
  const seeAlso: Ranked[] = [];
  const seen = new Set([pagePath(lead.doc.doc.url)]);
  for (const other of ranked) {
    if (other === lead) continue;
    if (seeAlso.length >= SEE_ALSO_MAX || other.score < lead.score * SEE_ALSO_SHARE) break;
    const path = pagePath(other.doc.doc.url);
    // A further reading must answer the question too, as a lead would; when the vocabulary named the
    // lead's subject, it names the further reading's too (a page that only shares a word is not one).
    if (seen.has(path) || !answers(other) || (lead.topical && !other.topical)) continue;
    seen.add(path);
    seeAlso.push(other);
  }
  return { kind: 'answer', lead, seeAlso };
}
