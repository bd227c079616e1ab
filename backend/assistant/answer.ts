/**
 * One message in, one reply out (docs/decisions/0034-assistant-retrieval.md): a greeting, thanks or a
 * medical question gets its fixed reply; a question is understood (with the previous one when it only
 * makes sense after it), searched, ranked, and answered with an opening from the site's words, its source
 * and at most two « À lire aussi », or with the honest "not found" that points to /contact.
 */
import { classifyMessage, looksLikeFollowUp, withoutGreeting } from '../../core/assistant/intents.ts';
import { pagePath } from '../../core/assistant/knowledge.ts';
import { opening } from '../../core/assistant/opening.ts';
import { decide, rank, type Decision, type Ranked } from '../../core/assistant/ranking.ts';
import {
  answerReply,
  attachmentNotes,
  greetingReply,
  medicalReply,
  thanksReply,
  unansweredReply,
  type Link,
  type ReplyOptions,
  type VoiceNote,
} from '../../core/assistant/replies.ts';
import { understand, type Understanding } from '../../core/assistant/understanding.ts';
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

export type Outcome = 'answer' | 'greeting' | 'thanks' | 'medical' | 'unanswered' | 'attachments';

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

function linkTo(ranked: Ranked, withAnchor: boolean): Link {
  const { doc } = ranked.doc;
  return { label: doc.source, url: withAnchor ? doc.url : pagePath(doc.url) };
}

/** The question to search: the message alone, or after the previous question when it leans on it. */
function effectiveUnderstanding(knowledge: Knowledge, text: string, previous?: ConversationTurn): Understanding {
  const context = {
    lexicon: knowledge.lexicon,
    analyze: knowledge.analyze,
    vocabulary: knowledge.vocabulary,
    idf: knowledge.idf,
  };
  const alone = understand(text, context);
  if (!previous || alone.topics.length) return alone;
  if (!looksLikeFollowUp(text, knowledge.intents) && alone.terms.length > SHORT_QUESTION_TERMS) return alone;
  return understand(`${previous.question} ${text}`, context);
}

function answerQuestion(
  knowledge: Knowledge,
  text: string,
  options: ReplyOptions,
  previous?: ConversationTurn,
): AssistantAnswer {
  const understanding = effectiveUnderstanding(knowledge, text, previous);
  const candidates = knowledge.retrieval
    .search(understanding)
    .map(({ position, score }) => ({ doc: knowledge.docs[position]!, score }));
  const decision = decide(
    rank(candidates, knowledge.docs, understanding, knowledge.idf, knowledge.known),
    understanding,
  );
  if (decision.kind === 'unanswered')
    return {
      markdown: unansweredReply(options),
      outcome: 'unanswered',
      links: [{ label: 'Contact', url: '/contact' }],
      unanswered: decision.reason,
    };
  const source = linkTo(decision.lead, true);
  const seeAlso = decision.seeAlso.map((item) => linkTo(item, false));
  const openingText = opening(decision.lead.doc, understanding, knowledge.idf, options.productName);
  return {
    markdown: answerReply(openingText, source, seeAlso),
    outcome: 'answer',
    links: [source, ...seeAlso],
    turn: { question: words(understanding.text).slice(-CONTEXT_WORDS).join(' ') },
  };
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
  else
    switch (classifyMessage(text, knowledge.intents, options.assistantName)) {
      case 'greeting':
        answer = { markdown: greetingReply(options), outcome: 'greeting', links: [] };
        break;
      case 'thanks':
        answer = { markdown: thanksReply(), outcome: 'thanks', links: [] };
        break;
      case 'medical':
        answer = { markdown: medicalReply(), outcome: 'medical', links: [] };
        break;
      default:
        answer = answerQuestion(knowledge, withoutGreeting(text, knowledge.intents), options, previous);
    }
  return { ...answer, markdown: [answer.markdown, ...notes].filter(Boolean).join('\n\n') };
}
