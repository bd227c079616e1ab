/**
 * A per-client limit held by the database (public.take_rate_token in supabase/migrations), shared by every
 * server and edge-function isolate on it, like the contact form's: the assistant's messages, for instance.
 * When the database cannot answer, the request goes on (the limit protects a service that does not need
 * the database to answer), and the failure is logged.
 */
import type { Database, RateLimitSetting } from './db.ts';
import { rateLimitParams } from './db.ts';
import type { RateDecision } from './rate-limit.ts';

export interface AsyncLimiter {
  hit(key: string): Promise<RateDecision>;
}

export function databaseLimiter(
  db: Database,
  bucket: string,
  setting: RateLimitSetting,
  log: (message: string, error?: unknown) => void = () => undefined,
): AsyncLimiter {
  const [limit, windowSeconds] = rateLimitParams(setting);
  return {
    async hit(key) {
      try {
        const { rows } = await db.query<{ wait: number }>(
          'select public.take_rate_token($1::text, $2::text, $3::integer, $4::integer) as wait',
          [bucket, key, limit, windowSeconds],
        );
        const wait = Number(rows[0]?.wait ?? 0);
        return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true, remaining: 0 };
      } catch (error) {
        log(`Limite « ${bucket} » indisponible, requête laissée passer :`, error);
        return { allowed: true, remaining: 0 };
      }
    },
  };
}
