/**
 * The one thing the backend asks of a database: run a parameterised statement, a script, a
 * transaction. PGlite satisfies it as it is; a real PostgreSQL through `postgres` (postgres.js) does
 * through `backend/db-postgres.ts`. So the embedded server (PGlite or DATABASE_URL) and the Supabase
 * edge functions (SUPABASE_DB_URL) call the SQL functions of supabase/migrations with the same code
 * (docs/decisions/0022-postgres-is-the-contract.md).
 *
 * Values cross as text where drivers differ: statements cast bigint ids to text, and JSON parameters
 * are sent as text and cast in SQL (`$1::text::jsonb`).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A script of several statements, without parameters (migrations). */
  exec(script: string): Promise<unknown>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** The SQLSTATE of a database error (PGlite and postgres.js both set `code`), if it is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * A value the contract refused (SQLSTATE class 22, data exception, or 23514, check violation): the
 * caller's mistake, answered with a 4xx. Anything else (connection lost, database down) is a 503.
 */
export function refusedByContract(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && (state.startsWith('22') || state === '23514' || state === '23502');
}

/** A rate limit as the SQL functions take it: requests per window, in whole seconds. */
export interface RateLimitSetting {
  limit: number;
  windowMs: number;
}

export function rateLimitParams(rate: RateLimitSetting | undefined | false): [number | null, number | null] {
  return rate ? [rate.limit, Math.max(1, Math.round(rate.windowMs / 1000))] : [null, null];
}
