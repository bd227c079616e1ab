/**
 * The assistant's inbox for the team (docs/requirements.md#assistant-answers): every idea, every
 * question the assistant could not answer and every voice note is stored once, through
 * public.record_assistant_message (supabase/migrations), and its team mail queued in the same
 * transaction, within a per-client limit the database holds for every server and isolate (past it,
 * stored without a mail). The assistant's handler calls `record` and never lets its outcome decide the
 * answer.
 *
 *   const inbox = assistantInbox(db, { sendMails: true, onStored: () => mails.nudge() });
 *   await inbox.record(inboxEntryFromMessage('idea', message), clientKey);
 */
import { assistantInboxEntry, type AssistantInboxEntry } from '../../core/assistant/visitor-messages.ts';
import { rateLimitParams, refusedByContract, type Database, type RateLimitSetting } from '../db.ts';

export type AssistantInboxOutcome =
  | { kind: 'stored'; id: string }
  /** The same message again (a retry): nothing new stored, no second mail. */
  | { kind: 'duplicate'; id: string }
  /** Another message already came under this message_id: nothing stored. */
  | { kind: 'conflict' }
  /** The entry breaks the contract: the French reasons, nothing stored. */
  | { kind: 'invalid'; issues: string[] };

export interface AssistantInbox {
  /** `clientKey`: who sent it, for the team mail's limit. */
  record(entry: AssistantInboxEntry, clientKey?: string): Promise<AssistantInboxOutcome>;
}

/**
 * Team mails per client: a visitor who leaves a few ideas and questions is mailed about each; a script
 * sending one a second fills the inbox, not the team's mailbox.
 */
export const ASSISTANT_TEAM_MAIL_LIMIT: RateLimitSetting = { limit: 20, windowMs: 60 * 60_000 };

export interface AssistantInboxOptions {
  /** Queue a team mail for each new entry; without SMTP, entries are stored as 'skipped'. */
  sendMails: boolean;
  /** Team mails per client (default ASSISTANT_TEAM_MAIL_LIMIT; false: none); past it, 'skipped'. */
  mailLimit?: RateLimitSetting | false;
  /** Called once a new entry is stored (its mail is queued): wakes the mail worker. Errors are only logged. */
  onStored?: (id: string) => unknown;
  log?: (message: string, error?: unknown) => void;
}

export function assistantInbox(
  db: Database,
  { sendMails, mailLimit = ASSISTANT_TEAM_MAIL_LIMIT, onStored, log }: AssistantInboxOptions,
): AssistantInbox {
  const [limit, windowSeconds] = rateLimitParams(mailLimit);
  return {
    async record(input, clientKey) {
      const parsed = assistantInboxEntry.safeParse(input);
      if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues.map((issue) => issue.message) };
      const entry = parsed.data;
      let result;
      try {
        result = await db.query<{ outcome: string; message_ref: string | null }>(
          `select * from public.record_assistant_message($1::text, $2::text, $3::text, $4::text, $5::text, $6::real,
             $7::text::jsonb, $8::boolean, $9::text, $10::integer, $11::integer)`,
          [
            entry.kind,
            entry.conversationId,
            entry.messageId,
            entry.text ?? null,
            entry.voice?.url ?? null,
            entry.voice?.duration ?? null,
            JSON.stringify(entry.files ?? []),
            sendMails,
            clientKey ?? null,
            limit,
            windowSeconds,
          ],
        );
      } catch (error) {
        if (refusedByContract(error)) return { kind: 'invalid', issues: ['Valeur refusée par la base de données.'] };
        throw error;
      }
      const answer = result.rows[0];
      switch (answer?.outcome) {
        case 'stored':
          try {
            await onStored?.(answer.message_ref!);
          } catch (error) {
            log?.(`Suite du message ${answer.message_ref} en erreur :`, error);
          }
          return { kind: 'stored', id: answer.message_ref! };
        case 'duplicate':
          return { kind: 'duplicate', id: answer.message_ref! };
        case 'conflict':
          return { kind: 'conflict' };
        default:
          throw new Error(`record_assistant_message : réponse inattendue ${JSON.stringify(answer)}`);
      }
    },
  };
}
