/**
 * The specification's own texts, verbatim (docs/requirements.md: « French strings are quoted as the
 * visitor reads them »): every French string it quotes that the site shows is found, typeset and with not
 * a word changed, where the visitor meets it: in a built page (npm run build:test first) or in a widget's
 * catalogue. Typesetting (core/common/typography.ts) may only add no-break spaces, typographic
 * apostrophes and « … ». What the site does not show as quoted says why, and where it was decided.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { frenchTypography } from '../../core/common/typography.ts';
import { builtPages, siteDir } from '../support/site.ts';
import { readableText } from '../support/page-text.ts';
import { catalogueStrings } from '../support/catalogues.ts';
import { CONTACT_MESSAGES, TESTER_MESSAGES } from '../../core/contact/messages.ts';

const PRODUCT = 'Dentivo';

/** Quoted as the specification quotes them ({product} filled), with the page that shows them. */
const ON_PAGES: Record<string, string[]> = {
  '/': [
    'Découvrez toutes nos solutions',
    'Accéder au blog',
    'Prêt à simplifier votre gestion quotidienne ?',
    'Créer un compte gratuitement',
    'Aucune carte bancaire. Aucun engagement.',
    'Refuser',
    'Tout accepter',
    'Personnaliser',
    'En savoir plus',
    'Assistant',
  ],
  '/fonctionnalites': ['Suggérer une idée', 'Rejoindre les testeurs'],
  '/endodontie-comptes-rendus': ['Découvrir la documentation endo', 'Essayer gratuitement'],
  '/tarifs': ['2 mois offerts'],
  '/blog': ["Lire l'article"],
  '/blog/erreurs-gestion-cabinet': ['Vous aimerez aussi...'],
  '/auteur/introuvable.html': ['Auteur non trouvé', "L'auteur que vous recherchez n'existe pas."],
};

/** Each form's own messages, in the order of its fields: the two forms differ, « email » included. */
const FIELD_MESSAGES = {
  contact: [
    'Le nom et prénom sont requis',
    'Adresse email invalide',
    'Veuillez sélectionner un sujet',
    'Votre message doit contenir au moins 10 caractères',
    'Vous devez accepter la politique de confidentialité',
  ],
  tester: [
    'Le nom doit contenir au moins 2 caractères.',
    'Veuillez entrer une adresse email valide.',
    'Veuillez sélectionner votre profession.',
  ],
};

/** Shown by a widget, after the build: held in its catalogue. */
const IN_CATALOGUES = [
  // The assistant (docs/requirements.md#assistant, #assistant-errors).
  `Assistant ${PRODUCT}`,
  `Qu'est-ce que ${PRODUCT} ?`,
  "À qui s'adresse la plateforme ?",
  'Explorer les fonctionnalités actuelles',
  `Comment ${PRODUCT} peut m'aider ?`,
  'Votre question...',
  'Restauration de la conversation...',
  'Erreur de connexion',
  "Impossible de contacter l'assistant. Veuillez réessayer plus tard.",
  'Je rencontre des difficultés à me connecter. Veuillez réessayer plus tard.',
  "Je n'ai pas pu générer de réponse à cette requête.",
  "Impossible d'accéder au microphone. Veuillez vérifier les permissions.",
  // The blog search and the audit checklist (docs/requirements.md#blog-list, #audit-checklist).
  'Aucun article trouvé',
  'Excellent ! Votre cabinet est bien organisé.',
  'Bon niveau, quelques optimisations à prévoir.',
  'Organisation correcte, des améliorations sont nécessaires.',
  `Beaucoup de marge de progression, ${PRODUCT} peut vous aider !`,
  // The contact form (docs/requirements.md#contact-form-validation, #contact-states).
  ...FIELD_MESSAGES.contact,
  'Envoi en cours...',
  'Envoi du message en cours...',
  'Envoyer un nouveau message',
  'Message envoyé !',
  'Nous avons bien reçu votre demande. Notre équipe vous contactera rapidement.',
  'Erreur',
  "Impossible d'envoyer votre message. Veuillez réessayer.",
  // The tester form (docs/requirements.md#tester-form-validation).
  ...FIELD_MESSAGES.tester,
  'Votre demande a été envoyée avec succès !',
  'Une erreur est survenue. Veuillez réessayer.',
];

/** Never shown: written to the console or thrown for developers, word for word, in the built scripts. */
const IN_SCRIPTS = [
  'Error loading consent from localStorage:',
  'Error saving consent to localStorage:',
  "Erreur lors de l'envoi du message",
  'Webhook error: ',
  'Voice upload failed: ',
];

/** What the site does not show as quoted, and where that was decided. */
const NOT_SHOWN: Record<string, string> = {
  'Oops! Page not found': 'DECISIONS turn 2: « Oups ! Page introuvable » (docs/decisions/0018-404-in-french.md)',
  'Return to Home': 'DECISIONS turn 2: « Retour à l’accueil » (docs/decisions/0018-404-in-french.md)',
  'Failed to upload voice recording. Please try again.':
    'all visible text is French (docs/requirements.md#assistant-errors): « L’envoi de l’enregistrement vocal a échoué. Veuillez réessayer. »',
  'Refuser tous':
    'one wording per action: « Refuser » on every cookie button (docs/decisions/0053-form-messages-and-typed-text.md)',
  'Accepter tous':
    'one wording per action: « Tout accepter » on every cookie button (docs/decisions/0053-form-messages-and-typed-text.md)',
  'N article(s) trouvé(s)':
    'an example of the count: « 1 article trouvé », « 3 articles trouvés » (core/blog/listing.ts)',
  'supabaseUrl is required.': 'thrown by supabase-js, which the configuration keeps from happening',
  'supabaseKey is required.': 'thrown by supabase-js, which the configuration keeps from happening',
  'JWKS is empty': 'the Supabase gateway’s, never shown to visitors',
  'No matching signing key found in JWKS': 'the Supabase gateway’s, never shown to visitors',
  'Invalid JWT signature': 'the Supabase gateway’s, never shown to visitors',
};

/** Collapsed as a reader sees it: block edges and runs of ordinary white space are one space. */
const flat = (text: string) => text.replace(/[\u00B6\s]+/g, (run) => (/[\u00A0\u202F]/.test(run) ? run : ' '));

describe('the specification’s texts, verbatim, where the visitor meets them', () => {
  it('each text quoted for a page is on that page, typeset', () => {
    const paths = new Map(builtPages().map(({ file, path }) => [path, file]));
    const missing: string[] = [];
    for (const [path, quoted] of Object.entries(ON_PAGES)) {
      const file = paths.get(path);
      if (!file) {
        missing.push(`${path} : page absente du build`);
        continue;
      }
      const text = readableText(readFileSync(file, 'utf8')).map(flat).join('\n');
      for (const quote of quoted) if (!text.includes(frenchTypography(quote))) missing.push(`${path} : « ${quote} »`);
    }
    expect(missing).toEqual([]);
  });

  it('each text a widget shows is in its catalogue, typeset', () => {
    const all = catalogueStrings().map(([, text]) => text);
    const missing = IN_CATALOGUES.filter((quote) => !all.some((text) => text.includes(frenchTypography(quote))));
    expect(missing).toEqual([]);
  });

  it('each form’s messages are exactly the specification’s, typeset, in the widget, the server’s page and the function', () => {
    // One catalogue (core/contact/messages.ts) feeds the schemas that all three run (core/contact/schema.ts).
    expect(Object.values(CONTACT_MESSAGES)).toEqual(FIELD_MESSAGES.contact.map(frenchTypography));
    expect([TESTER_MESSAGES.fullName, TESTER_MESSAGES.email, TESTER_MESSAGES.profession]).toEqual(
      FIELD_MESSAGES.tester.map(frenchTypography),
    );
  });

  it('what is logged or thrown for developers is in the built scripts, word for word', () => {
    const assets = join(siteDir, 'assets');
    const scripts = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
    expect(IN_SCRIPTS.filter((quote) => !scripts.includes(quote))).toEqual([]);
  });

  it('what is not shown as quoted says why, and none of it is shown anyway', () => {
    const all = catalogueStrings().map(([, text]) => text);
    for (const [quote, reason] of Object.entries(NOT_SHOWN)) {
      expect(reason.length, quote).toBeGreaterThan(20);
      expect(
        all.some((text) => text === frenchTypography(quote)),
        quote,
      ).toBe(false);
    }
  });
});
