/**
 * The webhook's reply read in the browser (docs/requirements.md#assistant-webhook) without a schema library: the same
 * rules as `webhookReply` of core/assistant/contract.ts (zod, what the server and the tests use), written
 * by hand so that the widget does not carry zod (docs/decisions/0044-assistant-replies-without-libraries.md).
 * tests/unit/assistant-rules.test.ts holds both to the same verdicts.
 */
import type { AttachmentRef, WebhookReply } from './contract.ts';

/** A reply that is not the contract's JSON: a send failure (docs/requirements.md#assistant-errors). */
export class MalformedReply extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** http(s), or a path of the serving site, at most 2,048 characters (contract.ts `webUrl`). */
const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2048 && /^(https?:\/\/|\/(?!\/))/i.test(value);

function fail(field: string): never {
  throw new MalformedReply(`Réponse du webhook mal formée : ${field}`);
}

/** `undefined` stays absent, `null` stays null; anything else must pass `check`. */
function optional<T>(data: Record<string, unknown>, key: string, check: (value: unknown) => T): T | null | undefined {
  const value = data[key];
  if (value === undefined || value === null) return value as null | undefined;
  return check(value);
}

function attachment(value: unknown, index: number): AttachmentRef {
  if (!isRecord(value)) fail(`files.${index}`);
  const { filename, type, url } = value;
  if (typeof filename !== 'string' || filename.length < 1 || filename.length > 255) fail(`files.${index}.filename`);
  if (typeof type !== 'string' || type.length > 255) fail(`files.${index}.type`);
  if (!isWebUrl(url)) fail(`files.${index}.url`);
  return { filename, type, url };
}

/** The reply's known fields, checked; unknown fields are dropped, as zod's object does. */
export function readWebhookReply(data: unknown): WebhookReply {
  if (!isRecord(data)) fail('objet attendu');
  const text = (key: string) => optional(data, key, (value) => (typeof value === 'string' ? value : fail(key)));
  const reply: WebhookReply = {};
  if (data.message_id !== undefined) {
    if (typeof data.message_id !== 'string') fail('message_id');
    reply.message_id = data.message_id;
  }
  const response = text('response');
  if (response !== undefined) reply.response = response;
  const timestamp = text('timestamp');
  if (timestamp !== undefined) reply.timestamp = timestamp;
  const files = optional(data, 'files', (value) => (Array.isArray(value) ? value.map(attachment) : fail('files')));
  if (files !== undefined) reply.files = files;
  const voice = optional(data, 'voice', (value) => {
    if (!isRecord(value) || !isWebUrl(value.url)) fail('voice.url');
    const { duration } = value;
    if (typeof duration !== 'number' || !(duration >= 0 && duration <= 3600)) fail('voice.duration');
    return { url: value.url, duration };
  });
  if (voice !== undefined) reply.voice = voice;
  return reply;
}
