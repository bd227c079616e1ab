/**
 * Cross-origin access for the widgets embedded on other sites (widgets/embed.ts): the configured embedding
 * origins (EMBED_ORIGINS) may load the embed's modules and configuration and call the backend contracts;
 * any other origin gets no CORS header, so its browser refuses the answer.
 */
import { cors } from 'hono/cors';
import type { MiddlewareHandler } from 'hono';

/** What an embedding page fetches or calls on this server. */
// send-contact-email and the uploads answer their own CORS (backend/contact/handler.ts,
// backend/assistant/uploads.ts, the same code as the edge functions), for SITE_URL, CORS_ORIGINS and these
// embedding origins.
const shared =
  /^\/(assistant\/|storage\/|functions\/(?!v1\/(send-contact-email|assistant\/upload)$)|embed\/|embed\.js$|embed-config\.json$)/;

export function embedCors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  const handler = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    // What supabase-js and the widgets send.
    allowHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'idempotency-key',
    ],
    maxAge: 600,
  });
  return async (c, next) => {
    if (!shared.test(new URL(c.req.url).pathname)) return next();
    return handler(c, next);
  };
}
