/** Field schemas several content files share. Kept apart from dates.ts, which the browser imports without zod. */
import { z } from 'zod';

/**
 * A file of the site as content names it (an article's cover, a hero's screenshot, an author's portrait):
 * a path under public/ made of plain segments (letters, digits, « . _ - », none starting with a dot), so
 * that it resolves inside public/ and the build's output whatever reads it: no « .. », no empty segment, no
 * backslash, no percent-encoding. The image step reads it again only inside the build
 * (scripts/social-images.ts).
 */
export const sitePath = z
  .string()
  .regex(
    /^(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)+$/,
    'un fichier du site, dans public/ (par exemple « /images/uploads/photo.png ») : lettres, chiffres, . _ - entre les /, sans « .. »',
  );

/** A day as content files write it: « 2026-03-12 » (YAML may also read it as a date). */
export const isoDay = z.union([
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'une date au format AAAA-MM-JJ')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'une date qui existe'),
  z.date().transform((date) => date.toISOString().slice(0, 10)),
]);

/**
 * The questions a passage answers, in a visitor's words (« on relance un devis au bout de combien de
 * temps ? »): DENTY searches them first (docs/assistant.md#questions-as-content).
 */
export const visitorQuestions = z
  .array(
    z
      .string()
      .trim()
      .min(8, 'une question d’au moins 8 caractères, comme un visiteur la taperait')
      .max(200, 'une question tient en 200 caractères'),
  )
  .max(8, 'au plus 8 questions par passage : les plus fréquentes');

/** The questions of a Markdown body's parts: `part` is a `## ` heading of the body, none for the whole. */
export const bodyQuestions = z
  .array(z.object({ part: z.string().trim().min(1).optional(), ask: visitorQuestions }))
  .default([]);
