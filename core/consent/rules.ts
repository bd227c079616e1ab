/**
 * Cookie consent rules (docs/requirements.md#consent-record; docs/decisions/0011-consent-record-and-renewal.md). No
 * zod at run time, so the consent widgets use them without shipping a schema library to the browser: the
 * stored record is checked by its schema (record.ts) compiled to a function (stored-record.ts), loaded
 * once the page is idle; the proof that the server validates is the zod schema of core/consent/proof.ts.
 *
 * A stored choice counts only while it is readable, made under the current policy version and younger
 * than 6 months. Anything else is "no choice": the banner asks again and nothing non-essential runs.
 */
/** Local-storage key of the record (docs/requirements.md#consent-record). */
export const CONSENT_STORAGE_KEY = 'cookie-consent';

/**
 * Version of the cookie policy the visitor answered. Change it when trackers or purposes change
 * (content/pages/gestion-cookies.md): every visitor is asked again.
 */
export const CONSENT_POLICY_VERSION = '2026-11-01';

/** A choice is kept 6 months from `lastUpdated`, then the banner shows again (docs/decisions/0011-consent-record-and-renewal.md). */
export const CONSENT_VALIDITY_MONTHS = 6;

/** Where each choice is proved (the embedded server, or the Supabase edge function of the same name). */
export const CONSENT_PROOF_PATH = '/functions/v1/consent-proof';

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export interface ConsentRecord extends ConsentChoice {
  /** Necessary cookies are always on. */
  necessary: true;
  /** ISO 8601 time of the last choice; null while no choice was made. */
  lastUpdated: string | null;
  hasSetPreferences: boolean;
  policyVersion: string;
  /** Random identifier (UUID v4) linking this browser's choices to their proofs; '' before the first choice. */
  consentId: string;
}

/** Why a stored record was not used. */
export type ConsentProblem = 'corrupt' | 'version' | 'expired';

export interface LoadedConsent {
  record: ConsentRecord;
  /** The choice comes from the browser's Global Privacy Control signal, not from a click. */
  fromGpc: boolean;
  problem?: ConsentProblem;
  /** What made the record unreadable, for the log line. */
  error?: unknown;
}

/** The initial state: necessary only, preferences not set (docs/requirements.md#consent-record). */
export function noChoice(): ConsentRecord {
  return {
    necessary: true,
    analytics: false,
    marketing: false,
    lastUpdated: null,
    hasSetPreferences: false,
    policyVersion: CONSENT_POLICY_VERSION,
    consentId: '',
  };
}

/**
 * A browser sending Global Privacy Control has already said no: both categories start refused and
 * the refusal counts as the visitor's choice, so the banner does not ask for what was refused (CNIL:
 * no new request soon after a refusal). Nothing is stored, so switching GPC off brings the banner back;
 * an explicit choice made later on /gestion-cookies is stored and wins over the signal.
 */
export function gpcRefusal(): ConsentRecord {
  return { ...noChoice(), hasSetPreferences: true };
}

/** `date` plus `months` calendar months, clamped to the last day of the target month. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** When a choice made at `lastUpdated` stops counting (an invalid date if it is not a date). */
export function consentExpiry(lastUpdated: string): Date {
  return addMonths(new Date(lastUpdated), CONSENT_VALIDITY_MONTHS);
}

// A pattern without flags: JSON Schema carries it to the compiled check (record.ts, record.check.ts).
export const CONSENT_ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

export const isConsentId = (value: unknown): value is string =>
  typeof value === 'string' && CONSENT_ID_PATTERN.test(value);

/** How a stored record is read: whole, by its compiled schema (stored-record.ts), or as first paint reads it. */
export type RecordReader = (value: unknown) => ConsentRecord;

/**
 * A stored record as the first paint reads it (docs/decisions/0075-consent-checked-at-idle.md): its version
 * and its date, which decide whether the banner shows, and its id, kept by a choice made meanwhile. The
 * choice itself counts as a refusal until the record is checked whole, once the page is idle: nothing
 * runs on fields no schema has read.
 */
export function firstPaintRecord(value: unknown): ConsentRecord {
  const { policyVersion, lastUpdated, consentId } = Object(value) as Partial<Record<keyof ConsentRecord, unknown>>;
  return {
    ...noChoice(),
    hasSetPreferences: true,
    policyVersion: String(policyVersion),
    lastUpdated: String(lastUpdated),
    consentId: isConsentId(consentId) ? consentId : '',
  };
}

/**
 * What the stored text means now, read by `read`. A missing, corrupt, outdated (policy version) or
 * expired record is no choice, except that Global Privacy Control then stands for a refusal.
 */
export function readStoredConsent(raw: string | null, now: Date, gpc: boolean, read: RecordReader): LoadedConsent {
  const fallback = (problem?: ConsentProblem, error?: unknown): LoadedConsent => ({
    record: gpc ? gpcRefusal() : noChoice(),
    fromGpc: gpc,
    ...(problem ? { problem } : {}),
    ...(error === undefined ? {} : { error }),
  });
  if (raw === null || raw === '') return fallback();
  let record: ConsentRecord;
  try {
    record = read(JSON.parse(raw));
  } catch (error) {
    return fallback('corrupt', error);
  }
  if (record.policyVersion !== CONSENT_POLICY_VERSION) return fallback('version');
  // Written so that a date that is no date (NaN) is expired too.
  if (!(consentExpiry(record.lastUpdated!).getTime() > now.getTime())) return fallback('expired');
  // A choice from the future (clock moved back) is kept, but its 6 months still run from that date.
  return { record, fromGpc: false };
}

/** A random UUID v4 from the platform's generator (works outside secure contexts too). */
export function newConsentId(
  random: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(16);
  random(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The record after a choice (accept all, refuse all, custom toggles): values updated, preferences set,
 * dated now, under the current policy. A valid earlier choice keeps its consent id, so its proofs
 * form one history; a first choice gets a new one.
 */
export function applyChoice(
  previous: ConsentRecord,
  choice: ConsentChoice,
  now: Date,
  newId: () => string = newConsentId,
): ConsentRecord {
  return {
    necessary: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
    lastUpdated: now.toISOString(),
    hasSetPreferences: true,
    policyVersion: CONSENT_POLICY_VERSION,
    consentId: isConsentId(previous.consentId) ? previous.consentId : newId(),
  };
}

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };

/** The proof sent to the backend for each choice: choices, version, time, the random id; no personal data. */
export interface ConsentProof extends ConsentChoice {
  consentId: string;
  policyVersion: string;
  chosenAt: string;
}

export function consentProof(record: ConsentRecord): ConsentProof {
  return {
    consentId: record.consentId,
    analytics: record.analytics,
    marketing: record.marketing,
    policyVersion: record.policyVersion,
    chosenAt: record.lastUpdated ?? '',
  };
}
