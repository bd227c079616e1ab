/**
 * Strings the widgets render in the browser, and the messages the server and the edge function send,
 * never meet the build's page transform: they carry French typography in their source
 * (docs/decisions/0006-french-typography-at-build.md). Each is held here to what the typesetter
 * (core/common/typography.ts) would make of it, and the form messages to one wording of « e‑mail ».
 */
import { describe, expect, it } from 'vitest';
import { frenchTypography } from '../../core/common/typography.ts';
import { auditMessage } from '../../core/blog/audit.ts';
import { PROFESSION_LABELS, RESULT_TEXTS, SUBJECT_LABELS } from '../../core/contact/fields.ts';
import { FIELD_MESSAGES, LIMIT_MESSAGES, REQUEST_MESSAGES } from '../../core/contact/messages.ts';
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
function strings(value: unknown, path: string): [string, string][] {
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

const catalogues = {
  formTexts,
  RESULT_TEXTS,
  SUBJECT_LABELS,
  PROFESSION_LABELS,
  FIELD_MESSAGES,
  LIMIT_MESSAGES,
  REQUEST_MESSAGES,
  consentTexts,
  blogTexts,
  assistantTexts,
  buttonTexts,
  auditMessage: [0, 4, 6, 8].map((score) => auditMessage(score, 'Dentivo')),
};

describe('the widgets’ and the forms’ strings are typeset in their source', () => {
  const all = Object.entries(catalogues).flatMap(([name, catalogue]) => strings(catalogue, name));

  it('finds the strings it checks', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('each string is what the typesetter makes of it', () => {
    const untypeset = all
      .filter(([, text]) => frenchTypography(text) !== text)
      .map(([path, text]) => `${path} : ${JSON.stringify(text)} → ${JSON.stringify(frenchTypography(text))}`);
    expect(untypeset).toEqual([]);
  });

  it('the form messages write « e‑mail » as the labels do', () => {
    const forms = Object.entries({ formTexts, RESULT_TEXTS, FIELD_MESSAGES, LIMIT_MESSAGES, REQUEST_MESSAGES });
    const plain = forms
      .flatMap(([name, catalogue]) => strings(catalogue, name))
      .filter(([, text]) => /\be-?mail/i.test(text));
    expect(plain).toEqual([]);
  });
});
