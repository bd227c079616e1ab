/**
 * The typed sections a marketing page is made of. An editor writes them, in order, in the front
 * matter of a file under content/pages/; site/ has one partial per `type`.
 */
import { z } from 'zod';
import { HYDRATION_MOMENTS } from '../common/islands.ts';
import { isPageId } from '../common/page-ids.ts';
import { sitePath, visitorQuestions } from '../common/content-fields.ts';

/**
 * A same-site path ("/agenda", "/blog?tag=x", "#faq", a file of public/) or the app's sign-up/sign-in
 * shortcuts. A path stays in the site: no « // » (another site), no « .. » segment, no backslash.
 */
export const href = z
  .string()
  .regex(
    /^(\/|#|https:\/\/|mailto:|tel:|app:(signup|signin)$)/,
    'un lien commence par /, #, https://, mailto:, tel: ou vaut app:signup / app:signin',
  )
  .refine(
    (value) => !/^\/(?:\/|(?:[^?#]*\/)?(?:\.|%2e){1,2}(?:[/?#]|$)|[^?#]*\\)/i.test(value),
    'un lien du site reste dans le site : ni « // » au début, ni segment « .. », ni barre oblique inverse',
  );

/** An icon name of the one icon set (lucide); the build checks that the icon exists. */
export const icon = z.string().regex(/^[a-z0-9-]+$/, 'un nom d’icône lucide, en minuscules (ex. « calendar »)');

export const image = z.object({
  src: sitePath,
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  caption: z.string().optional(),
});

export const link = z.object({
  label: z.string().min(1),
  href,
  /** Opens in a new tab (used for the app's sign-up from product pages). */
  newTab: z.boolean().optional(),
});

const base = {
  /** Anchor id of the section, for in-page links and the table of contents; never one the page uses itself. */
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .refine(
      (id) => !isPageId(id),
      'cet identifiant est déjà celui d’un élément de la page (menu, pied de page, formulaire…) : choisissez-en un autre',
    )
    .optional(),
  title: z.string().optional(),
  intro: z.string().optional(),
  /** What a visitor asks that this section answers (DENTY searches them first). */
  questions: visitorQuestions.optional(),
};

export const heroSection = z.object({
  type: z.literal('hero'),
  ...base,
  title: z.string().min(1),
  eyebrow: z.string().optional(),
  description: z.string().min(1),
  primary: link.optional(),
  secondary: link.optional(),
  note: z.string().optional(),
  badges: z.array(z.string()).optional(),
  image: image.extend({ zoomable: z.boolean().optional() }).optional(),
});

export const stepsSection = z.object({
  type: z.literal('steps'),
  ...base,
  title: z.string().min(1),
  steps: z.array(z.object({ label: z.string().optional(), title: z.string(), text: z.string() })).min(2),
});

export const featureCard = z.object({
  title: z.string().min(1),
  icon,
  description: z.string().optional(),
  items: z.array(z.string()).default([]),
  href: href.optional(),
  comingSoon: z.boolean().optional(),
});

export const featuresSection = z.object({
  type: z.literal('features'),
  ...base,
  title: z.string().min(1),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(),
  cards: z.array(featureCard).min(1),
});

export const statsSection = z.object({
  type: z.literal('stats'),
  ...base,
  stats: z
    .array(z.object({ value: z.string(), label: z.string(), source: z.string(), sourceUrl: z.url().optional() }))
    .min(1),
});

export const comparisonSection = z.object({
  type: z.literal('comparison'),
  ...base,
  title: z.string().min(1),
  beforeLabel: z.string().default('Sans Dentivo'),
  afterLabel: z.string().default('Avec Dentivo'),
  rows: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })).min(1),
});

/** Terms come from the shared glossary (content/shared/glossary.yaml), referenced by their `term`. */
export const glossarySection = z.object({
  type: z.literal('glossary'),
  ...base,
  title: z.string().min(1),
  terms: z.array(z.string()).min(1),
});

/** Questions come from the shared FAQ (content/shared/faq.yaml), by id; `all` lists every one. */
export const faqSection = z.object({
  type: z.literal('faq'),
  ...base,
  title: z.string().min(1),
  questions: z.union([z.literal('all'), z.array(z.string()).min(1)]),
  /** The first question is open on arrival (the /faq page). */
  firstOpen: z.boolean().optional(),
  more: link.optional(),
});

/** Testimonials come from content/shared/testimonials.yaml, by id. */
export const testimonialsSection = z.object({
  type: z.literal('testimonials'),
  ...base,
  testimonials: z.array(z.string()).min(1),
});

export const relatedLink = z.object({
  href,
  title: z.string(),
  description: z.string().optional(),
  icon: icon.optional(),
});

export const linksSection = z.object({
  type: z.literal('links'),
  ...base,
  title: z.string().min(1),
  links: z.array(relatedLink).min(1),
});

/** Filled at build from the page's cluster (core/pages/related-solutions.ts). */
export const relatedSolutionsSection = z.object({ type: z.literal('related-solutions'), ...base });

export const ctaSection = z.object({
  type: z.literal('cta'),
  ...base,
  title: z.string().min(1),
  text: z.string().optional(),
  button: link,
  secondary: link.optional(),
  note: z.string().optional(),
});

/** A titled list of points: why choose us, pain points, workflows, integrations, security… */
export const listSection = z.object({
  type: z.literal('list'),
  ...base,
  title: z.string().min(1),
  style: z.enum(['checks', 'cards', 'plain']).default('checks'),
  /**
   * The list tells what goes wrong without the product (« ce casse-tête du soir »): its role is the
   * problem. It leads DENTY to the page, never into an answer (docs/decisions/0064-denty-asked-sentence-and-roles.md).
   */
  problem: z.boolean().optional(),
  items: z
    .array(z.object({ title: z.string(), text: z.string().optional(), href: href.optional(), icon: icon.optional() }))
    .min(1),
});

/** Markdown prose; `## ` headings get ids and, with `toc`, a table of contents. */
export const richTextSection = z.object({
  type: z.literal('rich-text'),
  ...base,
  body: z.string().min(1),
  toc: z.boolean().optional(),
});

export const blogPreviewSection = z.object({
  type: z.literal('blog-preview'),
  ...base,
  title: z.string().min(1),
  count: z.number().int().min(1).max(6).default(3),
});

export const screenshotSection = z.object({ type: z.literal('screenshot'), ...base, image: image });

/** The animated card whose two buttons open the assistant with a preset message. */
export const ideaCardSection = z.object({
  type: z.literal('idea-card'),
  ...base,
  title: z.string().min(1),
  text: z.string(),
  ideaMessage: z.string().min(1),
  testerMessage: z.string().min(1),
});

/** A sample document laid out as the real thing (the endodontic report). */
export const sampleReportSection = z.object({
  type: z.literal('sample-report'),
  ...base,
  title: z.string().min(1),
  documentTitle: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  table: z.object({ caption: z.string(), head: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
  notes: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  footer: z.string().optional(),
});

export const pricingSection = z.object({
  type: z.literal('pricing'),
  ...base,
  title: z.string().min(1),
  plan: z.string(),
  tagline: z.string(),
  features: z.array(z.string()).min(1),
  button: link,
  note: z.string().optional(),
});

/** An interactive island: a form, the audit checklist, the cookie settings… */
export const widgetSection = z.object({
  type: z.literal('widget'),
  ...base,
  widget: z.string().regex(/^[a-z-]+$/),
  props: z.record(z.string(), z.unknown()).default({}),
  /** When it wakes, if not at its own moment (core/common/islands.ts; forms: when the visitor reaches for them). */
  hydrate: z.enum(HYDRATION_MOMENTS).optional(),
  /** Practical details beside the widget; `href` makes the text a link (« mailto: » for the e-mail). */
  aside: z.array(z.object({ title: z.string(), text: z.string(), href: href.optional() })).optional(),
});

export const section = z.discriminatedUnion('type', [
  heroSection,
  stepsSection,
  featuresSection,
  statsSection,
  comparisonSection,
  glossarySection,
  faqSection,
  testimonialsSection,
  linksSection,
  relatedSolutionsSection,
  ctaSection,
  listSection,
  richTextSection,
  blogPreviewSection,
  screenshotSection,
  ideaCardSection,
  sampleReportSection,
  pricingSection,
  widgetSection,
]);

export type Section = z.infer<typeof section>;
export type FeatureCard = z.infer<typeof featureCard>;
