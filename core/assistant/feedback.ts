/**
 * A visitor's vote on one of DENTY's replies (docs/assistant.md#the-loop): « Utile » or « Pas utile »,
 * changeable, sent with the question, what DENTY said and where it read it. Nothing personal: no
 * address, no name, no conversation. The widget sends it with fetch (no zod in the drawer); the backends
 * check it with this schema.
 */
import * as z from 'zod/mini';
import { cleanTextPattern } from '../common/control-characters.ts';
import { ASSISTANT } from './constants.ts';
import { REPLY_KINDS, VOTED_REPLY_MAX, VOTES } from './chat.ts';

const clean = (multiLine: boolean) =>
  z.regex(cleanTextPattern(multiLine), { error: 'caractères non autorisés (caractères de contrôle).' });

export const replyVote = z.strictObject({
  reply_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'identifiant de réponse invalide.' })),
  vote: z.enum(VOTES),
  question: z.string().check(z.minLength(1), z.maxLength(ASSISTANT.maxTextLength), clean(true)),
  reply: z.string().check(z.maxLength(VOTED_REPLY_MAX), clean(true)),
  reply_kind: z.enum(REPLY_KINDS),
  page: z.optional(z.string().check(z.maxLength(300), z.regex(/^\/(?!\/)/), clean(false))),
  section: z.optional(z.string().check(z.maxLength(120), clean(false))),
});
export type ReplyVote = z.infer<typeof replyVote>;

export const FEEDBACK_MESSAGES = {
  stored: 'Merci pour votre avis.',
  notStored: 'Votre avis n’a pas pu être enregistré pour le moment : réessayez dans quelques instants.',
} as const;
