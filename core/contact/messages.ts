/**
 * Every message a visitor may read about a contact or tester request, written once and typeset in the
 * source (docs/decisions/0053-form-messages-and-typed-text.md): each form's rules, the limits the
 * specification leaves open, and the answers of the request itself. The widgets (at submit, with the
 * schemas of core/contact/schema.ts), the embedded server's no-JavaScript pages and the edge function all
 * read them here; what the forms show before any check (results, thanks) is in core/contact/fields.ts.
 */
import { retryDelayText } from '../common/dates.ts';
import { FULL_NAME_MIN, MESSAGE_MIN, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from './fields.ts';

/** Upper bounds the specification leaves open; they protect the database and the mails. */
export const MAX_LENGTH = { fullName: 200, email: 254, company: 200, phone: 40, message: 5000, city: 120 } as const;

/**
 * The contact form's messages: the specification's words, verbatim (docs/requirements.md#contact-form-validation),
 * typeset only (no-break spaces, apostrophes).
 */
export const CONTACT_MESSAGES = {
  fullName: 'Le nom et prénom sont requis',
  email: 'Adresse email invalide',
  subject: 'Veuillez sélectionner un sujet',
  message: `Votre message doit contenir au moins ${MESSAGE_MIN}\u00A0caractères`,
  consent: 'Vous devez accepter la politique de confidentialité',
} as const;

/** The tester form's messages, the specification's words too (docs/requirements.md#tester-form-validation). */
export const TESTER_MESSAGES = {
  fullName: `Le nom doit contenir au moins ${FULL_NAME_MIN}\u00A0caractères.`,
  email: 'Veuillez entrer une adresse email valide.',
  profession: 'Veuillez sélectionner votre profession.',
  // Not in the specification, which lets the input fall back to 1 only when it is not a number.
  teamSize: `Indiquez un nombre entier de personnes, de ${TEAM_SIZE_MIN} à ${TEAM_SIZE_MAX}.`,
} as const;

/** The rules the specification leaves open, written in the tester form's manner. */
export const LIMIT_MESSAGES = {
  phoneNumber:
    'Veuillez entrer un numéro de téléphone valide, par exemple 01\u00A023\u00A045\u00A067\u00A089 ou +33\u00A01\u00A023\u00A045\u00A067\u00A089.',
  fullName: `Le nom ne doit pas dépasser ${MAX_LENGTH.fullName}\u00A0caractères.`,
  company: `Le nom du cabinet ne doit pas dépasser ${MAX_LENGTH.company}\u00A0caractères.`,
  phone: `Le numéro de téléphone ne doit pas dépasser ${MAX_LENGTH.phone}\u00A0caractères.`,
  message: `Votre message ne doit pas dépasser 5\u202F000\u00A0caractères.`,
  city: `Le nom de la ville ne doit pas dépasser ${MAX_LENGTH.city}\u00A0caractères.`,
  characters: 'Ce champ contient des caractères non autorisés.',
  type: 'Type de demande inconnu (attendu\u00A0: contact, tester ou handoff).',
  createdAt: 'Date d’envoi invalide.',
  text: 'Ce champ doit être un texte.',
  encoding:
    'Votre envoi contient des caractères illisibles (encodage UTF-8 attendu). Vérifiez le texte saisi, puis renvoyez le formulaire.',
} as const;

/** What the request itself answers (backend/contact/handler.ts), to the widgets in JSON and on the no-JavaScript pages. */
export const REQUEST_MESSAGES = {
  stored: 'Demande enregistrée.',
  invalid: 'Certaines informations sont invalides\u00A0: vérifiez les champs signalés.',
  origin: 'Origine non autorisée.',
  method: 'Méthode non autorisée\u00A0: utilisez POST.',
  contentType: 'Le corps de la requête doit être du JSON (Content-Type: application/json).',
  tooLarge: 'La demande est trop volumineuse.',
  encoding: 'Le corps de la requête doit être un texte UTF-8 valide.',
  json: 'Le corps de la requête n’est pas un JSON valide.',
  idempotencyKey: 'En-tête Idempotency-Key invalide (8 à 100\u00A0caractères\u00A0: lettres, chiffres, - et _).',
  conflict:
    'Cette clé d’envoi (Idempotency-Key) a déjà servi pour une demande différente\u00A0: rien n’a été enregistré. Envoyez cette demande avec une nouvelle clé.',
  unavailable:
    'Le service est momentanément indisponible. Votre demande n’a pas été enregistrée\u00A0: réessayez dans quelques instants.',
  rateLimited: (seconds: number) =>
    `Trop de demandes envoyées depuis votre connexion. Réessayez dans ${retryDelayText(seconds)}.`,
} as const;

/** The hand-off form's own rules (docs/assistant.md#the-loop); e-mail and consent say as the contact form does. */
export const HANDOFF_MESSAGES = {
  question: 'Écrivez en quelques mots la question à transmettre à l’équipe.',
  questionTooLong: `Votre question ne doit pas dépasser ${MAX_LENGTH.message.toLocaleString('fr-FR').replace(/\s/g, '\u202F')}\u00A0caractères.`,
  transcript: 'La conversation jointe est illisible ou trop longue.',
} as const;
