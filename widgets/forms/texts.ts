/**
 * Every string the contact and tester forms show (French). The result texts of docs/requirements.md#error-catalogue come from
 * core/contact/fields.ts and the validation messages from core/contact/messages.ts (with the schemas,
 * loaded at submit), both shared with the server's no-JavaScript pages.
 */
import { PROFESSION_LABELS, SUBJECT_LABELS } from '../../core/contact/fields.ts';

export { PROFESSION_LABELS, SUBJECT_LABELS };

export const texts = {
  requiredNote: 'Tous les champs sont obligatoires, sauf mention «\u202Ffacultatif\u202F».',
  optional: ' (facultatif)',
  sending: 'Envoi en cours…',
  sendingAnnouncement: 'Envoi du message en cours…',
  sendingTesterAnnouncement: 'Envoi de la demande en cours…',
  contact: {
    label: 'Formulaire de contact',
    fullName: 'Nom et prénom',
    company: 'Cabinet ou structure',
    email: 'Adresse e\u2011mail',
    phone: 'Téléphone',
    subject: 'Sujet de votre demande',
    subjectPlaceholder: 'Choisissez un sujet',
    message: 'Votre message',
    consent: (product: string) => `J’accepte que ${product} utilise ces informations pour répondre à ma demande.`,
    privacy: 'Lire la politique de confidentialité (nouvel onglet)',
    submit: 'Envoyer le message',
  },
  tester: {
    label: 'Demande pour rejoindre les testeurs',
    fullName: 'Nom et prénom',
    email: 'Adresse e\u2011mail',
    city: 'Ville du cabinet',
    profession: 'Profession',
    professionPlaceholder: 'Choisissez votre profession',
    teamSize: 'Nombre de personnes dans l’équipe',
    teamSizeHint: 'De 1 à 50\u00A0personnes, en vous comptant.',
    submit: 'Envoyer ma demande',
  },
  honeypot: 'Site web (laissez ce champ vide)',
} as const;
