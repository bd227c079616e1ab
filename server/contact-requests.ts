/**
 * public.contact_requests on the embedded Postgres: the insert of the send-contact-email function,
 * and the read-only list the team looks at (npm run inbox).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { SubmissionRow } from '../core/contact/schema.ts';
import type { SubmissionStore } from '../backend/contact/handler.ts';
import type { StoredRequest } from '../backend/contact/mail.ts';

/** `mailEnabled`: with no SMTP configured, rows are stored as 'skipped' rather than waiting for a mail. */
export function contactRequestStore(db: PGlite, { mailEnabled }: { mailEnabled: boolean }): SubmissionStore {
  return {
    async insert(row: SubmissionRow, idempotencyKey: string | undefined) {
      const result = await db.query<{ id: string }>(
        `insert into contact_requests (type, full_name, email, company, phone, subject, message, city, profession, team_size, created_at, idempotency_key, mail_status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         on conflict (idempotency_key) do nothing
         returning id::text as id`,
        [
          row.type,
          row.full_name,
          row.email,
          row.company,
          row.phone,
          row.subject,
          row.message,
          row.city,
          row.profession,
          row.team_size,
          row.created_at,
          idempotencyKey ?? null,
          mailEnabled ? 'pending' : 'skipped',
        ],
      );
      const inserted = result.rows[0];
      if (inserted) return { id: inserted.id, duplicate: false };
      const existing = await db.query<{ id: string }>(
        'select id::text as id from contact_requests where idempotency_key = $1',
        [idempotencyKey],
      );
      return { id: existing.rows[0]?.id ?? '', duplicate: true };
    },
  };
}

export interface InboxEntry extends StoredRequest {
  received_at: string | Date;
  mail_status: 'pending' | 'sent' | 'skipped' | 'failed';
  mail_attempts: number;
  mail_last_error: string | null;
}

export const REQUEST_COLUMNS = `id::text as id, type, full_name, email, company, phone, subject, message, city, profession, team_size, created_at, received_at,
  mail_status, mail_attempts, mail_last_error`;

/** The latest requests, newest first (read only). */
export async function latestRequests(db: PGlite, limit = 20, type?: 'contact' | 'tester'): Promise<InboxEntry[]> {
  const bounded = Math.min(500, Math.max(1, Math.trunc(limit) || 20));
  const result = type
    ? await db.query<InboxEntry>(
        `select ${REQUEST_COLUMNS} from contact_requests where type = $1 order by received_at desc, id desc limit $2`,
        [type, bounded],
      )
    : await db.query<InboxEntry>(
        `select ${REQUEST_COLUMNS} from contact_requests order by received_at desc, id desc limit $1`,
        [bounded],
      );
  return result.rows;
}

export async function countRequests(db: PGlite): Promise<number> {
  const result = await db.query<{ count: number }>('select count(*)::int as count from contact_requests');
  return result.rows[0]?.count ?? 0;
}
