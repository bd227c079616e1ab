/** The admin's words (cms/locale.ts): Decap's French, completed where it has none, so no English shows. */
import { describe, expect, it } from 'vitest';

describe('The CMS speaks French', () => {
  it('has a French phrase for every phrase of Decap’s English interface', async () => {
    const { default: en } = await import('decap-cms-locales/dist/esm/en/index.js');
    const { frenchPhrases } = await import('../../cms/locale.ts');
    const french = frenchPhrases();
    const missing: string[] = [];
    const walk = (english: unknown, ours: unknown, path: string[]) => {
      for (const [key, value] of Object.entries(english as Record<string, unknown>))
        if (value && typeof value === 'object') walk(value, (ours as Record<string, unknown>)?.[key], [...path, key]);
        else if ((ours as Record<string, unknown> | undefined)?.[key] === undefined)
          missing.push([...path, key].join('.'));
    };
    walk(en, french, []);
    expect(missing).toEqual([]);
  });

  it('speaks of the review flow without the translation’s typos, a colon with its space', async () => {
    const { frenchPhrases } = await import('../../cms/locale.ts');
    const text = JSON.stringify(frenchPhrases());
    expect(text).not.toMatch(/modications|mofications|Statut:/);
    const toolbar = (frenchPhrases().editor as Record<string, Record<string, string>>).editorToolbar!;
    expect(toolbar.status).toBe('Statut : %{status}');
    expect(toolbar.inReview).toBe('En relecture');
    expect((frenchPhrases().app as Record<string, Record<string, string>>).header!.media).toBe('Images');
  });

  it('names no « entrée », « ressource » nor « slug », and reads no widget’s code name aloud', async () => {
    const { frenchPhrases } = await import('../../cms/locale.ts');
    const phrases: string[] = [];
    const walk = (node: unknown): void => {
      for (const value of Object.values(node as Record<string, unknown>))
        if (typeof value === 'string') phrases.push(value);
        else walk(value);
    };
    walk(frenchPhrases());
    // « Ctrl+Entrée » is the key.
    expect(
      phrases.filter((phrase) => /\bentrées?\b|ressources?|slug/i.test(phrase.replace('Ctrl+Entrée', ''))),
    ).toEqual([]);
    const field = (frenchPhrases().editor as Record<string, Record<string, Record<string, string>>>).editorControl!
      .field!;
    expect(field.widgetLabel).toBe('');
  });
});
