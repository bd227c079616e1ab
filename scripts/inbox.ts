/**
 * `npm run inbox`: the latest contact and tester requests, and what visitors left with the assistant
 * (ideas, unanswered questions, voice notes), read only, so that nothing depends on e-mail alone.
 *
 *   npm run inbox                      the 20 latest of each
 *   npm run inbox -- --limit 50 --type tester --full
 *   npm run inbox -- --type idea       contact, tester, idea, unanswered, voice, or assistant (all three)
 *   npm run inbox -- --json            machine-readable
 *   npm run inbox -- --questions       the questions DENTY missed, grouped, with how often each was asked,
 *                                      less those content/shared/assistant-vocabulary.yaml already teaches
 *                                      (docs/decisions/0067-teaching-denty-from-real-questions.md)
 *   npm run inbox -- --digest          the team's digest of last week (docs/assistant.md#the-loop);
 *                    --from 2026-11-01 --to 2026-11-30 for any period, --csv <folder> writes its tables
 *
 * Asks the running server (GET /_inbox on PORT, default 8080, with the token it wrote in
 * .data/inbox-<port>.token, or INBOX_TOKEN); when no server answers, reads the database directly,
 * without changing it: DATABASE_URL when set, else PGlite in DATA_DIR (default .data/pglite).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Queryable } from '../backend/db.ts';
import { buildDigest, digestCsv, digestText, periodOf, type Digest } from '../backend/assistant/digest.ts';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { INBOX_TYPES, inboxType, readInbox, type Inbox, type MailStatus } from '../server/inbox-reader.ts';
import { readInboxToken } from '../server/inbox-token.ts';
import { subjectLabel, professionLabel } from '../backend/contact/mail.ts';
import { connectPostgres } from '../backend/db-postgres.ts';
import { ASSISTANT_INBOX_LABELS } from '../core/assistant/visitor-messages.ts';
import { questionsToTeach } from '../core/assistant/teaching.ts';
import { assistantVocabulary } from '../core/assistant/vocabulary.ts';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const questions = args.includes('--questions');
const digestAsked = args.includes('--digest');
const limit = Number(option('limit') ?? (questions ? 500 : 20));
const typeArg = option('type');
const type = questions ? 'unanswered' : inboxType(typeArg);
if (typeArg !== undefined && !type) {
  console.error(`Type inconnu : « ${typeArg} ». Types possibles : ${INBOX_TYPES.join(', ')}.`);
  process.exit(1);
}
const asJson = args.includes('--json');
const full = args.includes('--full');
const port = Number(process.env.PORT ?? 8080);
const base = process.env.INBOX_URL ?? `http://127.0.0.1:${port}`;

async function fromServer(): Promise<Inbox | undefined> {
  const token = process.env.INBOX_TOKEN ?? readInboxToken(resolve(root, '.data'), port);
  const query = new URLSearchParams({ limit: String(limit), ...(type ? { type } : {}) });
  let response: Response;
  try {
    response = await fetch(`${base}/_inbox?${query}`, {
      headers: { authorization: `Bearer ${token ?? ''}` },
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    return undefined; // No server there: read the files.
  }
  if (response.status === 401)
    throw new Error(
      `Le serveur de ${base} refuse l’accès : définissez INBOX_TOKEN (celui du serveur) ou lancez la commande sur la machine du serveur.`,
    );
  if (!response.ok) throw new Error(`Le serveur de ${base} a répondu ${response.status}.`);
  return (await response.json()) as Inbox;
}

const fromDatabase = (): Promise<Inbox> => withDatabase((db) => readInbox(db, limit, type));

/** Nothing typed by a visitor may drive the terminal (escape sequences, bidi overrides). */
const safe = (text: string | null | undefined) =>
  // eslint-disable-next-line no-control-regex -- the point is to neutralise control characters
  (text ?? '').replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '�');
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
/** How each status reads after « e-mails : » (a request's two mails) or « e-mail : » (the team's one). */
const mailStatus: Record<'plural' | 'singular', Record<MailStatus, string>> = {
  plural: { pending: 'en attente', sent: 'envoyés', skipped: 'non configurés', failed: 'échec' },
  singular: { pending: 'en attente', sent: 'envoyé', skipped: 'non configuré', failed: 'échec' },
};

/** « e-mails : envoyés », or the attempts and the last error of what is still pending. */
function mailLine(
  entry: { mail_status: MailStatus; mail_attempts: number; mail_last_error: string | null },
  plural: boolean,
) {
  const label = `${plural ? 'e-mails' : 'e-mail'} : ${mailStatus[plural ? 'plural' : 'singular'][entry.mail_status]}`;
  if (entry.mail_status !== 'pending' && entry.mail_status !== 'failed') return label;
  const attempts = `${entry.mail_attempts} essai${entry.mail_attempts > 1 ? 's' : ''}`;
  const error = entry.mail_last_error ? `, ${safe(entry.mail_last_error)}` : '';
  return `${label} (${attempts}${error})`;
}

const quote = (text: string) => {
  const line = safe(text).replace(/\s+/g, ' ');
  return `« ${full || line.length <= 160 ? line : `${line.slice(0, 160)}…`} »`;
};

function print({ total, requests, assistantTotal, messages }: Inbox): void {
  const showsRequests = type === undefined || type === 'contact' || type === 'tester' || type === 'handoff';
  const showsMessages = type === undefined || !showsRequests;
  if (showsRequests) {
    if (!requests.length)
      console.log(total ? 'Aucune demande de ce type.\n' : 'Aucune demande reçue pour le moment.\n');
    else
      console.log(
        `Demandes reçues : ${total} au total, ${requests.length} affichée${requests.length > 1 ? 's' : ''} (les plus récentes d’abord).\n`,
      );
    for (const request of requests) {
      const what =
        request.type === 'contact'
          ? `Contact · ${subjectLabel(request.subject)}`
          : request.type === 'handoff'
            ? `Question transmise par DENTY · conversation de ${request.transcript?.length ?? 0} message${(request.transcript?.length ?? 0) > 1 ? 's' : ''}`
            : `Testeur · ${professionLabel(request.profession)} · équipe de ${request.team_size ?? 1}`;
      console.log(
        `n° ${request.id}  ${dateTime.format(new Date(request.received_at))}  ${what}  —  ${mailLine(request, true)}`,
      );
      const details = [safe(request.company), safe(request.phone), safe(request.city)].filter(Boolean).join(' · ');
      console.log(
        `    ${safe(request.full_name ?? '(sans nom)')} <${safe(request.email)}>${details ? ` · ${details}` : ''}`,
      );
      if (request.message) console.log(`    ${quote(request.message)}`);
      console.log('');
    }
  }
  if (showsMessages) {
    if (!messages.length)
      console.log(
        assistantTotal
          ? 'Aucun message de ce type laissé à l’assistant.'
          : 'Aucun message laissé à l’assistant pour le moment.',
      );
    else
      console.log(
        `Laissés à l’assistant : ${assistantTotal} au total, ${messages.length} affiché${messages.length > 1 ? 's' : ''} (les plus récents d’abord).\n`,
      );
    for (const message of messages) {
      console.log(
        `n° ${message.id}  ${dateTime.format(new Date(message.received_at))}  ${ASSISTANT_INBOX_LABELS[message.kind]}  —  ${mailLine(message, false)}`,
      );
      if (message.text) console.log(`    ${quote(message.text)}`);
      if (message.voice_url)
        console.log(
          `    Note vocale${message.voice_duration ? ` (${Math.round(message.voice_duration)} s)` : ''} : ${safe(message.voice_url)}`,
        );
      for (const file of message.files ?? []) console.log(`    Fichier : ${safe(file.filename)} — ${safe(file.url)}`);
      console.log('');
    }
  }
}

/** The questions to teach: grouped, newest first, less those the vocabulary file of this checkout teaches. */
function printQuestions({ messages }: Inbox): void {
  const vocabulary = assistantVocabulary.safeParse(
    parseYaml(readFileSync(resolve(root, 'content/shared/assistant-vocabulary.yaml'), 'utf8')),
  );
  const grouped = questionsToTeach(
    messages
      .filter((message) => message.text)
      .map((message) => ({ text: message.text!, receivedAt: message.received_at })),
    vocabulary.success ? vocabulary.data.taught : [],
  );
  if (asJson) return console.log(JSON.stringify(grouped, null, 2));
  if (!grouped.length)
    return console.log('Aucune question à apprendre : toutes sont rattachées, ou aucune n’est arrivée.');
  console.log(
    `Questions à apprendre : ${grouped.length}, les plus récentes d’abord (sur les ${messages.length} dernières reçues).\n` +
      'Rattachez chacune sous « taught » dans content/shared/assistant-vocabulary.yaml (ou dans le CMS).\n',
  );
  for (const question of grouped)
    console.log(
      `${String(question.count).padStart(3)} ×  ${dateTime.format(new Date(question.lastAsked))}  ${quote(question.question)}`,
    );
}

/** A database to read once: DATABASE_URL, else the PGlite files of DATA_DIR. */
async function withDatabase<T>(read: (db: Queryable) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) {
    const db = connectPostgres(process.env.DATABASE_URL, { max: 2, applicationName: 'dentivo-inbox' });
    try {
      return await read(db);
    } finally {
      await db.close();
    }
  }
  const dataDir = resolve(
    root,
    process.env.DATA_DIR && process.env.DATA_DIR !== 'memory' ? process.env.DATA_DIR : '.data/pglite',
  );
  if (!existsSync(dataDir))
    throw new Error(
      `Aucun serveur sur ${base} et aucune base dans ${dataDir}. Lancez npm start, ou indiquez PORT / DATA_DIR.`,
    );
  const db = await PGlite.create({ dataDir });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** The digest of the period asked: the running server's, else the database's. */
async function printDigest(): Promise<void> {
  const period = periodOf(option('from'), option('to'), new Date());
  if (typeof period === 'string') throw new Error(period);
  const token = process.env.INBOX_TOKEN ?? readInboxToken(resolve(root, '.data'), port);
  const query = new URLSearchParams({ from: period.from, to: period.to });
  let digest: Digest | undefined;
  try {
    const response = await fetch(`${base}/_inbox/digest?${query}`, {
      headers: { authorization: `Bearer ${token ?? ''}` },
      signal: AbortSignal.timeout(5000),
    });
    if (response.status === 401) throw new Error(`Le serveur de ${base} refuse l’accès : définissez INBOX_TOKEN.`);
    if (response.ok) digest = ((await response.json()) as { digest: Digest }).digest;
  } catch (error) {
    if (error instanceof Error && error.message.includes('INBOX_TOKEN')) throw error;
  }
  // The server's answer names `to` as the day after; periodOf was given both days included.
  digest ??= await withDatabase((db) => buildDigest(db, period));
  if (asJson) return console.log(JSON.stringify(digest, null, 2));
  const site = JSON.parse(readFileSync(resolve(root, 'content/site.json'), 'utf8')) as {
    product: { assistantName: string };
  };
  console.log(safe(digestText(digest, site.product.assistantName)));
  const folder = option('csv');
  if (folder) {
    mkdirSync(resolve(folder), { recursive: true });
    for (const [name, content] of Object.entries(digestCsv(digest))) writeFileSync(resolve(folder, name), content);
    console.log(`\nTableaux écrits dans ${resolve(folder)}.`);
  }
}

try {
  if (digestAsked) {
    await printDigest();
    process.exit();
  }
  const result = (await fromServer()) ?? (await fromDatabase());
  if (questions) printQuestions(result);
  else if (asJson) console.log(JSON.stringify(result, null, 2));
  else print(result);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
