/**
 * The stored consent record checked whole by its schema (record.ts), compiled to a function
 * (record.check.ts, written by `npm run checks`). The browser loads it once the page is idle, or when a
 * widget shows or changes the choice (widgets/consent/store.ts), never before the first paint:
 * docs/decisions/0075-consent-checked-at-idle.md.
 */
import { problemOf, type CompiledCheck } from '../common/compiled-check.ts';
import type { StoredConsentRecord } from './record.ts';
import type { ConsentRecord } from './rules.ts';
import checkRecord from './record.check.ts';

const isStoredRecord = checkRecord as CompiledCheck<StoredConsentRecord>;

const unreadable = (field: string) =>
  new TypeError(`Choix de cookies enregistré illisible (${field ? `champ ${field}` : 'pas un objet'})`);

/** The stored record, checked by the compiled schema of record.ts; unknown fields are dropped. Throws naming the first bad field. */
export function parseConsentRecord(value: unknown): ConsentRecord {
  if (!isStoredRecord(value)) throw unreadable(problemOf(isStoredRecord));
  return value;
}
