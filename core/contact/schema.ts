/**
 * The schemas of the contact and tester requests, written once and used by the widgets (before
 * sending), the embedded server (JSON and plain form posts) and the Supabase edge function.
 *
 * Two layers:
 * - the forms (what the visitor typed), with the exact messages of docs/requirements.md#forms;
 * - the payload of call 3 (docs/requirements.md#contact-send): `type`, the fields, `created_at`; the contract the
 *   backend enforces whatever sends it. Empty optional values are omitted from it.
 *
 * zod/mini keeps the browser chunk small (about 6 KiB gz, loaded at submit only).
 */
import * as z from 'zod/mini';
import { isCleanText } from '../common/control-characters.ts';
import { CONTACT_MESSAGES, HANDOFF_MESSAGES, LIMIT_MESSAGES, MAX_LENGTH, TESTER_MESSAGES } from './messages.ts';
import {
  CONTACT_SUBJECTS,
  HONEYPOT_FIELD,
  MESSAGE_MIN,
  FULL_NAME_MIN,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TESTER_PROFESSIONS,
  TRANSCRIPT_MAX_MESSAGES,
  teamSizeFromInput,
  type HandoffField,
  type HandoffFormValues,
  type ContactField,
  type ContactFormValues,
  type FieldErrors,
  type TesterField,
  type TesterFormValues,
} from './fields.ts';

/** The control-character rule of every stored text (core/common/control-characters.ts). */
const cleanText = (multiLine: boolean) => (value: string) => isCleanText(value, multiLine);

/** A string, trimmed, free of control characters, within `max`. `required` names the message for a missing value. */
function text(options: {
  required: string;
  max: number;
  tooLong: string;
  min?: number;
  tooShort?: string;
  multiLine?: boolean;
}) {
  const checks = [
    z.refine<string>(cleanText(options.multiLine ?? false), LIMIT_MESSAGES.characters),
    // Counted in code points, as Postgres' char_length does: an emoji is one character, not two.
    ...(options.min
      ? [z.refine<string>((value) => [...value].length >= options.min!, options.tooShort ?? options.required)]
      : []),
    z.maxLength(options.max, options.tooLong),
  ];
  return z.pipe(
    z.pipe(
      z.string({ error: options.required }),
      z.transform((value) => value.trim()),
    ),
    z.string().check(...checks),
  );
}

/** An optional text: absent, null or blank all mean "not given"; `rule`, when given, holds what is given. */
function optionalText(max: number, tooLong: string, rule = { test: (_value: string) => true, message: '' }) {
  return z
    .pipe(
      z.optional(z.nullable(z.string({ error: LIMIT_MESSAGES.text }))),
      z.transform((value) => (value == null || value.trim() === '' ? undefined : value.trim())),
    )
    .check(
      z.refine((value) => value === undefined || cleanText(false)(value), LIMIT_MESSAGES.characters),
      z.refine((value) => value === undefined || value.length <= max, tooLong),
      z.refine((value) => value === undefined || rule.test(value), rule.message),
    );
}

/**
 * A phone number as people write one: French (10 digits from 0: 01 23 45 67 89, 01.23.45.67.89) or
 * international (+ or 00, then 8 to 15 digits: +33 1 23 45 67 89, +33 (0)1 23 45 67 89), spaces, dots,
 * hyphens and brackets between the digits.
 */
export function looksLikePhone(value: string): boolean {
  if (!/^\+?[\d\s.()-]+$/.test(value)) return false;
  const digits = value.replace(/[\s.()-]/g, '');
  return /^0[1-9]\d{8}$/.test(digits) || /^(?:\+|00)[1-9]\d{7,14}$/.test(digits);
}

/** RFC 5321, section 4.5.3.1: a local part of 64 octets, a path of 256 (so an address of 254) at most. */
const EMAIL_LOCAL_MAX_OCTETS = 64;
const octets = (text: string) => new TextEncoder().encode(text).length;
/** What a mail server will accept, checked at the door rather than refused later with the request left pending. */
export function emailWithinLimits(address: string): boolean {
  const at = address.lastIndexOf('@');
  return at > 0 && octets(address.slice(0, at)) <= EMAIL_LOCAL_MAX_OCTETS && octets(address) <= MAX_LENGTH.email;
}

function email(message: string) {
  return z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((value) => value.trim()),
    ),
    z.email({ error: message }).check(z.maxLength(MAX_LENGTH.email, message), z.refine(emailWithinLimits, message)),
  );
}

const createdAt = z.pipe(
  z.string({ error: LIMIT_MESSAGES.createdAt }),
  z.transform((value, context) => {
    // Normalised through Date, so Postgres always receives a real instant (no 30 February).
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
      ? Date.parse(value)
      : Number.NaN;
    const year = Number.isFinite(time) ? new Date(time).getUTCFullYear() : 0;
    if (year < 2000 || year > 2200) {
      context.issues.push({ code: 'custom', message: LIMIT_MESSAGES.createdAt, input: value });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  }),
);

const contactShape = {
  fullName: text({
    required: CONTACT_MESSAGES.fullName,
    min: FULL_NAME_MIN,
    max: MAX_LENGTH.fullName,
    tooLong: LIMIT_MESSAGES.fullName,
  }),
  company: optionalText(MAX_LENGTH.company, LIMIT_MESSAGES.company),
  email: email(CONTACT_MESSAGES.email),
  phone: optionalText(MAX_LENGTH.phone, LIMIT_MESSAGES.phone, {
    test: looksLikePhone,
    message: LIMIT_MESSAGES.phoneNumber,
  }),
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.subject }),
  message: text({
    required: CONTACT_MESSAGES.message,
    min: MESSAGE_MIN,
    max: MAX_LENGTH.message,
    tooLong: LIMIT_MESSAGES.message,
    multiLine: true,
  }),
};

const testerShape = {
  fullName: text({
    required: TESTER_MESSAGES.fullName,
    min: FULL_NAME_MIN,
    max: MAX_LENGTH.fullName,
    tooLong: LIMIT_MESSAGES.fullName,
  }),
  email: email(TESTER_MESSAGES.email),
  city: optionalText(MAX_LENGTH.city, LIMIT_MESSAGES.city),
  profession: z.enum(TESTER_PROFESSIONS, { error: TESTER_MESSAGES.profession }),
};

/** DENTY's hand-off: what reaches the team, the name and the phone as the visitor chooses. */
const handoffShape = {
  email: email(CONTACT_MESSAGES.email),
  fullName: optionalText(MAX_LENGTH.fullName, LIMIT_MESSAGES.fullName),
  phone: optionalText(MAX_LENGTH.phone, LIMIT_MESSAGES.phone, {
    test: looksLikePhone,
    message: LIMIT_MESSAGES.phoneNumber,
  }),
  question: text({
    required: HANDOFF_MESSAGES.question,
    max: MAX_LENGTH.message,
    tooLong: HANDOFF_MESSAGES.questionTooLong,
    multiLine: true,
  }),
};

/** One message of the conversation that goes with a hand-off: who said it, what, when (never a file's bytes). */
export const transcriptEntry = z.strictObject({
  role: z.enum(['visitor', 'assistant']),
  text: z.string().check(z.maxLength(MAX_LENGTH.message), z.refine<string>(cleanText(true), LIMIT_MESSAGES.characters)),
  at: z.iso.datetime({ offset: true }),
});
export type TranscriptEntry = z.infer<typeof transcriptEntry>;

const unknownKeys = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Champ inconnu\u00A0: ${(issue.keys ?? []).join(', ')}.`
    : 'Le corps de la requête doit être un objet JSON.';

/** The contact form as typed (consent included, never sent). */
export const contactForm = z.object({
  ...contactShape,
  consent: z.literal(true, { error: CONTACT_MESSAGES.consent }),
});

/** A whole number of people, 1 to 50 (docs/requirements.md#tester-form-validation). */
const teamSize = z
  .int({ error: TESTER_MESSAGES.teamSize })
  .check(z.gte(TEAM_SIZE_MIN, TESTER_MESSAGES.teamSize), z.lte(TEAM_SIZE_MAX, TESTER_MESSAGES.teamSize));

/** The tester form as typed; a team size that is not a number falls back to 1 (docs/requirements.md#tester-form-validation). */
export const testerForm = z.object({
  ...testerShape,
  teamSize: z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => teamSizeFromInput(value)),
    ),
    teamSize,
  ),
});

/** The hand-off form as typed in the drawer (consent included, never sent). */
export const handoffForm = z.object({
  ...handoffShape,
  consent: z.literal(true, { error: CONTACT_MESSAGES.consent }),
});

/** Call 3, type 'contact': docs/requirements.md#contact-send. */
export const contactPayload = z.strictObject(
  {
    type: z.literal('contact', { error: LIMIT_MESSAGES.type }),
    ...contactShape,
    created_at: createdAt,
    [HONEYPOT_FIELD]: z.optional(z.unknown()),
  },
  { error: unknownKeys },
);

/** Call 3, type 'tester' (docs/decisions/0009-tester-form-really-sent.md). */
export const testerPayload = z.strictObject(
  {
    type: z.literal('tester', { error: LIMIT_MESSAGES.type }),
    ...testerShape,
    teamSize: z.optional(teamSize),
    created_at: createdAt,
    [HONEYPOT_FIELD]: z.optional(z.unknown()),
  },
  { error: unknownKeys },
);

/** Call 3, type 'handoff': DENTY passes a visitor's question to the team (docs/assistant.md#the-loop). */
export const handoffPayload = z.strictObject(
  {
    type: z.literal('handoff', { error: LIMIT_MESSAGES.type }),
    ...handoffShape,
    transcript: z.array(transcriptEntry).check(z.maxLength(TRANSCRIPT_MAX_MESSAGES, HANDOFF_MESSAGES.transcript)),
    created_at: createdAt,
    [HONEYPOT_FIELD]: z.optional(z.unknown()),
  },
  { error: unknownKeys },
);

export const submissionPayload = z.discriminatedUnion('type', [contactPayload, testerPayload, handoffPayload], {
  error: LIMIT_MESSAGES.type,
});

export type ContactPayload = Omit<z.output<typeof contactPayload>, typeof HONEYPOT_FIELD>;
export type TesterPayload = Omit<z.output<typeof testerPayload>, typeof HONEYPOT_FIELD>;
export type HandoffPayload = Omit<z.output<typeof handoffPayload>, typeof HONEYPOT_FIELD>;
export type Submission = ContactPayload | TesterPayload | HandoffPayload;

/** The first message per field, in the order of the issues. `''` is the request itself. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Drops undefined values: empty optional values are omitted from the payload (docs/requirements.md#contact-form-validation). */
function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

export type FormResult<Field extends string, Payload> =
  { ok: true; payload: Payload } | { ok: false; errors: FieldErrors<Field> };

/** Validates the contact form; on success, the payload with `type: 'contact'` and `created_at` added. */
export function validateContactForm(
  values: ContactFormValues,
  now: Date = new Date(),
): FormResult<ContactField, ContactPayload> {
  const result = contactForm.safeParse(values);
  if (!result.success) return { ok: false, errors: fieldErrors(result.error.issues) as FieldErrors<ContactField> };
  const { consent: _consent, ...fields } = result.data;
  return { ok: true, payload: compact({ type: 'contact' as const, ...fields, created_at: now.toISOString() }) };
}

/** Validates the tester form; on success, the payload with `type: 'tester'` and `created_at` added. */
export function validateTesterForm(
  values: TesterFormValues,
  now: Date = new Date(),
): FormResult<TesterField, TesterPayload> {
  const result = testerForm.safeParse(values);
  if (!result.success) return { ok: false, errors: fieldErrors(result.error.issues) as FieldErrors<TesterField> };
  return { ok: true, payload: compact({ type: 'tester' as const, ...result.data, created_at: now.toISOString() }) };
}

/** Validates the hand-off form; on success, the payload with its transcript and `created_at`. */
export function validateHandoffForm(
  values: HandoffFormValues,
  transcript: TranscriptEntry[],
  now: Date = new Date(),
): FormResult<HandoffField, HandoffPayload> {
  const result = handoffForm.safeParse(values);
  if (!result.success) return { ok: false, errors: fieldErrors(result.error.issues) as FieldErrors<HandoffField> };
  const { consent: _consent, ...fields } = result.data;
  return {
    ok: true,
    payload: compact({
      type: 'handoff' as const,
      ...fields,
      transcript: transcript.slice(-TRANSCRIPT_MAX_MESSAGES),
      created_at: now.toISOString(),
    }),
  };
}

export type PayloadResult = { ok: true; submission: Submission } | { ok: false; fields: Record<string, string> };

/** Validates a request body of call 3 (already parsed JSON, of any shape). */
export function parseSubmission(body: unknown): PayloadResult {
  const result = submissionPayload.safeParse(body);
  if (!result.success) return { ok: false, fields: fieldErrors(result.error.issues) };
  const { [HONEYPOT_FIELD]: _trap, ...submission } = result.data;
  return { ok: true, submission: compact(submission) as Submission };
}

/** True when a bot filled the honeypot field (any non-empty value). */
export function honeypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '' && value !== false;
}

/** One row of public.contact_requests (supabase/migrations), without what the database fills. */
export interface SubmissionRow {
  type: 'contact' | 'tester' | 'handoff';
  /** Optional only for a hand-off. */
  full_name: string | null;
  email: string;
  company: string | null;
  phone: string | null;
  subject: string | null;
  message: string | null;
  city: string | null;
  profession: string | null;
  team_size: number | null;
  /** A hand-off's conversation. */
  transcript: TranscriptEntry[] | null;
  created_at: string;
}

export function submissionRow(submission: Submission): SubmissionRow {
  const empty = {
    company: null,
    phone: null,
    subject: null,
    message: null,
    city: null,
    profession: null,
    team_size: null,
    transcript: null,
  };
  if (submission.type === 'contact')
    return {
      ...empty,
      type: 'contact',
      full_name: submission.fullName,
      email: submission.email,
      company: submission.company ?? null,
      phone: submission.phone ?? null,
      subject: submission.subject,
      message: submission.message,
      created_at: submission.created_at,
    };
  if (submission.type === 'handoff')
    return {
      ...empty,
      type: 'handoff',
      full_name: submission.fullName ?? null,
      email: submission.email,
      phone: submission.phone ?? null,
      message: submission.question,
      transcript: submission.transcript,
      created_at: submission.created_at,
    };
  return {
    ...empty,
    type: 'tester',
    full_name: submission.fullName,
    email: submission.email,
    city: submission.city ?? null,
    profession: submission.profession,
    team_size: submission.teamSize ?? 1,
    created_at: submission.created_at,
  };
}
