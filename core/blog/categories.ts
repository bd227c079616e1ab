/**
 * The blog's five categories (docs/requirements.md#blog-categories), without zod: the list pages'
 * inline script and the search island need them at first load.
 */
import { slugKey } from '../common/slug.ts';

export const categories = ['Gestion', 'Soins', 'Communication', 'Équipe & Organisation', 'Réglementation'] as const;
export type Category = (typeof categories)[number];

const keys = new Map<string, string>();

/** URL- and file-safe key of a category, for image names ("Équipe & Organisation" → "equipe-organisation"). */
export function categoryKey(name: Category): string {
  let key = keys.get(name);
  if (key === undefined) keys.set(name, (key = slugKey(name)));
  return key;
}
