/** A queued mail, written from its source: a contact request's two mails, the assistant's team mail, the digest. */
import { assistantTeamMail, type StoredAssistantMessage } from '../assistant/inbox-mail.ts';
import { digestMail } from '../assistant/digest.ts';
import {
  acknowledgementMail,
  teamMail,
  type MailIdentity,
  type OutgoingMail,
  type StoredRequest,
} from '../contact/mail.ts';
import type { ClaimedMail } from './queue.ts';

export function composeMail(mail: ClaimedMail, identity: MailIdentity): OutgoingMail {
  switch (mail.kind) {
    case 'contact_team':
      return teamMail(mail.payload as unknown as StoredRequest, identity);
    case 'contact_ack':
      return acknowledgementMail(mail.payload as unknown as StoredRequest, identity);
    case 'assistant_team':
      return assistantTeamMail(mail.payload as unknown as StoredAssistantMessage, identity);
    case 'team_digest':
      return digestMail(mail.payload as unknown as Parameters<typeof digestMail>[0], identity);
    default:
      throw new Error(`Type d’e-mail inconnu : ${String((mail as { kind: unknown }).kind)}`);
  }
}
