/**
 * Grounding for a generative service (docs/decisions/0068-passages-for-a-generative-webhook.md): when
 * ASSISTANT_WEBHOOK_URL points to an automation service (n8n or another) rather than DENTY, the widget
 * first asks DENTY's retrieval for the best passages of the site (POST …/functions/v1/assistant/passages),
 * then sends them with the message, so that a generative flow answers from the site's own words, with
 * their links. No zod here: the widget reads the answer with these few checks (the embed's byte budget).
 */

/** One passage: a FAQ answer, a page section or an article section, as the site states it. */
export interface Passage {
  /** « Tarifs — Essai gratuit », or a FAQ question. */
  title: string;
  /** Where it is read, absolute (https://www.dentivo.fr/tarifs#essai). */
  url: string;
  /** The site's own words, at most PASSAGE_MAX_CHARS characters. */
  text: string;
  /** Share of the question's weight the passage holds, 0 to 1 (DENTY answers itself from 0.55). */
  score: number;
}

/** What the passages endpoint answers. */
export interface PassagesReply {
  passages: Passage[];
}

export const PASSAGES_MAX = 4;
export const PASSAGE_MAX_CHARS = 800;
/** The passages endpoint, under the backend's address (Supabase's, or the embedded server's same path). */
export const PASSAGES_PATH = '/functions/v1/assistant/passages';

/**
 * Whether the webhook is DENTY itself (the embedded server's /assistant/webhook, or the Supabase function
 * `assistant`): it searches by itself, and needs no passages.
 */
export function isOwnAssistant(webhookUrl: string): boolean {
  const path = new URL(webhookUrl, 'http://localhost').pathname.replace(/\/+$/, '');
  return path.endsWith('/assistant/webhook') || path.endsWith('/functions/v1/assistant');
}

const isPassage = (value: unknown): value is Passage => {
  const item = value as Partial<Passage> | null;
  return (
    typeof item?.title === 'string' &&
    typeof item.url === 'string' &&
    /^https?:\/\//.test(item.url) &&
    typeof item.text === 'string' &&
    typeof item.score === 'number'
  );
};

/** The passages of an answer, or undefined when it is not the endpoint's shape. */
export function readPassages(data: unknown): Passage[] | undefined {
  const passages = (data as Partial<PassagesReply> | null)?.passages;
  if (!Array.isArray(passages) || !passages.every(isPassage)) return undefined;
  return passages.slice(0, PASSAGES_MAX);
}
