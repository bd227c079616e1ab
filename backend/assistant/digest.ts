/**
 * The team's digest (docs/assistant.md#the-loop): for a period, how many questions DENTY got and what it
 * replied (answer, unsure, not found, hand-off…), the « Utile » and « Pas utile » votes, the questions
 * passed to the team, the ten questions most asked that it could not answer, and the cookie choices by
 * policy version, all read from the database's own rows (no personal data in any of them). Written as
 * plain French text and as one CSV per table; mailed weekly through the mail queue (public.queue_digest),
 * printed on demand by `npm run inbox -- --digest`.
 */
import type { ReplyKind } from '../../core/assistant/chat.ts';
import { questionsToTeach } from '../../core/assistant/teaching.ts';
import { parisDay } from '../../core/blog/schedule.ts';
import { addDays, formatDateFr } from '../../core/common/dates.ts';
import type { MailIdentity, OutgoingMail } from '../contact/mail.ts';
import type { Database, Queryable } from '../db.ts';

/** A period of whole days, Paris time: `from` included, `to` excluded (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

export interface Digest {
  period: Period;
  replies: Record<ReplyKind, number>;
  votes: { up: number; down: number };
  handoffs: number;
  /** The questions most asked that DENTY could not answer (unsure or not found), dismissed ones left out. */
  unanswered: { question: string; count: number }[];
  /** Cookie choices per policy version: everything accepted, everything refused, or customised. */
  consent: { version: string; accepted: number; refused: number; customised: number }[];
}

export const UNANSWERED_SHOWN = 10;

/** What a reply kind is called in the digest, in the order it lists them. */
const KIND_LABELS: Record<ReplyKind, string> = {
  answer: 'réponses données',
  unsure: '« pas sûr », avec des sujets proposés',
  'not-found': 'pas trouvé',
  handoff: 'demandes à parler à l’équipe',
  medical: 'questions médicales déclinées',
  social: 'salutations et remerciements',
  notice: 'idées, fichiers et notes vocales reçus',
};

/** An instant within the period: from the Paris midnight of `$1` to the Paris midnight of `$2`. */
const WITHIN = (column: string) =>
  `${column} >= ($1::date::timestamp at time zone 'Europe/Paris') and ${column} < ($2::date::timestamp at time zone 'Europe/Paris')`;

export async function buildDigest(db: Queryable, period: Period): Promise<Digest> {
  const bounds = [period.from, period.to];
  const [counts, votes, handoffs, asked, dismissed, consent] = await Promise.all([
    db.query<{ kind: ReplyKind; replies: number }>(
      'select kind, sum(replies)::int as replies from public.assistant_reply_counts where day >= $1::date and day < $2::date group by kind',
      [period.from, period.to],
    ),
    db.query<{ vote: 'up' | 'down'; n: number }>(
      `select vote, count(*)::int as n from public.assistant_votes where ${WITHIN('voted_at')} group by vote`,
      bounds,
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from public.contact_requests where type = 'handoff' and ${WITHIN('received_at')}`,
      bounds,
    ),
    db.query<{ text: string; received_at: string | Date }>(
      `select text, received_at from public.assistant_messages where kind = 'unanswered' and text is not null and ${WITHIN('received_at')}`,
      bounds,
    ),
    db.query<{ question_key: string }>('select question_key from public.assistant_dismissed_questions'),
    db.query<{ policy_version: string; accepted: number; refused: number; customised: number }>(
      `select policy_version,
              count(*) filter (where analytics and marketing)::int as accepted,
              count(*) filter (where not analytics and not marketing)::int as refused,
              count(*) filter (where analytics <> marketing)::int as customised
       from public.consent_proofs where ${WITHIN('received_at')}
       group by policy_version order by policy_version`,
      bounds,
    ),
  ]);
  const replies = Object.fromEntries(Object.keys(KIND_LABELS).map((kind) => [kind, 0])) as Record<ReplyKind, number>;
  for (const row of counts.rows) replies[row.kind] = Number(row.replies);
  const unanswered = questionsToTeach(
    asked.rows.map((row) => ({ text: row.text, receivedAt: row.received_at })),
    [],
    dismissed.rows.map((row) => row.question_key),
  )
    .sort((a, b) => b.count - a.count || b.lastAsked.localeCompare(a.lastAsked))
    .slice(0, UNANSWERED_SHOWN)
    .map(({ question, count }) => ({ question, count }));
  return {
    period,
    replies,
    votes: {
      up: votes.rows.find((row) => row.vote === 'up')?.n ?? 0,
      down: votes.rows.find((row) => row.vote === 'down')?.n ?? 0,
    },
    handoffs: handoffs.rows[0]?.n ?? 0,
    unanswered,
    consent: consent.rows.map((row) => ({
      version: row.policy_version,
      accepted: row.accepted,
      refused: row.refused,
      customised: row.customised,
    })),
  };
}

/** Questions asked: every reply but the notices of what visitors left (an idea, a file). */
export const questionsAsked = (digest: Digest) =>
  Object.entries(digest.replies).reduce((sum, [kind, count]) => (kind === 'notice' ? sum : sum + count), 0);

const number = (value: number) => value.toLocaleString('fr-FR').replace(/\s/g, '\u202F');
const dayOf = (day: string) => formatDateFr(day);
/** The last day of the period, for people: `to` is excluded. */
const lastDay = (period: Period) => addDays(period.to, -1);

/** The digest as a mail client shows it: plain French text, short lines. */
export function digestText(digest: Digest, assistantName: string): string {
  const { period } = digest;
  const lines = [
    `Le point de ${assistantName}, ${period.from === lastDay(period) ? `le ${dayOf(period.from)}` : `du ${dayOf(period.from)} au ${dayOf(lastDay(period))}`}`,
    '',
    `Questions posées : ${number(questionsAsked(digest))}`,
    ...(Object.keys(KIND_LABELS) as ReplyKind[])
      .filter((kind) => kind !== 'notice')
      .map((kind) => `- ${KIND_LABELS[kind]} : ${number(digest.replies[kind])}`),
    `Idées, fichiers et notes vocales reçus : ${number(digest.replies.notice)}`,
    '',
    `Avis des visiteurs : ${number(digest.votes.up)} « Utile », ${number(digest.votes.down)} « Pas utile »`,
    `Questions transmises à l’équipe depuis ${assistantName} : ${number(digest.handoffs)}`,
    '',
    digest.unanswered.length
      ? `Les questions les plus posées auxquelles ${assistantName} n’a pas su répondre :`
      : `Aucune question restée sans réponse sur la période.`,
    ...digest.unanswered.map(({ question, count }, index) => `${index + 1}. « ${question} » (${count} fois)`),
    '',
    'Choix des cookies, par version de la politique :',
    ...(digest.consent.length
      ? digest.consent.map(
          (row) =>
            `- version ${row.version} : ${number(row.accepted)} tout acceptés, ${number(row.refused)} tout refusés, ${number(row.customised)} personnalisés`,
        )
      : ['- aucun choix enregistré sur la période']),
    '',
    'Les tableaux sont joints en CSV. Pour une autre période : npm run inbox -- --digest --from AAAA-MM-JJ --to AAAA-MM-JJ.',
  ];
  return lines.join('\n');
}

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
const field = (value: string | number) => {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
/** Semicolons, as French spreadsheets read them; a byte-order mark, so that accents open right. */
const csv = (rows: (string | number)[][]) => `\uFEFF${rows.map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;

/** One CSV per table of the digest, by file name. */
export function digestCsv(digest: Digest): Record<string, string> {
  const suffix = `${digest.period.from}_${lastDay(digest.period)}`;
  return {
    [`reponses_${suffix}.csv`]: csv([
      ['type de réponse', 'nombre'],
      ...(Object.keys(KIND_LABELS) as ReplyKind[]).map((kind) => [KIND_LABELS[kind], digest.replies[kind]]),
      ['avis « Utile »', digest.votes.up],
      ['avis « Pas utile »', digest.votes.down],
      ['questions transmises à l’équipe', digest.handoffs],
    ]),
    [`questions-sans-reponse_${suffix}.csv`]: csv([
      ['question', 'nombre de fois'],
      ...digest.unanswered.map(({ question, count }) => [question, count]),
    ]),
    [`cookies_${suffix}.csv`]: csv([
      ['version de la politique', 'tout acceptés', 'tout refusés', 'personnalisés'],
      ...digest.consent.map((row) => [row.version, row.accepted, row.refused, row.customised]),
    ]),
  };
}

/** The week before `now` (Monday to Sunday, Paris time): what the Monday digest covers. */
export function lastWeek(now: Date): Period {
  const today = parisDay(now);
  const to = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  return { from: addDays(to, -7), to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period `--from` and `--to` name (YYYY-MM-DD, both days included), last week when neither is given;
 * the French reason when they cannot be read.
 */
export function periodOf(from: string | undefined, to: string | undefined, now: Date): Period | string {
  if (from === undefined && to === undefined) return lastWeek(now);
  if (
    !from ||
    !to ||
    !DAY.test(from) ||
    !DAY.test(to) ||
    Number.isNaN(Date.parse(from)) ||
    Number.isNaN(Date.parse(to))
  )
    return 'Période illisible : indiquez --from et --to au format AAAA-MM-JJ (par exemple --from 2026-11-16 --to 2026-11-22).';
  if (from > to) return 'Période à l’envers : --from vient avant --to.';
  return { from, to: addDays(to, 1) };
}

/**
 * Queues last week's digest for the team, once whatever the number of workers (public.queue_digest): the
 * embedded server's maintenance and the send-contact-email schedule both call it. True when queued now.
 */
export async function queueWeeklyDigest(db: Database, now: Date, assistantName: string): Promise<boolean> {
  const period = lastWeek(now);
  const digest = await buildDigest(db, period);
  const { rows } = await db.query<{ queued: boolean }>(
    'select public.queue_digest($1::date, $2::date, $3::text) as queued',
    [period.from, period.to, JSON.stringify({ text: digestText(digest, assistantName), csv: digestCsv(digest) })],
  );
  return rows[0]?.queued === true;
}

/** The queued digest as a mail: its text, and its tables attached. */
export function digestMail(
  stored: { period_start: string; period_end: string; body: string },
  identity: MailIdentity,
): OutgoingMail {
  const { text, csv: tables } = JSON.parse(stored.body) as { text: string; csv: Record<string, string> };
  return {
    from: identity.from,
    to: identity.teamAddress,
    subject: `[${identity.productName}] Le point de la semaine de ${identity.assistantName ?? 'l’assistant'}`,
    text,
    attachments: Object.entries(tables).map(([filename, content]) => ({ filename, content })),
  };
}
