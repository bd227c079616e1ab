/**
 * The assistant's evaluation (tests/eval/*.yaml, docs/decisions/0034-assistant-retrieval.md): every
 * question asked to the real webhook handler over the real built index, in its own conversation
 * (follow-ups after their first turns). A question is right when the reply's first link is one of the
 * expected pages (none expected: no link at all), its opening holds every expected word and none of the
 * words it must avoid, in at most 60 words. Used by `npm run eval:assistant` and by the floors in
 * tests/unit/assistant-eval.test.ts.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { fold, wordCount } from '../../core/assistant/text.ts';
import { OPENING_MAX_WORDS } from '../../core/assistant/opening.ts';
import { ConversationMemory } from '../../backend/assistant/conversations.ts';
import { handleAssistantRequest, type AssistantHandlerDeps } from '../../backend/assistant/handler.ts';
import type { Knowledge } from '../../backend/assistant/knowledge.ts';

export const kinds = [
  'paraphrase',
  'faute',
  'sans-accents',
  'court',
  'suivi',
  'salutation',
  'medical',
  'hors-sujet',
  'bientot',
] as const;

export const evalCase = z.object({
  kind: z.enum(kinds),
  ask: z.string().min(1),
  before: z.array(z.string()).default([]),
  pages: z.array(z.string().regex(/^\//)),
  words: z.array(z.coerce.string()).min(1),
  /** What the opening must not say: a FAQ's « Non. » that answers the FAQ's question, not the visitor's. */
  avoid: z.array(z.coerce.string()).default([]),
});
export type EvalCase = z.infer<typeof evalCase>;

/**
 * The sets, each measured on its own: the tuning set (the answer rules and the vocabulary were written
 * while reading its failures), and blind sets written before any tuning, which say how DENTY does on
 * questions nobody tuned for (blind-2 was measured once, untuned).
 */
export const evalSets = [
  { name: 'réglage', file: 'assistant-questions.yaml' },
  { name: 'aveugle-1', file: 'assistant-blind-1.yaml' },
  { name: 'aveugle-2', file: 'assistant-blind-2.yaml' },
  { name: 'aveugle-3', file: 'assistant-blind-3.yaml' },
  { name: 'aveugle-4', file: 'assistant-blind-4.yaml' },
  { name: 'aveugle-5', file: 'assistant-blind-5.yaml' },
  { name: 'aveugle-6', file: 'assistant-blind-6.yaml' },
  { name: 'aveugle-7', file: 'assistant-blind-7.yaml' },
  { name: 'aveugle-8', file: 'assistant-blind-8.yaml' },
  { name: 'aveugle-9', file: 'assistant-blind-9.yaml' },
  { name: 'aveugle-10', file: 'assistant-blind-10.yaml' },
  { name: 'aveugle-11', file: 'assistant-blind-11.yaml' },
  { name: 'aveugle-12', file: 'assistant-blind-12.yaml' },
] as const;
export type EvalSetName = (typeof evalSets)[number]['name'];

export function loadCases(file: string): EvalCase[] {
  return z
    .array(evalCase)
    .min(1)
    .parse(parse(readFileSync(file, 'utf8')));
}

export const setFile = (root: string, name: EvalSetName): string =>
  join(root, 'tests', 'eval', evalSets.find((set) => set.name === name)!.file);

export interface CaseResult {
  case: EvalCase;
  reply: string;
  firstLink: string | undefined;
  opening: string;
  ok: boolean;
  problems: string[];
  /** Time of the handler for the asked question (its follow-up's first turns not counted). */
  ms: number;
  /** This process's processor time for it: what the handler costs, whatever else the machine runs. */
  cpuMs: number;
}

export interface Evaluation {
  results: CaseResult[];
  accuracy: number;
  medianMs: number;
  p95Ms: number;
  medianCpuMs: number;
  p95CpuMs: number;
  byKind: Record<string, { right: number; total: number }>;
}

const norm = (text: string) => fold(text).replace(/\s+/g, ' ');

/** The first Markdown link's path, without its #anchor. */
export function firstLinkOf(markdown: string): string | undefined {
  const match = /\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)\)/.exec(markdown);
  return match?.[1]!.split('#')[0];
}

export function check(item: EvalCase, reply: string): Omit<CaseResult, 'case' | 'reply' | 'ms' | 'cpuMs'> {
  const problems: string[] = [];
  const firstLink = firstLinkOf(reply);
  const opening = reply.split(/\n\s*\n/)[0] ?? '';
  if (item.pages.length === 0 ? firstLink !== undefined : !item.pages.includes(firstLink ?? ''))
    problems.push(`premier lien ${firstLink ?? 'absent'}, attendu ${item.pages.join(' ou ') || 'aucun'}`);
  // A greeting's quick options follow its first paragraph.
  const where = norm(item.kind === 'salutation' ? reply : opening);
  for (const expected of item.words) {
    const choices = expected.split('|').map((choice) => norm(choice.trim()));
    if (!choices.some((choice) => where.includes(choice))) problems.push(`ouverture sans « ${expected} »`);
  }
  for (const avoided of item.avoid)
    if (norm(opening).includes(norm(avoided))) problems.push(`ouverture avec « ${avoided} »`);
  const size = wordCount(opening.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
  if (size > OPENING_MAX_WORDS) problems.push(`ouverture de ${size} mots`);
  return { firstLink, opening, ok: problems.length === 0, problems };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

/** Asks one question in one conversation and gives the reply's Markdown. */
export type Ask = (text: string, conversation: string) => Promise<string>;

async function replyOf(response: Response, text: string): Promise<string> {
  if (response.status !== 200) throw new Error(`Réponse ${response.status} à « ${text} » : ${await response.text()}`);
  return ((await response.json()) as { response: string }).response;
}

const payload = (text: string, conversation: string) =>
  JSON.stringify({
    message_id: `m-${Math.random().toString(36).slice(2)}`,
    text,
    sent_at: new Date().toISOString(),
    conversation_id: conversation,
  });

/** The real webhook handler, in this process, over the given knowledge. */
export function askHandler(knowledge: Knowledge): Ask {
  const deps: AssistantHandlerDeps = {
    knowledge: async () => knowledge,
    options: { productName: 'Dentivo', assistantName: 'DENTY', supportResponse: '24 h' },
    allowedOrigins: [],
    conversations: new ConversationMemory(),
  };
  return async (text, conversation) => {
    const request = new Request('http://localhost/assistant/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload(text, conversation),
    });
    return replyOf(await handleAssistantRequest(request, deps, 'evaluation'), text);
  };
}

/**
 * A running server's webhook (the embedded server, or the edge function), over HTTP. Each conversation
 * comes as its own client (an address of the documentation range 2001:db8::/32 in X-Forwarded-For, read
 * by a server started with TRUST_PROXY=1), so that 129 questions in a row stay under the rate limit.
 */
export function askUrl(url: string): Ask {
  const clients = new Map<string, string>();
  return async (text, conversation) => {
    if (!clients.has(conversation)) clients.set(conversation, `2001:db8::${(clients.size + 1).toString(16)}`);
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': clients.get(conversation)! };
    return replyOf(await fetch(url, { method: 'POST', headers, body: payload(text, conversation) }), text);
  };
}

export async function evaluate(source: Knowledge | Ask, cases: readonly EvalCase[]): Promise<Evaluation> {
  const ask = typeof source === 'function' ? source : askHandler(source);
  const results: CaseResult[] = [];
  // A server remembers each conversation for 30 minutes: ids never repeat across sets or runs, or a
  // short question would be read as the follow-up of another set's question.
  const run = Math.random().toString(36).slice(2, 10);
  for (const [index, item] of cases.entries()) {
    const conversation = `evaluation-${run}-${index}`;
    for (const earlier of item.before) await ask(earlier, conversation);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const reply = await ask(item.ask, conversation);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    results.push({ case: item, reply, ms, cpuMs: (user + system) / 1000, ...check(item, reply) });
  }
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const cpuTimes = results.map((result) => result.cpuMs).sort((a, b) => a - b);
  const byKind: Evaluation['byKind'] = {};
  for (const result of results) {
    const entry = (byKind[result.case.kind] ??= { right: 0, total: 0 });
    entry.total++;
    if (result.ok) entry.right++;
  }
  return {
    results,
    accuracy: results.filter((result) => result.ok).length / Math.max(results.length, 1),
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    medianCpuMs: percentile(cpuTimes, 0.5),
    p95CpuMs: percentile(cpuTimes, 0.95),
    byKind,
  };
}
