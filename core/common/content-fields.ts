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
