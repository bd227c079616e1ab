/**
 * The validation messages of the contact and tester requests: the exact ones of docs/requirements.md#forms,
 * and French messages for the limits it leaves open. Used by the schemas (core/contact/schema.ts), so they
 * reach the browser only with them, at submit.
 */
import { TEAM_SIZE_MAX, TEAM_SIZE_MIN } from './fields.ts';

/** Upper bounds the specification leaves open; they protect the database and the mails. */
export const MAX_LENGTH = { fullName: 200, email: 254, company: 200, phone: 40, message: 5000, city: 120 } as const;

/** The exact messages of docs/requirements.md#forms, and the French messages of the limits it leaves open. */
export const CONTACT_MESSAGES = {
  fullName: 'Le nom et prénom sont requis',
  email: 'Adresse email invalide',
  subject: 'Veuillez sélectionner un sujet',
  message: 'Votre message doit contenir au moins 10 caractères',
  consent: 'Vous devez accepter la politique de confidentialité',
} as const;

export const TESTER_MESSAGES = {
  fullName: 'Le nom doit contenir au moins 2 caractères.',
  email: 'Veuillez entrer une adresse email valide.',
  profession: 'Veuillez sélectionner votre profession.',
  teamSize: `La taille de l’équipe doit être un nombre entier entre ${TEAM_SIZE_MIN} et ${TEAM_SIZE_MAX}.`,
} as const;

export const LIMIT_MESSAGES = {
  fullName: `Le nom ne doit pas dépasser ${MAX_LENGTH.fullName} caractères.`,
  company: `Le nom du cabinet ne doit pas dépasser ${MAX_LENGTH.company} caractères.`,
  phone: `Le numéro de téléphone ne doit pas dépasser ${MAX_LENGTH.phone} caractères.`,
  message: `Votre message ne doit pas dépasser 5\u202F000 caractères.`,
  city: `Le nom de la ville ne doit pas dépasser ${MAX_LENGTH.city} caractères.`,
  characters: 'Ce champ contient des caractères non autorisés.',
  type: 'Type de demande inconnu (attendu\u00A0: contact ou tester).',
  createdAt: 'Date d’envoi invalide.',
  text: 'Ce champ doit être un texte.',
  encoding:
    'Votre envoi contient des caractères illisibles (encodage UTF-8 attendu). Vérifiez le texte saisi, puis renvoyez le formulaire.',
} as const;
