/**
 * Cookie consent: the proof of each choice as the backend accepts it (POST /functions/v1/consent-proof,
 * table consent_proofs), and the rules of core/consent/rules.ts re-exported. The widgets import the
 * rules file directly so that zod stays out of the browser.
 */
import { z } from 'zod';
import { CONSENT_POLICY_VERSION, isConsentId } from './rules.ts';

export * from './rules.ts';

const CONSENT_ID_MESSAGE = 'Le champ consentId doit être un identifiant aléatoire (UUID version 4).';
const boolean = (field: string) => z.boolean({ error: `Le champ ${field} doit valoir true ou false.` });

/**
 * Every version of the cookie policy the site has published, the current one last: a proof names one of
 * them (a page cached before a change may still send the one before). Add the new version here when
 * CONSENT_POLICY_VERSION changes; never remove one.
 */
const PUBLISHED_POLICY_VERSIONS: readonly string[] = [CONSENT_POLICY_VERSION];

/** A day of clock drift is tolerated; a choice cannot predate the first policy of the site. */
const EARLIEST_CHOICE = Date.parse('2026-01-01T00:00:00Z');
const MAX_CLOCK_DRIFT_MS = 24 * 60 * 60 * 1000;

/**
 * Only these five fields: an unknown field is refused, so nothing personal (e-mail, IP, user agent…)
 * can slip into the table through this door.
 */
export const consentProofSchema = z.strictObject(
  {
    // The widget's own rule: a random (version 4) UUID. The nil UUID, and any other fixed one, is no one's id.
    consentId: z.string({ error: CONSENT_ID_MESSAGE }).refine(isConsentId, { error: CONSENT_ID_MESSAGE }),
    analytics: boolean('analytics'),
    marketing: boolean('marketing'),
    policyVersion: z
      .string({ error: 'Le champ policyVersion doit être une version de politique (texte).' })
      .regex(/^[\w.-]{1,40}$/, { error: 'Le champ policyVersion doit être une version de politique (texte court).' })
      .refine((version) => PUBLISHED_POLICY_VERSIONS.includes(version), {
        error: `Le champ policyVersion doit être une version publiée de la politique des cookies (${PUBLISHED_POLICY_VERSIONS.join(', ')}).`,
      }),
    chosenAt: z.iso.datetime({ offset: true, error: 'Le champ chosenAt doit être une date ISO 8601.' }).refine(
      (value) => {
        const time = Date.parse(value);
        return time >= EARLIEST_CHOICE && time <= Date.now() + MAX_CLOCK_DRIFT_MS;
      },
      { error: 'Le champ chosenAt doit être la date du choix, ni future ni antérieure au site.' },
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Champ non accepté : ${issue.keys.join(', ')} (la preuve ne contient aucune donnée personnelle).`
        : 'Preuve de consentement attendue (objet JSON).',
  },
);

export type ConsentProofInput = z.infer<typeof consentProofSchema>;
