/** A fresh PGlite with the project's migrations, as Supabase's Postgres has them after `supabase db push`. */
import { PGlite } from '@electric-sql/pglite';

const migrations = new URL('../../migrations/', import.meta.url);

export async function database(): Promise<PGlite> {
  const db = await PGlite.create();
  const names = [...Deno.readDirSync(migrations)]
    .map((entry) => entry.name)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const name of names) await db.exec(await Deno.readTextFile(new URL(name, migrations)));
  return db;
}
