/**
 * The company's details live once, in content/site.json (« Prix et coordonnées » in the CMS): a text of
 * content/ cites them with a placeholder an editor can read, « {e-mail} », « {horaires} », which the
 * build, the CMS's preview and DENTY's index replace with the current value. A changed address is then
 * one line of site.json, and every page, the FAQ and the structured data follow.
 */
import type { SiteConfig } from '../common/config.ts';

type Company = SiteConfig['company'];

interface Detail {
  /** What the editor's guide says it becomes. */
  describes: string;
  value(company: Company): string;
  /** In Markdown, a link (« mailto: », « tel: ») rather than text. */
  link?(text: string): string;
  /** A phrase that begins with a capital only at the start of a sentence (« Du lundi… », « … du lundi… »). */
  sentence?: boolean;
}

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase('fr-FR') + text.slice(1);

const countryName = (code: string) => new Intl.DisplayNames(['fr-FR'], { type: 'region' }).of(code) ?? code;

/** The placeholders, by the name an editor types between braces. */
export const companyDetails: Record<string, Detail> = {
  'e-mail': {
    describes: 'l’adresse e-mail de contact (un lien dans le texte d’une page ou d’un article)',
    value: (company) => company.email,
    link: (text) => `mailto:${text}`,
  },
  téléphone: {
    describes: 'le téléphone (un lien d’appel dans le texte d’une page ou d’un article)',
    value: (company) => company.phone,
    link: (text) => `tel:${text.replace(/[^+\d]/g, '')}`,
  },
  adresse: {
    describes: 'l’adresse postale : rue, code postal, ville et pays',
    value: ({ address }) => `${address.street}, ${address.postalCode} ${address.city}, ${countryName(address.country)}`,
  },
  horaires: {
    describes: 'les horaires, ligne après ligne (« du lundi au vendredi : 9 h – 18 h ; samedi : … »)',
    value: ({ hours }) =>
      hours.map((row, index) => `${index ? lowerFirst(row.days) : row.days} : ${lowerFirst(row.hours)}`).join(' ; '),
    sentence: true,
  },
  'raison sociale': { describes: 'la raison sociale (« Dentivo SAS »)', value: (company) => company.legalName },
  capital: { describes: 'le capital social', value: (company) => company.identifiers.capital },
  siren: { describes: 'le numéro SIREN', value: (company) => company.identifiers.siren },
  rcs: {
    describes: 'l’immatriculation au RCS (« RCS Lyon 912 345 678 »)',
    value: ({ identifiers }) => `RCS ${identifiers.rcsCity} ${identifiers.siren}`,
  },
  tva: { describes: 'le numéro de TVA intracommunautaire', value: (company) => company.identifiers.vat },
  'délai de réponse': {
    describes: 'le délai de réponse du support (« 24 h »)',
    value: (company) => company.supportResponse,
  },
};

/** `{name}`: lowercase words, as an editor writes a placeholder (an unknown one is refused, not shown). */
const PLACEHOLDER = /\{([a-zà-ÿ][a-zà-ÿ -]{0,30})\}/g;
/** Where a phrase starts a sentence: the text's start, after . ! ?, or at a line's start (list, quote, cell). */
const SENTENCE_START = /(?:[.!?…]\s+|(?:^|\n)[ \t]*(?:[-*+>|][ \t]*|\d+[.)][ \t]+)?)$/;
/** Inside a link's address or text, or right after « mailto: »: the value alone. */
const IN_LINK = /[([:]$/;

/** The details' current values, by placeholder name. */
export function companyValues(company: Company): Record<string, string> {
  return Object.fromEntries(Object.entries(companyDetails).map(([name, detail]) => [name, detail.value(company)]));
}

/**
 * `text` with its placeholders replaced; in Markdown (`markdown: true`) the e-mail and the phone become
 * links where they stand on their own. Unknown names are left as written (the checks name them).
 */
export function resolveDetails(text: string, values: Record<string, string>, markdown = false): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, offset: number) => {
    const detail = companyDetails[name];
    const value = values[name];
    if (!detail || value === undefined) return whole;
    const before = text.slice(0, offset);
    const shown = detail.sentence && !SENTENCE_START.test(before) ? lowerFirst(value) : value;
    return markdown && detail.link && !IN_LINK.test(before) ? `[${shown}](${detail.link(value)})` : shown;
  });
}

/** Every string of `value` (front matter, shared copy) with its placeholders replaced. */
export function withDetails<T>(value: T, values: Record<string, string>): T {
  if (typeof value === 'string') return resolveDetails(value, values) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withDetails(item, values)) as T;
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDetails(item, values)])) as T;
}

/** The placeholders of `value` (any strings in it) that name no detail, as the build's problems. */
export function unknownDetails(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const [, name] of item.matchAll(PLACEHOLDER)) if (!(name! in companyDetails)) names.add(name!);
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (item && typeof item === 'object' && !(item instanceof Date)) Object.values(item).forEach(visit);
  };
  visit(value);
  const known = Object.keys(companyDetails)
    .map((name) => `{${name}}`)
    .join(', ');
  return [...names].map((name) => `coordonnée inconnue « {${name}} » : écrivez l’une de ${known}`);
}
