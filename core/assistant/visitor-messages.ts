/**
 * What a visitor leaves with the assistant for the team (docs/requirements.md#assistant-answers): an
 * idea (« Suggérer une idée »), a question the assistant could not answer, a voice note. Each is stored
 * once (public.assistant_messages, by its message_id) and mailed to the team; `npm run inbox` lists
 * them. The schema is the contract of backend/assistant/team-inbox.ts, built from the webhook's own pieces
 * (core/assistant/contract.ts) so that a webhook message converts without loss.
 */
import * as z from 'zod/mini';
import { ASSISTANT } from './constants.ts';
import { attachmentRef, voiceRef, type WebhookPayload } from './contract.ts';
import { isCleanText } from '../common/control-characters.ts';

const CHARACTERS = 'Caractères non autorisés (caractères de contrôle ou de direction du texte).';

export const ASSISTANT_INBOX_KINDS = ['idea', 'unanswered', 'voice'] as const;
export type AssistantInboxKind = (typeof ASSISTANT_INBOX_KINDS)[number];

/** How the team reads each kind (inbox, mail subjects). */
export const ASSISTANT_INBOX_LABELS: Record<AssistantInboxKind, string> = {
  idea: 'Idée',
  unanswered: 'Question sans réponse',
  voice: 'Note vocale',
};

const id = (what: string) =>
  z.string({ error: `${what}\u00A0: un texte est attendu.` }).check(
    z.minLength(1, { error: `${what}\u00A0: un texte est attendu.` }),
    z.maxLength(100, { error: `${what}\u00A0: 100 caractères au plus.` }),
    z.refine((value) => isCleanText(value), { error: `${what}\u00A0: ${CHARACTERS.toLowerCase()}` }),
  );

export const assistantInboxEntry = z
  .strictObject({
    kind: z.enum(ASSISTANT_INBOX_KINDS, { error: 'Type attendu\u00A0: idea, unanswered ou voice.' }),
    conversationId: id('Conversation'),
    messageId: id('Identifiant du message'),
    text: z.optional(
      z.string().check(
        z.maxLength(ASSISTANT.maxTextLength, {
          error: `Message trop long (${ASSISTANT.maxTextLength} caractères au plus).`,
        }),
        z.refine((value) => isCleanText(value, true), { error: CHARACTERS }),
      ),
    ),
    voice: z.optional(voiceRef),
    files: z.optional(
      z
        .array(attachmentRef)
        .check(z.maxLength(ASSISTANT.maxFiles, { error: `${ASSISTANT.maxFiles} fichiers au plus.` })),
    ),
  })
  .check(
    z.refine((entry) => Boolean(entry.text?.trim() || entry.voice || entry.files?.length), {
      error: 'Rien à transmettre\u00A0: un texte, une note vocale ou un fichier est attendu.',
    }),
    z.refine((entry) => entry.kind !== 'voice' || Boolean(entry.voice), {
      error: 'Une note vocale sans adresse ne peut pas être transmise.',
    }),
  );
export type AssistantInboxEntry = z.infer<typeof assistantInboxEntry>;

/** The entry for a message the assistant received (call 1 of the webhook), filed under `kind`. */
export function inboxEntryFromMessage(kind: AssistantInboxKind, message: WebhookPayload): AssistantInboxEntry {
  return {
    kind,
    conversationId: message.conversation_id,
    messageId: message.message_id,
    ...(message.text?.trim() ? { text: message.text.trim() } : {}),
    ...(message.voice ? { voice: message.voice } : {}),
    ...(message.files?.length ? { files: message.files } : {}),
  };
}
