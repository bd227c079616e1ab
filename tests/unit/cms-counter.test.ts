/**
 * The live character count of the CMS's title and description fields (core/content/char-count.ts,
 * cms/fields/counted.tsx): its limits are read from the content schemas, never written a second time, and
 * its words say what to do once a limit is passed.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { charCount } from '../../core/content/char-count.ts';
import { cmsConfig, type CmsField } from '../../core/content/cms-collections.ts';
import { postFrontMatter } from '../../core/blog/post.ts';
import { page } from '../../core/pages/page.ts';
import { ARTICLE_TITLE_MAX, SEO_DESCRIPTION_MAX } from '../../core/common/seo.ts';

const config = cmsConfig({ backend: { name: 'proxy', proxy_url: '/admin/api/v1' }, siteUrl: 'http://localhost' });
const fieldsOf = (name: string) => config.collections.find((item) => item.name === name)!.fields!;
const field = (collection: string, name: string) => fieldsOf(collection).find((item) => item.name === name)!;

type Json = { properties: Record<string, { minLength?: number; maxLength?: number }> };
/** The lengths zod itself exports for a schema's fields: the reference the form must follow. */
const lengths = (schema: z.ZodType) =>
  (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json).properties;

describe('The count’s limits come from the schemas', () => {
  it('gives every length-limited text field of pages and articles the schema’s maximum', () => {
    for (const [collection, schema] of [
      ['pages', page],
      ['blog', postFrontMatter],
    ] as const) {
      const expected = Object.entries(lengths(schema)).filter(([, json]) => json.maxLength !== undefined);
      expect(expected.length).toBeGreaterThan(0);
      for (const [name, json] of expected) {
        const counter = (field(collection, name) as CmsField).counter;
        expect(counter?.max, `${collection}.${name}`).toBe(json.maxLength);
        if ((json.minLength ?? 0) > 1) expect(counter?.min, `${collection}.${name}`).toBe(json.minLength);
      }
    }
    expect(field('pages', 'title').counter).toEqual({ min: undefined, max: lengths(page).title!.maxLength });
  });

  it('counts an article’s title and summary against what search results show whole', () => {
    expect(field('blog', 'title').counter?.search).toMatchObject({ max: ARTICLE_TITLE_MAX, field: 'seoTitle' });
    expect(field('blog', 'summary').counter).toMatchObject({
      max: lengths(postFrontMatter).summary!.maxLength,
      search: { max: SEO_DESCRIPTION_MAX, field: 'seoDescription' },
    });
    // The label of the field to fill, as the form shows it (typeset).
    expect(field('blog', 'summary').counter?.search?.label).toBe(field('blog', 'seoDescription').label);
  });

  it('counts no field whose length is free', () => {
    expect(field('blog', 'author').counter).toBeUndefined();
    expect(field('blog', 'imageAlt').counter).toBeUndefined();
  });
});

describe('The count’s words', () => {
  it('shows the length against the limit while it holds', () => {
    expect(charCount('x'.repeat(54), { max: 60 })).toEqual({ count: '54 / 60 caractères', over: false, advice: '' });
    expect(charCount('', { max: 60 }).count).toBe('0 / 60 caractères');
    expect(charCount('x'.repeat(30), { min: 50, max: 160 }).count).toBe('30 / 160 caractères, au moins 50');
  });

  it('turns to a warning with what to do once the maximum is passed, the same words at each key', () => {
    const over = charCount('x'.repeat(72), { max: 60 });
    expect(over).toEqual({
      count: '72 / 60 caractères',
      over: true,
      advice: 'Trop long : 60 caractères au plus. Raccourcissez le texte.',
    });
    expect(charCount('x'.repeat(73), { max: 60 }).advice).toBe(over.advice);
  });

  it('asks for the shorter field for search engines only while it is empty', () => {
    const limits = { search: { max: 58, field: 'seoTitle', label: 'Titre pour les moteurs de recherche' } };
    const long = 'x'.repeat(70);
    expect(charCount(long, limits)).toEqual({
      count: '70 / 58 caractères',
      over: true,
      advice:
        'Les moteurs de recherche coupent ce texte au-delà de 58 caractères : raccourcissez-le, ou remplissez le champ « Titre pour les moteurs de recherche ».',
    });
    expect(charCount(long, limits, true)).toEqual({ count: '70 caractères', over: false, advice: '' });
    // A summary: the search engines' length first, the schema's own maximum once the shorter one is filled.
    const summary = { max: 260, search: { max: 160, field: 'seoDescription', label: 'Description' } };
    expect(charCount('x'.repeat(180), summary).count).toBe('180 / 160 caractères');
    expect(charCount('x'.repeat(180), summary, true)).toMatchObject({ count: '180 / 260 caractères', over: false });
    expect(charCount('x'.repeat(270), summary, true).over).toBe(true);
  });
});
