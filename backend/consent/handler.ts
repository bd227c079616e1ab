/**
 * The consent-proof function (docs/decisions/0013-proof-of-consent.md): every choice of the cookie banner or of
 * /gestion-cookies is posted as { consentId, analytics, marketing, policyVersion, chosenAt } and kept in
 * consent_proofs. Written once on the Web standard Request and Response, like send-contact-email, so the
 * embedded server and the Supabase edge function answer alike; the insert is injected.
 *
 * Nothing personal is accepted or stored: the schema refuses any other field, and the client key (the
 * address) serves only the rate limit, which public.record_consent_proof keeps as a hash until the
 * client's bucket is full again (backend/consent/proof-store.ts).
 */
import { consentProofSchema, type ConsentProofInput } from '../../core/consent/proof.ts';
import { admitRequest, jsonResponse as json, readJson, retryDelayText, unreadableBody } from '../http.ts';
import type { ConsentRecordOutcome } from './proof-store.ts';

/** A proof is about 200 bytes. */
export const MAX_CONSENT_PROOF_BYTES = 2048;
/** Light: a visitor makes a handful of choices, not dozens a minute. */
export const CONSENT_RATE_LIMIT = { limit: 20, windowMs: 60_000 };

export const CONSENT_MESSAGES = {
  stored: 'Preuve de consentement enregistrée.',
  origin: 'Origine non autorisée.',
  method: 'Méthode non autorisée : utilisez POST.',
  tooLarge: 'Preuve de consentement trop volumineuse.',
  encoding: 'Preuve de consentement illisible : un objet JSON est attendu.',
  json: 'Preuve de consentement illisible : un objet JSON est attendu.',
  refused: (detail: string) => `Preuve de consentement refusée : ${detail}`,
  unavailable: 'Preuve de consentement non enregistrée : le service est momentanément indisponible.',
  rateLimited: (seconds: number) =>
    `Trop de choix envoyés en peu de temps : réessayez dans ${retryDelayText(seconds)}.`,
} as const;

export interface ConsentProofDeps {
  /** Stores one proof in consent_proofs under the client's rate limit (backend/consent/proof-store.ts). */
  record(proof: ConsentProofInput, clientKey: string): Promise<ConsentRecordOutcome>;
  /** Origins allowed to call from a browser, besides the function's own (the site, on a static host). */
  allowedOrigins: readonly string[];
  log?: (message: string, error?: unknown) => void;
}

/** The whole function: one Request in, one Response out. `clientKey` identifies the caller for the rate limit. */
export async function handleConsentProof(
  request: Request,
  deps: ConsentProofDeps,
  clientKey: string,
): Promise<Response> {
  const admission = admitRequest(request, {
    allowedOrigins: deps.allowedOrigins,
    clientKey,
    messages: CONSENT_MESSAGES,
  });
  if ('answer' in admission) return admission.answer;
  const { cors } = admission;

  const body = await readJson(request, MAX_CONSENT_PROOF_BYTES);
  if (!body.ok) return unreadableBody(body.reason, CONSENT_MESSAGES, cors);

  const parsed = consentProofSchema.safeParse(body.data);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => issue.message);
    return json(422, { ok: false, error: CONSENT_MESSAGES.refused(details[0] ?? ''), details }, cors);
  }

  let outcome: ConsentRecordOutcome;
  try {
    outcome = await deps.record(parsed.data, clientKey);
  } catch (error) {
    deps.log?.('Enregistrement de la preuve de consentement impossible :', error);
    return json(503, { ok: false, error: CONSENT_MESSAGES.unavailable }, { ...cors, 'retry-after': '30' });
  }
  if (outcome.kind === 'rateLimited')
    return json(
      429,
      { ok: false, error: CONSENT_MESSAGES.rateLimited(outcome.retryAfterSeconds) },
      { ...cors, 'retry-after': String(outcome.retryAfterSeconds) },
    );
  if (outcome.kind === 'refused')
    return json(422, { ok: false, error: CONSENT_MESSAGES.refused('valeur refusée par la base.') }, cors);
  return json(201, { ok: true, message: CONSENT_MESSAGES.stored }, cors);
}
