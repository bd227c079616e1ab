/** A marketing page: metadata plus its ordered sections (content/pages/*.md). */
import { z } from 'zod';
import { section } from './sections.ts';
import { bodyQuestions, isoDay } from '../common/content-fields.ts';
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from '../common/seo.ts';

export const clusters = ['logiciels', 'gestion', 'conformite'] as const;
export const cluster = z.enum(clusters);

export const page = z
  .object({
    /** The `<title>`, held to what results show whole (docs/requirements.md#seo). */
    title: z.string().min(1).max(SEO_TITLE_MAX, `un titre de page tient en ${SEO_TITLE_MAX} caractères`),
    description: z
      .string()
      .min(SEO_DESCRIPTION_MIN, `une meta description compte au moins ${SEO_DESCRIPTION_MIN} caractères`)
      .max(SEO_DESCRIPTION_MAX, `une meta description tient en ${SEO_DESCRIPTION_MAX} caractères`),
    /** Date of the last real change (sitemap `lastmod`, `dateModified`); else the file's last commit. */
    updated: isoDay.optional(),
    /** The page's own path, also its canonical link unless `canonical` says otherwise. */
    path: z.string().regex(/^\/[a-z0-9-]*$/),
    /** Other paths serving the same page (with the canonical link on `path`). */
    aliases: z.array(z.string().regex(/^\/[a-z0-9-]+$/)).default([]),
    /** Short name for the breadcrumb and related links. */
    name: z.string().min(1),
    cluster: cluster.optional(),
    /** The module this page presents is not available yet: DENTY says « bientôt » when it answers from it. */
    comingSoon: z.boolean().default(false),
    /** Structured data beyond the breadcrumb: home gets Organization/WebSite/SoftwareApplication. */
    schema: z.array(z.enum(['home'])).default([]),
    sections: z.array(section).min(1),
    /** What a visitor asks that the Markdown body answers, part by part (its `## ` headings). */
    questions: bodyQuestions,
  })
  // docs/requirements.md#related-solutions: the block draws from the page's cluster; without one it
  // would fill itself from unrelated pages.
  .refine((page) => page.cluster || !page.sections.some((s) => s.type === 'related-solutions'), {
    path: ['cluster'],
    message: `une page avec une section related-solutions déclare son cluster (${clusters.join(', ')})`,
  });

export type Page = z.infer<typeof page>;
export type Cluster = z.infer<typeof cluster>;
