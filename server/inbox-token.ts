/**
 * The token of GET /_inbox: INBOX_TOKEN when set, else a random one written at start to
 * .data/inbox-<port>.token (mode 600), where `npm run inbox` reads it.
 */
import { mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

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
