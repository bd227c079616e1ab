/**
 * One message in, one reply out (docs/decisions/0034-assistant-retrieval.md): a greeting, thanks, a
 * farewell or a medical question gets its fixed reply; a question is understood (with the previous one
 * when it leans on it), searched, ranked, and answered with an opening from the site's words, its
 * source and at most two « À lire aussi », or with the honest "not found" that points to /contact; a
 * question about teeth or care that the site does not answer gets the medical reply instead.
 */
import {
  asksAboutCare,
  asksForAPerson,
  asksThePrice,
  tellsAHealthCase,
  classifyMessage,
  looksLikeFollowUp,
  socialTalk,
  withoutGreeting,
  type Social,
} from '../../core/assistant/intents.ts';
import { pagePath } from '../../core/assistant/knowledge.ts';
import { questionOverlap, type PreparedDoc } from '../../core/assistant/ranking.ts';
import { opening } from '../../core/assistant/opening.ts';
import {
  SURE_THRESHOLDS,
  decide,
  rank,
  THRESHOLDS,
  type Decision,
  type Ranked,
  type Thresholds,
} from '../../core/assistant/ranking.ts';
import {
  answerReply,
  attachmentNotes,
  farewellReply,
  greetingReply,
  medicalReply,
  thanksReply,
  unansweredReply,
  unsureReply,
  handoffReply,
  priceNote,
  type Link,
  type ReplyOptions,
  type VoiceNote,
} from '../../core/assistant/replies.ts';
import { understand, type Understanding, type UnderstandingContext } from '../../core/assistant/understanding.ts';
import { words } from '../../core/assistant/text.ts';
import type { ReplySource } from '../../core/assistant/contract.ts';
import { HANDOFF_KINDS, type ReplyKind } from '../../core/assistant/chat.ts';
import {
  confidenceOf,
  featuresOf,
  verdictOf,
  type Calibration,
  type Features,
  type VerdictKind,
} from '../../core/assistant/verdict.ts';
import { CALIBRATION } from '../../core/assistant/calibration.ts';
import type { Knowledge } from './knowledge.ts';

export interface IncomingMessage {
  text?: string;
  files?: { filename: string }[];
  voice?: { duration: number };
}

/** What a conversation remembers of its last answered question (backend/assistant/conversations.ts). */
export interface ConversationTurn {
  /** The question as understood (corrected, with the previous one when it was a follow-up). */
  question: string;
}

export type Outcome =
  'answer' | 'greeting' | 'thanks' | 'farewell' | 'medical' | 'unanswered' | 'attachments' | 'handoff';

export interface AssistantAnswer {
  markdown: string;
  outcome: Outcome;
  /** What the reply is, for the widget, the votes, the hand-off and the evaluation (core/assistant/contract.ts). */
  kind: ReplyKind;
  /** The asserted passage of an answer (none for any other kind). */
  sources: ReplySource[];
  /** How likely the asserted passage answers, 0 to 1 (core/assistant/verdict.ts); 0 when nothing is asserted. */
  confidence: number;
  /** The widget offers to pass the question to the team under this reply. */
  handoff: boolean;
  /** Source first, then « À lire aussi ». */
  links: Link[];
  /** What to remember for the next message of this conversation (answered questions only). */
  turn?: ConversationTurn;
  /** What the verdict weighed (for `npm run calibrate:assistant`); absent when nothing was searched. */
  features?: Features;
  /** The editors named this passage for the question (the price's): asserted whatever the threshold. */
  designated?: boolean;
}

/** A follow-up keeps at most this many words of what came before: the context stays short. */
const CONTEXT_WORDS = 16;
/** A question this short, with no subject of its own, leans on the previous one. */
const SHORT_QUESTION_TERMS = 2;

export const contextOf = (knowledge: Knowledge): UnderstandingContext => ({
  lexicon: knowledge.lexicon,
  analyze: knowledge.analyze,
  vocabulary: knowledge.vocabulary,
  idf: knowledge.idf,
});

/** « À lire aussi »: a page, by its name. */
function pageLink({ doc: { doc } }: Ranked): Link {
  return { label: doc.source, url: pagePath(doc.url) };
}

/**
 * The readings of a message to try, best first: the message alone, and after the previous question
 * when it leans on it. A short question with no subject of its own is read with the previous one
 * first; one that starts like a follow-up (« et côté RGPD ? ») but names a subject is read alone
 * first, and with the previous question when alone it finds nothing.
 */
function readings(
  knowledge: Knowledge,
  text: string,
  previous?: ConversationTurn,
): [Understanding, ...Understanding[]] {
  const context = contextOf(knowledge);
  const alone = understand(text, context);
  // Words the site never uses (« blablabla ») lean on nothing: the previous subject is not theirs.
  if (!previous || (alone.terms.length && alone.terms.every((term) => !meant(knowledge, alone, term)))) return [alone];
  const followUp = looksLikeFollowUp(text, knowledge.intents);
  if (!followUp && (alone.topics.length || alone.terms.length > SHORT_QUESTION_TERMS)) return [alone];
  const merged = understand(`${previous.question} ${text}`, context);
  return alone.topics.length ? [alone, merged] : [merged];
}

/** Whether the site knows what a term means: its pages use it, or its vocabulary does (a synonym, a subject). */
const meant = (knowledge: Knowledge, understanding: Understanding, term: string) =>
  knowledge.known(term) ||
  (understanding.alternatives.get(term)?.length ?? 0) > 1 ||
  understanding.topics.some((match) => match.terms.has(term));

/** What one reading of a question finds: the documents ranked, and the decision on them. */
export function search(
  knowledge: Knowledge,
  reading: Understanding,
  thresholds: Thresholds = THRESHOLDS,
): { ranked: Ranked[]; decision: Decision } {
  const candidates = knowledge.retrieval
    .search(reading)
    .map(({ position, score }) => ({ doc: knowledge.docs[position]!, score }));
  const ranked = rank(candidates, knowledge.docs, reading, weighed(knowledge, reading), knowledge.known);
  return { ranked, decision: decide(ranked, reading, thresholds) };
}

/** A term weighs its rarity on the site, and less when the visitor only told it as context. */
const weighed = (knowledge: Knowledge, reading: Understanding) => (term: string) =>
  knowledge.idf(term) * reading.weight(term);

/** At most this many subjects offered when DENTY is not sure. */
const SUGGESTIONS_MAX = 3;
/** Documents looked at for them, best first. */
const SUGGESTION_CANDIDATES = 8;

/**
 * How a document is offered as a subject: a FAQ entry by its question, a passage by the one of its
 * editors' questions nearest the visitor's; either answers with that very document when pressed
 * (Knowledge.answering). A passage without questions is not offered.
 */
function subjectOf({ doc }: Ranked, understanding: Understanding, weigh: (term: string) => number): string | undefined {
  if (doc.doc.kind === 'faq') return doc.doc.title;
  const questions = doc.doc.questions ?? [];
  const overlaps = questions.map((_, index) => questionOverlap(doc.questionTerms![index]!, understanding, weigh));
  return questions[overlaps.indexOf(Math.max(...overlaps))];
}

/** What the verdict concluded for one reading, with the ranking it judged. */
interface Judged {
  understanding: Understanding;
  ranked: Ranked[];
  decision: Decision;
  kind: VerdictKind;
  confidence: number;
  features?: Features;
  /** The lead's opening, when there is a lead to open on. */
  opening?: string;
}

/**
 * The verdict on one reading (core/assistant/verdict.ts): a question whose content words the site never
 * uses, or whose lead holds none of them (only a frame word such as « cabinet » or « logiciel »), is
 * never answered with a passage; any other lead is weighed by the calibrated model.
 */
function judge(
  knowledge: Knowledge,
  understanding: Understanding,
  calibration: Calibration,
  thresholds: Thresholds,
  productName: string,
): Judged {
  const { ranked, decision } = search(knowledge, understanding, thresholds);
  const lead = decision.kind === 'answer' || decision.reason === 'weak-match' ? decision.lead : undefined;
  const notFound = { understanding, ranked, decision, kind: 'not-found' as const, confidence: 0 };
  if (!lead) return notFound;
  const content = understanding.terms.filter((term) => !knowledge.frame(term));
  if (
    content.length &&
    (content.every((term) => !meant(knowledge, understanding, term)) || !content.some((term) => lead.covers.has(term)))
  )
    return notFound;
  const openingText = opening(lead.doc, understanding, weighed(knowledge, understanding), productName);
  const features = featuresOf({
    lead,
    openingTerms: knowledge.termsOf(openingText),
    asked: knowledge.retrieval
      .searchQuestions(understanding)
      .map(({ position, score }) => ({ page: pagePath(knowledge.docs[position]!.doc.url), score })),
    ranked,
    understanding,
    decided: decision.kind === 'answer',
    weigh: weighed(knowledge, understanding),
    known: knowledge.known,
  });
  const confidence = confidenceOf(features, calibration);
  const kind = verdictOf(confidence, calibration);
  return { understanding, ranked, decision, kind, confidence, features, opening: openingText };
}

/**
 * The subjects to offer when DENTY is not sure: the best-ranked documents, one per page, each asked by a
 * question that brings it back when pressed (a suggestion is a promise).
 */
function suggestions(knowledge: Knowledge, judged: Judged): string[] {
  const offered: string[] = [];
  const pages = new Set<string>();
  const weigh = weighed(knowledge, judged.understanding);
  for (const item of judged.ranked.slice(0, SUGGESTION_CANDIDATES)) {
    if (offered.length >= SUGGESTIONS_MAX) break;
    const page = pagePath(item.doc.doc.url);
    const subject = subjectOf(item, judged.understanding, weigh);
    if (pages.has(page) || !subject || knowledge.answering(subject) !== item.doc) continue;
    pages.add(page);
    offered.push(subject);
  }
  return offered;
}

/**
 * One of the editors' own questions, asked as written (a subject DENTY offered, pressed): the passage it
 * was written for answers, with nothing left to weigh.
 */
function designatedAnswer(knowledge: Knowledge, text: string, options: ReplyOptions): AssistantAnswer | undefined {
  const passage = knowledge.answering(text);
  if (!passage) return undefined;
  const understanding = understand(text, contextOf(knowledge));
  const said = opening(passage, understanding, weighed(knowledge, understanding), options.productName);
  return asserted(passage, understanding, said, [], { confidence: 1, handoff: false, designated: true });
}

function answerQuestion(
  knowledge: Knowledge,
  text: string,
  options: ReplyOptions,
  calibration: Calibration,
  previous?: ConversationTurn,
  thresholds: Thresholds = THRESHOLDS,
): AssistantAnswer {
  const designated = designatedAnswer(knowledge, text, options);
  if (designated) return designated;
  const [first, ...others] = readings(knowledge, text, previous);
  let judged = judge(knowledge, first, calibration, thresholds, options.productName);
  for (const other of others) {
    if (judged.kind === 'answer') break;
    const next = judge(knowledge, other, calibration, thresholds, options.productName);
    if (next.confidence >= judged.confidence) judged = next;
  }
  const price = priceAnswer(knowledge, judged, options, calibration);
  if (price) return price;
  const { understanding, decision, confidence, features } = judged;
  if (judged.kind !== 'answer' || !('lead' in decision)) {
    // Not sure: the subjects the question's words lead to, each a promise; never a dead end.
    const offered = judged.kind === 'unsure' ? suggestions(knowledge, judged) : [];
    return {
      markdown: offered.length ? unsureReply(offered, options) : unansweredReply(options),
      outcome: 'unanswered',
      kind: offered.length ? 'unsure' : 'not-found',
      sources: [],
      confidence,
      handoff: true,
      features,
      links: [],
      // Understood enough to offer subjects: a short follow-up (« et pour l’orthodontie ? ») leans on it.
      ...(offered.length ? { turn: turnOf(understanding) } : {}),
    };
  }
  const seeAlso = decision.kind === 'answer' ? decision.seeAlso.map(pageLink) : [];
  return asserted(decision.lead.doc, understanding, judged.opening ?? '', seeAlso, {
    confidence,
    handoff: false,
    features,
  });
}

/**
 * A question about the price (the vocabulary's subject marked `price`): the offer as its first FAQ answer
 * tells it, then the amounts when the editor shows them, else the way to have the team send them
 * (docs/assistant.md#the-price). Undefined for any other question.
 */
function priceAnswer(
  knowledge: Knowledge,
  judged: Judged,
  options: ReplyOptions,
  calibration: Calibration,
): AssistantAnswer | undefined {
  const { understanding, ranked } = judged;
  // « Dans le prix, les mises à jour sont comprises ? » asks about updates: the price must be the first
  // subject, and the offer's passage must hold every word of the question but the frame words (« le
  // forfait mobile le moins cher ? » asks about something else).
  const topic = understanding.topics[0]?.topic;
  if (!topic?.price || !asksThePrice(understanding.text, knowledge.intents)) return undefined;
  const id = topic.faq[0] && `faq:${topic.faq[0]}`;
  const lead = ranked.find((item) => item.doc.doc.id === id);
  if (!lead || understanding.terms.some((term) => !knowledge.frame(term) && !lead.covers.has(term))) return undefined;
  const passage = lead.doc;
  const features = featuresOf({
    lead,
    openingTerms: lead.doc.terms,
    asked: [],
    ranked,
    understanding,
    decided: true,
    weigh: weighed(knowledge, understanding),
    known: knowledge.known,
  });
  const confidence = confidenceOf(features, calibration);
  const said = opening(passage, understanding, weighed(knowledge, understanding), options.productName);
  const note = priceNote(options);
  const shown = Boolean(options.pricing?.shown);
  // The amount is the fact asked for: first when the site shows it, else said after the offer.
  return asserted(passage, understanding, shown ? `${note} ${said}` : `${said}\n\n${note}`, [], {
    confidence: Math.max(confidence, calibration.answerAt),
    handoff: !shown,
    features,
    designated: true,
  });
}

/** The question as the next message may lean on it (a follow-up reads it first). */
const turnOf = (understanding: Understanding): ConversationTurn => ({
  question: words(understanding.text).slice(-CONTEXT_WORDS).join(' '),
});

/** A reply that asserts a passage: what it says, the passage as its source, then « À lire aussi ». */
function asserted(
  passage: PreparedDoc,
  understanding: Understanding,
  said: string,
  seeAlso: Link[],
  verdict: Pick<AssistantAnswer, 'confidence' | 'handoff'> & Pick<Partial<AssistantAnswer>, 'features' | 'designated'>,
): AssistantAnswer {
  const source: Link = { label: passage.doc.source, url: passage.doc.url };
  return {
    markdown: answerReply(said, source, seeAlso),
    outcome: 'answer',
    kind: 'answer',
    sources: [sourceOf(passage.doc.url)],
    links: [source, ...seeAlso],
    turn: turnOf(understanding),
    ...verdict,
  };
}

/** Where a passage is read (its address): its page, and its section's anchor when it has one. */
function sourceOf(url: string): ReplySource {
  const [page, section] = url.split('#') as [string, string | undefined];
  return section ? { page, section } : { page };
}

/** A reply that asserts nothing: no source, no confidence. */
const fixedReply = (markdown: string, outcome: Outcome, kind: ReplyKind): AssistantAnswer => ({
  markdown,
  outcome,
  kind,
  sources: [],
  confidence: 0,
  handoff: HANDOFF_KINDS.includes(kind),
  links: [],
});

const medicalAnswer = (): AssistantAnswer => fixedReply(medicalReply(), 'medical', 'medical');

function socialAnswer(social: Social, options: ReplyOptions, message: string): AssistantAnswer {
  const markdown = {
    greeting: greetingReply(options, message),
    thanks: thanksReply(),
    farewell: farewellReply(),
  }[social];
  return fixedReply(markdown, social, 'social');
}

/**
 * `voice` says what became of the message's voice note: kept for the team (the handler stored it) or not;
 * by default a voice note is taken as not kept, and DENTY promises nothing about it. `calibration` is the
 * verdict's (core/assistant/calibration.ts); the calibration script passes its own.
 */
export function answerMessage(
  knowledge: Knowledge,
  message: IncomingMessage,
  options: ReplyOptions,
  previous?: ConversationTurn,
  voice: VoiceNote = message.voice ? 'not-kept' : 'none',
  calibration: Calibration = CALIBRATION,
): AssistantAnswer {
  const text = message.text?.trim() ?? '';
  const notes = attachmentNotes(message.files ?? [], voice);
  let answer: AssistantAnswer;
  if (!text)
    answer = notes.length
      ? fixedReply('', 'attachments', 'notice')
      : fixedReply(unansweredReply(options), 'unanswered', 'not-found');
  else {
    const intent = classifyMessage(text, knowledge.intents, options.assistantName);
    if (intent === 'medical') answer = medicalAnswer();
    else if (asksForAPerson(text, knowledge.intents)) answer = fixedReply(handoffReply(options), 'handoff', 'handoff');
    else if (intent !== 'question') answer = socialAnswer(intent, options, text);
    else {
      const question = withoutGreeting(text, knowledge.intents, options.assistantName);
      // Talk around a greeting or thanks (« Merci, je note ça pour le docteur ») is no follow-up of the
      // previous question; searched alone, what the site does not answer is talk, not a question missed.
      const talk = socialTalk(text, knowledge.intents);
      // Teeth, care, or a patient's case asked of the product: answered only when the site surely does.
      const care = asksAboutCare(text, knowledge.intents) || tellsAHealthCase(text, knowledge.intents);
      // Thanks or a farewell that asks nothing close the conversation: no page is searched for them.
      if (talk === 'thanks' || talk === 'farewell') return withNotes(socialAnswer(talk, options, text), notes);
      answer = answerQuestion(
        knowledge,
        question,
        options,
        calibration,
        talk ? undefined : previous,
        care || talk ? SURE_THRESHOLDS : THRESHOLDS,
      );
      if (answer.outcome === 'unanswered') {
        if (talk) answer = socialAnswer(talk, options, text);
        // Teeth or care that the site does not speak of: a health question, for a practitioner.
        else if (care) answer = medicalAnswer();
      }
    }
  }
  return withNotes(answer, notes);
}

const withNotes = (answer: AssistantAnswer, notes: readonly string[]): AssistantAnswer => ({
  ...answer,
  markdown: [answer.markdown, ...notes].filter(Boolean).join('\n\n'),
});
