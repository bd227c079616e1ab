/**
 * POST /functions/v1/send-contact-email: the same contract as the Supabase edge function, answered
 * by the same handler (backend/contact/handler.ts). In front of it, what Supabase's gateway does in
 * production: the API key that supabase-js sends (apikey header, or Authorization: Bearer) must be
 * the configured anon key.
 */
import { Hono } from 'hono';
import { handleContactRequest } from '../../backend/contact/handler.ts';
import { corsHeaders } from '../../backend/http.ts';
import type { ContactBackend } from '../contact-backend.ts';
import { clientAddress } from '../rate-limit.ts';

export function functionsRoutes(backend: ContactBackend) {
  const app = new Hono();

  app.all('/send-contact-email', async (c) => {
    const request = c.req.raw;
    if (request.method !== 'OPTIONS') {
      const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
      const key = c.req.header('apikey') ?? bearer;
      if (key !== backend.anonKey) {
        const origin = c.req.header('origin');
        const cors = origin && backend.deps.allowedOrigins.includes(origin) ? corsHeaders(origin) : {};
        return c.json({ ok: false, error: 'Clé d’API absente ou invalide.' }, 401, cors);
      }
    }
    return handleContactRequest(request, backend.deps, clientAddress(c, { trustProxy: backend.trustProxy }));
  });

  app.all('*', (c) => c.json({ ok: false, error: 'Fonction inconnue.' }, 404));
  return app;
}
