/**
 * The browser's compiled checks (scripts/lib/compiled-checks.ts): each written file is what its zod schema
 * makes today, and each check gives its schema's verdict, and its output, on hostile samples.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { COMPILED_CHECKS, compiledCheck } from '../../scripts/lib/compiled-checks.ts';
import { webhookReply } from '../../core/assistant/contract.ts';
import { MalformedReply, readWebhookReply } from '../../core/assistant/reply.ts';
import { storedConsentRecord } from '../../core/consent/record.ts';
import { CONSENT_POLICY_VERSION } from '../../core/consent/rules.ts';
import { parseConsentRecord } from '../../core/consent/stored-record.ts';

describe('Contrôles compilés depuis les schémas zod', () => {
  it.each(COMPILED_CHECKS)('$file est à jour (sinon : npm run checks)', async ({ schema, name, source, file }) => {
    expect(readFileSync(file, 'utf8')).toBe(await compiledCheck(schema, name, source));
  });
});

/** Both readers on a copy of each sample: the compiled check drops unknown fields in place. */
function sameVerdicts(
  samples: unknown[],
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  read: (value: unknown) => unknown,
  failure: new (...args: never[]) => Error,
) {
  for (const sample of samples) {
    const zod = schema.safeParse(structuredClone(sample));
    let compiled: unknown;
    try {
      compiled = read(structuredClone(sample));
    } catch (error) {
      expect(error, JSON.stringify(sample)).toBeInstanceOf(failure);
      compiled = undefined;
    }
    expect(compiled, JSON.stringify(sample)).toEqual(zod.success ? zod.data : undefined);
  }
}

describe('Réponse du webhook lue dans le navigateur (core/assistant/reply.ts)', () => {
  const file = { filename: 'a.pdf', type: 'application/pdf', url: '/storage/a.pdf' };
  const samples: unknown[] = [
    { message_id: 'r', response: 'Bonjour', timestamp: '2026-01-01T10:00:00Z', files: [], voice: null },
    { response: null },
    {},
    { response: '  ', extra: 'ignoré' },
    { files: [file] },
    { files: [{ ...file, size: 12 }] },
    { files: [{ ...file, url: 'HTTPS://x.example/a.pdf' }] },
    { voice: { url: 'https://x.example/v.webm', duration: 12, codec: 'opus' } },
    { response: 42 },
    { message_id: 7 },
    { files: 'non' },
    { files: [{ ...file, filename: '' }] },
    { files: [{ ...file, filename: 'x'.repeat(256) }] },
    { files: [{ ...file, filename: 'fichier\u202Efdp.exe' }] },
    { files: [{ ...file, filename: 'a\u0007.pdf' }] },
    { files: [{ ...file, type: 'text/\uD800plain' }] },
    { files: [{ ...file, filename: 'dent 🦷.pdf' }] },
    { files: [{ ...file, url: 'javascript:alert(1)' }] },
    { files: [{ ...file, url: '//pirate.example/a' }] },
    { files: [{ ...file, url: `/${'a'.repeat(2048)}` }] },
    { files: [{ filename: 'a.pdf', type: 'application/pdf' }] },
    { voice: { url: 'https://x.example/v.webm', duration: -1 } },
    { voice: { url: 'https://x.example/v.webm', duration: 3601 } },
    { voice: { url: 'https://x.example/v.webm', duration: '12' } },
    { voice: { url: 'data:audio/webm,x', duration: 1 } },
    { voice: 'non' },
    [],
    'texte',
    null,
  ];
  it('rend le même verdict et les mêmes champs que le schéma zod du contrat', () => {
    sameVerdicts(samples, webhookReply, readWebhookReply, MalformedReply);
  });
  it('nomme le champ fautif', () => {
    expect(() => readWebhookReply({ files: [{ ...file, url: 'javascript:x' }] })).toThrow(
      'Réponse du webhook mal formée : files.0.url',
    );
    expect(() => readWebhookReply({ voice: { url: '/v.webm' } })).toThrow('mal formée : voice.duration');
    expect(() => readWebhookReply('texte')).toThrow('mal formée : objet attendu');
  });
});

describe('Choix de cookies enregistré (core/consent/rules.ts)', () => {
  const record = {
    necessary: true,
    analytics: true,
    marketing: false,
    lastUpdated: '2026-11-22T10:00:00.000Z',
    hasSetPreferences: true,
    policyVersion: CONSENT_POLICY_VERSION,
    consentId: '3b241101-e2bb-4255-8caf-4136c566a962',
  };
  const samples: unknown[] = [
    record,
    { ...record, extra: 'ignoré', email: 'x@y.fr' },
    { ...record, consentId: '3B241101-E2BB-4255-8CAF-4136C566A962' },
    { ...record, lastUpdated: '2026-11-22T10:00:00+01:00' },
    { ...record, necessary: false },
    { ...record, analytics: 'true' },
    { ...record, marketing: null },
    { ...record, hasSetPreferences: false },
    { ...record, lastUpdated: 'hier' },
    { ...record, lastUpdated: '2026-13-45T10:00:00Z' },
    { ...record, lastUpdated: '2026-02-29T10:00:00Z' },
    { ...record, lastUpdated: '2028-02-29T10:00:00Z' },
    { ...record, lastUpdated: '2026-11-22T10:00:00' },
    { ...record, lastUpdated: null },
    { ...record, policyVersion: '' },
    { ...record, consentId: '1234' },
    { ...record, consentId: '00000000-0000-0000-0000-000000000000' },
    Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'consentId')),
    [],
    42,
    null,
  ];
  it('rend le même verdict et les mêmes champs que le schéma zod du choix', () => {
    sameVerdicts(samples, storedConsentRecord, parseConsentRecord, TypeError);
  });
  it('refuse une date que le calendrier n’a pas, et nomme le champ fautif', () => {
    expect(() => parseConsentRecord({ ...record, lastUpdated: '2026-13-45T10:00:00Z' })).toThrow('champ lastUpdated');
    expect(() => parseConsentRecord({ ...record, consentId: 'x' })).toThrow('champ consentId');
    expect(() => parseConsentRecord({ ...record, analytics: undefined })).toThrow('champ analytics');
    expect(() => parseConsentRecord([])).toThrow('pas un objet');
  });
});
