/**
 * Strings the widgets render in the browser, and the messages the server and the edge function send,
 * never meet the build's page transform: they carry French typography in their source
 * (docs/decisions/0006-french-typography-at-build.md). Each is held here to what the typesetter
 * (core/common/typography.ts) would make of it, and the forms' own texts to one wording of « e‑mail ».
 */
import { describe, expect, it } from 'vitest';
import { frenchTypography } from '../../core/common/typography.ts';
import { catalogueStrings, formCatalogues, strings } from '../support/catalogues.ts';

describe('the widgets’ and the forms’ strings are typeset in their source', () => {
  const all = catalogueStrings();

  it('finds the strings it checks', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('each string is what the typesetter makes of it', () => {
    const untypeset = all
      .filter(([, text]) => frenchTypography(text) !== text)
      .map(([path, text]) => `${path} : ${JSON.stringify(text)} → ${JSON.stringify(frenchTypography(text))}`);
    expect(untypeset).toEqual([]);
  });

  it('the forms’ own texts write « e‑mail » as the labels do (the specification’s messages keep its « email »)', () => {
    const plain = Object.entries(formCatalogues)
      .flatMap(([name, catalogue]) => strings(catalogue, name))
      .filter(([, text]) => /\be-?mail/i.test(text));
    expect(plain).toEqual([]);
  });
});
