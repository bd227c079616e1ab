/**
 * The Supabase edge functions run under Deno too: the `deno` npm package (a binary, installed by
 * .ci/run with --no-save, or by hand: `npm install --no-save deno`) type-checks the functions'
 * index.ts and runs the Deno tests of supabase/functions/tests/ (PGlite with the migrations, nodemailer
 * to a real SMTP server, the assistant on the index the build wrote). Node modules come from this
 * project's node_modules: nothing is downloaded.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');

function run(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      deno,
      args,
      { cwd: root, timeout: 240_000, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe.skipIf(!existsSync(deno))(
  'send-contact-email, consent-proof et assistant sous Deno (runtime des edge functions Supabase)',
  () => {
    it('le code des fonctions passe la vérification de types de Deno', async () => {
      const { code, output } = await run([
        'check',
        'supabase/functions/send-contact-email/index.ts',
        'supabase/functions/consent-proof/index.ts',
        'supabase/functions/assistant/index.ts',
      ]);
      expect(code, output).toBe(0);
    }, 240_000);

    it('leurs tests Deno passent : stockage une seule fois, 4xx sans stockage, e-mails, limite, relance, preuve de consentement, assistant', async () => {
      const { code, output } = await run(['test', '--allow-all', 'supabase/functions/tests/']);
      expect(code, output).toBe(0);
      expect(output).toMatch(/ok \| 5 passed \| 0 failed/);
    }, 240_000);
  },
);
