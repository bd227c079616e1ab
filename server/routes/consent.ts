/**
 * Proof of consent (DECISIONS.md, "Consent"): every choice of the cookie banner or of /gestion-cookies is
 * posted here as { consentId, analytics, marketing, policyVersion, chosenAt } and kept in consent_proofs.
 * Nothing personal is accepted or stored: not the IP (used only, in memory, to rate-limit), nor the user agent.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getConnInfo } from '@hono/node-server/conninfo';
import { consentProofSchema } from '../../core/consent.ts';
import type { Store } from '../store.ts';

export const CONSENT_PROOF_PATH = '/functions/v1/consent-proof';

/** A proof is about 200 bytes. */
const MAX_BODY_BYTES = 2048;
/** Light limit: a visitor makes a handful of choices, not dozens a minute. */
export const CONSENT_RATE_LIMIT = { max: 20, windowMs: 60_000 };

/** Fixed-window counter per client, in memory (the embedded server is one process). */
export function rateLimiter({ max, windowMs }: { max: number; windowMs: number }, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return (client: string): boolean => {
    const time = now();
    if (windows.size > 10_000) for (const [key, w] of windows) if (time - w.start >= windowMs) windows.delete(key);
    const current = windows.get(client);
    if (!current || time - current.start >= windowMs) {
      windows.set(client, { start: time, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= max;
  };
}

/** The socket's address; `app.request()` in tests has no socket and shares one bucket. */
function clientOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'inconnu';
  } catch {
    return 'local';
  }
}

export function consentRoutes(store: Store, limit = CONSENT_RATE_LIMIT) {
  const app = new Hono();
  const allow = rateLimiter(limit);

  app.post(
    CONSENT_PROOF_PATH,
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'Preuve de consentement trop volumineuse.' }, 413) }),
    async (c) => {
      if (!allow(clientOf(c))) {
        c.header('retry-after', String(Math.ceil(limit.windowMs / 1000)));
        return c.json({ error: 'Trop de choix envoyés en peu de temps : réessayez dans une minute.' }, 429);
      }
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ error: 'Preuve de consentement illisible : un objet JSON est attendu.' }, 400);
      }
      const parsed = consentProofSchema.safeParse(body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => issue.message);
        return c.json({ error: `Preuve de consentement refusée : ${details[0]}`, details }, 422);
      }
      const proof = parsed.data;
      await store.db.query(
        'insert into consent_proofs (consent_id, analytics, marketing, policy_version, chosen_at) values ($1, $2, $3, $4, $5)',
        [proof.consentId, proof.analytics, proof.marketing, proof.policyVersion, proof.chosenAt],
      );
      return c.json({ ok: true }, 201);
    },
  );

  return app;
}
