/**
 * What visitors leave is kept for a time, not forever (docs/decisions/0060-uploads-streamed-kept-for-a-time.md):
 * what they leave with DENTY (unanswered questions, ideas, voice notes, votes on its replies) and their uploads are deleted
 * ASSISTANT_RETENTION_DAYS after they came (90 by default); at most ASSISTANT_MAX_UNANSWERED unanswered
 * questions and ASSISTANT_MAX_MESSAGES ideas and voice notes are kept (the newest). The workers run it: the
 * embedded server's mail loop every minute, the `send-contact-email` function on its /retry schedule.
 */
import type { Database } from '../db.ts';
import { UPLOADS_TOTAL_BYTES } from '../../core/assistant/uploads.ts';

export interface Retention {
  /** Days an upload or a message is kept. */
  days: number;
  /** Unanswered questions kept at most, the newest. */
  maxUnanswered: number;
  /** Ideas and voice notes kept at most, the newest. */
  maxMessages: number;
  /** Bytes all uploads kept may take together; past it, the oldest make room (public.reserve_upload). */
  uploadsTotalBytes: number;
}

export const DEFAULT_RETENTION: Retention = {
  days: 90,
  maxUnanswered: 10_000,
  maxMessages: 10_000,
  uploadsTotalBytes: UPLOADS_TOTAL_BYTES,
};

export interface Pruned {
  unanswered: number;
  /** Ideas and voice notes. */
  messages: number;
  /** Votes on replies and dismissed questions past the retention, day counts past 13 months, digests past a year. */
  feedback: number;
  /** The embedded server's uploads that left the register (`bucket/path`): their files are to delete. */
  uploads: string[];
}

/** One round: at most `batch` of each are deleted (a long backlog goes over several rounds). */
export async function pruneAssistantData(db: Database, retention: Retention, batch = 1000): Promise<Pruned> {
  const { rows } = await db.query<{ kind: string; path: string }>(
    'select * from public.prune_assistant_data($1::integer, $2::integer, $3::integer, $4::integer)',
    [retention.days, retention.maxUnanswered, retention.maxMessages, batch],
  );
  const feedback = await db.query<{ removed: number }>(
    'select removed from public.prune_assistant_feedback($1::integer)',
    [retention.days],
  );
  return {
    feedback: feedback.rows.reduce((sum, row) => sum + Number(row.removed), 0),
    unanswered: rows.filter((row) => row.kind === 'unanswered').length,
    messages: rows.filter((row) => row.kind !== 'unanswered' && row.kind !== 'upload').length,
    uploads: rows.filter((row) => row.kind === 'upload').map((row) => row.path),
  };
}

/** On Supabase: the bucket's objects past the retention, for Storage's API to remove (none elsewhere). */
export async function expiredBucketObjects(db: Database, retention: Retention, batch = 1000): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select name from public.expired_bucket_objects($1::integer, $2::integer)',
    [retention.days, batch],
  );
  return rows.map((row) => row.name);
}

/** ASSISTANT_RETENTION_DAYS, ASSISTANT_MAX_UNANSWERED, ASSISTANT_MAX_MESSAGES and UPLOADS_MAX_TOTAL_MB, or the French reason they are refused. */
export function parseRetention(env: (name: string) => string | undefined): Retention | string {
  const read = (name: string, fallback: number, min: number) => {
    const raw = env(name)?.trim();
    if (!raw) return fallback;
    return /^\d{1,7}$/.test(raw) && Number(raw) >= min ? Number(raw) : undefined;
  };
  const days = read('ASSISTANT_RETENTION_DAYS', DEFAULT_RETENTION.days, 1);
  if (days === undefined)
    return `ASSISTANT_RETENTION_DAYS (variable d’environnement) : « ${env('ASSISTANT_RETENTION_DAYS')} » n’est pas un nombre de jours (1 ou plus), par exemple 90`;
  const maxUnanswered = read('ASSISTANT_MAX_UNANSWERED', DEFAULT_RETENTION.maxUnanswered, 0);
  if (maxUnanswered === undefined)
    return `ASSISTANT_MAX_UNANSWERED (variable d’environnement) : « ${env('ASSISTANT_MAX_UNANSWERED')} » n’est pas un nombre de questions, par exemple 10000`;
  const maxMessages = read('ASSISTANT_MAX_MESSAGES', DEFAULT_RETENTION.maxMessages, 0);
  if (maxMessages === undefined)
    return `ASSISTANT_MAX_MESSAGES (variable d’environnement) : « ${env('ASSISTANT_MAX_MESSAGES')} » n’est pas un nombre de messages, par exemple 10000`;
  const totalMb = read('UPLOADS_MAX_TOTAL_MB', DEFAULT_RETENTION.uploadsTotalBytes / 1024 / 1024, 1);
  if (totalMb === undefined)
    return `UPLOADS_MAX_TOTAL_MB (variable d’environnement) : « ${env('UPLOADS_MAX_TOTAL_MB')} » n’est pas un nombre de mégaoctets, par exemple 2048`;
  return { days, maxUnanswered, maxMessages, uploadsTotalBytes: totalMb * 1024 * 1024 };
}
