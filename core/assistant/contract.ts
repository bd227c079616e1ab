/**
 * The webhook contract of docs/requirements.md#assistant-webhook: what the widget sends and what it reads back.
 * zod's small build (`zod/mini`) keeps the browser cost low: the widget parses every reply with these
 * schemas, and the embedded server validates every payload with the very same ones.
 */
import * as z from 'zod/mini';
import { ASSISTANT } from './constants.ts';
import { ASSISTANT_INTENTS } from './events.ts';
import { cleanTextPattern } from '../common/control-characters.ts';
import { REPLY_KINDS } from './chat.ts';

// Rules are patterns, not functions, where the browser checks them: JSON Schema carries a pattern to the
// compiled check of the reply (reply.check.ts), but it cannot carry a function, nor a regular
// expression's flags.

/** The control-character rule of every stored text (core/common/control-characters.ts). */
const clean = (multiLine = false) =>
  z.regex(cleanTextPattern(multiLine), {
    error: 'caractères non autorisés (caractères de contrôle ou de direction du texte).',
  });

/** A link the page may follow or an audio source it may load: http(s), or a path of the serving site. */
const webUrl = z
  .string()
  .check(z.maxLength(2048), z.regex(/^([Hh][Tt][Tt][Pp][Ss]?:\/\/|\/(?!\/))/, { error: 'Adresse http(s) attendue.' }));

export const attachmentRef = z.object({
  filename: z.string().check(z.minLength(1), z.maxLength(255), clean()),
  type: z.string().check(z.maxLength(255), clean()),
  url: webUrl,
});
export type AttachmentRef = z.infer<typeof attachmentRef>;

export const voiceRef = z.object({
  url: webUrl,
  duration: z.number().check(z.gte(0), z.lte(3600)),
});

/**
 * Call 1, what the widget sends: message_id, text?, files?, voice?, sent_at, conversation_id, intent?.
 * `message_id` is also the idempotency key: a retry of the same message carries the same one.
 */
export const webhookPayload = z
  .object({
    message_id: z.string().check(z.minLength(1), z.maxLength(100), clean()),
    text: z.optional(
      z.string().check(
        z.maxLength(ASSISTANT.maxTextLength, {
          error: `Message trop long (${ASSISTANT.maxTextLength} caractères au plus).`,
        }),
        clean(true),
      ),
    ),
    files: z.optional(z.array(attachmentRef).check(z.maxLength(ASSISTANT.maxFiles))),
    voice: z.optional(voiceRef),
    sent_at: z.iso.datetime({ offset: true }),
    conversation_id: z.string().check(z.minLength(1), z.maxLength(100), clean()),
    // What the visitor answers, when the widget knows it (core/assistant/events.ts): never guessed from words.
    intent: z.optional(z.enum(ASSISTANT_INTENTS)),
  })
  .check(
    z.refine((payload) => Boolean(payload.text?.trim() || payload.files?.length || payload.voice), {
      error: 'Un message contient un texte, un fichier ou une note vocale.',
    }),
  );
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** Where an answer's passage is read: the page's path and, when it is one, the section's anchor. */
export const replySource = z.object({
  page: z.string().check(z.maxLength(300), z.regex(/^\/(?!\/)/)),
  section: z.optional(z.string().check(z.maxLength(120), clean())),
});
export type ReplySource = z.infer<typeof replySource>;

/**
 * Call 1, the answer: message_id, response, timestamp, files, voice. Missing or empty `response` is the
 * "empty reply" of docs/requirements.md#assistant-errors; anything of the wrong shape is a malformed reply (a send failure).
 * `kind`, `sources` and `confidence` are DENTY's own; another service may leave them out.
 */
export const webhookReply = z.object({
  message_id: z.optional(z.string()),
  response: z.optional(z.nullable(z.string())),
  timestamp: z.optional(z.nullable(z.string())),
  files: z.optional(z.nullable(z.array(attachmentRef))),
  voice: z.optional(z.nullable(voiceRef)),
  kind: z.optional(z.enum(REPLY_KINDS)),
  sources: z.optional(z.array(replySource).check(z.maxLength(3))),
  confidence: z.optional(z.number().check(z.gte(0), z.lte(1))),
  /** Offer to pass the question to the team under this reply (always so after `HANDOFF_KINDS`). */
  handoff: z.optional(z.boolean()),
});
export type WebhookReply = z.infer<typeof webhookReply>;
