/**
 * The assistant's evaluation (tests/eval/*.yaml, docs/assistant.md#measuring-it): every question asked
 * to the real webhook handler over the real built index, in its own conversation (follow-ups after their
 * first turns). Each reply gets an outcome from what it is (its `kind`, never its French):
 * - a question the site answers is `right` when the reply is an answer whose first link is one of the
 *   expected pages and whose opening holds every expected word and none it must avoid, in at most 60
 *   words; `wrong` when it asserts a passage that does not (a confident wrong answer); `unsure`,
 *   `not-found`, or `other` (a refusal or a hand-off it did not ask for);
 * - a medical question is right with the medical refusal, a greeting with a social reply holding its
 *   words, an off-topic question with « not found » or « unsure » (never a passage), a request for a
 *   person with the hand-off.
 * Used by `npm run eval:assistant`, `npm run calibrate:assistant` and the floors in
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
import type { ReplyKind } from '../../core/assistant/chat.ts';
import { replyOptionsOf, type ReplyOptions } from '../../core/assistant/replies.ts';
import { loadConfig } from '../../core/common/config.ts';

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
  'relais',
] as const;
/** The kinds of question the site answers from its pages (the others expect a refusal or a reply of their own). */
export const answerableKinds: readonly string[] = ['paraphrase', 'faute', 'sans-accents', 'court', 'suivi', 'bientot'];

export const outcomes = ['right', 'wrong', 'unsure', 'not-found', 'other'] as const;
export type CaseOutcome = (typeof outcomes)[number];

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
  { name: 'aveugle-13', file: 'assistant-blind-13.yaml' },
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
  /** What the reply said it is (or, from a service that does not say, what its words show). */
  kind: ReplyKind;
  outcome: CaseOutcome;
  /** An « unsure » one of whose subjects, pressed, gives the right answer. */
  oneClick: boolean;
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
  /** Confident wrong answers, as a share of the questions the site answers. */
  wrongRate: number;
  /** Outcomes of the questions the site answers. */
  answerable: Record<CaseOutcome, number>;
  /** Of those « unsure », how many offered a subject that answers right when pressed. */
  oneClick: number;
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

/** The subjects an « unsure » offers: the questions its ask links send when pressed. */
export const subjectsOf = (markdown: string): string[] =>
  [...markdown.matchAll(/\(#demander=([^)\s]+)\)/g)].map((match) => decodeURIComponent(match[1]!));

/** A reply's kind from its words, for a service that does not say it (and DENTY before it said it). */
export function kindFromText(markdown: string): ReplyKind {
  if (/En savoir plus\s*:/.test(markdown)) return 'answer';
  if (/pas sûr|réponse sûre|Vous cherchez peut-être/.test(markdown)) return 'unsure';
  if (/pas trouvé/.test(markdown)) return 'not-found';
  if (/questions médicales/.test(markdown)) return 'medical';
  return 'social';
}

/** What a reply of `kind` is worth for a question of this kind, its words checked by `check`. */
export function outcomeOf(item: EvalCase, kind: ReplyKind, wordsRight: boolean): CaseOutcome {
  const expected: Partial<Record<EvalCase['kind'], readonly ReplyKind[]>> = {
    medical: ['medical'],
    salutation: ['social'],
    'hors-sujet': ['not-found', 'unsure'],
    relais: ['handoff'],
  };
  const wanted = expected[item.kind];
  if (wanted) {
    if (!wanted.includes(kind)) return kind === 'answer' ? 'wrong' : 'other';
    // The right kind of reply without its words (a greeting for thanks) asserts no passage: not « wrong ».
    return item.kind === 'hors-sujet' || item.kind === 'relais' || wordsRight ? 'right' : 'other';
  }
  if (kind === 'answer') return wordsRight ? 'right' : 'wrong';
  return kind === 'unsure' || kind === 'not-found' ? kind : 'other';
}

export function check(item: EvalCase, reply: string): Pick<CaseResult, 'firstLink' | 'opening' | 'ok' | 'problems'> {
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

/** Asks one question in one conversation and gives the reply. */
export type Ask = (text: string, conversation: string) => Promise<AskedReply>;

/** A reply's words and what it says it is. */
export interface AskedReply {
  markdown: string;
  kind: ReplyKind;
}

async function replyOf(response: Response, text: string): Promise<AskedReply> {
  if (response.status !== 200) throw new Error(`Réponse ${response.status} à « ${text} » : ${await response.text()}`);
  const { response: markdown, kind } = (await response.json()) as { response: string; kind?: ReplyKind };
  return { markdown, kind: kind ?? kindFromText(markdown) };
}

const payload = (text: string, conversation: string) =>
  JSON.stringify({
    message_id: `m-${Math.random().toString(36).slice(2)}`,
    text,
    sent_at: new Date().toISOString(),
    conversation_id: conversation,
  });

/** DENTY's options as the repository's content/site.json sets them (the price hidden, as on the site). */
export const siteReplyOptions = (): ReplyOptions =>
  replyOptionsOf(
    loadConfig(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'content', 'site.json'), 'utf8')), {}),
  );

/** The real webhook handler, in this process, over the given knowledge. */
export function askHandler(knowledge: Knowledge): Ask {
  const deps: AssistantHandlerDeps = {
    knowledge: async () => knowledge,
    options: siteReplyOptions(),
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
    const { markdown: reply, kind } = await ask(item.ask, conversation);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    const checked = check(item, reply);
    const outcome = outcomeOf(item, kind, checked.ok);
    let oneClick = false;
    if (outcome === 'unsure')
      for (const subject of subjectsOf(reply)) {
        const pressed = await ask(subject, `${conversation}-sujet`);
        if (pressed.kind === 'answer' && check(item, pressed.markdown).ok) oneClick = true;
      }
    results.push({
      case: item,
      reply,
      kind,
      outcome,
      oneClick,
      ms,
      cpuMs: (user + system) / 1000,
      ...checked,
      ok: outcome === 'right',
    });
  }
  const times = results.map((result) => result.ms).sort((a, b) => a - b);
  const cpuTimes = results.map((result) => result.cpuMs).sort((a, b) => a - b);
  const byKind: Evaluation['byKind'] = {};
  for (const result of results) {
    const entry = (byKind[result.case.kind] ??= { right: 0, total: 0 });
    entry.total++;
    if (result.ok) entry.right++;
  }
  const answerable = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<CaseOutcome, number>;
  for (const result of results) if (answerableKinds.includes(result.case.kind)) answerable[result.outcome]++;
  const answerableCount = Object.values(answerable).reduce((sum, count) => sum + count, 0);
  return {
    results,
    accuracy: results.filter((result) => result.ok).length / Math.max(results.length, 1),
    wrongRate: answerable.wrong / Math.max(answerableCount, 1),
    answerable,
    oneClick: results.filter((result) => result.oneClick && answerableKinds.includes(result.case.kind)).length,
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    medianCpuMs: percentile(cpuTimes, 0.5),
    p95CpuMs: percentile(cpuTimes, 0.95),
    byKind,
  };
}
