/**
 * The consent-proof function under Deno: the handler and store of supabase/functions/consent-proof
 * (backend/consent/) with public.record_consent_proof in PGlite (the project's migrations). The
 * function's own index.ts runs on a real PostgreSQL in production.test.ts.
 */
import { assert, assertEquals } from './assert.ts';
import { handleConsentProof, type ConsentProofDeps } from '../../../backend/consent/handler.ts';
import { consentProofStore } from '../../../backend/consent/proof-store.ts';
import { forwardedClient } from '../../../backend/http.ts';
import { database } from './database.ts';

const proof = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    consentId: crypto.randomUUID(),
    analytics: true,
    marketing: false,
    policyVersion: '2026-11-01',
    chosenAt: new Date().toISOString(),
    ...overrides,
  });
const request = (body: string | null, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new Request('https://projet.supabase.co/functions/v1/consent-proof', {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://www.dentivo.example', ...init.headers },
    body,
  });

Deno.test('stores a proof from the site, refuses anything personal or foreign, storing nothing', async () => {
  const db = await database();
  const deps: ConsentProofDeps = {
    record: consentProofStore(db, { rateLimit: { limit: 5, windowMs: 60_000 } }).record,
    allowedOrigins: ['https://www.dentivo.example'],
  };
  const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from consent_proofs')).rows[0]!.n;
  try {
    const preflight = await handleConsentProof(request(null, { method: 'OPTIONS' }), deps, 'a');
    assertEquals(preflight.status, 204);
    assertEquals(preflight.headers.get('access-control-allow-origin'), 'https://www.dentivo.example');

    const stored = await handleConsentProof(request(proof()), deps, 'a');
    assertEquals(stored.status, 201);
    assertEquals(stored.headers.get('access-control-allow-origin'), 'https://www.dentivo.example');
    assertEquals(
      (await db.query<{ analytics: boolean; marketing: boolean }>('select analytics, marketing from consent_proofs'))
        .rows,
      [{ analytics: true, marketing: false }],
    );

    for (const [body, status] of [
      [proof({ email: 'dupont@example.fr' }), 422],
      [proof({ consentId: 'pas-un-uuid' }), 422],
      ['{"consentId":', 400],
      [proof({ policyVersion: 'x'.repeat(4000) }), 413],
    ] as const) {
      const answer = await handleConsentProof(request(body), deps, 'b');
      assertEquals(answer.status, status);
      assert(/^Preuve de consentement/.test((await answer.json()).error), 'message en français attendu');
    }
    assertEquals(
      (await handleConsentProof(request(proof(), { headers: { origin: 'https://pirate.example' } }), deps, 'c')).status,
      403,
    );
    assertEquals(await count(), 1);
  } finally {
    await db.close();
  }
});

Deno.test(
  'counts the caller by the address the gateway appended, not by what it wrote in X-Forwarded-For',
  async () => {
    const db = await database();
    const deps: ConsentProofDeps = {
      record: consentProofStore(db, { rateLimit: { limit: 5, windowMs: 600_000 } }).record,
      allowedOrigins: ['https://www.dentivo.example'],
    };
    try {
      // What index.ts does: handleConsentProof(request, deps, forwardedClient(request)).
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const spoofed = request(proof(), { headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.77` } });
        statuses.push((await handleConsentProof(spoofed, deps, forwardedClient(spoofed))).status);
      }
      assertEquals(statuses.filter((status) => status === 201).length, 5);
      assertEquals(statuses.filter((status) => status === 429).length, 25);
    } finally {
      await db.close();
    }
  },
);
