/**
 * What visitors tell the team about DENTY's replies (docs/assistant.md#the-loop): a vote on one reply
 * (POST …/functions/v1/assistant/feedback, the embedded server and the Supabase function `assistant`),
 * and how many replies of each kind DENTY gave each day. Both go through the SQL functions of
 * supabase/migrations, without any personal data: a vote is its question, DENTY's reply, its page and
 * section and its date; a count is a day, a kind and a number. The per-client limit is the database's.
 */
import * as z from 'zod/mini';
import type { ReplyKind } from '../../core/assistant/chat.ts';
import { FEEDBACK_MESSAGES, replyVote, type ReplyVote } from '../../core/assistant/feedback.ts';
import type { Database } from '../db.ts';
import { jsonResponse as json, retryDelayText } from '../http.ts';
import { admitJson } from './front-door.ts';
import { ASSISTANT_MESSAGES, type AssistantHandlerDeps } from './handler.ts';

/** Votes per client per minute: more than a visitor clicks, less than a script would send. */
export const VOTE_RATE_LIMIT = { limit: 30, windowSeconds: 60 };
const MAX_VOTE_BODY_BYTES = 16 * 1024;

export type VoteOutcome = { kind: 'stored' } | { kind: 'rateLimited'; retryAfterSeconds: number };

export interface VoteStore {
  record(vote: ReplyVote, clientKey: string): Promise<VoteOutcome>;
}

export function voteStore(db: Database): VoteStore {
  return {
    async record(vote, clientKey) {
      const { rows } = await db.query<{ outcome: string; retry_after_seconds: number | null }>(
        'select * from public.record_assistant_vote($1::text::jsonb, $2::text, $3::integer, $4::integer)',
        [JSON.stringify(vote), clientKey, VOTE_RATE_LIMIT.limit, VOTE_RATE_LIMIT.windowSeconds],
      );
      const answer = rows[0];
      if (answer?.outcome === 'rate_limited')
        return { kind: 'rateLimited', retryAfterSeconds: answer.retry_after_seconds ?? 1 };
      if (answer?.outcome === 'stored') return { kind: 'stored' };
      throw new Error(`record_assistant_vote : réponse inattendue ${JSON.stringify(answer)}`);
    },
  };
}

/** One more reply of this kind today; a failure is only logged (the answer never waits on it). */
export function replyCounter(db: Database, log?: (message: string, error?: unknown) => void) {
  return (kind: ReplyKind): Promise<void> =>
    db
      .query('select public.count_assistant_reply($1::text)', [kind])
      .then(() => undefined)
      .catch((error: unknown) => log?.('Réponse non comptée :', error));
}

export type FeedbackDeps = Pick<AssistantHandlerDeps, 'allowedOrigins' | 'log'> & { votes?: VoteStore };

const french = z.locales.fr().localeError;

/** POST a vote → 200 { ok: true }: one Request in, one Response out. */
export async function handleFeedbackRequest(
  request: Request,
  deps: FeedbackDeps,
  clientKey: string,
): Promise<Response> {
  // The limit is the database's (public.record_assistant_vote), in its own bucket.
  const admitted = await admitJson(
    request,
    { allowedOrigins: deps.allowedOrigins },
    clientKey,
    ASSISTANT_MESSAGES,
    MAX_VOTE_BODY_BYTES,
  );
  if ('answer' in admitted) return admitted.answer;
  const { cors } = admitted;
  const parsed = replyVote.safeParse(admitted.data, { error: french });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = issue ? `${issue.path.join('.') || 'avis'} : ${issue.message}` : '';
    return json(422, { ok: false, error: ASSISTANT_MESSAGES.refused(detail) }, cors);
  }
  if (!deps.votes) return json(503, { ok: false, error: FEEDBACK_MESSAGES.notStored }, cors);
  let outcome: VoteOutcome;
  try {
    outcome = await deps.votes.record(parsed.data, clientKey);
  } catch (error) {
    deps.log?.('Avis sur une réponse non enregistré :', error);
    return json(503, { ok: false, error: FEEDBACK_MESSAGES.notStored }, { ...cors, 'retry-after': '10' });
  }
  if (outcome.kind === 'rateLimited')
    return json(
      429,
      { ok: false, error: `Trop d’avis envoyés : réessayez dans ${retryDelayText(outcome.retryAfterSeconds)}.` },
      { ...cors, 'retry-after': String(outcome.retryAfterSeconds) },
    );
  return json(200, { ok: true, message: FEEDBACK_MESSAGES.stored }, cors);
}
