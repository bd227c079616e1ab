/**
 * Mails of what the backend stores (contact and tester requests, what visitors leave with the
 * assistant), over SMTP (nodemailer) when SMTP_URL is set.
 *
 * The database is the outbox (public.mail_outbox): a request is stored and its mails queued in one
 * transaction (that decides the visitor's answer); this loop then runs the one mail worker of both
 * backends (backend/mail/worker.ts) at once and every `pollMs`, for new mails and for retries, whose
 * delay is the database's one policy. Several servers on one database share the queue: each mail goes
 * out once.
 */
import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { ConfigError, type SiteConfig } from '../core/common/config.ts';
import type { Database } from '../backend/db.ts';
import { mailAttachments, type MailIdentity, type OutgoingMail } from '../backend/contact/mail.ts';
import { mailQueue } from '../backend/mail/queue.ts';
import { MailWorker, type MailRound } from '../backend/mail/worker.ts';

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
    assistantName: config.product.assistantName,
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
        attachments: mailAttachments(mail),
      });
    },
    close: () => transport.close(),
  };
}

export interface MailLoopOptions {
  transport?: MailTransport;
  /** How often due mails (retries included) are looked for. */
  pollMs?: number;
  /** How often full rate-limit buckets are forgotten (public.prune_rate_limits) and `maintenance` runs. */
  pruneEveryMs?: number;
  /** Housekeeping of the same rhythm: the retention of uploads and unanswered questions (server/retention.ts). */
  maintenance?: () => Promise<unknown>;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Runs the mail worker in the background: now, on `nudge()` (a new request was stored), and every
 * `pollMs`. Without a transport it sends nothing (mails are not queued then: rows are 'skipped') but
 * still forgets full rate-limit buckets.
 */
export class MailLoop {
  readonly enabled: boolean;
  private readonly worker?: MailWorker;
  private readonly pollMs: number;
  private readonly pruneEveryMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private running?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;
  private lastPrune = 0;
  private stopped = false;

  constructor(
    private readonly db: Database,
    identity: MailIdentity,
    private readonly options: MailLoopOptions = {},
  ) {
    const transport = options.transport;
    this.enabled = Boolean(transport);
    this.pollMs = options.pollMs ?? 15_000;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
    if (transport)
      this.worker = new MailWorker({
        queue: mailQueue(db),
        identity,
        send: (mail) => transport.send(mail),
        log: this.log,
      });
  }

  start(): this {
    if (this.timer) return this;
    this.nudge();
    this.timer = setInterval(() => this.nudge(), this.pollMs);
    this.timer.unref();
    return this;
  }

  /** Runs the worker soon; calls during a run make one more run after it. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .then(() => undefined)
      .catch((error) => this.log('Envoi des e-mails impossible pour le moment :', error))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Resolves when no round is running or about to run. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    this.options.transport?.close();
  }

  private async round(): Promise<MailRound | undefined> {
    if (Date.now() - this.lastPrune >= this.pruneEveryMs) {
      this.lastPrune = Date.now();
      await mailQueue(this.db).pruneRateLimits();
      await this.options.maintenance?.();
    }
    return this.worker?.drain();
  }
}
