/**
 * What the assistant's two endpoints (the webhook, backend/assistant/handler.ts, and its passages,
 * backend/assistant/passages.ts) do before their own work, in this order: the shared admission
 * (backend/http.ts), the per-client limit (the database's, so awaited), the body read as JSON, then the
 * index. Each step gives either the answer to send or what the next one needs.
 */
import { admitRequest, jsonResponse as json, rateLimitedAnswer, readJson, unreadableBody } from '../http.ts';
import type { AssistantHandlerDeps, ASSISTANT_MESSAGES } from './handler.ts';
import type { Knowledge } from './knowledge.ts';

type Messages = typeof ASSISTANT_MESSAGES;
type Refused = { answer: Response };

/** Admitted, under its limit, with a body that is JSON: the CORS headers every later answer carries, and the body. */
export async function admitJson(
  request: Request,
  deps: Pick<AssistantHandlerDeps, 'allowedOrigins' | 'limiter'>,
  clientKey: string,
  messages: Messages,
  maxBytes: number,
): Promise<Refused | { cors: Record<string, string>; data: unknown }> {
  const admission = admitRequest(request, { allowedOrigins: deps.allowedOrigins, clientKey, messages });
  if ('answer' in admission) return admission;
  const { cors } = admission;
  const decision = await deps.limiter?.hit(clientKey);
  if (decision && !decision.allowed) return { answer: rateLimitedAnswer(decision, messages, cors) };
  const body = await readJson(request, maxBytes);
  if (!body.ok) return { answer: unreadableBody(body.reason, messages, cors) };
  return { cors, data: body.data };
}

/** The index DENTY answers from, or a 503 that says to come back in 30 s (failed to load, or not built yet). */
export async function knowledgeOf(
  deps: Pick<AssistantHandlerDeps, 'knowledge' | 'log'>,
  messages: Messages,
  cors: Record<string, string>,
): Promise<Refused | { knowledge: Knowledge }> {
  let knowledge: Knowledge | undefined;
  try {
    knowledge = await deps.knowledge();
  } catch (error) {
    deps.log?.('Index de l’assistant indisponible :', error);
    return { answer: json(503, { error: messages.unavailable }, { ...cors, 'retry-after': '30' }) };
  }
  if (!knowledge) return { answer: json(503, { error: messages.notBuilt }, { ...cors, 'retry-after': '30' }) };
  return { knowledge };
}
