/**
 * The embedded server's side of the retention (backend/assistant/retention.ts): the database says which
 * uploads left the register, and their files and metadata are deleted here; temporary files an
 * interrupted upload left behind go after an hour. Run by the mail loop's maintenance, every minute.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../backend/db.ts';
import { ConfigError } from '../core/common/config.ts';
import { UPLOADS_BUCKET } from '../core/assistant/uploads.ts';
import { parseRetention, pruneAssistantData, type Pruned, type Retention } from '../backend/assistant/retention.ts';
import { diskStore } from './routes/storage.ts';

/** ASSISTANT_RETENTION_DAYS, ASSISTANT_MAX_UNANSWERED, ASSISTANT_MAX_MESSAGES and UPLOADS_MAX_TOTAL_MB; a bad value stops the server. */
export function retentionFromEnv(env: Record<string, string | undefined>): Retention {
  const retention = parseRetention((name) => env[name]);
  if (typeof retention === 'string') throw new ConfigError(`Configuration invalide :\n- ${retention}`);
  return retention;
}

/** One round: the database's deletions, then the files of the uploads that left the register. */
export async function pruneUploadsAndQuestions(
  db: Database,
  uploadsDir: string,
  retention: Retention,
): Promise<Pruned> {
  const pruned = await pruneAssistantData(db, retention);
  // The register holds `bucket/path` as the server named it; the store checks the name again.
  const names = pruned.uploads.filter((key) => key.startsWith(`${UPLOADS_BUCKET}/`));
  await diskStore(uploadsDir).remove(names.map((key) => key.slice(UPLOADS_BUCKET.length + 1)));
  const partial = join(uploadsDir, '.partial');
  const temporary = await readdir(partial).catch(() => [] as string[]);
  for (const name of temporary) {
    const info = await stat(join(partial, name)).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > 60 * 60_000) await rm(join(partial, name), { force: true });
  }
  return pruned;
}
