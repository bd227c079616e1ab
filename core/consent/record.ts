/**
 * The consent record as local storage keeps it once a choice is made (docs/requirements.md#consent-record).
 * This schema is the rule; the browser runs it compiled (record.check.ts, written by `npm run checks`,
 * read by stored-record.ts), without shipping zod.
 */
import { z } from 'zod';
import { CONSENT_ID_PATTERN } from './rules.ts';

export const storedConsentRecord = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  hasSetPreferences: z.literal(true),
  // A real moment: zod's pattern refuses a month or a day out of range (2026-13-45), as Date.parse would.
  lastUpdated: z.iso.datetime({ offset: true }),
  policyVersion: z.string().min(1),
  consentId: z.string().regex(CONSENT_ID_PATTERN),
});
export type StoredConsentRecord = z.infer<typeof storedConsentRecord>;
