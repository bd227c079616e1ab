/**
 * What visitors leave is kept for a time, not forever (docs/decisions/0060-uploads-streamed-kept-for-a-time.md):
 * unanswered questions and uploads are deleted ASSISTANT_RETENTION_DAYS after they came (90 by default),
 * and at most ASSISTANT_MAX_UNANSWERED unanswered questions are kept (the newest). The workers run it: the
 * embedded server's mail loop every minute, the `send-contact-email` function on its /retry schedule.
 * Ideas and voice-note messages stay (the team acts on them); a voice note's file goes with the uploads.
 */
import type { Database } from '../db.ts';

export interface Retention {
  /** Days an upload or an unanswered question is kept. */
  days: number;
  /** Unanswered questions kept at most, the newest. */
  maxUnanswered: number;
}

export const DEFAULT_RETENTION: Retention = { days: 90, maxUnanswered: 10_000 };

export interface Pruned {
  unanswered: number;
  /** The embedded server's uploads that left the register (`bucket/path`): their files are to delete. */
  uploads: string[];
}

/** One round: at most `batch` of each are deleted (a long backlog goes over several rounds). */
export async function pruneAssistantData(db: Database, retention: Retention, batch = 1000): Promise<Pruned> {
  const { rows } = await db.query<{ kind: string; path: string }>(
    'select * from public.prune_assistant_data($1::integer, $2::integer, $3::integer)',
    [retention.days, retention.maxUnanswered, batch],
  );
  return {
    unanswered: rows.filter((row) => row.kind === 'unanswered').length,
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

/** ASSISTANT_RETENTION_DAYS and ASSISTANT_MAX_UNANSWERED, or the French reason they are refused. */
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
  return { days, maxUnanswered };
}
