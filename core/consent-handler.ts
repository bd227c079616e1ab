/**
 * The consent-proof function (DECISIONS.md, "Consent"): every choice of the cookie banner or of
 * /gestion-cookies is posted as { consentId, analytics, marketing, policyVersion, chosenAt } and kept in
 * consent_proofs. Written once on the Web standard Request and Response, like send-contact-email, so the
 * embedded server and the Supabase edge function answer alike; the insert is injected.
 *
 * Nothing personal is accepted or stored: the schema refuses any other field, and the client key (the
 * address) serves only, in memory, to rate-limit.
 */
import { CONSENT_PROOF_PATH, consentProofSchema, type ConsentProofInput } from './consent.ts';
import { admitRequest, jsonResponse, readBody, retryDelayText } from './http.ts';
import type { RateDecision } from './rate-limit.ts';

export { CONSENT_PROOF_PATH };

/** A proof is about 200 bytes. */
export const MAX_CONSENT_PROOF_BYTES = 2048;
/** Light: a visitor makes a handful of choices, not dozens a minute. */
export const CONSENT_RATE_LIMIT = { limit: 20, windowMs: 60_000 };

export const CONSENT_MESSAGES = {
  stored: 'Preuve de consentement enregistrée.',
  origin: 'Origine non autorisée.',
  method: 'Méthode non autorisée : utilisez POST.',
  tooLarge: 'Preuve de consentement trop volumineuse.',
  unreadable: 'Preuve de consentement illisible : un objet JSON est attendu.',
  refused: (detail: string) => `Preuve de consentement refusée : ${detail}`,
  unavailable: 'Preuve de consentement non enregistrée : le service est momentanément indisponible.',
  rateLimited: (seconds: number) => `Trop de choix envoyés en peu de temps : réessayez dans ${retryDelayText(seconds)}.`,
} as const;

/** A proof as a row of public.consent_proofs (received_at is the database's own clock). */
export function consentProofRow(proof: ConsentProofInput) {
  return { consent_id: proof.consentId, analytics: proof.analytics, marketing: proof.marketing, policy_version: proof.policyVersion, chosen_at: proof.chosenAt };
}

export interface ConsentProofDeps {
  /** Stores one proof in consent_proofs. */
  insert(proof: ConsentProofInput): Promise<void>;
  /** Origins allowed to call from a browser, besides the function's own (the site, on a static host). */
  allowedOrigins: readonly string[];
  limiter?: { hit(key: string): RateDecision };
  log?: (message: string, error?: unknown) => void;
}

/**
 * The proof is posted as a keepalive beacon: its answers carry no Cache-Control (a POST answer is never
 * stored by a cache anyway), because Chromium never reports a keepalive request answered with no-store as
 * finished, which leaves any tool waiting for a quiet network waiting for ever.
 */
function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const answer = jsonResponse(status, body, headers);
  answer.headers.delete('cache-control');
  return answer;
}

/** The whole function: one Request in, one Response out. `clientKey` identifies the caller for the rate limit. */
export async function handleConsentProof(request: Request, deps: ConsentProofDeps, clientKey: string): Promise<Response> {
  const admission = admitRequest(request, { allowedOrigins: deps.allowedOrigins, limiter: deps.limiter, clientKey, messages: CONSENT_MESSAGES });
  if ('answer' in admission) {
    admission.answer.headers.delete('cache-control');
    return admission.answer;
  }
  const { cors } = admission;

  const body = await readBody(request, MAX_CONSENT_PROOF_BYTES);
  if (!body.ok) return body.reason === 'tooLarge' ? json(413, { ok: false, error: CONSENT_MESSAGES.tooLarge }, { ...cors, connection: 'close' }) : json(400, { ok: false, error: CONSENT_MESSAGES.unreadable }, cors);

  let data: unknown;
  try {
    data = JSON.parse(body.text);
  } catch {
    return json(400, { ok: false, error: CONSENT_MESSAGES.unreadable }, cors);
  }

  const parsed = consentProofSchema.safeParse(data);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => issue.message);
    return json(422, { ok: false, error: CONSENT_MESSAGES.refused(details[0] ?? ''), details }, cors);
  }

  try {
    await deps.insert(parsed.data);
  } catch (error) {
    deps.log?.('Enregistrement de la preuve de consentement impossible :', error);
    return json(503, { ok: false, error: CONSENT_MESSAGES.unavailable }, { ...cors, 'retry-after': '30' });
  }
  return json(201, { ok: true, message: CONSENT_MESSAGES.stored }, cors);
}
