/**
 * The team's mail for what a visitor left with the assistant (an idea, an unanswered question, a voice
 * note), in French and plain text: nothing the visitor typed is ever read as HTML. The visitor left no
 * address, so the mail says what there is to act on and where to hear or open it.
 */
import { ASSISTANT_INBOX_LABELS, type AssistantInboxKind } from '../../core/assistant/visitor-messages.ts';
import type { AttachmentRef } from '../../core/assistant/contract.ts';
import type { MailIdentity, OutgoingMail } from '../contact/mail.ts';

/** A stored row of public.assistant_messages, as the mail queue hands it over. */
export interface StoredAssistantMessage {
  id: string;
  kind: AssistantInboxKind;
  conversation_id: string;
  message_id: string;
  text: string | null;
  voice_url: string | null;
  voice_duration: number | null;
  files: AttachmentRef[];
  received_at: string | Date;
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** One line, at most `max` characters: a subject never carries the visitor's line breaks. */
function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A stored address as one the team can open: paths of the site become absolute. */
function absolute(url: string, siteUrl: string): string {
  try {
    return new URL(url, siteUrl).href;
  } catch {
    return url;
  }
}

const INTRODUCTIONS: Record<AssistantInboxKind, (assistant: string) => string> = {
  idea: (assistant) => `Une idée a été proposée à ${assistant}, l’assistant du site, pour l’équipe produit.`,
  unanswered: (assistant) => `${assistant}, l’assistant du site, n’a pas su répondre à cette question.`,
  voice: (assistant) => `Une note vocale a été laissée à ${assistant}, l’assistant du site.`,
};

export function assistantTeamMail(message: StoredAssistantMessage, identity: MailIdentity): OutgoingMail {
  const assistant = identity.assistantName ?? 'l’assistant';
  const about = message.text ? ` – «\u00A0${excerpt(message.text, 80)}\u00A0»` : '';
  const lines = [INTRODUCTIONS[message.kind](assistant), ''];
  if (message.text) lines.push('Message\u00A0:', message.text, '');
  if (message.voice_url) {
    const duration = message.voice_duration ? ` (${Math.round(message.voice_duration)}\u00A0s)` : '';
    lines.push(`Note vocale${duration}\u00A0: ${absolute(message.voice_url, identity.siteUrl)}`, '');
  }
  if (message.files.length) {
    lines.push('Fichiers joints\u00A0:');
    for (const file of message.files)
      lines.push(
        `- ${excerpt(file.filename, 255)} (${file.type || 'type inconnu'})\u00A0: ${absolute(file.url, identity.siteUrl)}`,
      );
    lines.push('');
  }
  lines.push(
    `Reçu le ${parisDateTime.format(new Date(message.received_at))} (message n°\u00A0${message.id}\u00A0; conversation ${message.conversation_id}, message ${message.message_id}).`,
    'La personne n’a pas laissé d’adresse\u00A0: ce message ne permet pas de lui répondre. Il reste lisible dans la boîte de réception (npm run inbox, ou la table assistant_messages).',
  );
  return {
    from: identity.from,
    to: identity.teamAddress,
    subject: `[${identity.productName}] ${ASSISTANT_INBOX_LABELS[message.kind]} reçue par ${assistant}${about}`,
    text: lines.join('\n'),
  };
}
