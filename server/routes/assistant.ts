/**
 * The assistant webhook of the embedded default (docs/requirements.md#assistant-webhook): POST
 * /assistant/webhook answered by the shared handler (backend/assistant/handler.ts), the same code as the
 * Supabase edge function `assistant`, from _site/assistant-index.json (read again whenever the build
 * rewrites it). Ideas, voice notes and unanswered questions go to the team's inbox in the server's database
 * (backend/assistant/team-inbox.ts), mailed like contact requests. ASSISTANT_WEBHOOK_URL may point the widget
 * elsewhere (n8n or any service with the contract).
 */
import { Hono } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../../core/common/config.ts';
import type { RateLimitOptions } from '../../backend/rate-limit.ts';
import { ConversationMemory } from '../../backend/assistant/conversations.ts';
import {
  ASSISTANT_RATE_LIMIT,
  handleAssistantRequest,
  type AssistantHandlerDeps,
} from '../../backend/assistant/handler.ts';
import { createKnowledge, type Knowledge } from '../../backend/assistant/knowledge.ts';
import { handlePassagesRequest } from '../../backend/assistant/passages.ts';
import { PASSAGES_PATH } from '../../core/assistant/passages.ts';
import { FEEDBACK_PATH } from '../../core/assistant/chat.ts';
import { handleFeedbackRequest, replyCounter, voteStore } from '../../backend/assistant/feedback.ts';
import { clientAddress, createRateLimiter } from '../rate-limit.ts';
import { bucketPrefix } from '../../core/assistant/uploads.ts';
import { replyOptionsOf } from '../../core/assistant/replies.ts';
import type { Database } from '../../backend/db.ts';
import { databaseLimiter } from '../../backend/db-rate-limit.ts';

export const ASSISTANT_WEBHOOK_PATH = '/assistant/webhook';
export { ASSISTANT_RATE_LIMIT };

/** The index of the built site, prepared again whenever the build rewrites it. */
export function builtKnowledge(file: string): () => Promise<Knowledge | undefined> {
  let loaded: { mtimeMs: number; knowledge: Promise<Knowledge> } | undefined;
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (loaded?.mtimeMs !== info.mtimeMs)
      loaded = {
        mtimeMs: info.mtimeMs,
        knowledge: readFile(file, 'utf8').then((text) => createKnowledge(JSON.parse(text))),
      };
    return loaded.knowledge;
  };
}

export interface AssistantRouteOptions {
  siteDir: string;
  config: SiteConfig;
  limit?: Pick<RateLimitOptions, 'limit' | 'windowMs'>;
  /** Reverse proxies in front (TRUST_PROXY): clients are then read from X-Forwarded-For, from the right. */
  trustProxy?: number;
  /** Origins allowed besides SITE_URL's and EMBED_ORIGINS (CORS_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Where ideas, voice notes and unanswered questions are kept for the team (the server's database). */
  inbox?: AssistantHandlerDeps['inbox'];
  /** The server's database: it holds the per-client limit for every server on it (else this process's memory). */
  db?: Database;
  /** The built index, shared with the start-up warm-up (createApp); read from siteDir by default. */
  knowledge?: AssistantHandlerDeps['knowledge'];
  log?: AssistantHandlerDeps['log'];
}

export function assistantRoutes({
  siteDir,
  config,
  limit = ASSISTANT_RATE_LIMIT,
  trustProxy = 0,
  allowedOrigins = [],
  inbox,
  db,
  knowledge = builtKnowledge(join(siteDir, 'assistant-index.json')),
  log = (message, error) => console.error(message, error ?? ''),
}: AssistantRouteOptions) {
  const app = new Hono();
  const deps: AssistantHandlerDeps = {
    knowledge,
    options: replyOptionsOf(config),
    allowedOrigins: [new URL(config.siteUrl).origin, ...config.backend.embedOrigins, ...allowedOrigins],
    limiter: db ? databaseLimiter(db, 'assistant', limit, log) : createRateLimiter(limit),
    conversations: new ConversationMemory(),
    inbox,
    // This server's storage (server/routes/storage.ts), or the Supabase bucket when SUPABASE_URL points there.
    uploads: {
      ownOrigins: [new URL(config.siteUrl).origin],
      buckets: [bucketPrefix(config.backend.supabaseUrl)].filter((prefix) => prefix !== undefined),
    },
    ...(db ? { countReply: replyCounter(db, log) } : {}),
    log,
  };
  app.all(ASSISTANT_WEBHOOK_PATH, (c) => handleAssistantRequest(c.req.raw, deps, clientAddress(c, { trustProxy })));
  // The best passages for a generative service behind ASSISTANT_WEBHOOK_URL (docs/decisions/0068-passages-for-a-generative-webhook.md),
  // at the path of the Supabase function's, as the embedded server mirrors Supabase's storage and functions.
  const passages = { ...deps, siteUrl: config.siteUrl };
  app.all(PASSAGES_PATH, (c) => handlePassagesRequest(c.req.raw, passages, clientAddress(c, { trustProxy })));
  // Votes on replies (docs/assistant.md#the-loop), at the Supabase function's path too.
  const feedback = { ...deps, ...(db ? { votes: voteStore(db) } : {}) };
  app.all(FEEDBACK_PATH, (c) => handleFeedbackRequest(c.req.raw, feedback, clientAddress(c, { trustProxy })));
  return app;
}
