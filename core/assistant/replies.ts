/**
 * Every reply DENTY writes, in French Markdown with French typography (the widget shows replies as they
 * come: no page transform typesets them). An answer is its opening, then its source link, then at most two
 * « À lire aussi » links; the fixed replies (greeting, thanks, medical refusal, no answer) live here too.
 */
import { frenchTypography } from '../common/typography.ts';
import { quickOptions } from './quick-options.ts';
import { ASK_PREFIX } from './chat-text.ts';
import type { SiteConfig } from '../common/config.ts';

export interface ReplyOptions {
  productName: string;
  assistantName: string;
  /** "24 h": how fast the team answers (content/site.json). */
  supportResponse: string;
  /** The offer's amounts, said only when the editor shows them on the site (content/site.json). */
  pricing?: { shown: boolean; plan: string; monthly: string; yearly: string; yearlyNote?: string };
}

export interface Link {
  label: string;
  url: string;
}

/** DENTY's options from the site's settings (content/site.json, with the environment's overrides). */
export function replyOptionsOf(
  site: Pick<SiteConfig, 'product' | 'showPrices' | 'pricing'> & {
    company: Pick<SiteConfig['company'], 'supportResponse'>;
  },
): ReplyOptions {
  return {
    productName: site.product.name,
    assistantName: site.product.assistantName,
    supportResponse: site.company.supportResponse,
    pricing: { shown: site.showPrices, ...site.pricing },
  };
}

/** Escapes what Markdown would read as markup in the site's words. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}

const link = ({ label, url }: Link) => `[${escapeMarkdown(frenchTypography(label))}](${url})`;
const typeset = (text: string) => escapeMarkdown(frenchTypography(text));

export function answerReply(openingText: string, source: Link, seeAlso: readonly Link[]): string {
  const parts = [typeset(openingText), `En savoir plus\u00A0: ${link(source)}`];
  if (seeAlso.length) parts.push(`À lire aussi\u00A0:\n${seeAlso.map((item) => `- ${link(item)}`).join('\n')}`);
  return parts.join('\n\n');
}

/** The visitor's own « bonsoir » is answered in kind; any other greeting gets « Bonjour ». */
const salutation = (message: string) => (/\b(bonsoir|bsr)\b/i.test(message) ? 'Bonsoir' : 'Bonjour');

export function greetingReply({ productName, assistantName }: ReplyOptions, message = ''): string {
  return [
    `${salutation(message)}\u202F! Je suis ${assistantName}, l’assistant de ${productName}. Je réponds à vos questions sur nos modules, l’essai gratuit, la sécurité des données ou l’organisation du cabinet. Vous pouvez par exemple me demander\u00A0:`,
    quickOptions(productName)
      .map((option) => `- ${option}`)
      .join('\n'),
  ].join('\n\n');
}

export const thanksReply = (): string => 'Avec plaisir\u202F! Une autre question\u202F? Je suis là pour vous aider.';

export const farewellReply = (): string =>
  'Avec plaisir, et à bientôt\u202F! Si une autre question vous vient, je suis là.';

/** Never content: a medical question is for a practitioner who knows the patient. */
export const medicalReply = (): string =>
  'Je ne peux pas répondre aux questions médicales\u00A0: un diagnostic, un traitement ou une posologie relèvent d’un chirurgien-dentiste ou d’un médecin qui connaît le patient. En cas de douleur ou d’urgence, contactez votre chirurgien-dentiste, ou le 15 s’il n’est pas joignable.';

const within = (supportResponse: string) => supportResponse.replace(' ', '\u00A0');

/**
 * The honest "not found", and the way to a person: the widget shows « Transmettre ma question à
 * l’équipe » under it (docs/assistant.md#the-loop); the Contact page stays for any other client.
 */
export function unansweredReply({ productName, supportResponse }: ReplyOptions): string {
  return `Je n’ai pas trouvé de réponse à cette question dans les pages du site ${productName}. Je peux la transmettre à l’équipe, qui vous répond sous ${within(supportResponse)}\u00A0; vous pouvez aussi la reformuler en quelques mots ou écrire depuis la page [Contact](/contact).`;
}

/** A visitor asking for a person: the hand-off, at once (the widget opens its form under this reply). */
export function handoffReply({ supportResponse }: ReplyOptions): string {
  return `Avec plaisir\u202F! Laissez votre adresse e-mail dans le formulaire ci-dessous (et votre téléphone si vous préférez être rappelé)\u00A0: je transmets votre demande à l’équipe, qui revient vers vous sous ${within(supportResponse)}.`;
}

/**
 * What a price question gets besides the offer's passage: the amounts when the editor shows them,
 * else the way to receive them (the site shows none: a link to the pricing page would go in a circle).
 */
export function priceNote({ pricing }: ReplyOptions): string {
  if (pricing?.shown)
    return `Le ${pricing.plan} coûte ${pricing.monthly}, ou ${pricing.yearly}${pricing.yearlyNote ? ` (${pricing.yearlyNote})` : ''}.`;
  return 'Le montant n’est pas affiché sur le site\u00A0: l’équipe peut vous l’envoyer, il suffit de me laisser votre adresse e-mail.';
}

/** A link that asks DENTY `question` when pressed (the widget shows it as a button: widgets/assistant/MessageText.tsx). */
export const askLink = (label: string, question: string): string =>
  `[${escapeMarkdown(frenchTypography(label))}](${ASK_PREFIX}${encodeURIComponent(question)})`;

/**
 * Never a dead end (docs/requirements.md#assistant-answers): when DENTY is not sure, it says so in one
 * line and offers the subjects it would answer (each answers when pressed); the widget adds the way to
 * the team under it.
 */
export function unsureReply(suggestions: readonly string[], { supportResponse }: ReplyOptions): string {
  return [
    'Je ne suis pas sûr d’avoir compris. Vous cherchez peut-être\u00A0:',
    suggestions.map((question) => `- ${askLink(question, question)}`).join('\n'),
    `Sinon, je transmets votre question à l’équipe, qui vous répond sous ${within(supportResponse)}.`,
  ].join('\n\n');
}

/** What became of a voice note: none sent, kept for the team (stored), or not kept (no inbox here). */
export type VoiceNote = 'none' | 'kept' | 'not-kept';

/** What DENTY says of files and voice notes it cannot read yet. */
/**
 * A visitor's file name as plain text in a reply: every ASCII punctuation escaped, so that no part of it
 * (`https://evil.example/x`, `<a@b>`, `[x](y)`, an entity) becomes a link or markup (docs/decisions/0058-team-links-are-our-links.md).
 */
export function literalText(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

export function attachmentNotes(files: readonly { filename: string }[], voice: VoiceNote): string[] {
  const notes: string[] = [];
  if (files.length) {
    const names = files.map((file) => `«\u202F${literalText(file.filename)}\u202F»`).join(', ');
    notes.push(
      `J’ai bien reçu ${files.length > 1 ? 'vos fichiers' : 'votre fichier'} ${names}. Je ne lis pas encore le contenu des fichiers\u00A0: si vous souhaitez qu’un membre de l’équipe les examine, écrivez-nous depuis la page [Contact](/contact).`,
    );
  }
  if (voice === 'kept')
    notes.push(
      'J’ai bien reçu votre message vocal et je l’ai transmis à l’équipe, qui l’écoutera. Je ne sais pas encore écouter les messages vocaux moi-même\u00A0: pour une réponse tout de suite, écrivez-moi votre question en quelques mots. Pour que l’équipe puisse vous répondre, laissez-lui vos coordonnées depuis la page [Contact](/contact).',
    );
  else if (voice === 'not-kept')
    notes.push(
      'J’ai bien reçu votre message vocal, mais je ne sais pas encore écouter les messages vocaux\u00A0: écrivez-moi votre question en quelques mots, ou laissez un message à l’équipe depuis la page [Contact](/contact).',
    );
  return notes;
}

/**
 * The answer to the « Suggérer une idée » preset: « enregistrée » only once the idea is stored for the
 * product team (docs/requirements.md#assistant-answers); otherwise the way to send it by hand.
 */
export function ideaReply(kept: boolean, { supportResponse }: ReplyOptions): string {
  return kept
    ? 'Merci pour votre idée\u202F! Elle est enregistrée et transmise à l’équipe produit, qui lit chaque proposition. Si vous souhaitez en parler avec elle, laissez vos coordonnées depuis la page [Contact](/contact).'
    : `Merci pour votre idée\u202F! Je ne peux pas la transmettre d’ici\u00A0: envoyez-la à l’équipe produit depuis la page [Contact](/contact), elle vous répond sous ${supportResponse.replace(' ', '\u00A0')}.`;
}

/** The answer to the « Rejoindre les testeurs » preset: the programme's form is where the team reads it. */
export const testerReply = (): string =>
  'Merci pour votre intérêt\u202F! Pour rejoindre le programme testeurs, remplissez le formulaire de la page [Rejoindre les testeurs](/tester) en indiquant votre métier et la taille de votre équipe\u00A0: l’équipe revient vers vous pour la suite.';
