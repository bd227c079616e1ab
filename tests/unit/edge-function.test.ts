/**
 * The Supabase edge functions run under Deno too: the `deno` npm package (a binary, installed by
 * .ci/run with --no-save, or by hand: `npm install --no-save deno`) type-checks the functions'
 * index.ts and runs the Deno tests of supabase/functions/tests/: the shared handlers on PGlite with the
 * migrations, the assistant on the index the build wrote, and the contact and consent functions' own
 * index.ts (their production wiring: SUPABASE_DB_URL, postgres.js, nodemailer) on a real PostgreSQL
 * made here in a throw-away cluster. Node modules come from this
 * project's node_modules: nothing is downloaded. Without deno, or without PostgreSQL, the tests say so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { findPostgres, startCluster, type Cluster } from '../support/postgres.ts';

const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');
const postgres = findPostgres();
if (!postgres.available)
  console.warn(`Câblage de production des edge functions non testé sur PostgreSQL : ${postgres.reason}.`);

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      deno,
      args,
      { cwd: root, timeout: 240_000, env: { ...process.env, NO_COLOR: '1', ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

// Deno is optional (a 100 MB binary): without it the run says why these tests are skipped, and how to run them.
const withoutDeno = existsSync(deno) ? '' : ' — sautés : Deno absent (npm install --no-save deno pour les lancer)';
if (withoutDeno) console.warn(`Edge functions non testées sous Deno${withoutDeno}.`);

describe.skipIf(Boolean(withoutDeno))(
  `send-contact-email, consent-proof et assistant sous Deno (runtime des edge functions Supabase)${withoutDeno}`,
  () => {
    let cluster: Cluster | undefined;
    beforeAll(async () => {
      if (postgres.available) cluster = await startCluster(postgres);
    }, 120_000);
    afterAll(() => cluster?.stop());

    it('le code des fonctions passe la vérification de types de Deno', async () => {
      const { code, output } = await run([
        'check',
        'supabase/functions/send-contact-email/index.ts',
        'supabase/functions/consent-proof/index.ts',
        'supabase/functions/assistant/index.ts',
      ]);
      expect(code, output).toBe(0);
    }, 240_000);

    it('leurs tests Deno passent : gestionnaires sur PGlite, assistant, index.ts de production sur PostgreSQL', async () => {
      const env: Record<string, string> = cluster
        ? { TEST_DATABASE_URL: await cluster.createDatabase('fonctions') }
        : {};
      const { code, output } = await run(['test', '--allow-all', 'supabase/functions/tests/'], env);
      expect(code, output).toBe(0);
      // Without PostgreSQL the two production tests are reported ignored, with the reason in their names.
      expect(output).toMatch(cluster ? /ok \| 13 passed \| 0 failed/ : /ok \| 10 passed \| 0 failed \| 3 ignored/);
    }, 240_000);
  },
);
