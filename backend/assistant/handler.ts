/**
 * The assistant webhook (docs/requirements.md#assistant-webhook) on the Web-standard Request and Response,
 * so that the embedded server (Hono on Node, POST /assistant/webhook) and the Supabase edge function
 * `assistant` (Deno) answer with the same code. What differs is injected: where the knowledge comes from,
 * the rate limiter, the origins allowed to call, the conversation memory, and the team's inbox.
 *
 * Order: origin, preflight, method, rate limit, size, JSON, contract (zod); then what the visitor leaves
 * for the team, then the answer, in the contract's shape { message_id, response, timestamp, files, voice }.
 *
 * Nothing the visitor sends is dropped (docs/requirements.md#assistant-answers): an idea (the widget says
 * so with `intent: 'idea'`) and a voice note are stored in the inbox before the answer, which says they
 * reached the team only once they have; if the database refuses, the answer is a 503 and the widget gives
 * the message back for a retry, which carries the same message_id (stored once). A question the site does
 * not answer is stored too, but its answer never depended on it: a failure there is only logged.
 */
import { webhookPayload, type WebhookPayload, type WebhookReply } from '../../core/assistant/contract.ts';
import type { ReplyKind } from '../../core/assistant/chat.ts';
import { inboxEntryFromMessage, type AssistantInboxKind } from '../../core/assistant/visitor-messages.ts';
import {
  attachmentNotes,
  ideaReply,
  testerReply,
  type ReplyOptions,
  type VoiceNote,
} from '../../core/assistant/replies.ts';
import { jsonResponse as json, retryDelayText } from '../http.ts';
import { admitJson, knowledgeOf } from './front-door.ts';
import type { RateDecision } from '../rate-limit.ts';
import { answerMessage, type AssistantAnswer } from './answer.ts';
import type { ConversationMemory } from './conversations.ts';
import type { AssistantInbox, AssistantInboxOutcome } from './team-inbox.ts';
import type { Knowledge } from './knowledge.ts';
import { ruleFor, withTeamLinks } from './team-links.ts';
import type { UploadLinkRule } from '../../core/assistant/uploads.ts';
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
  notStored: 'Votre message n’a pas pu être transmis à l’équipe pour le moment : réessayez dans quelques instants.',
  reusedId: 'Message refusé : cet identifiant de message a déjà servi pour un autre message.',
} as const;

export interface AssistantHandlerDeps {
  /** The built index, ready to search; undefined when the site has not been built. */
  knowledge(): Promise<Knowledge | undefined>;
  options: ReplyOptions;
  /** Origins allowed to call from a browser, besides the handler's own. */
  allowedOrigins: readonly string[];
  /** Per client: the database's (backend/db-rate-limit.ts), or one process's memory without a database. */
  limiter?: { hit(key: string): RateDecision | Promise<RateDecision> };
  conversations?: ConversationMemory;
  /**
   * Where ideas, voice notes and unanswered questions are kept for the team (backend/assistant/team-inbox.ts).
   * Without it (an evaluation, a deployment without a database), nothing is kept and no answer says so.
   */
  inbox?: AssistantInbox;
  /**
   * Where voice notes and files may live (backend/assistant/team-links.ts): SITE_URL's origin and the
   * Supabase bucket; the origin the request came to is always this site's.
   */
  uploads?: UploadLinkRule;
  /** Counts each reply by its kind for the team's digest (backend/assistant/feedback.ts); never delays it long. */
  countReply?: (kind: ReplyKind) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

/** What the team must have before the answer may go: an idea, else a voice note. */
function requiredKind(message: WebhookPayload): AssistantInboxKind | undefined {
  if (message.intent === 'idea') return 'idea';
  if (message.voice) return 'voice';
  return undefined;
}

const kept = (outcome: AssistantInboxOutcome) => outcome.kind === 'stored' || outcome.kind === 'duplicate';

const french = z.locales.fr().localeError;

/** The whole webhook: one Request in, one Response out. `clientKey` identifies the caller. */
export async function handleAssistantRequest(
  request: Request,
  deps: AssistantHandlerDeps,
  clientKey: string,
): Promise<Response> {
  const admitted = await admitJson(request, deps, clientKey, ASSISTANT_MESSAGES, MAX_ASSISTANT_BODY_BYTES);
  if ('answer' in admitted) return admitted.answer;
  const { cors } = admitted;
  const parsed = webhookPayload.safeParse(admitted.data, { error: french });
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.join('.')} : ${issue.message}` : issue.message,
    );
    return json(422, { error: ASSISTANT_MESSAGES.refused(details[0] ?? ''), details }, cors);
  }
  // The team opens these links as the visitor's: only our storage's, normalised (docs/decisions/0058-team-links-are-our-links.md).
  const linked = withTeamLinks(parsed.data, ruleFor(request, deps.uploads));
  if (!linked.ok)
    return json(422, { error: ASSISTANT_MESSAGES.refused(linked.problem), details: [linked.problem] }, cors);

  const loaded = await knowledgeOf(deps, ASSISTANT_MESSAGES, cors);
  if ('answer' in loaded) return loaded.answer;
  const { knowledge } = loaded;

  const message = linked.message;
  const refused = (error: string, details: string[] = []) => json(422, { error, details }, cors);

  // An idea or a voice note reaches the team before the answer says it did.
  const required = requiredKind(message);
  let stored = false;
  if (required && deps.inbox) {
    let outcome: AssistantInboxOutcome;
    try {
      outcome = await deps.inbox.record(inboxEntryFromMessage(required, message), clientKey);
    } catch (error) {
      deps.log?.(`Message ${message.message_id} (${required}) non enregistré :`, error);
      return json(503, { error: ASSISTANT_MESSAGES.notStored }, { ...cors, 'retry-after': '10' });
    }
    if (outcome.kind === 'conflict') return refused(ASSISTANT_MESSAGES.reusedId);
    if (outcome.kind === 'invalid') return refused(ASSISTANT_MESSAGES.refused(outcome.issues[0] ?? ''), outcome.issues);
    stored = kept(outcome);
  }
  const voice: VoiceNote = !message.voice ? 'none' : stored ? 'kept' : 'not-kept';

  let markdown: string;
  let meaning: Pick<WebhookReply, 'kind' | 'sources' | 'confidence' | 'handoff'> = { kind: 'notice' };
  if (message.intent === 'idea') markdown = ideaReply(stored, deps.options);
  else if (message.intent === 'tester')
    markdown = [testerReply(), ...attachmentNotes(message.files ?? [], voice)].join('\n\n');
  else {
    // Two visitors never share a memory, even if their widgets sent the same conversation id.
    const memoryKey = `${clientKey}\u0000${message.conversation_id}`;
    const answer: AssistantAnswer = answerMessage(
      knowledge,
      message,
      deps.options,
      deps.conversations?.get(memoryKey),
      voice,
    );
    // A new subject, or a greeting that starts over: the next short question leans on this one, or on none.
    if (answer.turn) deps.conversations?.set(memoryKey, answer.turn);
    else if (answer.kind === 'social') deps.conversations?.forget(memoryKey);
    markdown = answer.markdown;
    meaning = {
      kind: answer.kind,
      sources: answer.sources,
      confidence: Math.round(answer.confidence * 100) / 100,
      ...(answer.handoff ? { handoff: true } : {}),
    };
    // A question the site does not answer, or files it cannot read, are kept for the team; the answer
    // (« écrivez-nous depuis la page Contact ») promises nothing, so a failure here is only logged.
    if (!required && deps.inbox && (answer.outcome === 'unanswered' || answer.kind === 'notice'))
      await deps.inbox
        .record(inboxEntryFromMessage('unanswered', message), clientKey)
        .then((outcome) => {
          if (!kept(outcome)) deps.log?.(`Question ${message.message_id} non gardée (${outcome.kind}).`);
        })
        .catch((error: unknown) => deps.log?.(`Question ${message.message_id} non gardée :`, error));
  }

  if (meaning.kind) await deps.countReply?.(meaning.kind);
  const reply: WebhookReply = {
    message_id: `reponse-${message.message_id}`,
    response: markdown,
    timestamp: new Date().toISOString(),
    files: [],
    voice: null,
    ...meaning,
  };
  return json(200, reply, cors);
}
