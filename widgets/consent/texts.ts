/**
 * Every string the consent widgets show (French). French typography is written in (no-break spaces
 * before : ; ! ?, typographic apostrophe) because React renders these strings after the build.
 */
import { ACTIONS } from '../../core/common/actions.ts';

export const texts = {
  bannerTitle: 'Vos choix sur les cookies',
  bannerText:
    'Avec votre accord, nous mesurons l’audience du site pour l’améliorer et l’efficacité de nos campagnes publicitaires. Refuser ne change rien à votre visite, et vous pouvez changer d’avis à tout moment.',
  learnMore: 'En savoir plus',
  learnMoreHidden: ' sur notre politique de confidentialité',
  reject: ACTIONS.rejectCookies,
  acceptAll: ACTIONS.acceptCookies,
  customize: 'Personnaliser',

  panelTitle: 'Personnaliser vos choix',
  panelIntro: 'Activez ou désactivez chaque catégorie, puis enregistrez. Rien n’est activé sans votre accord.',
  close: 'Fermer',
  rejectAllPanel: ACTIONS.rejectCookies,
  acceptAllPanel: ACTIONS.acceptCookies,
  save: 'Enregistrer mes choix',
  manage: 'Le détail des cookies sur la page Gestion des cookies',

  categories: {
    necessary: {
      title: 'Cookies nécessaires',
      description:
        'Ils retiennent vos choix de cookies et votre conversation avec l’assistant. Indispensables au site, ils ne servent ni à la mesure d’audience ni à la publicité.',
    },
    analytics: {
      title: 'Mesure d’audience',
      description:
        'Google Analytics et un outil d’enregistrement de session nous montrent comment le site est consulté, pour l’améliorer.',
    },
    marketing: {
      title: 'Marketing',
      description:
        'Les pixels Meta, LinkedIn, X, TikTok et Google Ads mesurent l’efficacité de nos campagnes publicitaires.',
    },
  },
  alwaysOn: 'Toujours actifs',

  settingsRejectAll: ACTIONS.rejectCookies,
  settingsAcceptAll: ACTIONS.acceptCookies,
  statusBeforeScript: 'Seuls les cookies nécessaires sont actifs tant que vous n’avez rien accepté.',
  statusNoChoice: 'Vous n’avez pas encore fait de choix\u00A0: seuls les cookies nécessaires sont actifs.',
  statusGpc:
    'Votre navigateur envoie le signal Global Privacy Control\u00A0: la mesure d’audience et le marketing sont refusés. Vous pouvez les activer ici.',
  statusSaved: (date: string, until: string) => `Choix du ${date}, valable jusqu’au ${until}.`,
  consentId: (id: string) => `Identifiant de consentement\u00A0: ${id}`,
  announceSaved: 'Vos choix sont enregistrés.',
} as const;
