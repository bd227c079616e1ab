/**
 * A zod schema of core/ compiled for the browser by `npm run checks` (scripts/lib/compiled-checks.ts):
 * Ajv's standalone function, true or false, which leaves its first problem in `errors` (its path, and
 * the property a missing field's error names: scripts/lib/compiled-checks.ts keeps nothing else).
 */
export interface CompiledCheck<T> {
  (value: unknown): value is T;
  errors?: { instancePath: string; params?: { missingProperty?: string } }[] | null;
}

/** Where the last failed run of `check` stopped, as a dotted path (`files.0.url`); '' for the value itself. */
export function problemOf(check: CompiledCheck<unknown>): string {
  const error = check.errors?.[0];
  return error
    ? [...error.instancePath.split('/').slice(1), error.params?.missingProperty ?? ''].filter(Boolean).join('.')
    : '';
}
