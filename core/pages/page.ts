/** A marketing page: metadata plus its ordered sections (content/pages/*.md). */
import { z } from 'zod';
import { section } from './sections.ts';

export const clusters = ['logiciels', 'gestion', 'conformite'] as const;
export const cluster = z.enum(clusters);

export const page = z.object({
  title: z.string().min(1).max(70, 'un titre de page tient en 70 caractères'),
  description: z.string().min(50).max(170, 'une meta description tient en 170 caractères'),
  /** The page's own path, also its canonical link unless `canonical` says otherwise. */
  path: z.string().regex(/^\/[a-z0-9-]*$/),
  /** Other paths serving the same page (with the canonical link on `path`). */
  aliases: z.array(z.string().regex(/^\/[a-z0-9-]+$/)).default([]),
  /** Short name for the breadcrumb and related links. */
  name: z.string().min(1),
  socialImage: z.string().startsWith('/').optional(),
  cluster: cluster.optional(),
  /** The module this page presents is not available yet: DENTY says « bientôt » when it answers from it. */
  comingSoon: z.boolean().default(false),
  /** Structured data beyond the breadcrumb: home gets Organization/WebSite/SoftwareApplication. */
  schema: z.array(z.enum(['home'])).default([]),
  sections: z.array(section).min(1),
});

export type Page = z.infer<typeof page>;
export type Cluster = z.infer<typeof cluster>;
