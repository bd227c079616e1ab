/**
 * Proofs of consent in Postgres, through public.record_consent_proof (supabase/migrations): the
 * per-client rate limit and the insert in one transaction, shared by every server and edge function
 * on the database.
 */
import type { ConsentProofInput } from '../../core/consent/proof.ts';
import { rateLimitParams, refusedByContract, type Database, type RateLimitSetting } from '../db.ts';

export type ConsentRecordOutcome =
  { kind: 'stored' } | { kind: 'rateLimited'; retryAfterSeconds: number } | { kind: 'refused' };

export function consentProofStore(db: Database, { rateLimit }: { rateLimit?: RateLimitSetting | false } = {}) {
  const [limit, windowSeconds] = rateLimitParams(rateLimit);
  return {
    async record(proof: ConsentProofInput, clientKey: string): Promise<ConsentRecordOutcome> {
      let result;
      try {
        result = await db.query<{ outcome: string; retry_after_seconds: number | null }>(
          `select * from public.record_consent_proof($1::uuid, $2::boolean, $3::boolean, $4::text, $5::timestamptz,
             $6::text, $7::integer, $8::integer)`,
          [
            proof.consentId,
            proof.analytics,
            proof.marketing,
            proof.policyVersion,
            proof.chosenAt,
            clientKey,
            limit,
            windowSeconds,
          ],
        );
      } catch (error) {
        if (refusedByContract(error)) return { kind: 'refused' };
        throw error;
      }
      const answer = result.rows[0];
      if (answer?.outcome === 'stored') return { kind: 'stored' };
      if (answer?.outcome === 'rate_limited')
        return { kind: 'rateLimited', retryAfterSeconds: answer.retry_after_seconds ?? 1 };
      throw new Error(`record_consent_proof : réponse inattendue ${JSON.stringify(answer)}`);
    },
  };
}
