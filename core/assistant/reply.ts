/**
 * The webhook's reply read in the browser (docs/requirements.md#assistant-webhook): the contract's zod
 * schema `webhookReply` (contract.ts), compiled to a function by `npm run checks` (reply.check.ts) so
 * that the widget does not carry zod (docs/decisions/0069-browser-checks-compiled-from-zod.md).
 */
import { problemOf, type CompiledCheck } from '../common/compiled-check.ts';
import type { WebhookReply } from './contract.ts';
import checkReply from './reply.check.ts';

/** A reply that is not the contract's JSON: a send failure (docs/requirements.md#assistant-errors). */
export class MalformedReply extends Error {}

const isReply = checkReply as CompiledCheck<WebhookReply>;

/** The reply, its unknown fields dropped as zod's objects do; throws naming the first bad field. */
export function readWebhookReply(data: unknown): WebhookReply {
  if (isReply(data)) return data;
  throw new MalformedReply(`Réponse du webhook mal formée : ${problemOf(isReply) || 'objet attendu'}`);
}
