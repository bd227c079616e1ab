/**
 * What DENTY knows: the site's own words cut into documents at build time (one per FAQ answer, page
 * section and article section), with DENTY's vocabulary, written by `npm run build` to
 * _site/assistant-index.json. The embedded server reads that file; the `assistant` edge function fetches it
 * from the published site. Both check it with this schema before answering from it.
 */
import { z } from 'zod';
import { assistantVocabulary } from './vocabulary.ts';

/** Bumped whenever the shape changes: a server never answers from an index it does not understand. */
export const ASSISTANT_INDEX_VERSION = 4;

/** One fact: a sentence, a list item or a card ("title" then its text), with the page it leads to. */
export const assistantLine = z.object({
  text: z.string(),
  title: z.string().optional(),
  href: z.string().optional(),
  /** A card marked « bientôt disponible ». */
  comingSoon: z.boolean().optional(),
});

export const assistantDoc = z.object({
  id: z.string().min(1),
  kind: z.enum(['faq', 'page', 'article']),
  /** The page as a reader names it: "Agenda", "FAQ", an article's title. */
  source: z.string(),
  /** The page's own title (what search engines show), to recognise what the page is about. */
  about: z.string().default(''),
  /** The FAQ question or the section title. */
  title: z.string(),
  /** Where it is read on the site: "/faq", "/agenda#fonctions-agenda", "/blog/slug#titre". */
  url: z.string().regex(/^\//),
  /** The type of page section it comes from (core/sections.ts), when it is one. */
  section: z.string().optional(),
  /** The module this document presents is not available yet. */
  comingSoon: z.boolean().optional(),
  lines: z.array(assistantLine),
  /** What visitors ask that this passage answers, written by the editors beside the text (searched first). */
  questions: z.array(z.string()).optional(),
  /**
   * What the page says of the problem it solves (a « before » column, a problem list): searched, so that
   * a visitor who describes the problem finds the page, never quoted in an answer.
   */
  context: z.string().optional(),
});

export const assistantIndex = z.object({
  version: z.literal(ASSISTANT_INDEX_VERSION),
  docs: z.array(assistantDoc),
  vocabulary: assistantVocabulary,
});

export type AssistantLine = z.infer<typeof assistantLine>;
export type AssistantDoc = z.infer<typeof assistantDoc>;
export type AssistantIndex = z.infer<typeof assistantIndex>;

/** "/blog/x#part" → "/blog/x". */
export const pagePath = (url: string): string => url.split('#')[0]!;
