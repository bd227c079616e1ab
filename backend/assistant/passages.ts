/**
 * The best passages of the site for a question (docs/decisions/0068-passages-for-a-generative-webhook.md),
 * for a generative service behind ASSISTANT_WEBHOOK_URL: the very retrieval DENTY answers with
 * (backend/assistant/answer.ts: understood, searched, ranked), each passage with its title, its address,
 * the site's own words and the share of the question it holds. Answered by the embedded server
 * (POST /functions/v1/assistant/passages) and the Supabase function `assistant` (…/assistant/passages),
 * behind the same front door as the webhook: allowed origins, POST, rate limit, size, JSON.
 */
import { understand } from '../../core/assistant/understanding.ts';
import { PASSAGE_MAX_CHARS, PASSAGES_MAX, type Passage, type PassagesReply } from '../../core/assistant/passages.ts';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import type { AssistantDoc } from '../../core/assistant/knowledge.ts';
import { jsonResponse as json } from '../http.ts';
import { admitJson, knowledgeOf } from './front-door.ts';
import { contextOf, search } from './answer.ts';
import { ASSISTANT_MESSAGES, type AssistantHandlerDeps } from './handler.ts';
import type { Knowledge } from './knowledge.ts';

/** The question's text is all the endpoint reads: a few kilobytes at most. */
const MAX_PASSAGES_BODY_BYTES = 16 * 1024;

const PASSAGES_MESSAGES = {
  ...ASSISTANT_MESSAGES,
  text: `Un texte de ${ASSISTANT.maxTextLength} caractères au plus est attendu (« text »).`,
} as const;

/** The site's words of a document, without its problem statement (never quoted: core/assistant/knowledge.ts). */
function passageText(doc: AssistantDoc): string {
  const text = doc.lines
    .map((line) => (line.title ? `${line.title} : ${line.text}` : line.text))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= PASSAGE_MAX_CHARS) return text;
  const cut = text.slice(0, PASSAGE_MAX_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), PASSAGE_MAX_CHARS / 2))}…`;
}

const titleOf = (doc: AssistantDoc) =>
  doc.kind === 'faq' || doc.title === doc.source ? doc.title : `${doc.source} — ${doc.title}`;

/** The best passages for `text`, in DENTY's order, at most PASSAGES_MAX, with absolute links on `siteUrl`. */
export function passagesFor(knowledge: Knowledge, text: string, siteUrl: string): Passage[] {
  const reading = understand(text, contextOf(knowledge));
  const { ranked } = search(knowledge, reading);
  const passages: Passage[] = [];
  const seen = new Set<string>();
  for (const item of ranked) {
    if (passages.length >= PASSAGES_MAX) break;
    const { doc } = item.doc;
    const body = passageText(doc);
    if (item.coverage <= 0 || !body || seen.has(doc.url)) continue;
    seen.add(doc.url);
    passages.push({
      title: titleOf(doc),
      url: new URL(doc.url, siteUrl).href,
      text: body,
      score: Math.round(item.coverage * 100) / 100,
    });
  }
  return passages;
}

export type PassagesDeps = Pick<AssistantHandlerDeps, 'knowledge' | 'allowedOrigins' | 'limiter' | 'log'> & {
  /** The site's address: passages link to it. */
  siteUrl: string;
};

/** POST { text } → { passages }: one Request in, one Response out. */
export async function handlePassagesRequest(
  request: Request,
  deps: PassagesDeps,
  clientKey: string,
): Promise<Response> {
  const admitted = await admitJson(request, deps, clientKey, PASSAGES_MESSAGES, MAX_PASSAGES_BODY_BYTES);
  if ('answer' in admitted) return admitted.answer;
  const { cors } = admitted;
  const text = (admitted.data as { text?: unknown } | null)?.text;
  if (typeof text !== 'string' || text.length > ASSISTANT.maxTextLength)
    return json(422, { error: PASSAGES_MESSAGES.text }, cors);
  const loaded = await knowledgeOf(deps, PASSAGES_MESSAGES, cors);
  if ('answer' in loaded) return loaded.answer;
  const { knowledge } = loaded;
  const reply: PassagesReply = { passages: text.trim() ? passagesFor(knowledge, text, deps.siteUrl) : [] };
  return json(200, reply, cors);
}
