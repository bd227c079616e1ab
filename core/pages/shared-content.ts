/** Copy shared between pages (content/shared/*.yaml), written once and referenced by id. */
import { z } from 'zod';
import { href, icon, relatedLink } from './sections.ts';
import { cluster } from './page.ts';
import { category } from '../blog/post.ts';
import { AUDIT_ITEM_COUNT } from '../blog/audit.ts';
import { visitorQuestions } from '../common/content-fields.ts';

export const testimonial = z.object({
  id: z.string().regex(/^t-[a-z0-9-]+$/),
  quote: z.string().min(20),
  author: z.string().min(2),
  role: z.string().optional(),
  company: z.string().optional(),
  context: z.string().optional(),
});

export const faqItem = z.object({
  id: z.string().regex(/^q-[a-z0-9-]+$/),
  question: z.string().min(5),
  answer: z.string().min(10),
  /** The page that tells more: DENTY links it under this answer (/faq when absent). */
  page: z
    .string()
    .regex(/^\/[a-z0-9/-]*$/, 'un chemin du site est attendu, par exemple /tarifs')
    .optional(),
  /** Other ways a visitor asks it (DENTY searches them first). */
  questions: visitorQuestions.optional(),
});

export const glossaryTerm = z.object({ term: z.string().min(2), definition: z.string().min(10), category: z.string() });

const menuEntry = z.object({
  name: z.string(),
  href,
  description: z.string().optional(),
  visible: z.boolean().default(true),
});
const linkColumn = z.object({ title: z.string(), links: z.array(z.object({ name: z.string(), href })).min(1) });

export const navigation = z.object({
  features: z.array(menuEntry).min(1),
  footer: z.object({ discover: linkColumn, legal: linkColumn }),
});

export const solutions = z.object({
  columns: z.array(linkColumn).length(4),
  clusters: z.record(cluster, z.array(relatedLink.extend({ icon }))),
});

export const audit = z.object({
  title: z.string(),
  intro: z.string(),
  items: z.array(z.string()).length(AUDIT_ITEM_COUNT),
});

/**
 * The blocks that may follow an article (docs/requirements.md#blog-article). Each is shown where it
 * helps the reader of that article, not under every one: see core/blog/extras.ts.
 */
export const articleExtras = z.object({
  faqTitle: z.string(),
  faq: z.array(z.string()).length(5),
  expertise: z.object({ title: z.string(), points: z.array(z.string()).min(1) }),
  /** Categories whose readers get the five questions and the trust points (hosting, GDPR, device class). */
  trustCategories: z.array(category).min(1),
  /** Categories whose readers get the practice audit checklist. */
  auditCategories: z.array(category).min(1),
  /** The tester programme, for articles without a product section (which already invites to it). */
  promo: z.object({ title: z.string(), text: z.string(), button: z.string() }),
});

export const sharedContent = z.object({
  testimonials: z.array(testimonial),
  faq: z.array(faqItem),
  glossary: z.array(glossaryTerm),
  navigation,
  solutions,
  audit,
  articleExtras,
});

export type FaqItem = z.infer<typeof faqItem>;
export type GlossaryTerm = z.infer<typeof glossaryTerm>;
export type SharedContent = z.infer<typeof sharedContent>;
