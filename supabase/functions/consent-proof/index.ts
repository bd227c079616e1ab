/**
 * Supabase Edge Function `consent-proof` (DECISIONS.md, "Consent"): the production twin of
 * POST /functions/v1/consent-proof of the embedded server, with the same handler
 * (backend/consent/handler.ts). The consent widget posts each choice here from the site's origin, so that
 * origin (SITE_URL) and those of CORS_ORIGINS are allowed. Deployment: README.md, "Supabase: the
 * `consent-proof` function".
 *
 * Secrets: SITE_URL, CORS_ORIGINS. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are given by Supabase.
 */
import { createClient } from '@supabase/supabase-js';
import site from '../../../content/site.json' with { type: 'json' };
import { CONSENT_RATE_LIMIT, consentProofRow, handleConsentProof } from '../../../backend/consent/handler.ts';
import type { ConsentProofInput } from '../../../core/consent/proof.ts';
import { forwardedClient } from '../../../backend/http.ts';
import { RateLimiter } from '../../../backend/rate-limit.ts';

const env = (name: string) => Deno.env.get(name) ?? '';
const supabase = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: { persistSession: false, autoRefreshToken: false },
});
const siteUrl = env('SITE_URL') || site.siteUrl;

const deps = {
  /** public.consent_proofs through PostgREST with the service-role key (RLS keeps visitors out). */
  async insert(proof: ConsentProofInput) {
    const { error } = await supabase.from('consent_proofs').insert(consentProofRow(proof));
    if (error) throw new Error(error.message);
  },
  allowedOrigins: [
    new URL(siteUrl).origin,
    ...env('CORS_ORIGINS')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ],
  // One isolate's memory: a first barrier; Supabase may run several isolates.
  limiter: new RateLimiter(CONSENT_RATE_LIMIT),
};

export const handler = (request: Request) => handleConsentProof(request, deps, forwardedClient(request));

if (import.meta.main) Deno.serve(handler);
