/**
 * POST /functions/v1/send-contact-email: the same contract as the Supabase edge function, answered
 * by the same handler (backend/contact/handler.ts). In front of it, what Supabase's gateway does in
 * production: the anon key check of server/api-key.ts.
 */
import { Hono } from 'hono';
import { handleContactRequest } from '../../backend/contact/handler.ts';
import { corsHeaders } from '../../backend/http.ts';
import type { ContactBackend } from '../contact-backend.ts';
import { clientAddress } from '../rate-limit.ts';
import { API_KEY_MESSAGE, requireApiKey } from '../api-key.ts';

export function functionsRoutes(backend: ContactBackend) {
  const app = new Hono();

  app.all(
    '/send-contact-email',
    requireApiKey(backend.anonKey, (c) => {
      const origin = c.req.header('origin');
      const cors = origin && backend.deps.allowedOrigins.includes(origin) ? corsHeaders(origin) : {};
      return c.json({ ok: false, error: API_KEY_MESSAGE }, 401, cors);
    }),
    (c) => handleContactRequest(c.req.raw, backend.deps, clientAddress(c, { trustProxy: backend.trustProxy })),
  );

  app.all('*', (c) => c.json({ ok: false, error: 'Fonction inconnue.' }, 404));
  return app;
}
