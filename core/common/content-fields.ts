/** Field schemas several content files share. Kept apart from dates.ts, which the browser imports without zod. */
import { z } from 'zod';

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
