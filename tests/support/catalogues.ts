/**
 * The strings the widgets render in the browser and the messages the server and the edge function send:
 * text that never meets the build's page transform (docs/decisions/0006-french-typography-at-build.md).
 * Read by tests/unit/catalogue-typography.test.ts (each string typeset in its source) and
 * tests/unit/spec-texts.test.ts (the specification's texts, verbatim).
 */
import { auditMessage } from '../../core/blog/audit.ts';
import { PROFESSION_LABELS, RESULT_TEXTS, SUBJECT_LABELS } from '../../core/contact/fields.ts';
import { CONTACT_MESSAGES, LIMIT_MESSAGES, REQUEST_MESSAGES, TESTER_MESSAGES } from '../../core/contact/messages.ts';
import { buttonTexts, texts as assistantTexts } from '../../widgets/assistant/texts.ts';
import { texts as blogTexts } from '../../widgets/blog/texts.ts';
import { texts as consentTexts } from '../../widgets/consent/texts.ts';
import { texts as formTexts } from '../../widgets/forms/texts.ts';

/** The catalogue's functions that take a count, a delay or a status, and the one that takes file names. */
const NUMERIC = new Set(['fixErrors', 'recordingSeconds', 'textTooLong', 'fileRefusedReason', 'rateLimited']);
const LISTS = new Set(['tooManyFiles']);
/** Arguments each kind of function is tried with (names of a product, an assistant, a file). */
const samples = (name: string): unknown[][] =>
  NUMERIC.has(name)
    ? [[1], [2], [45], [600], [413], [429], [1500]]
    : LISTS.has(name)
      ? [[['radio.png']], [['radio.png', 'devis.pdf']]]
      : [['Dentivo', 'DENTY']];

/** Every string of a catalogue, with where it is; functions are called with the samples of their kind. */
export function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function')
    return samples(path.split('.').pop()!).map((args) => [
      `${path}(${JSON.stringify(args).slice(1, -1)})`,
      String((value as (...args: unknown[]) => unknown)(...args)),
    ]);
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  return [];
}

/** The forms' own catalogues, the specification's messages apart. */
export const formCatalogues = { formTexts, RESULT_TEXTS, LIMIT_MESSAGES, REQUEST_MESSAGES };

export const catalogues = {
  ...formCatalogues,
  SUBJECT_LABELS,
  PROFESSION_LABELS,
  CONTACT_MESSAGES,
  TESTER_MESSAGES,
  consentTexts,
  blogTexts,
  assistantTexts,
  buttonTexts,
  auditMessage: [0, 4, 6, 8].map((score) => auditMessage(score, 'Dentivo')),
};

/** Every string of every catalogue: [where, text]. */
export const catalogueStrings = (): [string, string][] =>
  Object.entries(catalogues).flatMap(([name, catalogue]) => strings(catalogue, name));
