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
