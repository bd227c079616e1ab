/**
 * The conversation's rules (docs/requirements.md#assistant-conversation): the chat message, what is kept in browser storage
 * and how it is read back (checked by hand: no schema library in the drawer), when quick options show,
 * what a message may hold before it is sent.
 */
import { ASSISTANT } from './constants.ts';
import { isAssistantIntent, type AssistantIntent } from './events.ts';
import type { ReplySource } from './contract.ts';

/**
 * What a reply is, beside its words (docs/assistant.md#what-a-reply-says): an answer that asserts a
 * passage, an « unsure » with subjects to pick, a « not found », the way to a person (`handoff`), the
 * medical refusal, a social reply, or a notice (an idea stored, a file received). The evaluation, the
 * votes, the hand-off and the digest read this, never the French text.
 */
export const REPLY_KINDS = ['answer', 'unsure', 'not-found', 'handoff', 'medical', 'social', 'notice'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];
/** The kinds after which DENTY offers to pass the question to the team. */
export const HANDOFF_KINDS: readonly ReplyKind[] = ['unsure', 'not-found', 'handoff'];

/** The votes endpoint, under the backend's address (Supabase's function, or the embedded server's same path). */
export const FEEDBACK_PATH = '/functions/v1/assistant/feedback';
/** « Utile », « Pas utile ». */
export const VOTES = ['up', 'down'] as const;
export type Vote = (typeof VOTES)[number];
/** What DENTY said is sent with a vote to this many characters: the team reads what it answered. */
export const VOTED_REPLY_MAX = 4000;

/** docs/requirements.md#assistant-conversation. `timestamp` is an ISO string so that it survives storage. */
export interface ChatMessage {
  id: string;
  role: 'assistant' | 'user';
  content: string;
  timestamp: string;
  attachments?: { name: string; type: string; url?: string }[];
  voice?: { url: string; duration: number };
  isTemporary?: boolean;
  /** A preset that asks for something (an idea, the tester programme): the visitor's answer says so. */
  intent?: AssistantIntent;
  /** What a reply of DENTY's is (core/assistant/contract.ts), and where it read what it asserts. */
  kind?: ReplyKind;
  sources?: ReplySource[];
  /** DENTY offers to pass the question to the team under this reply. */
  handoff?: boolean;
  /** The visitor's question this reply answers (sent with a vote, offered in the hand-off form). */
  question?: string;
  /** The visitor's vote on this reply. */
  vote?: Vote;
}

/** The id of DENTY's welcome message: the one message the quick options belong under. */
export const WELCOME_ID = 'bienvenue';

/**
 * A saved conversation read back from browser storage, checked by hand (no schema library needed in the
 * drawer). Unreadable data gives null; temporary messages and dead blob: voice links are dropped.
 */
export function parseStoredConversation(raw: string | null): ChatMessage[] | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const messages: ChatMessage[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) return null;
    const {
      id,
      role,
      content,
      timestamp,
      attachments,
      voice,
      isTemporary,
      intent,
      kind,
      sources,
      handoff,
      question,
      vote,
    } = item as Record<string, unknown>;
    if (
      typeof id !== 'string' ||
      (role !== 'assistant' && role !== 'user') ||
      typeof content !== 'string' ||
      typeof timestamp !== 'string'
    )
      return null;
    if (Number.isNaN(Date.parse(timestamp))) return null;
    if (isTemporary === true) continue;
    const message: ChatMessage = { id, role, content, timestamp };
    if (role === 'assistant' && isAssistantIntent(intent)) message.intent = intent;
    if (role === 'assistant' && (REPLY_KINDS as readonly unknown[]).includes(kind)) {
      message.kind = kind as ReplyKind;
      if (Array.isArray(sources))
        message.sources = sources
          .filter((source): source is ReplySource => typeof source?.page === 'string' && source.page.startsWith('/'))
          .map(({ page, section }) => (typeof section === 'string' ? { page, section } : { page }));
      if (handoff === true) message.handoff = true;
      if (typeof question === 'string') message.question = question;
      if ((VOTES as readonly unknown[]).includes(vote)) message.vote = vote as Vote;
    }
    if (Array.isArray(attachments))
      message.attachments = attachments
        .filter(
          (a): a is { name: string; type: string; url?: unknown } =>
            typeof a?.name === 'string' && typeof a?.type === 'string',
        )
        .map((a) => ({
          name: a.name,
          type: a.type,
          ...(typeof a.url === 'string' && /^(https?:\/\/|\/)/.test(a.url) ? { url: a.url } : {}),
        }));
    if (voice && typeof voice === 'object') {
      const { url, duration } = voice as Record<string, unknown>;
      if (typeof url === 'string' && /^(https?:\/\/|\/)/.test(url) && typeof duration === 'number')
        message.voice = { url, duration };
    }
    messages.push(message);
  }
  return messages.length ? messages : null;
}

/** What is saved: the conversation without its temporary placeholder. */
export function storableConversation(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.filter((message) => !message.isTemporary);
}

/**
 * Quick options show only while the conversation is the single welcome message (docs/requirements.md#assistant-quick-options): not
 * under a preset (an idea, the tester programme), which asks the visitor for something else.
 */
export function showsQuickOptions(messages: readonly ChatMessage[]): boolean {
  const lasting = messages.filter((message) => !message.isTemporary);
  return lasting.length === 1 && lasting[0]!.id === WELCOME_ID;
}

/** What the visitor's next message answers: the preset it follows, if that preset asks for something. */
export function pendingIntent(messages: readonly ChatMessage[]): AssistantIntent | undefined {
  const last = messages.filter((message) => !message.isTemporary).at(-1);
  return last?.role === 'assistant' ? last.intent : undefined;
}

/** Why a message cannot go as it is (docs/requirements.md#assistant-input): said before sending, never cut. */
export interface DraftProblems {
  /** Characters over the limit (0 when within it). */
  textOver: number;
}

export function draftProblems(text: string): DraftProblems {
  return { textOver: Math.max(0, text.trim().length - ASSISTANT.maxTextLength) };
}

/**
 * A random id for one conversation, sent with each message so that the assistant can follow it; a new
 * one after the conversation is cleared. 96 random bits (getRandomValues works outside a secure context).
 */
export function newConversationId(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  return `conv-${[...random(new Uint8Array(12))].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export const isConversationId = (value: string | null): value is string =>
  typeof value === 'string' && /^conv-[0-9a-f]{24}$/.test(value);

/** A short unique id for a message (no crypto.randomUUID: the embed may run outside a secure context). */
export function messageId(now = Date.now(), random = Math.random): string {
  return `${now.toString(36)}-${random().toString(36).slice(2, 10)}`;
}

/** A message of a hand-off's transcript (core/contact/schema.ts `transcriptEntry`), without zod here. */
export interface TranscriptMessage {
  role: 'visitor' | 'assistant';
  text: string;
  at: string;
}

/** A message's text in a transcript: at most this many characters (the request's own limit). */
const TRANSCRIPT_TEXT_MAX = 5000;

/**
 * The conversation that goes with a hand-off: the visitor's and DENTY's messages, the latest `max`,
 * files named but never their bytes; the welcome and the temporary placeholder left out.
 */
export function transcriptOf(messages: readonly ChatMessage[], max: number): TranscriptMessage[] {
  return messages
    .filter((message) => !message.isTemporary && message.id !== WELCOME_ID)
    .map((message) => {
      const files = (message.attachments ?? []).map((file) => `[fichier : ${file.name}]`);
      const voice = message.voice ? ['[message vocal]'] : [];
      const text = [message.content.trim(), ...files, ...voice].filter(Boolean).join('\n');
      return {
        role: message.role === 'user' ? ('visitor' as const) : ('assistant' as const),
        text: text.length > TRANSCRIPT_TEXT_MAX ? `${text.slice(0, TRANSCRIPT_TEXT_MAX - 1)}…` : text,
        at: message.timestamp,
      };
    })
    .filter((entry) => entry.text)
    .slice(-max);
}
