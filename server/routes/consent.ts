/**
 * POST /functions/v1/consent-proof: the proof of each cookie choice, answered by the same handler as
 * the Supabase edge function (backend/consent/handler.ts) and stored in consent_proofs. Browsers of the
 * configured embed origins may call it too (the consent widget embedded on another site).
 */
import { Hono } from 'hono';
import { CONSENT_RATE_LIMIT, consentProofInsert, handleConsentProof } from '../../backend/consent/handler.ts';
import { CONSENT_PROOF_PATH, type ConsentProofInput } from '../../core/consent/proof.ts';
import type { RateLimitOptions } from '../../backend/rate-limit.ts';
import type { Store } from '../store.ts';
import { clientAddress, createRateLimiter } from '../rate-limit.ts';

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
  const limiter = createRateLimiter(limit);
  const deps = {
    allowedOrigins,
    limiter,
    async insert(proof: ConsentProofInput) {
      const { text, values } = consentProofInsert(proof);
      await store.db.query(text, values);
    },
    log: (message: string, error?: unknown) => console.error(message, error ?? ''),
  };

  app.all(CONSENT_PROOF_PATH, (c) => handleConsentProof(c.req.raw, deps, clientAddress(c, { trustProxy })));
  return app;
}
