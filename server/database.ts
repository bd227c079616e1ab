/**
 * The embedded server's database: PGlite (embedded Postgres, nothing to install) on a data directory or
 * in memory by default, or a real PostgreSQL when DATABASE_URL is set (several servers may then share
 * it). Either way migrated at start with the same SQL files as production (supabase/migrations).
 */
import { PGlite } from '@electric-sql/pglite';
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../backend/db.ts';
import { connectPostgres } from '../backend/db-postgres.ts';

export interface Store {
  db: Database;
  engine: 'pglite' | 'postgresql';
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://… : a real PostgreSQL (DATABASE_URL); otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's folder; undefined = in memory. */
  dataDir?: string;
  migrationsDir: string;
  /** Connections at most to PostgreSQL. */
  maxConnections?: number;
}

export async function openStore({ databaseUrl, dataDir, migrationsDir, maxConnections }: StoreOptions): Promise<Store> {
  if (databaseUrl) {
    const db = connectPostgres(databaseUrl, { max: maxConnections ?? 10, applicationName: 'dentivo-serveur' });
    try {
      await migrate(db, migrationsDir);
    } catch (error) {
      await db.close();
      throw error;
    }
    return { db, engine: 'postgresql', close: () => db.close() };
  }
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  await migrate(db, migrationsDir);
  return { db, engine: 'pglite', close: () => db.close() };
}

/** Any lock number would do; this one is "dent" in ASCII, unlikely to be another application's. */
const MIGRATION_LOCK = 0x64656e74;

/**
 * Applies, in name order and once each, the .sql files not yet recorded in schema_migrations. Each file
 * runs in its own transaction under an advisory lock, so servers starting together on one database
 * apply it once. A file the Supabase CLI already applied (supabase_migrations.schema_migrations, same
 * timestamp) counts as applied, so a server may share Supabase's own database after `supabase db push`.
 */
export async function migrate(db: Database, migrationsDir: string): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK]);
    await tx.exec(
      `create table if not exists public.schema_migrations (name text primary key, applied_at timestamptz not null default now());
       alter table public.schema_migrations enable row level security;`,
    );
  });
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(join(migrationsDir, name), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK]);
      if ((await tx.query('select 1 from public.schema_migrations where name = $1::text', [name])).rows.length)
        return false;
      if (await appliedBySupabase(tx, name)) {
        await tx.query('insert into public.schema_migrations (name) values ($1::text)', [name]);
        return false;
      }
      await tx.exec(sql);
      await tx.query('insert into public.schema_migrations (name) values ($1::text)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

async function appliedBySupabase(tx: Pick<Database, 'query'>, name: string): Promise<boolean> {
  const version = /^(\d+)_/.exec(name)?.[1];
  if (!version) return false;
  const table = await tx.query<{ present: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as present",
  );
  if (!table.rows[0]?.present) return false;
  const found = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1::text', [
    version,
  ]);
  return found.rows.length > 0;
}
