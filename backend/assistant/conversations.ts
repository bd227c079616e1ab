/**
 * The short memory that lets DENTY follow a conversation ("et pour l'orthodontie ?"): per conversation
 * (and per client, so that two visitors never share one), the last answered question, forgotten after
 * 30 minutes of silence; at most 2,000 conversations, the oldest dropped first. In memory only: nothing
 * is stored, and a restart (or another edge isolate) simply starts afresh.
 */
import type { ConversationTurn } from './answer.ts';

export const CONVERSATION_TTL_MS = 30 * 60_000;
export const MAX_CONVERSATIONS = 2000;

export class ConversationMemory {
  readonly #turns = new Map<string, { turn: ConversationTurn; at: number }>();

  constructor(
    private readonly ttlMs = CONVERSATION_TTL_MS,
    private readonly max = MAX_CONVERSATIONS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): ConversationTurn | undefined {
    const entry = this.#turns.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.#turns.delete(key);
      return undefined;
    }
    return entry.turn;
  }

  set(key: string, turn: ConversationTurn): void {
    // Re-inserted at the end: the Map's order is the order of last use.
    this.#turns.delete(key);
    this.#turns.set(key, { turn, at: this.now() });
    while (this.#turns.size > this.max) this.#turns.delete(this.#turns.keys().next().value!);
  }

  forget(key: string): void {
    this.#turns.delete(key);
  }

  get size(): number {
    return this.#turns.size;
  }
}
