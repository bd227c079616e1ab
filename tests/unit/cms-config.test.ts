/**
 * The CMS's forms come from the schemas (docs/decisions/0029-cms-for-editors.md): every field of every
 * schema an editor's file must satisfy has an editor field. The schemas are walked here through zod's own
 * JSON Schema export, not through the generator, so a field the generator skips makes this test fail.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cmsConfig,
  editorSettings,
  fieldsOf,
  listFieldName,
  type CmsField,
} from '../../core/content/cms-collections.ts';
import { page } from '../../core/pages/page.ts';
import { section } from '../../core/pages/sections.ts';
import { author, postFrontMatter } from '../../core/blog/post.ts';
import { sharedFiles, sharedKeys } from '../../core/content/files.ts';
import { cmsBackend, cmsPage } from '../../site/lib/cms.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';

const root = joinPath(import.meta.dirname, '..', '..');

type Json = {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  oneOf?: Json[];
  anyOf?: Json[];
  const?: unknown;
  propertyNames?: { enum?: string[] };
  additionalProperties?: Json | boolean;
};

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Every place an editor's file can hold a value, with whether the file must have it. */
function schemaPlaces(node: Json, prefix: string, required: boolean, out: Map<string, boolean>): Map<string, boolean> {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const place = join(prefix, key);
    out.set(place, required && (node.required ?? []).includes(key));
    // A field is asked for only when its group is: Decap cannot ask « if the group is filled in ».
    schemaPlaces(child, place, out.get(place)!, out);
  }
  if (node.propertyNames?.enum && typeof node.additionalProperties === 'object')
    for (const key of node.propertyNames.enum) {
      out.set(join(prefix, key), required);
      schemaPlaces(node.additionalProperties, join(prefix, key), required, out);
    }
  if (node.items) schemaPlaces(node.items, `${prefix}[]`, true, out);
  for (const option of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    const tag = Object.entries(option.properties ?? {}).find(([, child]) => child.const !== undefined);
    schemaPlaces(option, tag ? `${prefix}<${String(tag[1].const)}>` : prefix, required, out);
  }
  return out;
}

/** Every place the generated forms edit, with whether the form asks for it. */
function formPlaces(fields: CmsField[], prefix: string, out = new Map<string, CmsField>()): Map<string, CmsField> {
  for (const field of fields) {
    const place = join(prefix, field.name);
    out.set(place, field);
    if (field.fields) formPlaces(field.fields, field.widget === 'list' ? `${place}[]` : place, out);
    if (field.field?.fields) formPlaces(field.field.fields, `${place}[][]`, out);
    for (const type of field.types ?? []) {
      out.set(`${place}[]<${type.name}>.${field.typeKey}`, type);
      formPlaces(type.fields ?? [], `${place}[]<${type.name}>`, out);
    }
  }
  return out;
}

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

const config = cmsConfig({ backend: { name: 'proxy', proxy_url: '/admin/api/v1' }, siteUrl: 'http://localhost' });
const collection = (name: string) => config.collections.find((item) => item.name === name)!;

/** Each editor's file, its schema, and the form the CMS shows for it. */
const forms: { name: string; schema: z.ZodType; fields: CmsField[]; prefix?: string }[] = [
  { name: 'articles', schema: postFrontMatter, fields: collection('blog').fields! },
  { name: 'pages', schema: page, fields: collection('pages').fields! },
  { name: 'auteurs', schema: author, fields: collection('authors').fields! },
  { name: 'réglages', schema: editorSettings, fields: collection('settings').files![0]!.fields },
  ...sharedKeys.map((key) => {
    const schema = sharedFiles[key].schema as z.ZodType;
    const isList = schema.def.type === 'array';
    return {
      name: `shared/${key}`,
      schema: isList ? z.object({ [listFieldName]: schema }) : schema,
      fields: collection('shared').files!.find((file) => file.name === key)!.fields,
    };
  }),
];

// Filled in by the admin when an article is saved (cms/save.ts): optional in the form, required in the file.
const filledOnSave = new Set(['articles:id', 'articles:slug', 'articles:publishDate']);

describe('The CMS forms are generated from the content schemas', () => {
  let covered = 0;
  for (const form of forms) {
    it(`gives every field of ${form.name} an editor field, required when the file must have it`, () => {
      const expected = schemaPlaces(jsonSchema(form.schema), '', true, new Map());
      const actual = formPlaces(form.fields, '');
      const missing = [...expected.keys()].filter((place) => !actual.has(place));
      expect(missing, `champs sans champ d’édition dans ${form.name}`).toEqual([]);
      const mismatched = [...expected]
        .filter(([place]) => !filledOnSave.has(`${form.name}:${place}`))
        .filter(([place]) => !place.endsWith('.type') || !place.includes('<'))
        .filter(([place, required]) => (actual.get(place)!.required !== false) !== required)
        .map(([place, required]) => `${place} (${required ? 'obligatoire' : 'facultatif'} dans le schéma)`);
      expect(mismatched).toEqual([]);
      covered += expected.size;
    });
  }

  it('covers the real content model, every section type included', () => {
    // The sum of the places above: a floor, so that a generator that lost a whole collection would fail.
    expect(covered).toBeGreaterThanOrEqual(300);
    const sections = collection('pages').fields!.find((field) => field.name === 'sections')!;
    expect(sections.types!.map((type) => type.name).sort()).toEqual(
      section.def.options.map((option) => option.shape.type.value).sort(),
    );
    expect(sections.types).toHaveLength(19);
  });

  it('labels every field in French', () => {
    const unlabelled = forms.flatMap((form) =>
      [...formPlaces(form.fields, '')]
        .filter(([, field]) => field.label === field.name && !/^(logiciels|gestion|conformite)$/.test(field.name))
        .map(([place]) => `${form.name}:${place}`),
    );
    expect(unlabelled, 'ajoutez un libellé dans core/content/cms-labels.ts').toEqual([]);
  });

  it('writes the labels, hints and descriptions an editor reads with French typography', () => {
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, item] of Object.entries(value))
          if (['label', 'label_singular', 'hint', 'description'].includes(key) && typeof item === 'string')
            texts.push(item);
          else collect(item);
    };
    collect(config.collections);
    expect(texts.length).toBeGreaterThan(300);
    // A plain space inside guillemets or before « : ; ! ? » lets the line break there.
    const loose = texts.filter((text) => /« | »| [:;!?]|'/.test(text));
    expect(loose).toEqual([]);
    expect(texts).toContain(
      'Argent et démarches (\u00AB\u202Fprix\u202F\u00BB, \u00AB\u202Fremboursement\u202F\u00BB)',
    );
  });

  it('picks up a field added to a schema without any change to the generator', () => {
    const withNewField = page.safeExtend({
      seoTitle: z.string().max(60).optional(),
      updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'une date au format AAAA-MM-JJ'),
      gallery: z.array(z.object({ src: z.string(), alt: z.string().min(1) })).min(1),
    });
    const fields = fieldsOf(withNewField, 'pages');
    expect(fields.find((field) => field.name === 'seoTitle')).toMatchObject({
      widget: 'string',
      required: false,
      pattern: ['^[\\s\\S]{0,60}$', '60 caractères au plus'],
    });
    expect(fields.find((field) => field.name === 'updated')).toMatchObject({
      required: true,
      pattern: ['^\\d{4}-\\d{2}-\\d{2}$', 'une date au format AAAA-MM-JJ'],
    });
    expect(fields.find((field) => field.name === 'gallery')).toMatchObject({
      widget: 'list',
      min: 1,
      fields: [
        { name: 'src', widget: 'image' },
        { name: 'alt', required: true },
      ],
    });
  });

  it('turns references to shared content into pickers of existing entries', () => {
    const places = formPlaces(collection('pages').fields!, '');
    expect(places.get('sections[]<testimonials>.testimonials')).toMatchObject({
      widget: 'relation',
      collection: 'shared',
      file: 'testimonials',
      value_field: 'items.*.id',
      multiple: true,
    });
    expect(places.get('sections[]<faq>.questions')).toMatchObject({ widget: 'faq-questions', file: 'faq' });
    expect(places.get('sections[]<features>.cards[].icon')).toMatchObject({ widget: 'icon' });
    expect(formPlaces(collection('blog').fields!, '').get('author')).toMatchObject({
      widget: 'relation',
      collection: 'authors',
      value_field: 'slug',
    });
  });
});

describe('/admin is published only when a build is told to', () => {
  it('is left out of a default build, as npm test builds it', () => {
    expect(cmsPage({}, '_site')).toBeUndefined();
    expect(existsSync(joinPath(root, '_site/admin'))).toBe(false);
    expect(readFileSync(joinPath(root, '_site/sitemap.xml'), 'utf8')).not.toContain('/admin');
  });

  it('names what is missing to publish it with GitHub', () => {
    expect(() => cmsBackend({ CMS_BACKEND: 'github' })).toThrow(/CMS_BACKEND=github demande CMS_REPO/);
    expect(() => cmsBackend({ CMS_BACKEND: 'github', CMS_REPO: 'dentivo/site' })).toThrow(/CMS_AUTH_URL/);
    expect(
      cmsBackend({ CMS_BACKEND: 'github', CMS_REPO: 'dentivo/site', CMS_AUTH_URL: 'https://auth.example/' }),
    ).toMatchObject({
      name: 'github',
      repo: 'dentivo/site',
      branch: 'main',
      base_url: 'https://auth.example',
      auth_endpoint: 'auth',
    });
    expect(cmsBackend({ CMS_BACKEND: 'local' })).toMatchObject({ name: 'proxy', proxy_url: '/admin/api/v1' });
    expect(() => cmsBackend({ CMS_BACKEND: 'ftp' })).toThrow(/CMS_BACKEND=ftp inconnu/);
  });
});

describe('Drafts and review (docs/decisions/0065-drafts-and-review.md)', () => {
  const github = cmsBackend({ CMS_BACKEND: 'github', CMS_REPO: 'dentivo/site', CMS_AUTH_URL: 'https://auth.example' })!;
  const local = cmsBackend({ CMS_BACKEND: 'local' })!;

  it('sends a change on the git host through Decap’s editorial workflow, never on the local backend', () => {
    expect(cmsConfig({ backend: github, siteUrl: 'https://www.dentivo.fr' }).publish_mode).toBe('editorial_workflow');
    // The local backend writes the checkout and has no branches for the workflow to open.
    expect(cmsConfig({ backend: local, siteUrl: 'http://localhost' })).not.toHaveProperty('publish_mode');
  });

  it('keeps the « Brouillon » box on every backend, with filters of drafts, scheduled and published articles', () => {
    const blog = (backend: Record<string, unknown>) =>
      cmsConfig({ backend, siteUrl: 'http://localhost' }).collections.find((item) => item.name === 'blog')!;
    for (const backend of [github, local]) {
      expect(blog(backend).fields!.find((field) => field.name === 'draft')).toMatchObject({ widget: 'boolean' });
      expect(blog(backend).view_filters).toEqual([
        { label: 'Brouillons', field: 'draft', pattern: true },
        { label: 'Programmés', field: '_status', pattern: '^Programmé' },
        { label: 'En ligne', field: '_status', pattern: '^Publié' },
      ]);
      // Each line of the list says where the article stands (cms/formats.ts computes `_status`).
      expect(blog(backend).summary).toBe('{{title}} — {{_status}}');
    }
  });
});
