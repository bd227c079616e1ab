/**
 * The knowledge of the `assistant` edge function: the index that `npm run build` publishes with the site
 * (SITE_URL/assistant-index.json), fetched at the first message an isolate receives, kept in memory, and
 * checked again every few minutes (a conditional request: unchanged, it costs a 304). The published site
 * and the assistant therefore always say the same thing, and editing content never needs the function
 * to be deployed again (docs/decisions/0034-assistant-retrieval.md).
 */
import { createKnowledge, type Knowledge } from './knowledge.ts';

/** How long an isolate answers from its copy before asking the site whether the index changed. */
export const INDEX_REFRESH_MS = 5 * 60_000;
/** A static host answers in well under this; beyond it the visitor gets the French 503 message. */
const FETCH_TIMEOUT_MS = 10_000;

export interface PublishedKnowledgeOptions {
  fetch?: typeof fetch;
  refreshMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function publishedKnowledge(
  url: string,
  { fetch: fetchIndex = fetch, refreshMs = INDEX_REFRESH_MS, now = Date.now, log }: PublishedKnowledgeOptions = {},
): () => Promise<Knowledge> {
  let current: { knowledge: Knowledge; etag: string | null; checkedAt: number } | undefined;
  let pending: Promise<Knowledge> | undefined;

  async function load(): Promise<Knowledge> {
    const response = await fetchIndex(url, {
      headers: current?.etag ? { 'if-none-match': current.etag } : {},
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status === 304 && current) {
      current.checkedAt = now();
      return current.knowledge;
    }
    if (!response.ok) throw new Error(`${url} a répondu ${response.status}`);
    const knowledge = await createKnowledge(await response.json());
    current = { knowledge, etag: response.headers.get('etag'), checkedAt: now() };
    return knowledge;
  }

  return async () => {
    if (current && now() - current.checkedAt < refreshMs) return current.knowledge;
    pending ??= load().finally(() => (pending = undefined));
    if (!current) return pending;
    // A copy that is getting old still answers: the site is asked in the background.
    pending.catch((error) => {
      current!.checkedAt = now();
      log?.(`Index de l’assistant non relu (${url}), l’ancien reste en service :`, error);
    });
    return current.knowledge;
  };
}
