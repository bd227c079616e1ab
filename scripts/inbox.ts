/**
 * `npm run inbox`: the latest contact and tester requests, read only, so that nothing depends on
 * e-mail alone.
 *
 *   npm run inbox                      the 20 latest requests
 *   npm run inbox -- --limit 50 --type tester --full
 *   npm run inbox -- --json            machine-readable
 *
 * Asks the running server (GET /_inbox on PORT, default 8080, with the token it wrote in
 * .data/inbox-<port>.token, or INBOX_TOKEN); when no server answers, opens the database of DATA_DIR
 * (default .data/pglite) directly, without changing it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { latestRequests, countRequests, type InboxEntry } from '../server/contact-requests.ts';
import { readInboxToken } from '../server/inbox-token.ts';
import { subjectLabel, professionLabel } from '../backend/contact/mail.ts';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const limit = Number(option('limit') ?? 20);
const typeArg = option('type');
const type = typeArg === 'contact' || typeArg === 'tester' ? typeArg : undefined;
const asJson = args.includes('--json');
const full = args.includes('--full');
const port = Number(process.env.PORT ?? 8080);
const base = process.env.INBOX_URL ?? `http://127.0.0.1:${port}`;

async function fromServer(): Promise<{ total: number; requests: InboxEntry[] } | undefined> {
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
  return (await response.json()) as { total: number; requests: InboxEntry[] };
}

async function fromFiles(): Promise<{ total: number; requests: InboxEntry[] }> {
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
    return { total: await countRequests(db), requests: await latestRequests(db, limit, type) };
  } finally {
    await db.close();
  }
}

/** Nothing typed by a visitor may drive the terminal (escape sequences, bidi overrides). */
const safe = (text: string | null | undefined) =>
  // eslint-disable-next-line no-control-regex -- the point is to neutralise control characters
  (text ?? '').replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '�');
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const mailStatus = { pending: 'en attente', sent: 'envoyés', skipped: 'non configurés', failed: 'échec' } as const;

function print({ total, requests }: { total: number; requests: InboxEntry[] }): void {
  if (!requests.length) {
    console.log(total ? 'Aucune demande de ce type.' : 'Aucune demande reçue pour le moment.');
    return;
  }
  console.log(
    `Demandes reçues : ${total} au total, ${requests.length} affichée${requests.length > 1 ? 's' : ''} (les plus récentes d’abord).\n`,
  );
  for (const request of requests) {
    const what =
      request.type === 'contact'
        ? `Contact · ${subjectLabel(request.subject)}`
        : `Testeur · ${professionLabel(request.profession)} · équipe de ${request.team_size ?? 1}`;
    const mail = `e-mails : ${mailStatus[request.mail_status]}${request.mail_status === 'pending' || request.mail_status === 'failed' ? ` (${request.mail_attempts} essai${request.mail_attempts > 1 ? 's' : ''}${request.mail_last_error ? `, ${safe(request.mail_last_error)}` : ''})` : ''}`;
    console.log(`n° ${request.id}  ${dateTime.format(new Date(request.received_at))}  ${what}  —  ${mail}`);
    const details = [safe(request.company), safe(request.phone), safe(request.city)].filter(Boolean).join(' · ');
    console.log(`    ${safe(request.full_name)} <${safe(request.email)}>${details ? ` · ${details}` : ''}`);
    if (request.message) {
      const message = safe(request.message).replace(/\s+/g, ' ');
      console.log(`    « ${full || message.length <= 160 ? message : `${message.slice(0, 160)}…`} »`);
    }
    console.log('');
  }
}

try {
  const result = (await fromServer()) ?? (await fromFiles());
  if (asJson) console.log(JSON.stringify(result, null, 2));
  else print(result);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
