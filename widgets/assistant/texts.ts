/**
 * Every string the assistant shows (French), in one place. The exact texts of docs/requirements.md#assistant and docs/requirements.md#error-catalogue
 * are kept word for word; French typography is written in (\u202F before ! ? ;, \u00A0 before :).
 */
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { quickOptions } from '../../core/assistant/quick-options.ts';
import { UPLOAD_MAX_BYTES } from '../../core/assistant/uploads.ts';

const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;
const ACCEPTED_KINDS = 'images, PDF, textes, documents bureautiques ou sons';

/** The floating button's own words (kept apart: the button loads without the rest). */
export const buttonTexts = { label: 'Assistant' } as const;

export const texts = {
  title: (product: string) => `Assistant ${product}`,
  subtitle: (assistant: string, product: string) => `${assistant}, l’assistant virtuel de ${product}`,
  close: 'Fermer l’assistant',
  clear: 'Effacer la conversation',
  conversation: 'Conversation avec l’assistant',
  welcome: (assistant: string, product: string) =>
    `Bonjour\u202F! Je suis ${assistant}, l’assistant de ${product}. Posez-moi vos questions sur nos modules, l’essai gratuit ou l’organisation de votre cabinet.`,
  quickOptionsLabel: 'Questions suggérées',
  // Also offered by DENTY after a greeting: one list, in core.
  quickOptions,
  restoring: 'Restauration de la conversation…',
  typing: (assistant: string) => `${assistant} écrit…`,
  you: 'Vous',
  sentAt: 'envoyé à',
  // Input bar (docs/requirements.md#assistant-input).
  placeholder: 'Votre question…',
  inputLabel: 'Votre question',
  attach: 'Joindre des fichiers',
  removeFile: (name: string) => `Retirer ${name}`,
  record: 'Enregistrer un message vocal',
  stopRecording: 'Arrêter l’enregistrement',
  recordingSeconds: (seconds: number) => `Enregistrement en cours\u00A0: ${seconds}\u00A0s`,
  voiceNote: 'Note vocale',
  voiceChip: '00:15',
  removeVoice: 'Retirer la note vocale',
  send: 'Envoyer',
  attachments: 'Pièces jointes',
  pendingFiles: 'Fichiers à envoyer',
  // Voice player.
  play: 'Écouter le message vocal',
  pause: 'Mettre en pause',
  progress: 'Lecture',
  voiceMessage: 'Message vocal',
  // Error catalogue (docs/requirements.md#assistant-errors).
  connectionErrorTitle: 'Erreur de connexion',
  connectionErrorText: 'Impossible de contacter l’assistant. Veuillez réessayer plus tard.',
  apology: 'Je rencontre des difficultés à me connecter. Veuillez réessayer plus tard.',
  emptyReply: 'Je n’ai pas pu générer de réponse à cette requête.',
  // The visible text is French: docs/requirements.md#assistant-errors.
  voiceUploadErrorTitle: 'Note vocale non envoyée',
  voiceUploadErrorText: 'L’envoi de l’enregistrement vocal a échoué. Veuillez réessayer.',
  fileUploadErrorTitle: 'Fichier non envoyé',
  fileUploadErrorText: (name: string) =>
    `L’envoi de «\u202F${name}\u202F» a échoué (connexion interrompue). Veuillez réessayer.`,
  microphoneError: 'Impossible d’accéder au microphone. Veuillez vérifier les permissions.',
  // Without a microphone the visitor is not stuck: the field takes the focus (issue 29).
  microphoneFallback: 'Vous pouvez aussi écrire votre message ci-dessous.',
  // An idea that did not reach the team: never said « enregistrée » (docs/requirements.md#assistant-answers).
  ideaApology:
    'Votre idée n’a pas encore été transmise à l’équipe produit\u00A0: je rencontre des difficultés à me connecter. Elle est revenue dans la zone de saisie\u00A0: réessayez dans un instant.',
  // A file the storage refused: what is wrong with it, not a connection problem.
  fileRefused: (name: string, reason: string) =>
    `Je n’ai pas pu recevoir «\u202F${name}\u202F»\u00A0: ${reason} Votre message est revenu dans la zone de saisie.`,
  fileRefusedReason: (status: number) =>
    status === 413
      ? `il dépasse ${UPLOAD_MAX_MB}\u00A0Mo.`
      : status === 429
        ? 'trop de fichiers ont été envoyés depuis votre connexion\u00A0; réessayez plus tard.'
        : `ce type de fichier n’est pas accepté (${ACCEPTED_KINDS}).`,
  // Said before sending (docs/requirements.md#assistant-input): nothing is cut without a word.
  fileTypeRefused: (name: string) =>
    `«\u202F${name}\u202F» n’est pas joint\u00A0: ce type de fichier n’est pas accepté (${ACCEPTED_KINDS}).`,
  fileTooBig: (name: string) => `«\u202F${name}\u202F» n’est pas joint\u00A0: il dépasse ${UPLOAD_MAX_MB}\u00A0Mo.`,
  fileEmpty: (name: string) => `«\u202F${name}\u202F» n’est pas joint\u00A0: le fichier est vide.`,
  tooManyFiles: (names: string[]) =>
    `${ASSISTANT.maxFiles}\u00A0fichiers au plus par message\u00A0: ${names.map((name) => `«\u202F${name}\u202F»`).join(', ')} ${names.length > 1 ? 'ne sont pas joints' : 'n’est pas joint'}.`,
  textTooLong: (over: number) =>
    `Message trop long de ${over.toLocaleString('fr-FR')}\u00A0caractère${over > 1 ? 's' : ''} (${ASSISTANT.maxTextLength.toLocaleString('fr-FR')} au plus)\u00A0: raccourcissez-le pour l’envoyer.`,
  dismissNotice: 'Fermer ce message',
  // Votes on each reply (docs/assistant.md#the-loop).
  voteGroup: 'Cette réponse vous a\u2011t\u2011elle aidé\u202F?',
  voteUp: 'Utile',
  voteDown: 'Pas utile',
  voteThanks: 'Merci pour votre retour\u202F!',
  voteFailed: 'Votre avis n’a pas pu être envoyé\u00A0: réessayez dans un instant.',
  // The hand-off (docs/assistant.md#the-loop).
  handoffOffer: 'Transmettre ma question à l’équipe',
  handoffSent: (email: string) =>
    `C’est transmis\u202F! L’équipe a bien reçu votre question et vous répond à l’adresse ${email}. Vous pouvez continuer à me poser vos questions en attendant.`,
} as const;
