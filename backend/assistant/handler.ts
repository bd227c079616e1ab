/**
 * The assistant webhook (docs/requirements.md#assistant-webhook) on the Web-standard Request and Response,
 * so that the embedded server (Hono on Node, POST /assistant/webhook) and the Supabase edge function
 * `assistant` (Deno) answer with the same code. What differs is injected: where the knowledge comes from,
 * the rate limiter, the origins allowed to call, the conversation memory, and what happens to a question
 * the site does not answer.
 *
 * Order: origin, preflight, method, rate limit, size, JSON, contract (zod); then the answer, in the
 * contract's shape { message_id, response, timestamp, files, voice }.
 */
import { webhookPayload, type WebhookReply } from '../../core/assistant/contract.ts';
import type { ReplyOptions } from '../../core/assistant/replies.ts';
import { admitRequest, jsonResponse as json, readJson, retryDelayText, unreadableBody } from '../http.ts';
import type { RateDecision } from '../rate-limit.ts';
import { answerMessage, type AssistantAnswer } from './answer.ts';
import type { ConversationMemory } from './conversations.ts';
import type { Knowledge } from './knowledge.ts';
import * as z from 'zod/mini';

/** A message is at most a few kilobytes of JSON (4,000 characters of text and five file references). */
export const MAX_ASSISTANT_BODY_BYTES = 64 * 1024;
/** Per client: far more than anyone types, far less than a script would send. */
export const ASSISTANT_RATE_LIMIT = { limit: 60, windowMs: 60_000 };

export const ASSISTANT_MESSAGES = {
  origin: 'Origine non autorisée.',
  method: 'Méthode non autorisée : utilisez POST.',
  tooLarge: 'Message trop volumineux pour l’assistant.',
  encoding: 'Message illisible : un objet JSON est attendu.',
  json: 'Message illisible : un objet JSON est attendu.',
  refused: (detail: string) => `Message refusé : ${detail}`,
  notBuilt: 'L’assistant n’est pas encore prêt : le site n’a pas été construit (npm run build).',
  unavailable: 'L’assistant est momentanément indisponible : réessayez dans quelques instants.',
  rateLimited: (seconds: number) =>
    `Trop de messages envoyés à l’assistant : réessayez dans ${retryDelayText(seconds)}.`,
} as const;

/** A question the site did not answer: what the team needs to write the missing page or FAQ answer. */
export interface UnansweredQuestion {
  question: string;
  conversationId: string;
  reason: NonNullable<AssistantAnswer['unanswered']>;
  at: string;
}

export interface AssistantHandlerDeps {
  /** The built index, ready to search; undefined when the site has not been built. */
  knowledge(): Promise<Knowledge | undefined>;
  options: ReplyOptions;
  /** Origins allowed to call from a browser, besides the handler's own. */
  allowedOrigins: readonly string[];
  limiter?: { hit(key: string): RateDecision };
  conversations?: ConversationMemory;
  /** Every question the site did not answer (docs/decisions/0034-assistant-retrieval.md: kept for the team). */
  onUnanswered?(question: UnansweredQuestion): void;
  log?: (message: string, error?: unknown) => void;
}

const french = z.locales.fr().localeError;

/** The whole webhook: one Request in, one Response out. `clientKey` identifies the caller. */
export async function handleAssistantRequest(
  request: Request,
  deps: AssistantHandlerDeps,
  clientKey: string,
): Promise<Response> {
  const admission = admitRequest(request, {
    allowedOrigins: deps.allowedOrigins,
    limiter: deps.limiter,
    clientKey,
    messages: ASSISTANT_MESSAGES,
  });
  if ('answer' in admission) return admission.answer;
  const { cors } = admission;

  const body = await readJson(request, MAX_ASSISTANT_BODY_BYTES);
  if (!body.ok) return unreadableBody(body.reason, ASSISTANT_MESSAGES, cors);
  const parsed = webhookPayload.safeParse(body.data, { error: french });
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')} : ${issue.message}` : issue.message,
    );
    return json(422, { error: ASSISTANT_MESSAGES.refused(details[0] ?? ''), details }, cors);
  }

  let knowledge: Knowledge | undefined;
  try {
    knowledge = await deps.knowledge();
  } catch (error) {
    deps.log?.('Index de l’assistant indisponible :', error);
    return json(503, { error: ASSISTANT_MESSAGES.unavailable }, { ...cors, 'retry-after': '30' });
  }
  if (!knowledge) return json(503, { error: ASSISTANT_MESSAGES.notBuilt }, { ...cors, 'retry-after': '30' });

  const message = parsed.data;
  // Two visitors never share a memory, even if their widgets sent the same conversation id.
  const memoryKey = `${clientKey}\u0000${message.conversation_id}`;
  const answer = answerMessage(knowledge, message, deps.options, deps.conversations?.get(memoryKey));
  if (answer.turn) deps.conversations?.set(memoryKey, answer.turn);
  if (answer.unanswered && message.text?.trim())
    deps.onUnanswered?.({
      question: message.text.trim(),
      conversationId: message.conversation_id,
      reason: answer.unanswered,
      at: new Date().toISOString(),
    });

  const reply: WebhookReply = {
    message_id: `reponse-${message.message_id}`,
    response: answer.markdown,
    timestamp: new Date().toISOString(),
    files: [],
    voice: null,
  };
  return json(200, reply, cors);
}
