/**
 * The embedded server's side of the retention (backend/assistant/retention.ts): the database says which
 * uploads left the register, and their files and metadata are deleted here; temporary files an
 * interrupted upload left behind go after an hour. Run by the mail loop's maintenance, every minute.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../backend/db.ts';
import { ConfigError } from '../core/common/config.ts';
import { UPLOADS_BUCKET, UPLOADS_TOTAL_BYTES, isUploadPath } from '../core/assistant/uploads.ts';
import { parseRetention, pruneAssistantData, type Pruned, type Retention } from '../backend/assistant/retention.ts';

export interface RetentionSettings extends Retention {
  /** Bytes all uploads kept may take together. */
  uploadsTotalBytes: number;
}

/** ASSISTANT_RETENTION_DAYS, ASSISTANT_MAX_UNANSWERED and UPLOADS_MAX_TOTAL_MB; a bad value stops the server. */
export function retentionFromEnv(env: Record<string, string | undefined>): RetentionSettings {
  const retention = parseRetention((name) => env[name]);
  if (typeof retention === 'string') throw new ConfigError(`Configuration invalide :\n- ${retention}`);
  const raw = env.UPLOADS_MAX_TOTAL_MB?.trim();
  if (raw && !/^\d{1,7}$/.test(raw))
    throw new ConfigError(
      `Configuration invalide :\n- UPLOADS_MAX_TOTAL_MB (variable d’environnement) : « ${raw} » n’est pas un nombre de mégaoctets, par exemple 2048`,
    );
  return { ...retention, uploadsTotalBytes: raw ? Number(raw) * 1024 * 1024 : UPLOADS_TOTAL_BYTES };
}

/** One round: the database's deletions, then the files of the uploads that left the register. */
export async function pruneUploadsAndQuestions(
  db: Database,
  uploadsDir: string,
  retention: Retention,
): Promise<Pruned> {
  const pruned = await pruneAssistantData(db, retention);
  for (const key of pruned.uploads) {
    // The register holds `bucket/path` as the storage validated it (server/routes/storage.ts); checked again.
    const [bucket, ...rest] = key.split('/');
    if (bucket !== UPLOADS_BUCKET || !isUploadPath(rest.join('/'))) continue;
    await rm(join(uploadsDir, key), { force: true });
    await rm(join(uploadsDir, '.meta', `${key}.json`), { force: true });
  }
  const partial = join(uploadsDir, '.partial');
  const names = await readdir(partial).catch(() => [] as string[]);
  for (const name of names) {
    const info = await stat(join(partial, name)).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > 60 * 60_000) await rm(join(partial, name), { force: true });
  }
  return pruned;
}
