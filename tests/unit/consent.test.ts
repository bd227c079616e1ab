/**
 * Cookie consent rules (docs/requirements.md#consent; docs/decisions/0011-consent-record-and-renewal.md) and the proof-of-consent
 * endpoint against a real embedded Postgres (PGlite, same migrations as production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  addMonths,
  applyChoice,
  consentProof,
  consentProofSchema,
  firstPaintRecord,
  newConsentId,
  noChoice,
  readStoredConsent as readWith,
  type ConsentRecord,
} from '../../core/consent/proof.ts';
import { parseConsentRecord } from '../../core/consent/stored-record.ts';
import { allowedCategories, googleConsentState } from '../../core/consent/trackers.ts';
import { consentRoutes } from '../../server/routes/consent.ts';
import { handleConsentProof } from '../../backend/consent/handler.ts';
import { openStore, type Store } from '../../server/database.ts';

const id = '3b241101-e2bb-4255-8caf-4136c566a962';
const chosen = new Date('2026-11-22T10:00:00.000Z');
const record = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  necessary: true,
  analytics: true,
  marketing: false,
  lastUpdated: chosen.toISOString(),
  hasSetPreferences: true,
  policyVersion: CONSENT_POLICY_VERSION,
  consentId: id,
  ...overrides,
});
const stored = (value: unknown) => JSON.stringify(value);
/** The stored choice read whole, as the store reads it at idle. */
const readStoredConsent = (raw: string | null, now: Date, gpc = false) => readWith(raw, now, gpc, parseConsentRecord);

describe('Cookie consent: initial state and stored choice', () => {
  it('starts with necessary only, preferences not set (banner shown)', () => {
    const loaded = readStoredConsent(null, chosen);
    expect(loaded.record).toEqual({ ...noChoice() });
    expect(loaded.record).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      hasSetPreferences: false,
      lastUpdated: null,
    });
    expect(loaded.problem).toBeUndefined();
    expect(CONSENT_STORAGE_KEY).toBe('cookie-consent');
  });

  it('loads a valid stored choice', () => {
    expect(readStoredConsent(stored(record()), chosen)).toEqual({ record: record(), fromGpc: false });
  });

  it.each([
    ['text that is not JSON', '{"necessary":tru'],
    ['a JSON value that is not an object', '42'],
    ['an array', '[]'],
    ['necessary switched off', stored(record({ necessary: false as true }))],
    ['a category that is not a boolean', stored({ ...record(), analytics: 'true' })],
    ['a missing date', stored({ ...record(), lastUpdated: undefined })],
    ['a date that is not a date', stored(record({ lastUpdated: 'hier' }))],
    ['a consent id that is not random', stored(record({ consentId: '1234' }))],
    ['preferences not set', stored(record({ hasSetPreferences: false }))],
  ])('counts a corrupt record (%s) as no choice, with the reason for the log', (_, raw) => {
    const loaded = readStoredConsent(raw, chosen);
    expect(loaded.problem).toBe('corrupt');
    expect(loaded.error).toBeInstanceOf(Error);
    expect(loaded.record).toEqual(noChoice());
  });

  it('counts a choice made under another policy version as no choice (a change re-asks)', () => {
    const loaded = readStoredConsent(stored(record({ policyVersion: '2025-01-01' })), chosen);
    expect(loaded.problem).toBe('version');
    expect(loaded.record.hasSetPreferences).toBe(false);
  });
});

describe('Cookie consent: what the first paint reads (docs/decisions/0075-consent-checked-at-idle.md)', () => {
  const firstPaint = (raw: string | null, now = chosen) => readWith(raw, now, false, firstPaintRecord);

  it('hides the banner for a current choice, which counts as a refusal until checked, its date and id kept', () => {
    const loaded = firstPaint(stored(record({ marketing: true })));
    expect(loaded).toEqual({
      record: { ...noChoice(), hasSetPreferences: true, lastUpdated: chosen.toISOString(), consentId: id },
      fromGpc: false,
    });
    expect(allowedCategories(loaded.record)).toEqual({ analytics: false, marketing: false });
  });

  it('shows the banner for no record, an unreadable text, another policy version or an expired choice', () => {
    expect(firstPaint(null).problem).toBeUndefined();
    expect(firstPaint('{"necessary":tru').problem).toBe('corrupt');
    expect(firstPaint(stored(record({ policyVersion: '2025-01-01' }))).problem).toBe('version');
    expect(firstPaint(stored(record()), new Date('2027-05-22T10:00:00.000Z')).problem).toBe('expired');
    for (const raw of [
      '42',
      '[]',
      'null',
      stored({ ...record(), lastUpdated: 'hier' }),
      stored({ ...record(), lastUpdated: [] }),
    ])
      expect(firstPaint(raw).record.hasSetPreferences, raw).toBe(false);
  });

  it('leaves the rest to the check: a current record of the wrong shape is refused at idle', () => {
    const raw = stored({ ...record(), analytics: 'oui', consentId: 'pas un uuid' });
    expect(firstPaint(raw).record).toMatchObject({ hasSetPreferences: true, analytics: false, consentId: '' });
    expect(readStoredConsent(raw, chosen).problem).toBe('corrupt');
  });
});

describe('Cookie consent: validity of 6 months from lastUpdated', () => {
  const raw = stored(record());

  it('holds until just before 6 calendar months have passed', () => {
    expect(readStoredConsent(raw, new Date('2027-05-22T09:59:59.999Z')).record.hasSetPreferences).toBe(true);
  });

  it('expires at 6 months: the banner shows again', () => {
    const loaded = readStoredConsent(raw, new Date('2027-05-22T10:00:00.000Z'));
    expect(loaded.problem).toBe('expired');
    expect(loaded.record).toEqual(noChoice());
  });

  it('counts months on the calendar, clamped to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-08-31T12:00:00Z'), 6).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2027-08-31T12:00:00Z'), 6).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-11-22T10:00:00Z'), 6).toISOString()).toBe('2027-05-22T10:00:00.000Z');
  });
});

describe('Cookie consent: Global Privacy Control', () => {
  it('starts with both categories refused, counted as the visitor’s choice (no banner), nothing stored', () => {
    const loaded = readStoredConsent(null, chosen, true);
    expect(loaded.fromGpc).toBe(true);
    expect(loaded.record).toMatchObject({
      analytics: false,
      marketing: false,
      hasSetPreferences: true,
      lastUpdated: null,
      consentId: '',
    });
    expect(allowedCategories(loaded.record)).toEqual({ analytics: false, marketing: false });
  });

  it('stands for a refusal when the stored choice is corrupt, outdated or expired', () => {
    for (const raw of [
      'oops',
      stored(record({ policyVersion: 'ancienne' })),
      stored(record({ lastUpdated: '2020-01-01T00:00:00.000Z' })),
    ]) {
      const loaded = readStoredConsent(raw, chosen, true);
      expect(loaded.fromGpc).toBe(true);
      expect(loaded.record).toMatchObject({ analytics: false, marketing: false, hasSetPreferences: true });
    }
  });

  it('gives way to an explicit, valid choice made later on the site', () => {
    expect(readStoredConsent(stored(record({ marketing: true })), chosen, true)).toEqual({
      record: record({ marketing: true }),
      fromGpc: false,
    });
  });
});

describe('Cookie consent: choices', () => {
  const later = new Date('2026-12-01T08:00:00.000Z');

  it('accept all sets analytics and marketing; reject sets both false; both mark preferences set', () => {
    const accepted = applyChoice(noChoice(), { analytics: true, marketing: true }, later);
    expect(accepted).toMatchObject({
      necessary: true,
      analytics: true,
      marketing: true,
      hasSetPreferences: true,
      lastUpdated: later.toISOString(),
      policyVersion: CONSENT_POLICY_VERSION,
    });
    expect(applyChoice(accepted, { analytics: false, marketing: false }, later)).toMatchObject({
      analytics: false,
      marketing: false,
      hasSetPreferences: true,
    });
  });

  it('gives a first choice a new random id and keeps it for later choices', () => {
    const first = applyChoice(noChoice(), { analytics: true, marketing: false }, chosen, () => id);
    expect(first.consentId).toBe(id);
    expect(applyChoice(first, { analytics: false, marketing: false }, later, () => 'jamais utilisé').consentId).toBe(
      id,
    );
  });

  it('makes UUID v4 ids, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newConsentId()));
    expect(ids.size).toBe(50);
    for (const value of ids)
      expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('lets a category run only once preferences are set', () => {
    expect(allowedCategories({ ...noChoice(), analytics: true, marketing: true })).toEqual({
      analytics: false,
      marketing: false,
    });
    expect(allowedCategories(record({ marketing: true }))).toEqual({ analytics: true, marketing: true });
  });

  it('maps to Google consent mode v2 with all four keys', () => {
    expect(googleConsentState({ analytics: true, marketing: false })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(googleConsentState({ analytics: false, marketing: true })).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });

  it('proves a choice with the id, the choices, the version and the time only', () => {
    const proof = consentProof(record());
    expect(proof).toEqual({
      consentId: id,
      analytics: true,
      marketing: false,
      policyVersion: CONSENT_POLICY_VERSION,
      chosenAt: chosen.toISOString(),
    });
    expect(consentProofSchema.safeParse(proof).success).toBe(true);
  });
});

describe('Proof of consent: POST /functions/v1/consent-proof', () => {
  const ANON = 'local-anon-key';
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ migrationsDir: join(import.meta.dirname, '..', '..', 'supabase', 'migrations') });
  }, 60_000); // PGlite starts in seconds, more on a busy machine.
  afterAll(() => store?.close());

  const post = (app: ReturnType<typeof consentRoutes>, body: unknown) =>
    app.request('/functions/v1/consent-proof', {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: ANON },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const proof = () => consentProof(record({ lastUpdated: new Date().toISOString() }));
  const rows = async () =>
    (
      await store.db.query<{ consent_id: string; analytics: boolean; marketing: boolean; policy_version: string }>(
        'select * from consent_proofs order by id',
      )
    ).rows;

  it('stores a valid proof once and answers 201', async () => {
    const app = consentRoutes(store, { anonKey: ANON });
    const before = (await rows()).length;
    const response = await post(app, proof());
    expect(response.status).toBe(201);
    // A keepalive beacon's answer: no-store would keep Chromium from ever reporting it finished.
    expect(response.headers.get('cache-control')).toBeNull();
    const after = await rows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      consent_id: id,
      analytics: true,
      marketing: false,
      policy_version: CONSENT_POLICY_VERSION,
    });
  });

  it.each([
    ['a missing field', { ...proof(), marketing: undefined }, 'marketing'],
    ['a consent id that is not a UUID', { ...proof(), consentId: 'dupont@example.fr' }, 'consentId'],
    [
      'the nil UUID, no one’s random id',
      { ...proof(), consentId: '00000000-0000-0000-0000-000000000000' },
      'consentId',
    ],
    ['the max UUID', { ...proof(), consentId: 'ffffffff-ffff-ffff-ffff-ffffffffffff' }, 'consentId'],
    [
      'a UUID that is not random (version 1)',
      { ...proof(), consentId: 'c232ab00-9414-11ec-b3c8-9f6bdeced846' },
      'consentId',
    ],
    ['a personal field', { ...proof(), email: 'dupont@example.fr' }, 'email'],
    ['a date in the future', { ...proof(), chosenAt: '2099-01-01T00:00:00Z' }, 'chosenAt'],
    // Issue 38: a proof of a policy the site never published proves nothing.
    ['a policy version never published', { ...proof(), policyVersion: '2027-01-01' }, 'version publiée'],
    ['a policy version of another shape', { ...proof(), policyVersion: 'v1' }, 'policyVersion'],
    ['a body that is not an object', [1, 2], 'Preuve de consentement attendue'],
  ])('refuses %s with a 4xx and a French message, storing nothing', async (_, body, mention) => {
    const app = consentRoutes(store, { anonKey: ANON });
    const before = (await rows()).length;
    const response = await post(app, body);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { error: string };
    expect(answer.error).toMatch(/^Preuve de consentement refusée\u00A0: /);
    expect(answer.error).toContain(mention);
    expect(await rows()).toHaveLength(before);
  });

  it('refuses a request without the anon key (401), as Supabase’s gateway does, storing nothing', async () => {
    const app = consentRoutes(store, { anonKey: ANON });
    const before = (await rows()).length;
    for (const headers of [{}, { apikey: 'autre-cle' }, { authorization: 'Bearer autre-cle' }] as Record<
      string,
      string
    >[]) {
      const response = await app.request('/functions/v1/consent-proof', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(proof()),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('Clé d’API absente ou invalide.');
    }
    const bearer = await app.request('/functions/v1/consent-proof', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ANON}` },
      body: JSON.stringify(proof()),
    });
    expect(bearer.status).toBe(201);
    expect(await rows()).toHaveLength(before + 1);
  });

  it('refuses text that is not JSON (400) and an oversized body (413)', async () => {
    const app = consentRoutes(store, { anonKey: ANON });
    const unreadable = await post(app, '{consentId:');
    expect(unreadable.status).toBe(400);
    expect(((await unreadable.json()) as { error: string }).error).toContain('illisible');
    const huge = await post(app, { ...proof(), policyVersion: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toBe('Preuve de consentement trop volumineuse.');
  });

  it('is rate-limited lightly per client, in the database (429, Retry-After and a French message)', async () => {
    await store.db.exec('truncate rate_limits');
    const app = consentRoutes(store, { anonKey: ANON, limit: { limit: 2, windowMs: 60_000 } });
    expect((await post(app, proof())).status).toBe(201);
    expect((await post(app, proof())).status).toBe(201);
    const limited = await post(app, proof());
    expect(limited.status).toBe(429);
    // Two proofs a minute: the next one is allowed again within 30 seconds (less the time the test took).
    const seconds = Number(limited.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(((await limited.json()) as { error: string }).error).toBe(
      `Trop de choix envoyés en peu de temps\u00A0: réessayez dans ${seconds}\u00A0seconde${seconds > 1 ? 's' : ''}.`,
    );
    expect((await store.db.query('select * from rate_limits')).rows).toHaveLength(1);
  });

  it('answers the preflight of a configured origin and refuses any other origin, storing nothing', async () => {
    const app = consentRoutes(store, { anonKey: ANON, allowedOrigins: ['https://cabinet-exemple.fr'] });
    const preflight = await app.request('/functions/v1/consent-proof', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://cabinet-exemple.fr',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, apikey, authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://cabinet-exemple.fr');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');

    const before = (await rows()).length;
    const foreign = await app.request('/functions/v1/consent-proof', {
      method: 'POST',
      headers: { origin: 'https://ailleurs.example', 'content-type': 'application/json', apikey: ANON },
      body: JSON.stringify(proof()),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await rows()).toHaveLength(before);
  });

  it('says so in French (503) when the database refuses the proof', async () => {
    const answer = await handleConsentProof(
      new Request('http://localhost/functions/v1/consent-proof', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(proof()),
      }),
      { allowedOrigins: [], record: () => Promise.reject(new Error('connexion perdue')) },
      'client',
    );
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: string }).error).toBe(
      'Preuve de consentement non enregistrée\u00A0: le service est momentanément indisponible.',
    );
  });
});
