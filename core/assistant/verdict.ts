/**
 * The verdict (docs/assistant.md#how-sure-denty-is): the one place where DENTY decides whether it
 * asserts a passage, says it is unsure, or says it found nothing. The lead that ranking chose is
 * described by a few features; a logistic model fitted on the development sets turns them into the
 * probability that the passage answers (`confidence`), and the thresholds chosen on the same sets
 * (calibration.ts, written by `npm run calibrate:assistant`) decide. Numbers live in that data module,
 * never here.
 */
import { pagePath } from './knowledge.ts';
import { bestLineShare, lineWeight, questionSaid, questionShare, type Ranked } from './ranking.ts';
import { ANSWER_KINDS, DURATION_TERM, FIGURE_TERM, type Understanding } from './understanding.ts';

const ANSWER_KIND_TERMS = new Set<string>([FIGURE_TERM, DURATION_TERM, ...ANSWER_KINDS.map((kind) => kind.term)]);

/** What the verdict reads of a lead, each a number (0 or 1 for a yes or no). */
export const FEATURES = [
  /** Share of the question's weight the lead holds (synonyms and named subjects included). */
  'coverage',
  /** The vocabulary names the lead's page for a subject of the question. */
  'topical',
  /** How far one of the lead's own questions (content `questions`, taught ones) asks the same thing. */
  'questions',
  /** Share of the question's weight held by the lead's best single line. */
  'line',
  /** The lead's score against the best document of another page: 1 alone, 0 tied. */
  'margin',
  /** The lead is not the best-ranked document (ranking chose a lower one that holds more of the question). */
  'below',
  /** Share of the question's weight in words the site never uses. */
  'unknown',
  /** The lead is a blog article's passage. */
  'article',
  /** The lead is a FAQ answer. */
  'faq',
  /** The question asks for advice. */
  'advice',
  /** The ranking rules alone would have answered with this lead (core/assistant/ranking.ts, `decide`). */
  'decided',
  /** The search library's own score for the lead, as a share of its best hit's. */
  'searched',
  /** Share of the question's weight the opening itself holds (what the visitor reads first). */
  'opening',
  /** The question asks for a figure, a duration, an address or a number, and the opening shows none. */
  'missing',
  /** The passage whose own questions best match the visitor's is on the lead's page (a second opinion). */
  'agrees',
  /** How well the lead's page's best question matches, against the best match anywhere (0 when not among them). */
  'asked',
  /** Share of one of the lead's own questions that the visitor said, best of them (a question asked in more words). */
  'said',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export type Features = Record<FeatureName, number>;

export interface Calibration {
  /** The logistic model: a weight per feature, and its intercept. */
  weights: Features;
  bias: number;
  /** From this confidence a passage is asserted (chosen so that confident wrong answers stay rare). */
  answerAt: number;
  /** From this one DENTY offers subjects rather than « not found ». */
  unsureAt: number;
  /**
   * A term found in at least this share of the site's passages is a frame word (« cabinet »,
   * « logiciel »): a lead that holds only such words of the question does not answer it.
   */
  frameShare: number;
}

export type VerdictKind = 'answer' | 'unsure' | 'not-found';

export interface VerdictInput {
  lead: Ranked;
  /** The terms of the opening the reply would start with (its lines' terms, answer kinds included). */
  openingTerms: ReadonlySet<string>;
  /** The pages whose passages' questions best match the visitor's, best first, each with its search score. */
  asked: readonly { page: string; score: number }[];
  ranked: readonly Ranked[];
  understanding: Understanding;
  decided: boolean;
  /** A term's weight: its rarity on the site, less when the visitor only told it as context. */
  weigh: (term: string) => number;
  known: (term: string) => boolean;
}

/** The lead's score against the best-ranked document of another page (0 when another scores as well). */
function marginOf(lead: Ranked, ranked: readonly Ranked[]): number {
  const page = pagePath(lead.doc.doc.url);
  const rival = ranked.find((item) => item !== lead && pagePath(item.doc.doc.url) !== page);
  if (!rival || lead.score <= 0) return 1;
  return Math.max(0, Math.min(1, (lead.score - rival.score) / lead.score));
}

/** The kinds of answer the question asks for (a figure, a duration, an e-mail address, a phone number). */
function askedKinds(understanding: Understanding): string[] {
  const kinds = new Set<string>();
  for (const expressions of understanding.alternatives.values())
    for (const expression of expressions) if (ANSWER_KIND_TERMS.has(expression[0]!)) kinds.add(expression[0]!);
  return [...kinds];
}

export function featuresOf({
  lead,
  openingTerms,
  asked,
  ranked,
  understanding,
  decided,
  weigh,
  known,
}: VerdictInput): Features {
  const total = understanding.terms.reduce((sum, term) => sum + weigh(term), 0);
  const unknown = understanding.terms.filter((term) => !known(term)).reduce((sum, term) => sum + weigh(term), 0);
  const { kind } = lead.doc.doc;
  const page = pagePath(lead.doc.doc.url);
  const best = asked[0]?.score ?? 0;
  const own = asked.find((item) => item.page === page)?.score ?? 0;
  return {
    coverage: lead.coverage,
    topical: lead.topical ? 1 : 0,
    questions: questionShare(lead.doc, understanding, weigh),
    line: Math.min(1, bestLineShare(lead.doc, understanding, weigh)),
    margin: marginOf(lead, ranked),
    below: lead === ranked[0] ? 0 : 1,
    unknown: total ? unknown / total : 0,
    article: kind === 'article' ? 1 : 0,
    faq: kind === 'faq' ? 1 : 0,
    advice: understanding.advice ? 1 : 0,
    decided: decided ? 1 : 0,
    searched: lead.searched,
    opening: total ? Math.min(1, lineWeight(openingTerms, understanding, weigh) / total) : 0,
    missing: askedKinds(understanding).some((kind) => !openingTerms.has(kind)) ? 1 : 0,
    agrees: asked[0]?.page === page ? 1 : 0,
    asked: best ? own / best : 0,
    said: questionSaid(lead.doc, understanding, weigh),
  };
}

/** The probability that the lead answers, by the fitted model. */
export function confidenceOf(features: Features, { weights, bias }: Pick<Calibration, 'weights' | 'bias'>): number {
  const z = FEATURES.reduce((sum, name) => sum + weights[name] * features[name], bias);
  return 1 / (1 + Math.exp(-z));
}

export function verdictOf(confidence: number, { answerAt, unsureAt }: Calibration): VerdictKind {
  if (confidence >= answerAt) return 'answer';
  return confidence >= unsureAt ? 'unsure' : 'not-found';
}
