/**
 * A real PostgreSQL as a `Database` (backend/db.ts), through postgres.js: the embedded server with
 * DATABASE_URL (Node) and the Supabase edge functions with SUPABASE_DB_URL (Deno, `npm:postgres`).
 *
 * Prepared statements are off, so a transaction pooler (Supabase's Supavisor on port 6543, PgBouncer)
 * works as well as a direct connection; NOTICEs (`create table if not exists` on a second run) are
 * not printed.
 */
import postgres from 'postgres';
import type { Database, Queryable } from './db.ts';

export interface PostgresOptions {
  /** Connections at most in the pool (an edge function needs few: one request at a time per isolate). */
  max?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
}

export interface PostgresDatabase extends Database {
  close(): Promise<void>;
}

type Client = postgres.Sql | postgres.TransactionSql;

function queryable(client: Client): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const rows = await client.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return { rows: [...rows] as T[] };
    },
    exec: (script) => client.unsafe(script),
  };
}

export function connectPostgres(url: string, { max = 10, applicationName = 'dentivo' }: PostgresOptions = {}) {
  const sql = postgres(url, {
    max,
    prepare: false,
    onnotice: () => undefined,
    idle_timeout: 30,
    connect_timeout: 15,
    connection: { application_name: applicationName },
  });
  const database: PostgresDatabase = {
    ...queryable(sql),
    async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      return (await sql.begin((tx) => work(queryable(tx)))) as T;
    },
    close: () => sql.end({ timeout: 5 }),
  };
  return database;
}
