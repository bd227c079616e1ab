/**
 * Sending a message (docs/requirements.md#assistant-conversation, docs/requirements.md#assistant-errors): the visitor's message and a temporary
 * assistant message are added; the voice note and files are uploaded, the webhook is called, and the reply
 * replaces the temporary message. Any failure replaces it with an apology that says what went wrong, and
 * shows its toast; the caller gets `false` back so that the input bar can give the visitor's text, files
 * and voice note back.
 *
 * A retry replaces the failed attempt: its question and apology leave the conversation, and the same
 * message goes again under the same message_id (the webhook's idempotency key), with what was already
 * uploaded, so that an idea the server had stored is not stored twice (docs/requirements.md#assistant-answers).
 */
import type * as StorageClient from './storage-client.ts';
import { signal } from '@preact/signals-react';
import {
  HANDOFF_KINDS,
  WELCOME_ID,
  draftProblems,
  isConversationId,
  messageId,
  newConversationId,
  parseStoredConversation,
  pendingIntent,
  storableConversation,
  VOTED_REPLY_MAX,
  type ChatMessage,
  type Vote,
} from '../../core/assistant/chat.ts';
import type { AttachmentRef, WebhookPayload } from '../../core/assistant/contract.ts';
import type { AssistantIntent } from '../../core/assistant/events.ts';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { getConfig } from '../runtime/config.ts';
import { safeStorage } from '../runtime/storage.ts';
import { showToast } from '../runtime/toasts.ts';
import type { VoiceNote } from './recorder.ts';
import { texts } from './texts.ts';

/** Null until the saved conversation has been read back ("Restauration de la conversation..."). */
export const messages = signal<ChatMessage[] | null>(null);
export const loading = signal(false);

const storage = safeStorage('conversation');

export function welcomeMessage(): ChatMessage {
  const { assistantName, productName } = getConfig();
  return {
    id: WELCOME_ID,
    role: 'assistant',
    content: texts.welcome(assistantName, productName),
    timestamp: new Date().toISOString(),
  };
}

const assistantMessage = (content: string, intent?: AssistantIntent): ChatMessage => ({
  id: messageId(),
  role: 'assistant',
  content,
  timestamp: new Date().toISOString(),
  ...(intent ? { intent } : {}),
});

/** The conversation's random id is kept beside it (`dentivo_single_conversation_id`), and goes with it. */
const idKey = () => `${getConfig().conversationKey}_id`;

function conversationId(): string {
  const stored = storage.get(idKey());
  if (isConversationId(stored)) return stored;
  const id = newConversationId();
  storage.set(idKey(), id);
  return id;
}

/** Kept under `dentivo_single_conversation` only when it holds more than the untouched welcome message. */
function save(list: ChatMessage[]): void {
  const key = getConfig().conversationKey;
  const lasting = storableConversation(list);
  if (!lasting.length || (lasting.length === 1 && lasting[0]!.id === WELCOME_ID)) {
    storage.remove(key);
    storage.remove(idKey());
  } else storage.set(key, JSON.stringify(lasting));
}

export function setMessages(list: ChatMessage[]): void {
  messages.value = list;
  save(list);
}

/** The conversation kept in storage (local, then session, then memory), if any. */
const savedConversation = () => parseStoredConversation(storage.get(getConfig().conversationKey));

/** Reads the saved conversation back, or starts with the welcome message. */
export function restoreConversation(): void {
  if (!messages.value) messages.value = savedConversation() ?? [welcomeMessage()];
}

/** Clearing resets to the welcome message and erases storage. */
export function clearConversation(): void {
  failed = undefined;
  setMessages([welcomeMessage()]);
}

/**
 * The "open-assistant" event: the conversation becomes that one assistant message, a new conversation.
 * `intent` says what it asks for (an idea, the tester programme): the visitor's answer carries it.
 */
export function resetConversation(content: string, intent?: AssistantIntent): void {
  failed = undefined;
  storage.remove(idKey());
  setMessages([assistantMessage(content, intent)]);
}

export interface Submission {
  text: string;
  files: File[];
  voice?: VoiceNote;
}

/** The last attempt that failed, kept for its retry. */
interface FailedSend {
  submission: Submission;
  /** The visitor's message id: its message_id, sent again by the retry. */
  id: string;
  apologyId: string;
  intent?: AssistantIntent;
  /** What reached the storage already: not uploaded twice. */
  voice?: { url: string; duration: number };
  files?: AttachmentRef[];
}
let failed: FailedSend | undefined;

const current = () => messages.value ?? [];

function replace(id: string, next: ChatMessage | ((message: ChatMessage) => ChatMessage)): void {
  setMessages(
    current().map((message) => (message.id === id ? (typeof next === 'function' ? next(message) : next) : message)),
  );
}

/** The same message again: same text, the very same files and voice note (the input bar gives them back). */
function sameSubmission(a: Submission, b: Submission): boolean {
  return (
    a.text.trim() === b.text.trim() &&
    a.voice?.blob === b.voice?.blob &&
    a.files.length === b.files.length &&
    a.files.every((file, index) => file === b.files[index])
  );
}

export function canSend(submission: Submission): boolean {
  return (
    !loading.value &&
    Boolean(submission.text.trim() || submission.files.length || submission.voice) &&
    draftProblems(submission.text).textOver === 0 &&
    submission.files.length <= ASSISTANT.maxFiles
  );
}

/** What the conversation says when a send fails, and its toast: what went wrong, in the visitor's words. */
function failure(storage: typeof StorageClient | undefined, error: unknown, intent?: AssistantIntent) {
  const refused = storage && error instanceof storage.FileUploadError && error.status && error.status < 500;
  if (refused) {
    const reason = texts.fileRefusedReason(error.status!);
    return {
      apology: texts.fileRefused(error.fileName, reason),
      toast: { title: texts.fileUploadErrorTitle, description: `«\u202F${error.fileName}\u202F»\u00A0: ${reason}` },
    };
  }
  const apology = intent === 'idea' ? texts.ideaApology : texts.apology;
  if (storage && error instanceof storage.VoiceUploadError)
    return { apology, toast: { title: texts.voiceUploadErrorTitle, description: texts.voiceUploadErrorText } };
  if (storage && error instanceof storage.FileUploadError)
    return {
      apology,
      toast: { title: texts.fileUploadErrorTitle, description: texts.fileUploadErrorText(error.fileName) },
    };
  return { apology, toast: { title: texts.connectionErrorTitle, description: texts.connectionErrorText } };
}

/** The visitor's vote on one reply: kept in the conversation at once, then sent; false when it was not sent. */
export async function voteOn(id: string, vote: Vote): Promise<boolean> {
  const message = current().find((item) => item.id === id);
  if (!message?.kind || !message.question) return false;
  replace(id, (item) => ({ ...item, vote }));
  try {
    const client = await import('./assistant-client.ts');
    return await client.sendVote({
      reply_id: id,
      vote,
      question: message.question,
      reply: message.content.slice(0, VOTED_REPLY_MAX),
      reply_kind: message.kind,
      ...(message.sources?.[0] ?? {}),
    });
  } catch (error) {
    console.error('Avis non envoyé :', error);
    return false;
  }
}

/** The id of the message that confirms a hand-off: the replies before it offer none any more. */
export const HANDOFF_SENT_ID = 'transmis';

/** After a hand-off was sent: DENTY says so in the conversation. */
export function confirmHandoff(email: string): void {
  const confirmation = { ...assistantMessage(texts.handoffSent(email)), kind: 'notice' as const };
  setMessages([...current(), { ...confirmation, id: `${HANDOFF_SENT_ID}-${confirmation.id}` }]);
}

export async function sendMessage(submission: Submission): Promise<boolean> {
  if (!canSend(submission)) return false;
  // A retry replaces the failed attempt: its question and apology leave the conversation.
  const retry = failed && sameSubmission(failed.submission, submission) ? failed : undefined;
  if (failed) {
    const gone = new Set([failed.id, failed.apologyId]);
    setMessages(current().filter((message) => !gone.has(message.id)));
    failed = undefined;
  }
  const intent = retry ? retry.intent : pendingIntent(current());
  const text = submission.text.trim();
  const files = submission.files;
  const now = new Date();
  const user: ChatMessage = {
    id: retry?.id ?? messageId(),
    role: 'user',
    content: text,
    timestamp: now.toISOString(),
    ...(files.length ? { attachments: files.map((file) => ({ name: file.name, type: file.type })) } : {}),
    ...(submission.voice
      ? {
          voice: retry?.voice ?? {
            url: URL.createObjectURL(submission.voice.blob),
            duration: submission.voice.duration,
          },
        }
      : {}),
  };
  const pending: ChatMessage = {
    id: messageId(),
    role: 'assistant',
    content: '',
    timestamp: now.toISOString(),
    isTemporary: true,
  };
  loading.value = true;
  setMessages([...current(), user, pending]);
  const attempt: Omit<FailedSend, 'apologyId'> = {
    submission,
    id: user.id,
    ...(intent ? { intent } : {}),
    ...(retry?.voice ? { voice: retry.voice } : {}),
    ...(retry?.files ? { files: retry.files } : {}),
  };

  let storage: typeof StorageClient | undefined;
  try {
    const client = await import('./assistant-client.ts');
    if (submission.voice || files.length) storage = await import('./storage-client.ts');
    const payload: WebhookPayload = {
      message_id: user.id,
      sent_at: now.toISOString(),
      conversation_id: conversationId(),
    };
    if (text) payload.text = text;
    if (intent) payload.intent = intent;
    if (submission.voice) {
      attempt.voice ??= { url: await storage!.uploadVoice(submission.voice.blob), duration: submission.voice.duration };
      payload.voice = attempt.voice;
      replace(user.id, (message) => ({ ...message, voice: attempt.voice }));
    }
    if (files.length) {
      attempt.files ??= await storage!.uploadFiles(files);
      payload.files = attempt.files;
      replace(user.id, (message) => ({
        ...message,
        attachments: attempt.files!.map((ref) => ({ name: ref.filename, type: ref.type, url: ref.url })),
      }));
    }
    const reply = await client.sendToAssistant(payload);
    replace(pending.id, {
      id: messageId(),
      role: 'assistant',
      content: reply.response?.trim() || texts.emptyReply,
      timestamp: new Date().toISOString(),
      // What the reply is (DENTY says it; another service may not), for the votes and the hand-off.
      ...(reply.kind ? { kind: reply.kind, sources: reply.sources ?? [] } : {}),
      ...(reply.handoff || (reply.kind && HANDOFF_KINDS.includes(reply.kind)) ? { handoff: true } : {}),
      ...(text ? { question: text } : {}),
      ...(reply.files?.length
        ? { attachments: reply.files.map((file) => ({ name: file.filename, type: file.type, url: file.url })) }
        : {}),
      ...(reply.voice ? { voice: reply.voice } : {}),
    });
    return true;
  } catch (error) {
    console.error('Assistant injoignable :', error);
    const { apology, toast } = failure(storage, error, intent);
    showToast({ ...toast, variant: 'destructive' });
    const message = assistantMessage(apology);
    replace(pending.id, message);
    failed = { ...attempt, apologyId: message.id };
    return false;
  } finally {
    loading.value = false;
  }
}
