/**
 * The CMS's collections, generated from the zod schemas of core/ (docs/decisions/0029-cms-for-editors.md):
 * one source of truth, so a field added to a schema appears in the editor's form by itself. The walk
 * reads each schema as zod exports it, `z.toJSONSchema()` (objects, arrays, enums, constants, unions,
 * records, required and default values, lengths and patterns), and knows a handful of fields by name
 * (images, long texts) or by place (references to the shared content, which become pickers).
 */
import { z } from 'zod';
import { page } from '../pages/page.ts';
import { siteConfig } from '../common/config.ts';
import { icon } from '../pages/sections.ts';
import { author, postFrontMatter } from '../blog/post.ts';
import {
  authorsFolder,
  pagesFolder,
  postsFolder,
  sharedFiles,
  sharedKeys,
  sharedPath,
  siteFile,
  type SharedKey,
} from './files.ts';
import { frenchTypography } from '../common/typography.ts';
import { ARTICLE_TITLE_MAX, SEO_DESCRIPTION_MAX } from '../common/seo.ts';
import type { CharLimits } from './char-count.ts';
import { companyDetails } from './company-details.ts';
import { fieldHints, fieldLabels, imageFields, itemLabels, multilineFields, sectionLabels } from './cms-labels.ts';

/** A field of Decap CMS's configuration (https://decapcms.org/docs/widgets/), as far as we use it. */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  pattern?: [string, string];
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  fields?: CmsField[];
  field?: CmsField;
  types?: CmsField[];
  typeKey?: string;
  summary?: string;
  collapsed?: boolean;
  options?: { label: string; value: string | number }[];
  multiple?: boolean;
  /** A live character count under the field (core/content/char-count.ts). */
  counter?: CharLimits;
  [setting: string]: unknown;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  folder?: string;
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  preview_path?: string;
  /** « Voir en direct » keeps the slashes of a page's own path (`/logiciel/agenda`). */
  preview_path_preserve_slashes?: boolean;
  sortable_fields?: (string | { field: string; default_sort?: 'asc' | 'desc' })[];
  view_filters?: { label: string; field: string; pattern: string | boolean }[];
  media_folder?: string;
  public_folder?: string;
  fields?: CmsField[];
  files?: (CmsCollection & { file: string; fields: CmsField[] })[];
}

/** The file formats the admin registers (cms/formats.ts): YAML as the build reads it, lists at a file's root. */
export const formats = {
  frontMatter: 'dentivo-front-matter',
  yaml: 'dentivo-yaml',
  json: 'dentivo-json',
  settings: 'dentivo-settings',
};
/** A shared file whose root is a list is edited as this one field. */
export const listFieldName = 'items';
/**
 * Where images go, under public/images/ (served from /images/): the articles' folder is the library's own,
 * so that the « Images » menu and an article's image field show the same images (its covers, and what is
 * uploaded from either); authors and pages have their own folders, whose libraries show the photos and
 * screenshots their entries use (docs/decisions/0050-uploaded-images-end-to-end.md).
 */
export const mediaFolder = 'public/images/blog';
const collectionMedia = {
  blog: mediaFolder,
  authors: 'public/images/avatars',
  pages: 'public/images/screens',
} as const;
/** Every folder an upload may be written to (the local backend checks it). */
export const mediaFolders: readonly string[] = Object.values(collectionMedia);
const publicPath = (folder: string) => folder.slice('public'.length);
/** Decap's per-collection folders: a leading « / » means from the repository's root. */
const mediaOf = (collection: keyof typeof collectionMedia) => ({
  media_folder: `/${collectionMedia[collection]}`,
  public_folder: publicPath(collectionMedia[collection]),
});

const sharedLabels: Record<SharedKey, string> = {
  faq: 'Questions fréquentes',
  testimonials: 'Témoignages',
  glossary: 'Glossaire',
  navigation: 'Menu et pied de page',
  solutions: 'Bloc « Découvrez toutes nos solutions »',
  audit: 'Audit express (articles)',
  articleExtras: 'Blocs communs des articles',
  assistantVocabulary: 'Vocabulaire de l’assistant DENTY',
};

const relation = (collection: string, valueField: string, searchFields: string[], more: Partial<CmsField> = {}) => ({
  widget: 'relation',
  collection,
  value_field: valueField,
  search_fields: searchFields,
  display_fields: searchFields.slice(0, 1),
  options_length: 100,
  ...more,
});
const sharedRelation = (key: SharedKey, value: string, search: string[], more: Partial<CmsField> = {}) =>
  relation(
    'shared',
    `${listFieldName}.*.${value}`,
    search.map((field) => `${listFieldName}.*.${field}`),
    {
      file: key,
      ...more,
    },
  );

/**
 * Fields whose value points into other content: pickers of what exists, so a reference cannot be wrong.
 * Keyed by place: collection, then field names (a section type counts as a name).
 */
const byPlace: Record<string, Partial<CmsField>> = {
  'pages.sections.testimonials.testimonials': sharedRelation('testimonials', 'id', ['author', 'quote'], {
    multiple: true,
  }),
  'pages.sections.glossary.terms': sharedRelation('glossary', 'term', ['term'], { multiple: true }),
  // « all », or a choice of entries: cms/fields/faq-questions.tsx.
  'pages.sections.faq.questions': sharedRelation('faq', 'id', ['question'], {
    widget: 'faq-questions',
    multiple: true,
    label: 'Questions de la FAQ affichées',
  }),
  'shared.assistantVocabulary.topics.price': {
    label: 'Sujet du prix : DENTY répond avec le montant s’il est affiché, sinon propose de le faire envoyer',
  },
  'blog.author': relation('authors', 'slug', ['name']),
  'shared.articleExtras.faq': sharedRelation('faq', 'id', ['question'], { multiple: true }),
  'shared.assistantVocabulary.topics.faq': sharedRelation('faq', 'id', ['question'], { multiple: true }),
  // « company » is a testimonial's practice elsewhere (cms-labels.ts). Texts cite these details by name
  // (core/content/company-details.ts): the hint lists the names.
  'settings.company': {
    label: 'Société et coordonnées',
    hint: `Écrites une seule fois ici : dans le texte d’une page, d’un article ou de la FAQ, écrivez ${Object.keys(
      companyDetails,
    )
      .map((name) => `{${name}}`)
      .join(', ')} et le site affiche la valeur d’ici.`,
  },
  // The company's networks: one address each (a record in the schema).
  'settings.company.social': {
    widget: 'object',
    collapsed: false,
    fields: [
      {
        name: 'linkedin',
        label: 'LinkedIn',
        widget: 'string',
        required: false,
        pattern: ['^https?://\\S+$', 'une adresse qui commence par https://'],
      },
    ],
  },
  // Filled when the article is saved (cms/save.ts), so a new article needs neither.
  'blog.id': { required: false, hint: 'Laissé vide, un numéro libre est attribué à l’enregistrement.' },
  'blog.slug': { required: false },
  // Not the article's hint (cms-labels.ts), which speaks of /blog/.
  'authors.slug': { hint: 'L’adresse de sa page : /auteur/ suivi de ce texte, en minuscules, chiffres et tirets.' },
  // A date to come schedules the article (core/blog/schedule.ts).
  'blog.publishDate': {
    required: false,
    hint: 'Laissée vide : la date du jour. Une date à venir programme l’article : il paraît sur le site ce jour-là.',
  },
};

/**
 * A schema as zod exports it (JSON Schema, the input a file holds), with what JSON Schema cannot say
 * added by `override`: the icon picker, a date, and a pattern's own message.
 */
interface Json {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  enum?: (string | number)[];
  const?: string | number;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  propertyNames?: Json;
  additionalProperties?: Json | boolean;
  'x-icon'?: true;
  'x-date'?: true;
  /** The message the schema gives when the pattern fails, if it gives its own. */
  'x-message'?: string;
}

/** Marks zod's default messages, which the form replaces by « format invalide ». */
const DEFAULT_MESSAGE = '\u0000';

function jsonOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, {
    io: 'input',
    // A date (YAML reads « 2026-01-05 » as one) has no JSON Schema: marked below.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const node = jsonSchema as Json;
      if (zodSchema === icon) node['x-icon'] = true;
      if (zodSchema instanceof z.ZodDate) node['x-date'] = true;
      if (node.type === 'string' && node.pattern) {
        // A message set on the check wins over the one passed to the parse (zod's precedence of errors).
        const result = z.safeParse(zodSchema, '\u0000', { error: () => DEFAULT_MESSAGE });
        const issue = result.error?.issues.find((found) => found.code === 'invalid_format');
        if (issue && issue.message !== DEFAULT_MESSAGE) node['x-message'] = issue.message;
      }
    },
  }) as Json;
}

/** A nullable value is an optional one for the editor: the null branch dropped. */
function withoutNull(node: Json): { inner: Json; nullable: boolean } {
  const options = node.anyOf?.filter((option) => option.type !== 'null');
  if (!options || options.length === node.anyOf!.length) return { inner: node, nullable: false };
  const { anyOf: _anyOf, ...rest } = node;
  return { inner: options.length === 1 ? { ...rest, ...options[0] } : { ...rest, anyOf: options }, nullable: true };
}

const lengthBounds = (min?: number, max?: number) => ({
  ...(min !== undefined && { min }),
  ...(max !== undefined && { max }),
});

function lengthPattern({ min, max }: { min?: number; max?: number }): [string, string] | undefined {
  if (!min && max === undefined) return undefined;
  if (min && max !== undefined) return [`^[\\s\\S]{${min},${max}}$`, `entre ${min} et ${max} caractères`];
  if (min) return [`^[\\s\\S]{${min},}$`, min === 1 ? 'obligatoire' : `au moins ${min} caractères`];
  return [`^[\\s\\S]{0,${max}}$`, `${max} caractères au plus`];
}

function stringField(name: string, node: Json): Partial<CmsField> {
  if (imageFields.has(name)) return { widget: 'image', choose_url: false };
  const { min, max } = lengthBounds(node.minLength, node.maxLength);
  let pattern: [string, string] | undefined;
  if (node.format === 'uri') pattern = ['^https?://\\S+$', 'une adresse qui commence par https://'];
  else if (node.format === 'email') pattern = ['^\\S+@\\S+\\.\\S+$', 'une adresse e-mail'];
  else if (node.pattern) pattern = [node.pattern, node['x-message'] ?? 'format invalide'];
  else pattern = lengthPattern({ min, max });
  // A field with a length limit counts its characters as the editor types (cms/fields/counted.tsx).
  const counter: CharLimits | undefined =
    max === undefined ? undefined : { ...(min !== undefined && min > 1 && { min }), max };
  return { widget: multilineFields.has(name) ? 'text' : 'string', ...(pattern && { pattern }), ...(counter && { counter }) };
}

/**
 * An article's title and summary may be longer than search results show whole, if the shorter field for
 * search engines is filled (core/blog/post.ts's refinement, with the same constants): their count says so.
 */
const searchLimits: Record<string, { max: number; field: string }> = {
  'blog.title': { max: ARTICLE_TITLE_MAX, field: 'seoTitle' },
  'blog.summary': { max: SEO_DESCRIPTION_MAX, field: 'seoDescription' },
};

/** zod's `int()` bounds every integer by the safe range: no limit an editor needs to see. */
const bound = (value: number | undefined) =>
  value === undefined || Math.abs(value) === Number.MAX_SAFE_INTEGER ? undefined : value;

function numberField(node: Json): Partial<CmsField> {
  const min = bound(node.minimum) ?? (node.exclusiveMinimum === undefined ? undefined : node.exclusiveMinimum + 1);
  const max = bound(node.maximum) ?? (node.exclusiveMaximum === undefined ? undefined : node.exclusiveMaximum - 1);
  return {
    widget: 'number',
    value_type: node.type === 'integer' ? 'int' : 'float',
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
  };
}

const option = (value: string | number) => ({ label: String(value), value });

const literalValues = (node: Json): (string | number)[] | undefined =>
  node.const !== undefined ? [node.const] : node.enum;

/** One object's fields, in the schema's order. */
export function fieldsOf(schema: z.ZodType, place: string, skip: string[] = []): CmsField[] {
  return objectFields(jsonOf(schema), place, skip);
}

function objectFields(node: Json, place: string, skip: string[] = []): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {})
    .filter(([name]) => !skip.includes(name))
    .map(([name, child]) => fieldFor(name, child, `${place}.${name}`, required.has(name)));
}

/** The editor field for one schema field. */
function fieldFor(name: string, node: Json, place: string, required: boolean): CmsField {
  const { inner, nullable } = withoutNull(node);
  const hint = fieldHints[name];
  const field: CmsField = {
    name,
    label: fieldLabels[name] ?? name,
    widget: 'string',
    required: required && !nullable && inner.default === undefined,
    ...(hint && { hint }),
    ...(inner.default !== undefined && { default: structuredClone(inner.default) }),
    ...shapeOf(name, inner, place),
    ...byPlace[place],
  };
  const search = searchLimits[place];
  if (search)
    field.counter = {
      ...(field.counter as CharLimits | undefined),
      search: { ...search, label: fieldLabels[search.field] ?? search.field },
    };
  // Decap stores an untouched boolean as nothing: say false, as the schema's reader assumes.
  if (field.widget === 'boolean' && field.default === undefined) field.default = false;
  if (field.widget === 'object' && field.required === false && field.fields)
    field.fields = field.fields.map(askNothing);
  return field;
}

/**
 * Decap checks a required field inside an optional group even when the group is left empty, so an
 * article without a callout could not be saved (decaporg/decap-cms#2103). Inside an optional group the
 * form asks for nothing; the save check (cms/save.ts) still refuses a group filled in halfway, with the
 * build's message.
 */
function askNothing(field: CmsField): CmsField {
  const { min: _min, max: _max, ...rest } = field;
  const relaxed: CmsField = { ...(field.widget === 'list' ? rest : field), required: false };
  if (field.widget === 'object' && field.fields) relaxed.fields = field.fields.map(askNothing);
  return relaxed;
}

function shapeOf(name: string, node: Json, place: string): Partial<CmsField> {
  if (node['x-icon']) return { widget: 'icon' };
  if (node['x-date']) return dateField();
  const values = literalValues(node);
  if (values)
    return values.length === 1
      ? { widget: 'hidden', default: values[0] }
      : { widget: 'select', options: values.map(option) };
  if (node.anyOf) return unionField(name, node.anyOf);
  switch (node.type) {
    case 'string':
      return stringField(name, node);
    case 'number':
    case 'integer':
      return numberField(node);
    case 'boolean':
      return { widget: 'boolean' };
    case 'array':
      return listField(name, node, place);
    case 'object': {
      const keys = node.propertyNames?.enum;
      // A record keyed by a fixed list (the clusters) is an object with one field per key.
      if (keys && typeof node.additionalProperties === 'object') {
        const value = node.additionalProperties;
        return {
          widget: 'object',
          collapsed: true,
          fields: keys.map((key) => ({ ...fieldFor(String(key), value, `${place}.${key}`, true), label: String(key) })),
        };
      }
      if (!node.properties) return { widget: 'json' };
      return { widget: 'object', collapsed: false, fields: objectFields(node, place) };
    }
    default:
      // unknown, any: edited as JSON and checked by the schema on save.
      return { widget: 'json' };
  }
}

function unionField(name: string, options: Json[]): Partial<CmsField> {
  const values = options.map(literalValues);
  if (values.every(Boolean)) return { widget: 'select', options: values.flat().map((value) => option(value!)) };
  if (options.some((item) => item['x-date'])) return dateField();
  if (options.every((item) => item.type === 'string')) return stringField(name, options.find((item) => !literalValues(item))!);
  return { widget: 'json' };
}

function dateField(): Partial<CmsField> {
  return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'DD/MM/YYYY', time_format: false, picker_utc: true };
}

/** The property every option of a discriminated union fixes to its own value (the sections' `type`). */
const discriminatorOf = (options: Json[]) =>
  Object.keys(options[0]?.properties ?? {}).find((key) =>
    options.every((item) => item.properties?.[key]?.const !== undefined),
  );

function listField(name: string, node: Json, place: string): Partial<CmsField> {
  const bounds = {
    ...lengthBounds(node.minItems, node.maxItems),
    ...(itemLabels[name] && { label_singular: itemLabels[name] }),
  };
  const element = withoutNull(node.items ?? {}).inner;
  const key = element.oneOf && discriminatorOf(element.oneOf);
  if (element.oneOf && key) {
    const types = element.oneOf.map((item) => {
      const value = String(item.properties![key]!.const);
      return {
        name: value,
        label: sectionLabels[value] ?? value,
        widget: 'object',
        summary: '{{fields.title}}',
        fields: objectFields(item, `${place}.${value}`, [key]),
      };
    });
    return { widget: 'list', typeKey: key, types, collapsed: true, ...bounds };
  }
  // A choice among fixed values (the categories an extra shows on): one select of several values.
  const choices = literalValues(element);
  if (choices && choices.length > 1)
    return { widget: 'select', multiple: true, options: choices.map(option), ...bounds };
  if (element.type === 'object' && element.properties) {
    const fields = objectFields(element, place);
    const first =
      fields.find((field) => summaryFields.includes(field.name)) ??
      fields.find((field) => ['string', 'relation'].includes(field.widget));
    return {
      widget: 'list',
      fields,
      collapsed: true,
      ...(first && { summary: `{{fields.${first.name}}}` }),
      ...bounds,
    };
  }
  const item = itemLabels[name];
  const field = fieldFor(name, element, `${place}[]`, true);
  // Open: a folded line of a list of words shows its label, not the word.
  return {
    widget: 'list',
    collapsed: false,
    field: item ? { ...field, label: item[0]!.toUpperCase() + item.slice(1) } : field,
    ...bounds,
  };
}

/** What names an item in a collapsed list, by preference. */
const summaryFields = ['title', 'question', 'term', 'name', 'label', 'author', 'text', 'days'];

const markdownBody = (label: string, required: boolean): CmsField => ({
  name: 'body',
  label,
  widget: 'markdown',
  required,
  // The site renders Markdown: images and headings in the text, no raw HTML.
  editor_components: ['image'],
  modes: ['rich_text', 'raw'],
  // The page's title is its only « Titre 1 »: the text starts at « Titre 2 » (the table of contents).
  // No strikethrough nor code: marks a dental practice's article never needs.
  buttons: ['bold', 'italic', 'link', 'heading-two', 'heading-three', 'quote', 'bulleted-list', 'numbered-list'],
});

/** The body right after what an article is first about (its title and summary), not below twenty settings. */
function bodyAfter(fields: CmsField[], body: CmsField, after: string[]): CmsField[] {
  const last = Math.max(...after.map((name) => fields.findIndex((field) => field.name === name)));
  return [...fields.slice(0, last + 1), body, ...fields.slice(last + 1)];
}

function filledLast(fields: CmsField[], names: string[]): CmsField[] {
  return [
    ...fields.filter((field) => !names.includes(field.name)),
    ...fields.filter((field) => names.includes(field.name)),
  ];
}

export function collections(): CmsCollection[] {
  return [
    {
      name: 'blog',
      label: 'Articles',
      label_singular: 'un article',
      description: 'Les articles du blog (/blog).',
      folder: postsFolder,
      extension: 'md',
      format: formats.frontMatter,
      create: true,
      slug: '{{fields.slug}}',
      identifier_field: 'title',
      // `_status`: where the article stands today, computed by the admin (cms/formats.ts).
      summary: '{{title}} — {{_status}}',
      sortable_fields: [{ field: 'publishDate', default_sort: 'desc' }, 'title', 'category'],
      view_filters: [
        { label: 'Brouillons', field: 'draft', pattern: true },
        { label: 'Programmés', field: '_status', pattern: '^Programmé' },
        { label: 'En ligne', field: '_status', pattern: '^Publié' },
      ],
      preview_path: 'blog/{{fields.slug}}',
      ...mediaOf('blog'),
      // The number and the slug, filled in on save, come after what an editor writes first.
      fields: bodyAfter(
        filledLast(fieldsOf(postFrontMatter, 'blog'), ['id', 'slug']),
        markdownBody('Texte de l’article', true),
        ['title', 'summary'],
      ),
    },
    {
      name: 'pages',
      label: 'Pages',
      label_singular: 'une page',
      description: 'Les pages du site, faites de sections dans l’ordre.',
      folder: pagesFolder,
      extension: 'md',
      format: formats.frontMatter,
      create: true,
      slug: '{{slug}}',
      identifier_field: 'name',
      summary: '{{name}} ({{path}})',
      sortable_fields: ['name', 'path'],
      // « Voir en direct » opens the page itself, not the home page.
      preview_path: '{{fields.path}}',
      preview_path_preserve_slashes: true,
      ...mediaOf('pages'),
      fields: [...fieldsOf(page, 'pages'), markdownBody('Texte après les sections (pages légales)', false)],
    },
    {
      name: 'authors',
      label: 'Auteurs',
      label_singular: 'un auteur',
      folder: authorsFolder,
      extension: 'json',
      format: formats.json,
      create: true,
      slug: '{{fields.slug}}',
      identifier_field: 'name',
      summary: '{{name}}',
      preview_path: 'auteur/{{fields.slug}}',
      ...mediaOf('authors'),
      fields: fieldsOf(author, 'authors'),
    },
    {
      name: 'settings',
      label: 'Prix et coordonnées',
      description: 'Le tarif, les coordonnées et les horaires que le site affiche et que DENTY donne.',
      format: formats.settings,
      delete: false,
      files: [
        {
          name: 'site',
          label: 'Prix, coordonnées et horaires',
          file: siteFile,
          preview_path: 'contact',
          fields: fieldsOf(editorSettings, 'settings'),
        },
      ],
    },
    {
      name: 'shared',
      label: 'Textes partagés',
      description: 'Écrits une fois, cités par les pages : FAQ, témoignages, glossaire, menus.',
      // Decap knows one format per collection: this one reads objects and root lists alike.
      format: formats.yaml,
      delete: false,
      files: sharedKeys.map((key) => {
        const schema = jsonOf(sharedFiles[key].schema as z.ZodType);
        return {
          name: key,
          label: sharedLabels[key],
          file: sharedPath(key),
          // The FAQ has its page; the other shared texts show on the home page.
          ...(key === 'faq' && { preview_path: 'faq' }),
          fields:
            schema.type === 'array'
              ? [{ ...fieldFor(key, schema, `shared.${key}`, true), name: listFieldName }]
              : objectFields(schema, `shared.${key}`),
        };
      }),
    },
  ];
}

/**
 * What an editor owns in content/site.json: whether the price shows, the price itself, the company's
 * contact details and hours. The rest (addresses of services, trackers) stays with the developers: it is
 * not in the form, and a save leaves it as it is (cms/keep-layout.ts).
 */
export const editorSettings = siteConfig.pick({ showPrices: true, pricing: true, company: true });

export interface CmsSettings {
  /** Decap's `backend` block: the local proxy in development, a git host in production. */
  backend: Record<string, unknown>;
  /** The site's origin, for the « voir sur le site » links. */
  siteUrl: string;
}

/** What Decap shows an editor as text: the form's labels, hints and descriptions. */
const READ_KEYS = new Set(['label', 'label_singular', 'hint', 'description']);

/**
 * The texts an editor reads, with the site's French typography: written with plain spaces in
 * labels.ts, they would let « prix » part from its guillemets, or a colon start a line, in a narrow form.
 */
function typesetTexts<T>(value: T): T {
  if (Array.isArray(value)) return value.map(typesetTexts) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      READ_KEYS.has(key) && typeof item === 'string' ? frenchTypography(item) : typesetTexts(item),
    ]),
  ) as T;
}

/** The whole configuration handed to `CMS.init` (no config.yml: the schemas are the source). */
export function cmsConfig({ backend, siteUrl }: CmsSettings) {
  return {
    backend,
    load_config_file: false,
    locale: 'fr',
    site_url: siteUrl,
    display_url: siteUrl,
    logo_url: '/favicon.svg',
    media_folder: mediaFolder,
    public_folder: publicPath(mediaFolder),
    // Names an editor cannot break: ASCII, lowercase, dashes (docs/decisions/0029-cms-for-editors.md).
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    omit_empty_optional_fields: true,
    // On the git host, a change waits for review on its own branch before it is published; the local
    // backend writes the checkout and has no branches: there, an article is held back with « Brouillon »
    // (docs/decisions/0065-drafts-and-review.md).
    ...(backend.name !== 'proxy' && { publish_mode: 'editorial_workflow' }),
    collections: typesetTexts(collections()),
  };
}
