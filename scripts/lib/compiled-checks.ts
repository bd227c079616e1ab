/**
 * The zod schemas the browser checks without zod (docs/decisions/0069-browser-checks-compiled-from-zod.md): the stored
 * consent record, read before every first paint, and the assistant's reply. Each is turned into JSON
 * Schema by zod (`z.toJSONSchema`), then into a standalone function by Ajv, written beside its schema as
 * `*.check.ts`. The schema stays the one rule: tests/unit/compiled-checks.test.ts fails when a written
 * check differs from what this file makes, and holds each check to its schema's verdicts.
 */
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { format, resolveConfig } from 'prettier';
import * as z from 'zod/mini';
import { webhookReply } from '../../core/assistant/contract.ts';
import { storedConsentRecord } from '../../core/consent/record.ts';

export const COMPILED_CHECKS = [
  {
    schema: storedConsentRecord,
    name: 'storedConsentRecord',
    source: 'core/consent/record.ts',
    file: 'core/consent/record.check.ts',
  },
  {
    schema: webhookReply,
    name: 'webhookReply',
    source: 'core/assistant/contract.ts',
    file: 'core/assistant/reply.check.ts',
  },
];

/**
 * Ajv's error objects keep only what `problemOf` (core/common/compiled-check.ts) reads, the path and the
 * missing property: the schema path, keyword and other parameters cost the reply's check a sixth of its
 * weight in every browser, and nobody reads them.
 */
function withoutErrorDetails(code: string): string {
  const trimmed = code
    .replace(/,schemaPath:"[^"]*",keyword:"\w+"/g, '')
    .replace(/,params:\{(?!missingProperty:)[^{}]*\}/g, '');
  if (/schemaPath|keyword:/.test(trimmed)) throw new Error('Code d’Ajv inattendu : erreurs non simplifiées.');
  return trimmed;
}

/** The check's source file: Ajv's code for the schema's JSON Schema, formatted as the repository is. */
export async function compiledCheck(schema: z.core.$ZodType, name: string, source: string): Promise<string> {
  // A transform has no JSON Schema and stops the build here. A refinement has none either, but zod
  // leaves it out without a word: rules the browser checks are patterns and bounds (see
  // core/assistant/contract.ts), and the verdict test holds each check to its schema on hostile samples.
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' });
  // zod counts a string's length in UTF-16 units, as `unicode: false` does; unknown fields are dropped, as
  // zod's objects do.
  const ajv = new Ajv({
    code: { source: true, esm: true },
    messages: false,
    unicode: false,
    removeAdditional: 'all',
    strict: true,
    // zod writes a date's rule twice, as a format and as a pattern: the pattern checks it.
    validateFormats: false,
    logger: false,
  });
  const code = withoutErrorDetails(standaloneCode(ajv, ajv.compile(json)));
  const exports = /^"use strict";export const validate = (\w+);export default \1;/.exec(code);
  if (!exports) throw new Error(`Code d’Ajv inattendu pour ${name} : ${code.slice(0, 80)}…`);
  const body = `${code.slice(exports[0].length)}\nexport default ${exports[1]};\n`;
  const header = `// Written by \`npm run checks\` from \`${name}\` of ${source}: do not edit.\n// @ts-nocheck -- Ajv's standalone code (scripts/lib/compiled-checks.ts)\n`;
  return format(header + body, { ...(await resolveConfig(source)), filepath: source });
}
