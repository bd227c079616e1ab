/**
 * POST /functions/v1/consent-proof: the proof of each cookie choice, answered by the same handler as
 * the Supabase edge function (backend/consent/handler.ts) and stored by public.record_consent_proof,
 * which holds the per-client rate limit (backend/consent/proof-store.ts). Browsers of the configured embed
 * origins may call it too (the consent widget embedded on another site). The anon key is checked as for
 * the other functions (server/api-key.ts), as Supabase's gateway does.
 */
import { Hono } from 'hono';
import { CONSENT_RATE_LIMIT, handleConsentProof } from '../../backend/consent/handler.ts';
import { consentProofStore } from '../../backend/consent/proof-store.ts';
import { CONSENT_PROOF_PATH } from '../../core/consent/proof.ts';
import type { RateLimitOptions } from '../../backend/rate-limit.ts';
import { corsHeaders } from '../../backend/http.ts';
import type { Store } from '../database.ts';
import { clientAddress } from '../rate-limit.ts';
import { API_KEY_MESSAGE, requireApiKey } from '../api-key.ts';

export interface ConsentRouteOptions {
  /** The anon key the widgets send (SUPABASE_ANON_KEY). */
  anonKey: string;
  allowedOrigins?: readonly string[];
  limit?: Pick<RateLimitOptions, 'limit' | 'windowMs'>;
  /** Reverse proxies in front (TRUST_PROXY): clients are then read from X-Forwarded-For, from the right. */
  trustProxy?: number;
}

export function consentRoutes(
  store: Store,
  { anonKey, allowedOrigins = [], limit = CONSENT_RATE_LIMIT, trustProxy = 0 }: ConsentRouteOptions,
) {
  const app = new Hono();
  const proofs = consentProofStore(store.db, { rateLimit: limit });
  const deps = {
    allowedOrigins,
    record: proofs.record,
    log: (message: string, error?: unknown) => console.error(message, error ?? ''),
  };

  app.all(
    CONSENT_PROOF_PATH,
    requireApiKey(anonKey, (c) => {
      const origin = c.req.header('origin');
      const cors = origin && allowedOrigins.includes(origin) ? corsHeaders(origin) : {};
      return c.json({ ok: false, error: API_KEY_MESSAGE }, 401, cors);
    }),
    (c) => handleConsentProof(c.req.raw, deps, clientAddress(c, { trustProxy })),
  );
  return app;
}
