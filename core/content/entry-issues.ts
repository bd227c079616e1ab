/**
 * Why an entry of the CMS cannot be shown yet, said field by field in the form's own French labels with
 * what to do (« Titre pour les moteurs de recherche : 72 caractères, maximum 58. Raccourcissez-le. »):
 * what the preview shows instead of the page (cms/previews/register.tsx). The reasons are the schema's
 * own, so the preview, the save check and the build agree (docs/decisions/0051-saves-keep-the-file.md).
 */
import { z } from 'zod';
import { fieldLabels, itemLabels, sectionLabels } from './cms-labels.ts';

type Issue = z.core.$ZodIssue;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const characters = (count: number) => `${count} caractère${count > 1 ? 's' : ''}`;

/** The value at `path` in `data`. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

/**
 * The field as the form names it: « Titre », « Questions fréquentes de l’article n° 2, Réponse »,
 * « Section 3 (Cartes de fonctionnalités), Icône ».
 */
export function placeInForm(path: readonly PropertyKey[], data: unknown): string {
  const parts: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const key = path[index];
    if (typeof key === 'number') {
      if (parts.length) parts[parts.length - 1] += ` n° ${key + 1}`;
      continue;
    }
    const name = String(key);
    const next = path[index + 1];
    if (name === 'sections' && typeof next === 'number') {
      const type = String((valueAt(data, path.slice(0, index + 2)) as { type?: unknown } | undefined)?.type ?? '');
      parts.push(`Section ${next + 1}${sectionLabels[type] ? ` (${sectionLabels[type]})` : ''}`);
      index++;
      continue;
    }
    parts.push(fieldLabels[name] ?? name);
  }
  return parts.join(', ') || 'Entrée';
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());

/** One sentence for one of the schema's refusals. */
function sentence(issue: Issue, data: unknown): string {
  const value = valueAt(data, issue.path);
  const place = placeInForm(issue.path, data);
  const last = [...issue.path].reverse().find((key) => typeof key === 'string');
  const item = itemLabels[String(last)] ?? 'élément';
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(value) ? `${place} : à remplir.` : `${place} : valeur illisible, saisissez-la de nouveau.`;
    case 'too_small':
      if (issue.origin === 'string')
        return isEmpty(value) || Number(issue.minimum) <= 1
          ? `${place} : à remplir.`
          : `${place} : ${characters(String(value).length)}, au moins ${issue.minimum}. Complétez-le.`;
      if (issue.origin === 'array')
        return `${place} : ajoutez au moins ${issue.minimum} ${item}${Number(issue.minimum) > 1 ? 's' : ''}.`;
      return `${place} : au moins ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string')
        return `${place} : ${characters(String(value).length)}, maximum ${issue.maximum}. Raccourcissez-le.`;
      if (issue.origin === 'array') return `${place} : ${issue.maximum} au plus, retirez-en.`;
      return `${place} : ${issue.maximum} au plus.`;
    case 'invalid_value':
    case 'invalid_union':
      return isEmpty(value) ? `${place} : à choisir.` : `${place} : choisissez une valeur de la liste.`;
    case 'invalid_format':
      return isEmpty(value) ? `${place} : à remplir.` : `${place} : attendu ${issue.message}.`;
    case 'custom':
      // The schema's own sentence (a refinement), which already says what to do: without the code's names.
      return `${place} : ${issue.message.replace(/\s*\((seoTitle|seoDescription)\)/g, '')}.`;
    default:
      return `${place} : ${issue.message}.`;
  }
}

/** Every reason `schema` refuses `data`, one sentence each in the form's words; empty when it is valid. */
export function entryIssues(schema: z.ZodType, data: unknown): string[] {
  // zod's French words for a check the schema gave no message of its own.
  const result = schema.safeParse(data, { error: z.locales.fr().localeError });
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => capitalize(sentence(issue, data))))];
}

/**
 * What Decap's form holds, as the file will hold it: empty optional fields are left out on save
 * (`omit_empty_optional_fields`), so an emptied « Titre pour les moteurs de recherche » is not a
 * too-short one.
 */
export function withoutEmptyFields(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => !isEmpty(value))
      .map(([key, value]) => [key, withoutEmptyIn(value)]),
  );
}

/** Inside groups and lists of groups too (a section's emptied surtitle); a list's own words stay. */
function withoutEmptyIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item && typeof item === 'object' ? withoutEmptyIn(item) : item));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return withoutEmptyFields(value as Record<string, unknown>);
  return value;
}
