/**
 * Sending a message (docs/requirements.md#assistant-conversation, docs/requirements.md#assistant-errors): the visitor's message and a temporary
 * assistant message are added; the voice note and files are uploaded, the webhook is called, and the reply
 * replaces the temporary message. Any failure replaces it with the apology and shows its toast; the caller
 * gets `false` back so that the input bar can give the visitor's text, files and voice note back.
 */
import type * as AssistantClient from './assistant-client.ts';
import { signal } from '@preact/signals-react';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import {
  isConversationId,
  messageId,
  newConversationId,
  parseStoredConversation,
  storableConversation,
  type ChatMessage,
} from '../../core/assistant/chat.ts';
import type { AttachmentRef, WebhookPayload } from '../../core/assistant/contract.ts';
import { getConfig } from '../runtime/config.ts';
import { safeStorage } from '../runtime/storage.ts';
import { showToast } from '../runtime/toasts.ts';
import type { VoiceNote } from './recorder.ts';
import { loadMarkdown } from './MessageText.tsx';
import { texts } from './texts.ts';

/** Null until the saved conversation has been read back ("Restauration de la conversation..."). */
export const messages = signal<ChatMessage[] | null>(null);
export const loading = signal(false);

const storage = safeStorage('conversation');
const WELCOME_ID = 'bienvenue';

export function welcomeMessage(): ChatMessage {
  const { assistantName, productName } = getConfig();
  return {
    id: WELCOME_ID,
    role: 'assistant',
    content: texts.welcome(assistantName, productName),
    timestamp: new Date().toISOString(),
  };
}

const assistantMessage = (content: string): ChatMessage => ({
  id: messageId(),
  role: 'assistant',
  content,
  timestamp: new Date().toISOString(),
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
export const savedConversation = () => parseStoredConversation(storage.get(getConfig().conversationKey));

/** Reads the saved conversation back, or starts with the welcome message. */
export function restoreConversation(): void {
  if (!messages.value) messages.value = savedConversation() ?? [welcomeMessage()];
}

/** Clearing resets to the welcome message and erases storage. */
export function clearConversation(): void {
  setMessages([welcomeMessage()]);
}

/** The "open-assistant" event: the conversation becomes that one assistant message, a new conversation. */
export function resetConversation(content: string): void {
  storage.remove(idKey());
  setMessages([assistantMessage(content)]);
}

export interface Submission {
  text: string;
  files: File[];
  voice?: VoiceNote;
}

const current = () => messages.value ?? [];

function replace(id: string, next: ChatMessage | ((message: ChatMessage) => ChatMessage)): void {
  setMessages(
    current().map((message) => (message.id === id ? (typeof next === 'function' ? next(message) : next) : message)),
  );
}

export function canSend(submission: Submission): boolean {
  return !loading.value && Boolean(submission.text.trim() || submission.files.length || submission.voice);
}

export async function sendMessage(submission: Submission): Promise<boolean> {
  if (!canSend(submission)) return false;
  const text = submission.text.trim().slice(0, ASSISTANT.maxTextLength);
  const files = submission.files.slice(0, ASSISTANT.maxFiles);
  const now = new Date();
  const user: ChatMessage = {
    id: messageId(),
    role: 'user',
    content: text,
    timestamp: now.toISOString(),
    ...(files.length ? { attachments: files.map((file) => ({ name: file.name, type: file.type })) } : {}),
    ...(submission.voice
      ? { voice: { url: URL.createObjectURL(submission.voice.blob), duration: submission.voice.duration } }
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

  // The reply's Markdown renderer loads while the message travels.
  const markdown = loadMarkdown();
  let client: typeof AssistantClient | undefined;
  try {
    client = await import('./assistant-client.ts');
    const payload: WebhookPayload = {
      message_id: user.id,
      sent_at: now.toISOString(),
      conversation_id: conversationId(),
    };
    if (text) payload.text = text;
    if (submission.voice) {
      const url = await client.uploadVoice(submission.voice.blob);
      payload.voice = { url, duration: submission.voice.duration };
      replace(user.id, (message) => ({ ...message, voice: { url, duration: submission.voice!.duration } }));
    }
    if (files.length) {
      const refs: AttachmentRef[] = await client.uploadFiles(files);
      payload.files = refs;
      replace(user.id, (message) => ({
        ...message,
        attachments: refs.map((ref) => ({ name: ref.filename, type: ref.type, url: ref.url })),
      }));
    }
    const reply = await client.sendToAssistant(payload);
    await markdown;
    replace(pending.id, {
      id: messageId(),
      role: 'assistant',
      content: reply.response?.trim() || texts.emptyReply,
      timestamp: new Date().toISOString(),
      ...(reply.files?.length
        ? { attachments: reply.files.map((file) => ({ name: file.filename, type: file.type, url: file.url })) }
        : {}),
      ...(reply.voice ? { voice: reply.voice } : {}),
    });
    return true;
  } catch (error) {
    console.error('Assistant injoignable :', error);
    if (client && error instanceof client.VoiceUploadError)
      showToast({
        title: texts.voiceUploadErrorTitle,
        description: texts.voiceUploadErrorText,
        variant: 'destructive',
      });
    else if (client && error instanceof client.FileUploadError)
      showToast({
        title: texts.fileUploadErrorTitle,
        description: texts.fileUploadErrorText((error as Error).message),
        variant: 'destructive',
      });
    else
      showToast({ title: texts.connectionErrorTitle, description: texts.connectionErrorText, variant: 'destructive' });
    replace(pending.id, assistantMessage(texts.apology));
    return false;
  } finally {
    loading.value = false;
  }
}
