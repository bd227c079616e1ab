/**
 * POST /functions/v1/consent-proof: the proof of each cookie choice, answered by the same handler as
 * the Supabase edge function (backend/consent/handler.ts) and stored by public.record_consent_proof,
 * which holds the per-client rate limit (backend/consent/store.ts). Browsers of the configured embed
 * origins may call it too (the consent widget embedded on another site).
 */
import { Hono } from 'hono';
import { CONSENT_RATE_LIMIT, handleConsentProof } from '../../backend/consent/handler.ts';
import { consentProofStore } from '../../backend/consent/store.ts';
import { CONSENT_PROOF_PATH } from '../../core/consent/proof.ts';
import type { RateLimitOptions } from '../../backend/rate-limit.ts';
import type { Store } from '../store.ts';
import { clientAddress } from '../rate-limit.ts';

export interface ConsentRouteOptions {
  allowedOrigins?: readonly string[];
  limit?: Pick<RateLimitOptions, 'limit' | 'windowMs'>;
  /** Count clients by X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
}

export function consentRoutes(
  store: Store,
  { allowedOrigins = [], limit = CONSENT_RATE_LIMIT, trustProxy = false }: ConsentRouteOptions = {},
) {
  const app = new Hono();
  const proofs = consentProofStore(store.db, { rateLimit: limit });
  const deps = {
    allowedOrigins,
    record: proofs.record,
    log: (message: string, error?: unknown) => console.error(message, error ?? ''),
  };

  app.all(CONSENT_PROOF_PATH, (c) => handleConsentProof(c.req.raw, deps, clientAddress(c, { trustProxy })));
  return app;
}
