/**
 * Every string the assistant shows (French), in one place. The exact texts of docs/requirements.md#assistant and docs/requirements.md#error-catalogue
 * are kept word for word; French typography is written in (\u202F before ! ? ;, \u00A0 before :).
 */
import { quickOptions } from '../../core/assistant/quick-options.ts';

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
  restoring: 'Restauration de la conversation...',
  typing: (assistant: string) => `${assistant} écrit…`,
  you: 'Vous',
  sentAt: 'envoyé à',
  // Input bar (docs/requirements.md#assistant-input).
  placeholder: 'Votre question...',
  inputLabel: 'Votre question',
  attach: 'Joindre des fichiers',
  removeFile: (name: string) => `Retirer ${name}`,
  record: 'Enregistrer un message vocal',
  stopRecording: 'Arrêter l’enregistrement',
  recordingSeconds: (seconds: number) => `Enregistrement en cours : ${seconds} s`,
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
  fileUploadErrorText: (detail: string) => `L’envoi du fichier a échoué (${detail}). Veuillez réessayer.`,
  microphoneError: 'Impossible d’accéder au microphone. Veuillez vérifier les permissions.',
} as const;
