/**
 * Supabase Edge Function `consent-proof` (docs/requirements.md#consent-proof): the production twin of
 * POST /functions/v1/consent-proof of the embedded server, with the same handler and store
 * (backend/consent/). The consent widget posts each choice here from the site's origin, so that origin
 * (SITE_URL) and those of CORS_ORIGINS are allowed. Deployment: docs/deployment.md, "Supabase: the
 * `consent-proof` function".
 *
 * The database is reached directly (SUPABASE_DB_URL, or DATABASE_URL for the transaction pooler) and
 * written through public.record_consent_proof, whose rate limit holds across isolates
 * (docs/decisions/0035-edge-functions-connect-to-postgres.md).
 *
 * Secrets: SITE_URL, CORS_ORIGINS. SUPABASE_DB_URL is given by Supabase.
 */
import site from '../../../content/site.json' with { type: 'json' };
import { CONSENT_RATE_LIMIT, handleConsentProof } from '../../../backend/consent/handler.ts';
import { consentProofStore } from '../../../backend/consent/proof-store.ts';
import { connectPostgres } from '../../../backend/db-postgres.ts';
import { forwardedClient } from '../../../backend/http.ts';

const env = (name: string) => Deno.env.get(name) ?? '';
const db = connectPostgres(env('DATABASE_URL') || env('SUPABASE_DB_URL'), { max: 1, applicationName: 'consent-proof' });
const siteUrl = env('SITE_URL') || site.siteUrl;
const proofs = consentProofStore(db, { rateLimit: CONSENT_RATE_LIMIT });

const deps = {
  record: proofs.record,
  allowedOrigins: [
    new URL(siteUrl).origin,
    ...env('CORS_ORIGINS')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ],
};

export const handler = (request: Request) => handleConsentProof(request, deps, forwardedClient(request));

/** Ends the database connections (tests; the runtime ends an isolate on its own). */
export const close = () => db.close();

if (import.meta.main) Deno.serve(handler);
