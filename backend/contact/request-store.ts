/**
 * Contact and tester requests in Postgres, through public.submit_contact_request (supabase/migrations):
 * idempotency, the per-client rate limit, the lengths and the queued mails are the database's, in one
 * transaction, whichever backend calls and however many of them share the database.
 */
import type { SubmissionRow } from '../../core/contact/schema.ts';
import { rateLimitParams, refusedByContract, type Database, type RateLimitSetting } from '../db.ts';

export type StoreOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'duplicate'; id: string }
  /** The Idempotency-Key is already stored with another request. */
  | { kind: 'conflict' }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  /** The database refused a value (a rule of the table); the handler's schema should have caught it. */
  | { kind: 'refused' };

export interface SubmissionStore {
  submit(row: SubmissionRow, call: { idempotencyKey?: string; clientKey: string }): Promise<StoreOutcome>;
}

export interface ContactStoreOptions {
  /** Queue the two mails of each new request; without SMTP, requests are stored as 'skipped'. */
  sendMails: boolean;
  /** Requests per client per window; false (or absent) = no limit. */
  rateLimit?: RateLimitSetting | false;
}

export function contactRequestStore(db: Database, { sendMails, rateLimit }: ContactStoreOptions): SubmissionStore {
  const [limit, windowSeconds] = rateLimitParams(rateLimit);
  return {
    async submit(row, { idempotencyKey, clientKey }) {
      let result;
      try {
        result = await db.query<{ outcome: string; request_id: string | null; retry_after_seconds: number | null }>(
          'select * from public.submit_contact_request($1::text::jsonb, $2::text, $3::text, $4::integer, $5::integer, $6::boolean)',
          [JSON.stringify(row), idempotencyKey ?? null, clientKey, limit, windowSeconds, sendMails],
        );
      } catch (error) {
        if (refusedByContract(error)) return { kind: 'refused' };
        throw error;
      }
      const answer = result.rows[0];
      switch (answer?.outcome) {
        case 'stored':
          return { kind: 'stored', id: answer.request_id! };
        case 'duplicate':
          return { kind: 'duplicate', id: answer.request_id! };
        case 'conflict':
          return { kind: 'conflict' };
        case 'rate_limited':
          return { kind: 'rateLimited', retryAfterSeconds: answer.retry_after_seconds ?? 1 };
        default:
          throw new Error(`submit_contact_request : réponse inattendue ${JSON.stringify(answer)}`);
      }
    },
  };
}
