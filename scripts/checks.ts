/**
 * `npm run checks`: writes the browser's compiled checks from their zod schemas (scripts/lib/compiled-checks.ts).
 * Run it after changing one of those schemas; the unit tests fail until it is run.
 */
import { writeFileSync } from 'node:fs';
import { COMPILED_CHECKS, compiledCheck } from './lib/compiled-checks.ts';

for (const { schema, name, source, file } of COMPILED_CHECKS) {
  writeFileSync(file, await compiledCheck(schema, name, source));
  console.log(`${file} ← ${name} (${source})`);
}
