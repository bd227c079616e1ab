/**
 * A token bucket per client: `limit` requests at once, refilled evenly over `windowMs`. Pure state in
 * memory with an injectable clock, for the light limits one process may keep alone (the assistant, the
 * uploads). The contact and consent limits are the database's, shared by every server and isolate
 * (public.take_rate_token in supabase/migrations), with the same algorithm.
 */
export interface RateLimitOptions {
  /** Requests allowed in a burst (and per window on average). */
  limit: number;
  /** Time for an empty bucket to fill up again, in milliseconds. */
  windowMs: number;
  /** Buckets kept at most; the oldest are dropped first (memory stays bounded under a flood). */
  maxClients?: number;
  now?: () => number;
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly maxClients: number;
  private readonly now: () => number;
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();

  constructor({ limit, windowMs, maxClients = 50_000, now = Date.now }: RateLimitOptions) {
    if (!(limit >= 1) || !(windowMs > 0)) throw new Error('RateLimiter : limit ≥ 1 et windowMs > 0 sont requis.');
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxClients = maxClients;
    this.now = now;
  }

  /**
   * Counts one request of `key` (or `cost` units of it, bytes for instance) and says whether it may go on.
   * A refused hit takes nothing from the bucket.
   */
  hit(key: string, cost = 1): RateDecision {
    const now = this.now();
    const refillPerMs = this.limit / this.windowMs;
    let tokens = this.tokens(key, now);
    // Re-inserted on each hit: the Map's order is then least recently seen first.
    this.buckets.delete(key);
    if (tokens < cost) {
      this.buckets.set(key, { tokens, updated: now });
      const missing = Math.min(cost, this.limit) - tokens;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / refillPerMs / 1000)) };
    }
    tokens -= cost;
    this.buckets.set(key, { tokens, updated: now });
    if (this.buckets.size > this.maxClients) this.buckets.delete(this.buckets.keys().next().value!);
    return { allowed: true, remaining: Math.floor(tokens) };
  }

  /** Seconds until `key` may make one request again, or 0 when it may now; counts nothing. */
  retryAfter(key: string): number {
    const tokens = this.tokens(key, this.now());
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / (this.limit / this.windowMs) / 1000));
  }

  private tokens(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    return bucket
      ? Math.min(this.limit, bucket.tokens + (now - bucket.updated) * (this.limit / this.windowMs))
      : this.limit;
  }

  /** Forgets the clients whose bucket is full again (nothing to remember about them). */
  sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + (now - bucket.updated) * (this.limit / this.windowMs) >= this.limit) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** Reads "5/600" (5 requests per 600 seconds). */
export function parseRateLimit(text: string): { limit: number; windowMs: number } | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return undefined;
  const limit = Number(match[1]);
  const seconds = Number(match[2]);
  return limit >= 1 && seconds >= 1 ? { limit, windowMs: seconds * 1000 } : undefined;
}
