/**
 * The one mail worker of both backends (the embedded server's loop, the edge function after its
 * answer and on its /retry schedule): claim due mails from the queue, write each from its source,
 * send it, mark it. Any number of workers may run at once on one database: the queue hands each mail
 * to one of them (backend/mail/queue.ts).
 */
import type { MailIdentity, OutgoingMail } from '../contact/mail.ts';
import { composeMail } from './compose.ts';
import type { MailQueue } from './queue.ts';

export interface MailRound {
  sent: number;
  failed: number;
  /** Sent, but the lease had ended and another worker held the mail (a very slow SMTP server). */
  lost: number;
}

export interface MailWorkerOptions {
  queue: MailQueue;
  identity: MailIdentity;
  /** Sends one mail (nodemailer over SMTP); throws when it cannot. */
  send(mail: OutgoingMail): Promise<void>;
  /** Mails claimed at once. */
  batch?: number;
  /** How long a claimed mail stays this worker's: well above a slow SMTP exchange. */
  leaseSeconds?: number;
  log?: (message: string, error?: unknown) => void;
}

export class MailWorker {
  private readonly batch: number;
  private readonly leaseSeconds: number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly options: MailWorkerOptions) {
    this.batch = options.batch ?? 10;
    this.leaseSeconds = options.leaseSeconds ?? 300;
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  /** One claim of at most `batch` due mails, each sent then marked. */
  async runOnce(): Promise<MailRound & { claimed: number }> {
    const { queue, identity, send } = this.options;
    const mails = await queue.claim(this.batch, this.leaseSeconds);
    const round = { claimed: mails.length, sent: 0, failed: 0, lost: 0 };
    for (const mail of mails) {
      try {
        await send(composeMail(mail, identity));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const next = await queue.failed(mail, message);
        round.failed += 1;
        this.log(
          `E-mail ${mail.id} (${mail.kind}) non envoyé, tentative ${mail.attempts}${next?.status === 'pending' ? `, nouvel essai à ${next.nextAttemptAt.toISOString()}` : ', abandon'} :`,
          message,
        );
        continue;
      }
      if (await queue.sent(mail)) round.sent += 1;
      else round.lost += 1;
    }
    return round;
  }

  /** Rounds until the queue has nothing due (at most `maxRounds`, so a flood cannot hold a caller forever). */
  async drain(maxRounds = 10): Promise<MailRound> {
    const total = { sent: 0, failed: 0, lost: 0 };
    for (let i = 0; i < maxRounds; i++) {
      const round = await this.runOnce();
      total.sent += round.sent;
      total.failed += round.failed;
      total.lost += round.lost;
      if (round.claimed < this.batch) break;
    }
    return total;
  }
}
