/**
 * Mails of the contact and tester requests, over SMTP (nodemailer) when SMTP_URL is set.
 *
 * The database is the outbox: a request is stored first (that decides the visitor's answer), then
 * its two mails are sent; what fails is retried later with a growing delay, and each mail is sent
 * once (team_mail_sent_at, ack_mail_sent_at). The insert is never repeated.
 */
import type { PGlite } from '@electric-sql/pglite';
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { ConfigError, type SiteConfig } from '../core/site/config.ts';
import {
  deliverRequestMails,
  mailRetryDelay,
  type MailIdentity,
  type MailProgress,
  type OutgoingMail,
  type StoredRequest,
} from '../backend/contact/mail.ts';
import { REQUEST_COLUMNS } from './contact-requests.ts';

export interface MailSettings extends MailIdentity {
  /** smtp://user:pass@host:587 or smtps://…:465; undefined = no mail (requests stored as 'skipped'). A secret: env only. */
  smtpUrl?: string;
}

const smtpUrl = z.url({ protocol: /^smtps?$/, error: 'une URL smtp:// ou smtps:// est attendue' });
const address = z.email({ error: 'une adresse e-mail est attendue' });

/** SMTP_URL, CONTACT_TO and MAIL_FROM from the environment, checked; a bad value stops the server with its name. */
export function mailSettingsFromEnv(env: Record<string, string | undefined>, config: SiteConfig): MailSettings {
  const problems: string[] = [];
  const read = <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    problems.push(`- ${name} (variable d’environnement) : ${result.error.issues[0]?.message}`);
    return fallback;
  };
  const host = new URL(config.siteUrl).hostname;
  const settings: MailSettings = {
    smtpUrl: read<string | undefined>('SMTP_URL', smtpUrl, undefined),
    teamAddress: read('CONTACT_TO', address, config.company.email),
    from: read('MAIL_FROM', z.string().min(3), `${config.product.name} <no-reply@${host}>`),
    productName: config.product.name,
    siteUrl: config.siteUrl,
    supportResponse: config.company.supportResponse,
  };
  if (problems.length) throw new ConfigError(`Configuration des e-mails invalide :\n${problems.join('\n')}`);
  return settings;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP, with short timeouts: a mail server that hangs must not hold requests for minutes. */
export function smtpTransport(url: string): MailTransport {
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
      });
    },
    close: () => transport.close(),
  };
}

export interface ContactMailerOptions {
  transport?: MailTransport;
  /** First retry delay; doubles at each failure up to maxDelayMs. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the request is marked 'failed' (it stays in the inbox). */
  maxAttempts?: number;
  /** How often due retries are looked for. */
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export class ContactMailer {
  readonly enabled: boolean;
  private readonly transport?: MailTransport;
  private readonly retryBaseMs: number;
  private readonly maxDelayMs: number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly inFlight = new Map<string, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: PGlite,
    private readonly identity: MailIdentity,
    options: ContactMailerOptions = {},
  ) {
    this.transport = options.transport;
    this.enabled = Boolean(options.transport);
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.pollMs = options.pollMs ?? 15_000;
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  /** Looks for due retries every pollMs (and once now: requests left pending by a stop are sent). */
  start(): this {
    if (!this.enabled || this.timer) return this;
    const tick = () => void this.deliverDue().catch((error) => this.log('Relance des e-mails impossible :', error));
    tick();
    this.timer = setInterval(tick, this.pollMs);
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    this.transport?.close();
  }

  /** Resolves when no delivery is in progress. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  /** A new request was stored: send its mails now, without making anyone wait. */
  notify(id: string): void {
    if (this.enabled && !this.stopped) void this.deliver(id);
  }

  /** Sends the mails of every pending request whose retry time has come. */
  async deliverDue(): Promise<void> {
    if (!this.enabled || this.stopped) return;
    const due = await this.db.query<{ id: string }>(
      `select id::text as id from contact_requests
       where mail_status = 'pending' and (mail_next_attempt_at is null or mail_next_attempt_at <= now())
       order by id limit 20`,
    );
    for (const { id } of due.rows) await this.deliver(id);
  }

  /** One delivery attempt for one request; concurrent calls for the same id share it. */
  deliver(id: string): Promise<void> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const attempt = this.attempt(id).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, attempt);
    return attempt;
  }

  private async attempt(id: string): Promise<void> {
    if (!this.transport) return;
    const found = await this.db.query<StoredRequest & MailProgress & { mail_status: string; mail_attempts: number }>(
      `select ${REQUEST_COLUMNS}, team_mail_sent_at, ack_mail_sent_at from contact_requests where id = $1`,
      [id],
    );
    const request = found.rows[0];
    if (!request || request.mail_status !== 'pending') return;
    const transport = this.transport;
    try {
      await deliverRequestMails(request, this.identity, {
        send: (mail) => transport.send(mail),
        sent: async (which) => {
          await this.db.query(
            `update contact_requests set ${which === 'team' ? 'team_mail_sent_at' : 'ack_mail_sent_at'} = now() where id = $1`,
            [id],
          );
        },
      });
      await this.db.query(
        `update contact_requests set mail_status = 'sent', mail_attempts = mail_attempts + 1, mail_last_error = null, mail_next_attempt_at = null where id = $1`,
        [id],
      );
    } catch (error) {
      const attempts = request.mail_attempts + 1;
      const delay = mailRetryDelay(attempts, this.retryBaseMs, this.maxDelayMs);
      const status = attempts >= this.maxAttempts ? 'failed' : 'pending';
      const message = error instanceof Error ? error.message : String(error);
      await this.db.query(
        `update contact_requests set mail_attempts = $2, mail_status = $3, mail_last_error = $4,
           mail_next_attempt_at = now() + ($5::int * interval '1 millisecond') where id = $1`,
        [id, attempts, status, message.slice(0, 500), delay],
      );
      this.log(
        `E-mails de la demande ${id} non envoyés (tentative ${attempts}/${this.maxAttempts}${status === 'pending' ? `, nouvel essai dans ${Math.round(delay / 1000)} s` : ', abandon'}) :`,
        message,
      );
    }
  }
}
