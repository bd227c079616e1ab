/**
 * A throw-away PostgreSQL for the tests: a cluster made by initdb in a temporary folder, started on a
 * free loopback port, stopped and deleted at the end (also when a test fails; and when the test
 * process dies, the server's shell sees its stdin pipe close and stops the server).
 *
 * The binaries come from POSTGRES_BIN (a folder with initdb and postgres), else Debian's
 * /usr/lib/postgresql/<version>/bin (15 first, as the package `postgresql-15` installs), else
 * `pg_config --bindir` (POSTGRES_BIN=none leaves PostgreSQL out). PostgreSQL refuses to run as root: as root, the cluster belongs to the
 * `postgres` user and is run through `runuser`. Where no PostgreSQL is found, `findPostgres()` says
 * why, and the tests report themselves skipped with that reason.
 *
 * Each test file makes its own database (`createDatabase`), migrated by the server's own code, with
 * Supabase's roles (anon, authenticated, service_role) created once per cluster.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chownSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPostgres, type PostgresDatabase } from '../../backend/db-postgres.ts';
import { migrate } from '../../server/database.ts';

const root = join(import.meta.dirname, '..', '..');
export const MIGRATIONS_DIR = join(root, 'supabase', 'migrations');

export type PostgresInstall =
  { available: true; bin: string; version: string; asUser?: string } | { available: false; reason: string };

function binariesIn(dir: string): boolean {
  return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));
}

/** Where PostgreSQL's binaries are, or why there are none. */
export function findPostgres(): PostgresInstall {
  if (process.env.POSTGRES_BIN === 'none')
    return { available: false, reason: 'POSTGRES_BIN=none : PostgreSQL écarté à la demande' };
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN) candidates.push(process.env.POSTGRES_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => (a === '15' ? -1 : b === '15' ? 1 : Number(b) - Number(a)));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on the PATH: the other places were the ones to look at.
  }
  const bin = candidates.find(binariesIn);
  if (!bin)
    return {
      available: false,
      reason:
        'PostgreSQL introuvable (ni POSTGRES_BIN, ni /usr/lib/postgresql/*/bin, ni pg_config) : installez postgresql-15 (apt-get install postgresql-15)',
    };
  const version = execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  if (process.getuid?.() !== 0) return { available: true, bin, version };
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return {
      available: false,
      reason: 'lancés en root sans utilisateur « postgres » : PostgreSQL refuse de tourner en root',
    };
  }
  return { available: true, bin, version, asUser: 'postgres' };
}

/** A port nobody listens on now (the server may still lose it to someone else: startCluster retries). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  version: string;
  /** A new database, migrated with supabase/migrations by the server's migrate() unless `migrated: false`; its URL. */
  createDatabase(prefix?: string, options?: { migrated?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

const until = async (check: () => Promise<boolean>, what: string, timeoutMs: number, log: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} : rien après ${timeoutMs / 1000} s.\n${log()}`);
};

/** Starts a fresh cluster. Patient (a busy machine can take seconds); never fails on a time it could reach. */
export async function startCluster(install: Extract<PostgresInstall, { available: true }>): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-pg-'));
  const as = (command: string, args: string[]): [string, string[]] =>
    install.asUser ? ['runuser', ['-u', install.asUser, '--', command, ...args]] : [command, args];
  if (install.asUser) {
    const uid = Number(execFileSync('id', ['-u', install.asUser], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', install.asUser], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const data = join(dir, 'data');
  let logFile = join(dir, 'postgres.log');
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '');
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.stdin?.end();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [initdb, initArgs] = as(join(install.bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    execFileSync(initdb, initArgs, { stdio: 'pipe' });
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      logFile = join(dir, `postgres-${attempt}.log`);
      // The shell stops the server (fast shutdown) when our stdin pipe closes: when stop() ends it, or
      // when this process dies without a word.
      const script = `"$0" -D "$1" -p "$2" -k "$3" -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 >>"$4" 2>&1 & pid=$!; cat >/dev/null; kill -INT $pid 2>/dev/null; wait $pid`;
      const [shell, shellArgs] = as('sh', [
        '-c',
        script,
        join(install.bin, 'postgres'),
        data,
        String(port),
        dir,
        logFile,
      ]);
      server = spawn(shell, shellArgs, { stdio: ['pipe', 'ignore', 'ignore'] });
      const started = await new Promise<boolean>((resolve) => {
        const timer = setInterval(() => {
          const log = tail();
          if (log.includes('ready to accept connections')) finish(true);
          else if (server!.exitCode !== null || /could not bind|could not create/i.test(log)) finish(false);
        }, 100);
        const deadline = setTimeout(() => finish(false), 60_000);
        function finish(ok: boolean) {
          clearInterval(timer);
          clearTimeout(deadline);
          resolve(ok);
        }
      });
      if (started) break;
      server.stdin?.end();
      if (attempt >= 3) throw new Error(`PostgreSQL ne démarre pas dans ${dir}.\n${tail()}`);
    }
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
    const admin = connectPostgres(url(), { max: 1, applicationName: 'dentivo-tests' });
    try {
      await until(
        () =>
          admin.query('select 1').then(
            () => true,
            () => false,
          ),
        'PostgreSQL ne répond pas',
        60_000,
        tail,
      );
      // Supabase's roles, once per cluster (roles belong to the cluster, not to a database).
      await admin.exec(`
        create role anon nologin noinherit;
        create role authenticated nologin noinherit;
        create role service_role nologin noinherit bypassrls;`);
    } finally {
      await admin.close();
    }
    let created = 0;
    return {
      url,
      version: install.version,
      async createDatabase(prefix = 'dentivo', { migrated = true } = {}) {
        const name = `${prefix}_${process.pid}_${++created}`;
        const owner = connectPostgres(url(), { max: 1, applicationName: 'dentivo-tests' });
        try {
          await owner.exec(`create database ${name}`);
        } finally {
          await owner.close();
        }
        if (migrated) {
          const db = connectPostgres(url(name), { max: 1, applicationName: 'dentivo-tests' });
          try {
            await migrate(db, MIGRATIONS_DIR);
          } finally {
            await db.close();
          }
        }
        return url(name);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Opens a database of the cluster as the server would (DATABASE_URL), with `max` connections. */
export function openDatabase(url: string, max = 10): PostgresDatabase {
  return connectPostgres(url, { max, applicationName: 'dentivo-tests' });
}
