/**
 * One message in, one reply out (docs/decisions/0034-assistant-retrieval.md): a greeting, thanks, a
 * farewell or a medical question gets its fixed reply; a question is understood (with the previous one
 * when it leans on it), searched, ranked, and answered with an opening from the site's words, its
 * source and at most two « À lire aussi », or with the honest "not found" that points to /contact; a
 * question about teeth or care that the site does not answer gets the medical reply instead.
 */
import {
  asksAboutCare,
  tellsAHealthCase,
  classifyMessage,
  looksLikeFollowUp,
  socialTalk,
  withoutGreeting,
  type Social,
} from '../../core/assistant/intents.ts';
import { pagePath } from '../../core/assistant/knowledge.ts';
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
  type Link,
  type ReplyOptions,
  type VoiceNote,
} from '../../core/assistant/replies.ts';
import { understand, type Understanding, type UnderstandingContext } from '../../core/assistant/understanding.ts';
import { words } from '../../core/assistant/text.ts';
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

export type Outcome = 'answer' | 'greeting' | 'thanks' | 'farewell' | 'medical' | 'unanswered' | 'attachments';

export interface AssistantAnswer {
  markdown: string;
  outcome: Outcome;
  /** Source first, then « À lire aussi ». */
  links: Link[];
  /** What to remember for the next message of this conversation (answered questions only). */
  turn?: ConversationTurn;
  /** Why the site did not answer, for the team's list of unanswered questions. */
  unanswered?: Extract<Decision, { kind: 'unanswered' }>['reason'];
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

function linkTo(ranked: Ranked, withAnchor: boolean): Link {
  const { doc } = ranked.doc;
  return { label: doc.source, url: withAnchor ? doc.url : pagePath(doc.url) };
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
  if (!previous) return [alone];
  const followUp = looksLikeFollowUp(text, knowledge.intents);
  if (!followUp && (alone.topics.length || alone.terms.length > SHORT_QUESTION_TERMS)) return [alone];
  const merged = understand(`${previous.question} ${text}`, context);
  return alone.topics.length ? [alone, merged] : [merged];
}

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
/** Share of the question the best document must hold for DENTY to offer subjects rather than only Contact. */
const SUGGESTION_COVERAGE = 0.4;
/** Documents looked at for them, best first. */
const SUGGESTION_CANDIDATES = 8;

/** How a document is offered as a subject: a FAQ entry by its question, anything else by its page's name. */
const subjectOf = ({ doc }: Ranked): string => (doc.doc.kind === 'faq' ? doc.doc.title : doc.doc.source);

/**
 * The subjects to offer when DENTY is not sure: those of the best documents, one per page, each kept
 * only if asking it answers, and with that page (a suggestion is a promise).
 */
function suggestions(knowledge: Knowledge, ranked: readonly Ranked[], context: UnderstandingContext): string[] {
  const offered: string[] = [];
  const pages = new Set<string>();
  for (const item of ranked.slice(0, SUGGESTION_CANDIDATES)) {
    if (offered.length >= SUGGESTIONS_MAX) break;
    const page = pagePath(item.doc.doc.url);
    const subject = subjectOf(item);
    if (pages.has(page) || offered.includes(subject)) continue;
    const { decision } = search(knowledge, understand(subject, context));
    if (decision.kind !== 'answer' || pagePath(decision.lead.doc.doc.url) !== page) continue;
    pages.add(page);
    offered.push(subject);
  }
  return offered;
}

function answerQuestion(
  knowledge: Knowledge,
  text: string,
  options: ReplyOptions,
  previous?: ConversationTurn,
  thresholds: Thresholds = THRESHOLDS,
): AssistantAnswer {
  const [first, ...others] = readings(knowledge, text, previous);
  let understanding = first;
  let found = search(knowledge, first, thresholds);
  for (const other of others) {
    if (found.decision.kind === 'answer') break;
    understanding = other;
    found = search(knowledge, other, thresholds);
  }
  const { decision } = found;
  if (decision.kind === 'unanswered') {
    // Words the site uses, but not enough to be sure: the subjects they lead to, never a dead end. A
    // question that shares only a word or two with the site (« une recette de gâteau ») gets none.
    const close = (found.ranked[0]?.coverage ?? 0) >= SUGGESTION_COVERAGE;
    const offered =
      decision.reason === 'weak-match' && close ? suggestions(knowledge, found.ranked, contextOf(knowledge)) : [];
    return {
      markdown: offered.length ? unsureReply(offered, options) : unansweredReply(options),
      outcome: 'unanswered',
      links: [{ label: 'Contact', url: '/contact' }],
      unanswered: decision.reason,
    };
  }
  const source = linkTo(decision.lead, true);
  const seeAlso = decision.seeAlso.map((item) => linkTo(item, false));
  const openingText = opening(decision.lead.doc, understanding, weighed(knowledge, understanding), options.productName);
  return {
    markdown: answerReply(openingText, source, seeAlso),
    outcome: 'answer',
    links: [source, ...seeAlso],
    turn: { question: words(understanding.text).slice(-CONTEXT_WORDS).join(' ') },
  };
}

const medicalAnswer = (): AssistantAnswer => ({ markdown: medicalReply(), outcome: 'medical', links: [] });

function socialAnswer(kind: Social, options: ReplyOptions, message: string): AssistantAnswer {
  const markdown = {
    greeting: greetingReply(options, message),
    thanks: thanksReply(),
    farewell: farewellReply(),
  }[kind];
  return { markdown, outcome: kind, links: [] };
}

/**
 * `voice` says what became of the message's voice note: kept for the team (the handler stored it) or not;
 * by default a voice note is taken as not kept, and DENTY promises nothing about it.
 */
export function answerMessage(
  knowledge: Knowledge,
  message: IncomingMessage,
  options: ReplyOptions,
  previous?: ConversationTurn,
  voice: VoiceNote = message.voice ? 'not-kept' : 'none',
): AssistantAnswer {
  const text = message.text?.trim() ?? '';
  const notes = attachmentNotes(message.files ?? [], voice);
  let answer: AssistantAnswer;
  if (!text)
    answer = {
      markdown: notes.length ? '' : unansweredReply(options),
      outcome: notes.length ? 'attachments' : 'unanswered',
      links: [{ label: 'Contact', url: '/contact' }],
    };
  else {
    const intent = classifyMessage(text, knowledge.intents, options.assistantName);
    if (intent === 'medical') answer = medicalAnswer();
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
