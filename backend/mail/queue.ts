/**
 * The mail queue of supabase/migrations (public.mail_outbox) as the workers see it: claim due mails
 * under a lease and a token (for update skip locked, so two workers never get the same one), then
 * mark each sent or failed. The back-off after a failure is the database's one policy
 * (public.mail_retry_delay); no worker keeps its own.
 */
import type { Database } from '../db.ts';

export type MailKind = 'contact_team' | 'contact_ack' | 'assistant_team' | 'team_digest';

export interface ClaimedMail {
  id: string;
  kind: MailKind;
  lockToken: string;
  /** This attempt's number, 1 for the first. */
  attempts: number;
  /** The source the mail is written from (a contact request or an assistant message), as stored. */
  payload: Record<string, unknown>;
}

export interface FailedMail {
  status: 'pending' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
}

export interface MailQueue {
  claim(limit: number, leaseSeconds?: number): Promise<ClaimedMail[]>;
  /** False when the lease was lost (another worker holds the mail now): nothing changed. */
  sent(mail: ClaimedMail): Promise<boolean>;
  /** Undefined when the lease was lost. */
  failed(mail: ClaimedMail, error: string): Promise<FailedMail | undefined>;
  /** Forgets rate-limit buckets that are full again; returns how many. */
  pruneRateLimits(): Promise<number>;
}

export function mailQueue(db: Database): MailQueue {
  return {
    async claim(limit, leaseSeconds = 300) {
      const { rows } = await db.query<{
        id: string;
        kind: MailKind;
        lock_token: string;
        attempts: number;
        payload: Record<string, unknown> | string;
      }>('select * from public.claim_pending_mails($1::integer, $2::integer)', [limit, leaseSeconds]);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        lockToken: row.lock_token,
        attempts: row.attempts,
        payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      }));
    },
    async sent(mail) {
      const { rows } = await db.query<{ done: boolean }>('select public.mark_mail_sent($1::bigint, $2::uuid) as done', [
        mail.id,
        mail.lockToken,
      ]);
      return rows[0]?.done === true;
    },
    async failed(mail, error) {
      const { rows } = await db.query<{
        status: 'pending' | 'failed';
        attempts: number;
        next_attempt_at: Date | string;
      }>('select * from public.mark_mail_failed($1::bigint, $2::uuid, $3::text)', [mail.id, mail.lockToken, error]);
      const row = rows[0];
      return row && { status: row.status, attempts: row.attempts, nextAttemptAt: new Date(row.next_attempt_at) };
    },
    async pruneRateLimits() {
      const { rows } = await db.query<{ pruned: number }>('select public.prune_rate_limits() as pruned');
      return rows[0]?.pruned ?? 0;
    },
  };
}
