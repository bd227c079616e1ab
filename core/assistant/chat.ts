/**
 * The conversation's rules (docs/requirements.md#assistant-conversation): the chat message, what is kept in browser storage
 * and how it is read back (checked by hand: no schema library in the drawer), when quick options show,
 * what a message may hold before it is sent.
 */
import { ASSISTANT } from './constants.ts';
import { isAssistantIntent, type AssistantIntent } from './events.ts';

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
    const { id, role, content, timestamp, attachments, voice, isTemporary, intent } = item as Record<string, unknown>;
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
