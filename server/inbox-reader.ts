/**
 * What the team reads with `npm run inbox` (GET /_inbox, or the database files): the latest contact,
 * tester and hand-off requests and what visitors left with the assistant, read only, newest first.
 */
import type { Queryable } from '../backend/db.ts';
import type { StoredRequest } from '../backend/contact/mail.ts';
import type { StoredAssistantMessage } from '../backend/assistant/inbox-mail.ts';
import { ASSISTANT_INBOX_KINDS, type AssistantInboxKind } from '../core/assistant/visitor-messages.ts';
import type { AskedQuestion } from '../core/assistant/teaching.ts';

export type MailStatus = 'pending' | 'sent' | 'skipped' | 'failed';

export interface InboxEntry extends StoredRequest {
  received_at: string | Date;
  mail_status: MailStatus;
  mail_attempts: number;
  mail_last_error: string | null;
}

export interface InboxMessage extends StoredAssistantMessage {
  mail_status: MailStatus;
  mail_attempts: number;
  mail_last_error: string | null;
}

/** What `--type` may filter: a request type, an assistant kind, or all the assistant's. */
export const INBOX_TYPES = ['contact', 'tester', 'handoff', ...ASSISTANT_INBOX_KINDS, 'assistant'] as const;
const REQUEST_TYPES: readonly string[] = ['contact', 'tester', 'handoff'];
export type InboxType = (typeof INBOX_TYPES)[number];

export function inboxType(value: string | undefined): InboxType | undefined {
  return INBOX_TYPES.find((type) => type === value);
}

export interface Inbox {
  /** Requests stored, all types. */
  total: number;
  requests: InboxEntry[];
  /** Assistant messages stored, all kinds. */
  assistantTotal: number;
  messages: InboxMessage[];
}

const REQUEST_COLUMNS = `id::text as id, type, full_name, email, company, phone, subject, message, city, profession, team_size,
  transcript, created_at, received_at, mail_status, mail_attempts, mail_last_error`;
const MESSAGE_COLUMNS = `id::text as id, kind, conversation_id, message_id, text, voice_url, voice_duration, files, received_at,
  mail_status, mail_attempts, mail_last_error`;

/** The `limit` latest of each list `type` asks for (both when no type is given). */
export async function readInbox(db: Queryable, limit = 20, type?: InboxType): Promise<Inbox> {
  const bounded = Math.min(500, Math.max(1, Math.trunc(limit) || 20));
  const wantsRequests = type === undefined || REQUEST_TYPES.includes(type);
  const wantsMessages = type === undefined || !REQUEST_TYPES.includes(type);
  const requestType = type && REQUEST_TYPES.includes(type) ? type : null;
  const kind: AssistantInboxKind | null =
    type && (ASSISTANT_INBOX_KINDS as readonly string[]).includes(type) ? (type as AssistantInboxKind) : null;
  const [requests, messages, totals] = await Promise.all([
    wantsRequests
      ? db.query<InboxEntry>(
          `select ${REQUEST_COLUMNS} from public.contact_requests where ($1::text is null or type = $1::text)
           order by received_at desc, id desc limit $2::integer`,
          [requestType, bounded],
        )
      : { rows: [] },
    wantsMessages
      ? db.query<InboxMessage>(
          `select ${MESSAGE_COLUMNS} from public.assistant_messages where ($1::text is null or kind = $1::text)
           order by received_at desc, id desc limit $2::integer`,
          [kind, bounded],
        )
      : { rows: [] },
    db.query<{ requests: number; messages: number }>(
      `select (select count(*)::int from public.contact_requests) as requests,
              (select count(*)::int from public.assistant_messages) as messages`,
    ),
  ]);
  return {
    total: totals.rows[0]?.requests ?? 0,
    requests: requests.rows,
    assistantTotal: totals.rows[0]?.messages ?? 0,
    messages: messages.rows,
  };
}

/**
 * The questions DENTY did not answer (« pas trouvé » or « Vous cherchez peut-être », both stored as
 * `unanswered`), newest first, for the editors' list (core/assistant/teaching.ts groups them).
 */
/** The questions a visitor found DENTY's reply « Pas utile » for, with that reply, newest first. */
export async function readNotUsefulReplies(db: Queryable, limit = 2000): Promise<AskedQuestion[]> {
  const { rows } = await db.query<{ question: string; reply: string; voted_at: string | Date }>(
    `select question, reply, voted_at from public.assistant_votes where vote = 'down'
     order by voted_at desc limit $1::integer`,
    [Math.min(10_000, Math.max(1, Math.trunc(limit) || 2000))],
  );
  return rows.map((row) => ({ text: row.question, receivedAt: row.voted_at, notUseful: { reply: row.reply } }));
}

/** The questions an editor dismissed from « Questions à apprendre », by key. */
export async function readDismissedQuestions(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ question_key: string }>(
    'select question_key from public.assistant_dismissed_questions',
  );
  return rows.map((row) => row.question_key);
}

export async function readUnansweredQuestions(
  db: Queryable,
  limit = 2000,
): Promise<{ text: string; receivedAt: string | Date }[]> {
  const { rows } = await db.query<{ text: string; received_at: string | Date }>(
    `select text, received_at from public.assistant_messages
     where kind = 'unanswered' and char_length(btrim(coalesce(text, ''))) > 0
     order by received_at desc, id desc limit $1::integer`,
    [Math.min(10_000, Math.max(1, Math.trunc(limit) || 2000))],
  );
  return rows.map((row) => ({ text: row.text, receivedAt: row.received_at }));
}
