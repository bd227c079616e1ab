/** Decap's French interface, with a few words put the way our editors speak. */
import { fr } from 'decap-cms-locales';

type Phrases = Record<string, Record<string, unknown>>;

export function frenchPhrases(): Record<string, unknown> {
  const phrases = structuredClone(fr) as Phrases;
  const merge = (path: string[], values: Record<string, string>) => {
    let node = phrases as Record<string, unknown>;
    for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
    Object.assign(node, values);
  };
  // « ＋ article » needs a glyph many fonts lack; the form's label_singular carries the article (« un article »).
  merge(['collection', 'collectionTop'], {
    newButton: 'Ajouter %{collectionLabel}',
    newButtonAriaLabel: 'Ajouter %{collectionLabel}',
  });
  // The rule's own words follow (from the schemas): « Le champ Titre : au moins 10 caractères. »
  merge(['editor', 'editorControlPane', 'widget'], { regexPattern: 'Le champ %{fieldLabel} : %{pattern}.' });
  return phrases;
}
