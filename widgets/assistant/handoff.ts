/**
 * The hand-off's state in the drawer (docs/assistant.md#the-loop): open or not, with the question
 * it starts from (the reply's question, else the visitor's last message). The form itself loads when it
 * first opens (HandoffForm.tsx).
 */
import { signal } from '@preact/signals-react';
import type { ChatMessage } from '../../core/assistant/chat.ts';
import { messages } from './conversation.ts';

export const handoffOpen = signal<{ question: string } | null>(null);

export function openHandoff(reply: ChatMessage): void {
  const lastAsked = messages.value?.filter((message) => message.role === 'user' && message.content.trim()).at(-1);
  handoffOpen.value = { question: reply.question ?? lastAsked?.content ?? '' };
}

export function closeHandoff(): void {
  handoffOpen.value = null;
}
