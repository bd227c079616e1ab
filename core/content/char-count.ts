/**
 * The live count under a title or a description in the CMS (cms/fields/counted.tsx), against the limits
 * the content schemas of core/ hold: the field's own length checks, and for an article's title and
 * summary the length search engines show whole, which the schema's refinement asks for only when the
 * shorter « pour les moteurs de recherche » field is empty (core/blog/post.ts).
 */

/** The limits a counted field carries in the CMS's configuration (core/content/cms-collections.ts). */
export interface CharLimits {
  min?: number;
  max?: number;
  /** What results show whole, unless the editor filled the shorter field named `field` (its label). */
  search?: { max: number; field: string; label: string };
}

export interface CharCount {
  /** « 54 / 60 caractères »: shown under the field, read with it by a screen reader. */
  count: string;
  /** Whether a limit is passed: the count turns to the warning colour. */
  over: boolean;
  /**
   * What to do, when a limit is passed: the same words while the count changes, so a screen reader
   * announces it once (aria-live) and not at each key.
   */
  advice: string;
}

const characters = (count: number) => `${count} caractère${count > 1 ? 's' : ''}`;

/**
 * The count of `text` against `limits`; `searchFieldFilled` says whether the shorter field for search
 * engines holds something (then only the field's own limits count).
 */
export function charCount(text: string, limits: CharLimits, searchFieldFilled = false): CharCount {
  const length = text.length;
  const search = limits.search && !searchFieldFilled ? limits.search : undefined;
  const shown = search && (limits.max === undefined || search.max < limits.max) ? search.max : limits.max;
  let count = shown === undefined ? characters(length) : `${length} / ${characters(shown)}`;
  if (limits.min && length < limits.min) count += `, au moins ${limits.min}`;
  if (limits.max !== undefined && length > limits.max)
    return { count, over: true, advice: `Trop long : ${characters(limits.max)} au plus. Raccourcissez le texte.` };
  if (search && length > search.max)
    return {
      count,
      over: true,
      advice: `Les moteurs de recherche coupent ce texte au-delà de ${characters(search.max)} : raccourcissez-le, ou remplissez le champ « ${search.label} ».`,
    };
  return { count, over: false, advice: '' };
}
