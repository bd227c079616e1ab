/**
 * The hand-off form's words (docs/assistant.md#the-loop), apart from texts.ts: they load with the form,
 * which most conversations never open. French typography is written in, as in texts.ts.
 */
export const handoffTexts = {
  title: 'Transmettre votre question à l’équipe',
  intro:
    'Une personne de l’équipe vous répond par e\u2011mail. La conversation avec l’assistant est jointe à votre question.',
  email: 'Votre adresse e\u2011mail',
  name: 'Votre nom (facultatif)',
  phone: 'Votre téléphone (facultatif)',
  question: 'Votre question',
  consentStart: 'J’accepte que Dentivo utilise ces informations pour me répondre, comme l’explique la ',
  consentLink: 'politique de confidentialité',
  send: 'Envoyer',
  sending: 'Envoi en cours…',
  cancel: 'Annuler',
  failed:
    'L’envoi n’a pas abouti\u00A0: vérifiez votre connexion, puis réessayez. Ce que vous avez écrit est conservé.',
} as const;
