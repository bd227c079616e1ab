/**
 * The assistant webhook of the embedded default (SPEC.md section 7, call 1; DECISIONS.md "The backend that
 * SPEC.md does not show"): POST /assistant/webhook takes the widget's message and answers from the site's
 * own content, read from _site/assistant-index.json (built with the site, reloaded when the build changes).
 * In production ASSISTANT_WEBHOOK_URL points the widget at an automation webhook with the same contract.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import type { SiteConfig } from '../../core/site/config.ts';
import { webhookPayload, type WebhookReply } from '../../core/assistant/contract.ts';
import { composeReply, createSearcher, isAssistantIndex, type Searcher } from '../../core/assistant/search.ts';
import { createRateLimiter, rateLimit } from '../rate-limit.ts';

export const ASSISTANT_WEBHOOK_PATH = '/assistant/webhook';
/** A message is at most a few kilobytes of JSON (4,000 characters of text and five file references). */
const MAX_BODY_BYTES = 64 * 1024;
/** Per client: far more than anyone types, far less than a script would send. */
export const ASSISTANT_RATE_LIMIT = { limit: 60, windowMs: 60_000 };

const french = z.locales.fr().localeError;

/** The index of the built site, read again whenever the build rewrites it. */
function knowledge(file: string) {
  let loaded: { mtimeMs: number; searcher: Searcher } | undefined;
  return async (): Promise<Searcher | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (loaded?.mtimeMs === info.mtimeMs) return loaded.searcher;
    const data: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isAssistantIndex(data)) throw new Error(`${file} n’est pas un index de l’assistant`);
    loaded = { mtimeMs: info.mtimeMs, searcher: createSearcher(data) };
    return loaded.searcher;
  };
}

export interface AssistantRouteOptions {
  siteDir: string;
  config: SiteConfig;
  limit?: typeof ASSISTANT_RATE_LIMIT;
  /** Count clients by X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
}

export function assistantRoutes({
  siteDir,
  config,
  limit = ASSISTANT_RATE_LIMIT,
  trustProxy = false,
}: AssistantRouteOptions) {
  const app = new Hono();
  const limiter = createRateLimiter(limit);
  const searcher = knowledge(join(siteDir, 'assistant-index.json'));
  const options = {
    productName: config.product.name,
    assistantName: config.product.assistantName,
    supportResponse: config.company.supportResponse,
  };

  app.post(
    ASSISTANT_WEBHOOK_PATH,
    rateLimit(limiter, { trustProxy }),
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: 'Message trop volumineux pour l’assistant.' }, 413),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ error: 'Message illisible : un objet JSON est attendu.' }, 400);
      }
      const parsed = webhookPayload.safeParse(body, { error: french });
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) =>
          issue.path.length ? `${issue.path.join('.')} : ${issue.message}` : issue.message,
        );
        return c.json({ error: `Message refusé : ${details[0]}`, details }, 422);
      }
      const index = await searcher();
      if (!index)
        return c.json(
          { error: 'L’assistant n’est pas encore prêt : le site n’a pas été construit (npm run build).' },
          503,
        );
      const answer = composeReply(index, parsed.data, options);
      const reply: WebhookReply = {
        message_id: `reponse-${parsed.data.message_id}`,
        response: answer.markdown,
        timestamp: new Date().toISOString(),
        files: [],
        voice: null,
      };
      return c.json(reply);
    },
  );

  return app;
}
