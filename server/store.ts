/**
 * The embedded Postgres (PGlite): opened on a data directory, migrated with the same SQL files as
 * production (supabase/migrations), closed on shutdown.
 */
import { PGlite } from '@electric-sql/pglite';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface Store {
  db: PGlite;
  close(): Promise<void>;
}

export async function openStore(dataDir: string | undefined, migrationsDir: string): Promise<Store> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  await migrate(db, migrationsDir);
  return { db, close: () => db.close() };
}

/** Applies, in name order and once each, the .sql files not yet recorded in schema_migrations. */
export async function migrate(db: PGlite, migrationsDir: string): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((row) => row.name),
  );
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(join(migrationsDir, name), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    });
    applied.push(name);
  }
  return applied;
}
