/**
 * Supabase Edge Function `assistant` (docs/requirements.md#assistant-answers): the production twin of
 * POST /assistant/webhook of the embedded server, with the same handler (backend/assistant/handler.ts)
 * and the index that `npm run build` publishes with the site, fetched from SITE_URL at an isolate's first
 * message and kept (backend/assistant/published.ts). A static host plus this function is a working
 * assistant with nothing else to run. Deployment: README.md, "Supabase: the `assistant` function".
 *
 * Secrets: SITE_URL, CORS_ORIGINS, EMBED_ORIGINS, optional ASSISTANT_INDEX_URL and ASSISTANT_RATE_LIMIT.
 */
import site from '../../../content/site.json' with { type: 'json' };
import { ConversationMemory } from '../../../backend/assistant/conversations.ts';
import {
  ASSISTANT_RATE_LIMIT,
  handleAssistantRequest,
  type AssistantHandlerDeps,
} from '../../../backend/assistant/handler.ts';
import { publishedKnowledge } from '../../../backend/assistant/published.ts';
import { forwardedClient } from '../../../backend/http.ts';
import { RateLimiter, parseRateLimit } from '../../../backend/rate-limit.ts';

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The function for an environment; `fetch` reaches the published site. */
export function assistantFunction(
  env: (name: string) => string,
  fetchIndex: typeof fetch = fetch,
): (request: Request) => Promise<Response> {
  const siteUrl = env('SITE_URL') || site.siteUrl;
  const log = (message: string, error?: unknown) => console.error(message, error ?? '');
  const deps: AssistantHandlerDeps = {
    knowledge: publishedKnowledge(env('ASSISTANT_INDEX_URL') || new URL('/assistant-index.json', siteUrl).href, {
      fetch: fetchIndex,
      log,
    }),
    options: {
      productName: site.product.name,
      assistantName: site.product.assistantName,
      supportResponse: site.company.supportResponse,
    },
    allowedOrigins: [new URL(siteUrl).origin, ...list(env('CORS_ORIGINS')), ...list(env('EMBED_ORIGINS'))],
    // One isolate's memory, like the conversations: a first barrier; Supabase may run several isolates.
    limiter: new RateLimiter(parseRateLimit(env('ASSISTANT_RATE_LIMIT')) ?? ASSISTANT_RATE_LIMIT),
    conversations: new ConversationMemory(),
    // Until they are stored for the team, unanswered questions reach the function's logs.
    onUnanswered: (question) =>
      console.info(`Assistant : question sans réponse (${question.reason}) : ${JSON.stringify(question.question)}`),
    log,
  };
  return (request) => handleAssistantRequest(request, deps, forwardedClient(request));
}

if (import.meta.main) Deno.serve(assistantFunction((name) => Deno.env.get(name) ?? ''));
