/**
 * The two mails of a stored request, in French: one to the team (Reply-To the visitor), one
 * acknowledgement to the visitor. Plain text only: nothing the visitor typed is ever read as HTML.
 * The acknowledgement does not repeat the visitor's message, so the form cannot relay spam to a
 * third party's address.
 */
import {
  PROFESSION_LABELS,
  SUBJECT_LABELS,
  type ContactSubject,
  type TesterProfession,
} from '../../core/contact/fields.ts';
import type { SubmissionRow } from '../../core/contact/schema.ts';

/** A stored request as the database returns it: the row written, with its id (the driver may give a Date). */
export interface StoredRequest extends Omit<SubmissionRow, 'created_at'> {
  id: string;
  created_at: string | Date;
}

export interface MailIdentity {
  productName: string;
  siteUrl: string;
  /** The team's address (CONTACT_TO, else company.email of content/site.json). */
  teamAddress: string;
  /** The sender shown on both mails. */
  from: string;
  supportResponse: string;
  /** The assistant's name (DENTY), for the mails of what visitors leave with it. */
  assistantName?: string;
}

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Files joined to the mail (the digest's CSV tables). */
  attachments?: { filename: string; content: string }[];
}

/** What nodemailer is given for a mail's attachments (both transports: server/mailer.ts, the edge functions'). */
export const mailAttachments = (mail: OutgoingMail) =>
  mail.attachments?.map(({ filename, content }) => ({ filename, content, contentType: 'text/csv; charset=utf-8' }));

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export function subjectLabel(subject: string | null): string {
  return subject && subject in SUBJECT_LABELS ? SUBJECT_LABELS[subject as ContactSubject] : 'Sans sujet';
}

export function professionLabel(profession: string | null): string {
  return profession && profession in PROFESSION_LABELS
    ? PROFESSION_LABELS[profession as TesterProfession]
    : 'Non précisée';
}

/** One line per header value: no line break of the visitor's can reach a mail header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const parisTime = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Paris' });

/** A hand-off's conversation, one message a paragraph, as the visitor and DENTY said it. */
function transcriptLines(request: StoredRequest, assistantName: string): string[] {
  return (request.transcript ?? []).flatMap((entry) => [
    `[${parisTime.format(new Date(entry.at))}] ${entry.role === 'visitor' ? 'Visiteur' : assistantName} :`,
    entry.text,
    '',
  ]);
}

export function teamMail(request: StoredRequest, identity: MailIdentity): OutgoingMail {
  const sent = parisDateTime.format(new Date(request.created_at));
  const lines: string[] = [];
  let subject: string;
  if (request.type === 'handoff') {
    const assistantName = identity.assistantName ?? 'L’assistant';
    subject = `[${identity.productName}] Question transmise par ${assistantName} – ${oneLine(request.full_name ?? request.email)}`;
    lines.push(
      `Un visiteur demande une réponse de l’équipe depuis l’assistant ${assistantName}.`,
      '',
      `E-mail : ${request.email}`,
      `Nom : ${request.full_name ?? '–'}`,
      `Téléphone : ${request.phone ?? '–'}`,
      '',
      'Sa question :',
      request.message ?? '',
      '',
      'La conversation, de la plus ancienne à la plus récente :',
      '',
      ...transcriptLines(request, assistantName),
    );
  } else if (request.type === 'contact') {
    subject = `[${identity.productName}] Contact : ${subjectLabel(request.subject)} – ${oneLine(request.full_name ?? '')}`;
    lines.push(
      'Nouveau message reçu par le formulaire de contact du site.',
      '',
      `Nom et prénom : ${request.full_name}`,
      `E-mail : ${request.email}`,
      `Cabinet ou structure : ${request.company ?? '–'}`,
      `Téléphone : ${request.phone ?? '–'}`,
      `Sujet : ${subjectLabel(request.subject)}`,
      '',
      'Message :',
      request.message ?? '',
    );
  } else {
    subject = `[${identity.productName}] Demande testeur – ${oneLine(request.full_name ?? '')}`;
    lines.push(
      'Nouvelle demande pour le programme testeurs.',
      '',
      `Nom et prénom : ${request.full_name}`,
      `E-mail : ${request.email}`,
      `Ville : ${request.city ?? '–'}`,
      `Profession : ${professionLabel(request.profession)}`,
      `Taille de l’équipe : ${request.team_size ?? 1}`,
    );
  }
  lines.push(
    '',
    `Envoyée le ${sent} (demande n° ${request.id}).`,
    'Répondez directement à ce message pour écrire à la personne.',
  );
  return { from: identity.from, to: identity.teamAddress, replyTo: request.email, subject, text: lines.join('\n') };
}

export function acknowledgementMail(request: StoredRequest, identity: MailIdentity): OutgoingMail {
  const what =
    request.type === 'contact'
      ? `votre message (${subjectLabel(request.subject).toLowerCase()})`
      : request.type === 'handoff'
        ? `la question que vous avez transmise depuis l’assistant ${identity.assistantName ?? ''}`.trimEnd()
        : 'votre demande pour rejoindre le programme testeurs';
  const text = [
    'Bonjour,',
    '',
    `Nous avons bien reçu ${what} et nous vous en remercions.`,
    `Une personne de l’équipe ${identity.productName} vous répondra sous ${identity.supportResponse}, par e-mail.`,
    '',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : aucune suite n’y sera donnée.',
    '',
    `L’équipe ${identity.productName}`,
    identity.siteUrl,
  ].join('\n');
  const subject =
    request.type === 'contact'
      ? `Nous avons bien reçu votre message – ${identity.productName}`
      : request.type === 'handoff'
        ? `Votre question est transmise à l’équipe – ${identity.productName}`
        : `Votre demande testeur est bien reçue – ${identity.productName}`;
  return { from: identity.from, to: request.email, replyTo: identity.teamAddress, subject, text };
}
