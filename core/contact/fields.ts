/**
 * The contact and tester forms without their schemas (docs/requirements.md#forms): field names,
 * choices and their French labels, the exact validation messages, the length limits. No zod here,
 * so the forms' first-load script stays small; the schemas that enforce these rules are in
 * core/contact/schema.ts and are loaded by the widgets when a visitor submits.
 */

export const CONTACT_SUBJECTS = ['demo', 'support', 'tester', 'autre'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const TESTER_PROFESSIONS = ['chirurgien-dentiste', 'assistant', 'coordinateur', 'autre'] as const;
export type TesterProfession = (typeof TESTER_PROFESSIONS)[number];

export const SUBJECT_LABELS: Record<ContactSubject, string> = {
  demo: 'Demander une démonstration',
  support: 'Support et aide à l’utilisation',
  tester: 'Rejoindre le programme testeurs',
  autre: 'Autre demande',
};

export const PROFESSION_LABELS: Record<TesterProfession, string> = {
  'chirurgien-dentiste': 'Chirurgien-dentiste',
  assistant: 'Assistant ou assistante dentaire',
  coordinateur: 'Coordinateur ou coordinatrice',
  autre: 'Autre profession',
};

/** docs/requirements.md#forms. */
export const FULL_NAME_MIN = 2;
export const MESSAGE_MIN = 10;
export const TEAM_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 50;
export const TEAM_SIZE_DEFAULT = 1;

/** The honeypot: a field people never see nor fill; a request that fills it is dropped silently. */
export const HONEYPOT_FIELD = 'website';

/** What the visitor typed, as the form holds it (strings; the consent box as a boolean). */
export interface ContactFormValues {
  fullName: string;
  company: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  consent: boolean;
}

export interface TesterFormValues {
  fullName: string;
  email: string;
  city: string;
  profession: string;
  teamSize: string;
}

export type ContactField = keyof ContactFormValues;
export type TesterField = keyof TesterFormValues;
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Field order on screen: the first field in error gets the focus. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  'fullName',
  'company',
  'email',
  'phone',
  'subject',
  'message',
  'consent',
];
export const TESTER_FIELDS: readonly TesterField[] = ['fullName', 'email', 'city', 'profession', 'teamSize'];

export const emptyContactForm = (): ContactFormValues => ({
  fullName: '',
  company: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  consent: false,
});
export const emptyTesterForm = (): TesterFormValues => ({
  fullName: '',
  email: '',
  city: '',
  profession: '',
  teamSize: String(TEAM_SIZE_DEFAULT),
});

/**
 * docs/requirements.md#tester-form-validation: "the input falls back to 1 when not a number". A number
 * stays as typed, so that one outside 1 to 50 is refused with a message rather than changed unseen.
 */
export function teamSizeFromInput(raw: string | number | undefined | null): number {
  const text = String(raw ?? '').trim();
  const value = typeof raw === 'number' ? raw : text === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : TEAM_SIZE_DEFAULT;
}

/** Reads the fields of a posted form (no-JavaScript path) into form values; anything missing is empty. */
export function contactFormFromEntries(read: (name: string) => string | undefined): ContactFormValues {
  const text = (name: string) => read(name) ?? '';
  const consent = read('consent');
  return {
    fullName: text('fullName'),
    company: text('company'),
    email: text('email'),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message'),
    consent: consent !== undefined && consent !== '' && consent !== 'false',
  };
}

export function testerFormFromEntries(read: (name: string) => string | undefined): TesterFormValues {
  const text = (name: string) => read(name) ?? '';
  return {
    fullName: text('fullName'),
    email: text('email'),
    city: text('city'),
    profession: text('profession'),
    teamSize: read('teamSize') ?? String(TEAM_SIZE_DEFAULT),
  };
}

/** What a visitor reads once a request is sent or refused (docs/requirements.md#error-catalogue), for the widgets and the no-JavaScript pages. */
export const RESULT_TEXTS = {
  contactSuccessTitle: 'Message envoyé\u202F!',
  contactSuccessText: 'Nous avons bien reçu votre demande. Notre équipe vous contactera rapidement.',
  contactThanksTitle: 'Merci pour votre message\u202F!',
  contactFailureTitle: 'Erreur',
  contactFailureText: 'Impossible d’envoyer votre message. Veuillez réessayer.',
  newMessage: 'Envoyer un nouveau message',
  testerSuccess: 'Votre demande a été envoyée avec succès\u202F!',
  testerFailure: 'Une erreur est survenue. Veuillez réessayer.',
  testerThanksText: 'Nous revenons vers vous par e\u2011mail pour organiser la suite.',
  /** The tab's title while the form shows an error, on the server's page as in the widget. */
  errorTitle: (title: string) => `Erreur\u00A0: ${title}`,
  fixErrors: (count: number) =>
    count > 1
      ? `Le formulaire contient ${count}\u00A0erreurs\u00A0: corrigez les champs signalés.`
      : 'Le formulaire contient une erreur\u00A0: corrigez le champ signalé.',
} as const;

/**
 * DENTY's hand-off form in the drawer (docs/assistant.md#the-loop): the e-mail to answer, a name and a
 * phone if the visitor wishes, the question (pre-filled, editable), the privacy consent.
 */
export interface HandoffFormValues {
  email: string;
  fullName: string;
  phone: string;
  question: string;
  consent: boolean;
}
export type HandoffField = keyof HandoffFormValues;
/** The conversation that goes with it: at most this many messages, the latest. */
export const TRANSCRIPT_MAX_MESSAGES = 40;
