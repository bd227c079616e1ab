/** Blog posts and authors (docs/requirements.md#blog-post-model, docs/requirements.md#author-model): the schemas editors' files must satisfy. */
import { z } from 'zod';
import { href } from '../pages/sections.ts';
import { bodyQuestions, isoDay, sitePath } from '../common/content-fields.ts';
import { ARTICLE_TITLE_MAX, SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN } from '../common/seo.ts';
import { categories } from './categories.ts';
import { SLUG_MAX } from '../common/slug.ts';

export { categories, categoryKey, type Category } from './categories.ts';

export const category = z.enum(categories);

const day = isoDay;

/**
 * The front matter of content/blog/*.md. `author` is an author slug; the name is resolved at build.
 * `title` and `summary` are what the reader sees; what reaches the `<title>` and the meta description
 * must hold in the lengths of docs/requirements.md#seo, so a long one needs its `seoTitle` or
 * `seoDescription`.
 */
export const postFrontMatter = z
  .object({
    id: z.number().int().positive(),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'un slug en minuscules, chiffres et tirets')
      .max(SLUG_MAX, `une adresse tient en ${SLUG_MAX} caractères`),
    title: z.string().min(10),
    /** The `<title>` when `title` is too long for it (« | Dentivo » is added after it). */
    seoTitle: z
      .string()
      .min(10)
      .max(ARTICLE_TITLE_MAX, `un seoTitle tient en ${ARTICLE_TITLE_MAX} caractères (« | Dentivo » est ajouté après)`)
      .optional(),
    summary: z.string().min(40).max(260),
    /** The meta description when `summary` is too long for it. */
    seoDescription: z
      .string()
      .min(SEO_DESCRIPTION_MIN, `une seoDescription compte au moins ${SEO_DESCRIPTION_MIN} caractères`)
      .max(SEO_DESCRIPTION_MAX, `une seoDescription tient en ${SEO_DESCRIPTION_MAX} caractères`)
      .optional(),
    category,
    tags: z.array(z.string().min(2)).min(1),
    image: sitePath.optional(),
    imageAlt: z.string().optional(),
    imageTitle: z.string().optional(),
    author: z.string(),
    publishDate: day,
    /** Date of the last real change (sitemap `lastmod`, `dateModified`); else the file's last commit. */
    updated: day.optional(),
    draft: z.boolean().default(false),
    // Enrichment (docs/requirements.md#blog-enrichment); the table of contents comes from the headings.
    toc: z.boolean().default(false),
    faqItems: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
    productSection: z
      .object({
        title: z.string(),
        content: z.string(),
        links: z.array(z.object({ text: z.string(), href, description: z.string().optional() })).min(1),
      })
      .optional(),
    ctaText: z.string().optional(),
    /** A highlighted block after the body (used by erreurs-gestion-cabinet: the mistakes at a glance). */
    callout: z.object({ title: z.string(), items: z.array(z.string()).min(1) }).optional(),
    /** What a reader asks that the article answers: the whole (no `part`), or a `## ` part of it. */
    questions: bodyQuestions,
  })
  .superRefine((post, context) => {
    if (!post.seoTitle && post.title.length > ARTICLE_TITLE_MAX)
      context.addIssue({
        code: 'custom',
        path: ['seoTitle'],
        message: `le titre compte ${post.title.length} caractères, trop pour le titre que montrent les moteurs de recherche (${ARTICLE_TITLE_MAX} au plus) : ajoutez un titre pour les moteurs de recherche plus court (seoTitle)`,
      });
    if (!post.seoDescription && post.summary.length > SEO_DESCRIPTION_MAX)
      context.addIssue({
        code: 'custom',
        path: ['seoDescription'],
        message: `le résumé compte ${post.summary.length} caractères, trop pour la description que montrent les moteurs de recherche (${SEO_DESCRIPTION_MAX} au plus) : ajoutez une description pour les moteurs de recherche plus courte (seoDescription)`,
      });
    // The cover is described for those who do not see it (WCAG 1.1.1): the form asks for it with the image.
    if (post.image && !post.imageAlt?.trim())
      context.addIssue({
        code: 'custom',
        path: ['imageAlt'],
        message: 'l’article a une image : décrivez-la en une phrase pour les personnes qui ne la voient pas',
      });
    if (post.updated && post.updated < post.publishDate)
      context.addIssue({ code: 'custom', path: ['updated'], message: 'une mise à jour ne précède pas la publication' });
  });
export type PostFrontMatter = z.infer<typeof postFrontMatter>;

export const author = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(2),
  role: z.string(),
  avatar: sitePath,
  bio: z.string().min(20),
  credentials: z.array(z.string()).min(1),
  extended: z
    .object({
      location: z.string(),
      cabinet: z.string().optional(),
      badges: z.array(z.string()),
      /** The founder's professional site: a page of this site (« / ») or an https address. */
      website: href.optional(),
      socialLinks: z.object({ website: z.url().optional(), linkedin: z.url().optional() }),
      specialties: z.array(z.string()),
      expertise: z.object({ clinical: z.array(z.string()), technological: z.array(z.string()) }),
      vision: z.string(),
      about: z.string(),
    })
    .optional(),
});
export type Author = z.infer<typeof author>;

export function newestFirst<P extends { publishDate: string; id: number }>(posts: readonly P[]): P[] {
  return [...posts].sort((a, b) => b.publishDate.localeCompare(a.publishDate) || b.id - a.id);
}

/** Breadcrumb title: cut at 40 characters (docs/requirements.md#blog-constants), on a word when possible. */
export function breadcrumbTitle(title: string, max = 40): string {
  if (title.length <= max) return title;
  const cut = title.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}
