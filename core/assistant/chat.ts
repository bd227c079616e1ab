/**
 * The conversation's rules (docs/requirements.md#assistant-conversation): the chat message, what is kept in browser storage
 * and how it is read back (checked by hand: no schema library in the drawer), when quick options show.
 */
/** docs/requirements.md#assistant-conversation. `timestamp` is an ISO string so that it survives storage. */
export interface ChatMessage {
  id: string;
  role: 'assistant' | 'user';
  content: string;
  timestamp: string;
  attachments?: { name: string; type: string; url?: string }[];
  voice?: { url: string; duration: number };
  isTemporary?: boolean;
}

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
    const { id, role, content, timestamp, attachments, voice, isTemporary } = item as Record<string, unknown>;
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

/** Quick options show only while the conversation is the single welcome message (docs/requirements.md#assistant-quick-options). */
export function showsQuickOptions(messages: readonly ChatMessage[]): boolean {
  const lasting = messages.filter((message) => !message.isTemporary);
  return lasting.length === 1 && lasting[0]!.role === 'assistant';
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
