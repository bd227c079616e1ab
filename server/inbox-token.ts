/**
 * The token of GET /_inbox: INBOX_TOKEN when set, else a random one written at start to
 * .data/inbox-<port>.token (mode 600), where `npm run inbox` reads it.
 */
import { mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** A token set by hand must be one nobody guesses: 32 characters at least (the generated one has 32). */
export const INBOX_TOKEN_MIN_LENGTH = 32;

/** Why INBOX_TOKEN cannot start the server, in French, or undefined when it may (unset, or long enough). */
export function inboxTokenProblem(fromEnv: string | undefined): string | undefined {
  if (fromEnv === undefined || fromEnv === '' || fromEnv.length >= INBOX_TOKEN_MIN_LENGTH) return undefined;
  return `INBOX_TOKEN trop court (${fromEnv.length} caractères) : ${INBOX_TOKEN_MIN_LENGTH} caractères au moins sont exigés, pour qu’on ne puisse pas le deviner. Générez-en un, par exemple avec « openssl rand -base64 32 », ou retirez la variable : le serveur en tire alors un au hasard.`;
}

export const inboxTokenFile = (dataRoot: string, port: number) => join(dataRoot, `inbox-${port}.token`);

export function writeInboxToken(dataRoot: string, port: number, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const token = randomBytes(24).toString('base64url');
  try {
    mkdirSync(dataRoot, { recursive: true });
    writeFileSync(inboxTokenFile(dataRoot, port), token, { mode: 0o600 });
  } catch (error) {
    console.error('Jeton de la boîte de réception non écrit (npm run inbox lira la base directement) :', error);
  }
  return token;
}

export function readInboxToken(dataRoot: string, port: number): string | undefined {
  try {
    return readFileSync(inboxTokenFile(dataRoot, port), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** On shutdown: the token of a stopped server is of no use. */
export function removeInboxToken(dataRoot: string, port: number): void {
  rmSync(inboxTokenFile(dataRoot, port), { force: true });
}
