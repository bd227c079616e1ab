/**
 * What the edge functions that mail the team share (send-contact-email, assistant): who the mails are
 * from and to, and how they leave (nodemailer over SMTP_URL). Supabase deploys no function from a folder
 * whose name starts with « _ »: this one is only imported.
 *
 * Secrets: SMTP_URL (smtps://user:pass@host:465; Supabase blocks ports 25 and 587), CONTACT_TO,
 * MAIL_FROM, SITE_URL.
 */
import { createTransport } from 'nodemailer';
import site from '../../../content/site.json' with { type: 'json' };
import { mailAttachments, type MailIdentity, type OutgoingMail } from '../../../backend/contact/mail.ts';

export interface FunctionMail {
  identity: MailIdentity;
  /** Sends one mail; absent when no SMTP is configured (what is stored is then marked 'skipped'). */
  send?: (mail: OutgoingMail) => Promise<void>;
}

export function mailFromEnv(env: (name: string) => string): FunctionMail {
  const siteUrl = env('SITE_URL') || site.siteUrl;
  const smtpUrl = env('SMTP_URL');
  const transport = smtpUrl
    ? createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : undefined;
  return {
    identity: {
      productName: site.product.name,
      assistantName: site.product.assistantName,
      siteUrl,
      teamAddress: env('CONTACT_TO') || site.company.email,
      from: env('MAIL_FROM') || `${site.product.name} <no-reply@${new URL(siteUrl).hostname}>`,
      supportResponse: site.company.supportResponse,
    },
    send: transport
      ? async (mail) =>
          void (await transport.sendMail({
            from: mail.from,
            to: mail.to,
            replyTo: mail.replyTo,
            subject: mail.subject,
            text: mail.text,
            attachments: mailAttachments(mail),
          }))
      : undefined,
  };
}
