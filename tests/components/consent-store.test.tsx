/**
 * The consent store on its own (docs/requirements.md#consent, #consent-record, #consent-validity,
 * #consent-gpc, #consent-proof, #consent-withdrawal, #consent-logging):
 * widgets/consent/store.ts in jsdom, with the browser's local storage, posting each proof to the real
 * embedded server (tests/support/widget-backend.ts), whose consent_proofs rows are read back.
 *
 * The store reads the stored choice when its module starts, as on a page load: each test loads it afresh
 * (`openPage`), after putting in storage what the visitor left there. The first paint reads only what
 * the banner decides on; `checkStoredChoice`, run at idle on a page, puts the checked record in place.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_POLICY_VERSION, type ConsentRecord } from '../../core/consent/rules.ts';
import type * as StoreModule from '../../widgets/consent/store.ts';
import { writePageConfig } from '../support/widget-page.ts';
import { startWidgetBackend, type WidgetBackend } from '../support/widget-backend.ts';

type Store = typeof StoreModule;

const KEY = 'cookie-consent';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: WidgetBackend;
beforeAll(async () => {
  server = await startWidgetBackend();
});
afterAll(() => server.close());
/** The proofs a test sent, still on their way: each test waits for its own before the next one starts. */
let sent: Promise<unknown>[] = [];
beforeEach(async () => {
  await server.reset();
  writePageConfig({ supabaseUrl: server.door.url });
  sent = [];
  const realFetch = globalThis.fetch;
  // Watched, not replaced: every request goes to the real server as it was asked.
  vi.spyOn(globalThis, 'fetch').mockImplementation((...request) => {
    const answer = realFetch(...request);
    sent.push(answer);
    return answer;
  });
});
afterEach(async () => {
  await Promise.allSettled(sent);
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
});

/** A page load: the store's module starts again and reads what storage holds now. */
async function openPage(): Promise<Store> {
  vi.resetModules();
  return import('../../widgets/consent/store.ts');
}

const stored = (): ConsentRecord | null => JSON.parse(localStorage.getItem(KEY) ?? 'null');

/** A record as a visit `monthsAgo` months ago left it. */
function leftBy(monthsAgo: number, overrides: Partial<ConsentRecord> = {}): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - monthsAgo);
  return JSON.stringify({
    necessary: true,
    analytics: true,
    marketing: false,
    lastUpdated: date.toISOString(),
    hasSetPreferences: true,
    policyVersion: CONSENT_POLICY_VERSION,
    consentId: '3b241101-e2bb-4255-8caf-4136c566a962',
    ...overrides,
  });
}

const proofs = () =>
  server.store.db
    .query<Record<string, unknown>>('select * from consent_proofs order by id')
    .then((result) => result.rows);

describe('Choix (docs/requirements.md#consent-record)', () => {
  it('au départ : les cookies nécessaires seulement, préférences non définies, rien d’enregistré', async () => {
    const { consent, hasSetPreferences, fromGpc } = await openPage();
    expect(consent.value).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      lastUpdated: null,
      hasSetPreferences: false,
      policyVersion: CONSENT_POLICY_VERSION,
      consentId: '',
    });
    expect(hasSetPreferences.value).toBe(false);
    expect(fromGpc.value).toBe(false);
    expect(stored()).toBeNull();
  });

  it('« Tout accepter » : mesure d’audience et marketing, préférences définies, daté, un identifiant aléatoire', async () => {
    const { acceptAll, consent, hasSetPreferences } = await openPage();
    const before = Date.now();
    acceptAll();
    expect(consent.value).toMatchObject({ analytics: true, marketing: true, hasSetPreferences: true });
    expect(hasSetPreferences.value).toBe(true);
    expect(consent.value.consentId).toMatch(UUID);
    expect(Date.parse(consent.value.lastUpdated!)).toBeGreaterThanOrEqual(before);
  });

  it('« Refuser » : les deux catégories refusées, et c’est un choix (le bandeau ne revient pas)', async () => {
    const { rejectAll, consent, hasSetPreferences } = await openPage();
    rejectAll();
    expect(consent.value).toMatchObject({ analytics: false, marketing: false, hasSetPreferences: true });
    expect(hasSetPreferences.value).toBe(true);
  });

  it('un choix personnalisé garde chaque catégorie telle que choisie', async () => {
    const { updateConsent, consent } = await openPage();
    updateConsent({ analytics: true, marketing: false });
    expect(consent.value).toMatchObject({ analytics: true, marketing: false, hasSetPreferences: true });
  });

  it('les identifiants de deux navigateurs ne se ressemblent pas', async () => {
    const first = await openPage();
    first.acceptAll();
    const one = first.consent.value.consentId;
    localStorage.clear();
    const second = await openPage();
    second.acceptAll();
    expect(second.consent.value.consentId).toMatch(UUID);
    expect(second.consent.value.consentId).not.toBe(one);
  });
});

describe('Persistance (stockage local, clé cookie-consent)', () => {
  it('le choix est enregistré et relu à la page suivante, avec le même identifiant', async () => {
    const first = await openPage();
    first.updateConsent({ analytics: true, marketing: false });
    expect(stored()).toEqual(first.consent.value);
    const next = await openPage();
    // The first paint: no banner, and a refusal until the record is checked (nothing runs on it).
    expect(next.hasSetPreferences.value).toBe(true);
    expect(next.consent.value).toMatchObject({ analytics: false, consentId: first.consent.value.consentId });
    expect(next.storedChoiceChecked.value).toBe(false);
    await next.checkStoredChoice();
    expect(next.consent.value).toEqual(first.consent.value);
    expect(next.storedChoiceChecked.value).toBe(true);
  });

  it('un enregistrement à jour mais mal formé cache le bandeau au premier affichage, puis le montre une fois vérifié', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(KEY, leftBy(1, { analytics: 'oui' as unknown as boolean }));
    const { checkStoredChoice, consent, hasSetPreferences } = await openPage();
    expect(hasSetPreferences.value).toBe(true);
    expect(consent.value.analytics).toBe(false);
    await checkStoredChoice();
    expect(hasSetPreferences.value).toBe(false);
    expect(logged).toHaveBeenCalledWith('Error loading consent from localStorage:', expect.any(TypeError));
  });

  it('un choix de plus de 6 mois ne compte plus : le bandeau redemande', async () => {
    localStorage.setItem(KEY, leftBy(5));
    expect((await openPage()).hasSetPreferences.value).toBe(true);
    localStorage.setItem(KEY, leftBy(7));
    const { consent, hasSetPreferences } = await openPage();
    expect(hasSetPreferences.value).toBe(false);
    expect(consent.value.analytics).toBe(false);
  });

  it('une nouvelle version de la politique redemande', async () => {
    localStorage.setItem(KEY, leftBy(1, { policyVersion: '2020-01-01' }));
    expect((await openPage()).hasSetPreferences.value).toBe(false);
  });

  it('un enregistrement illisible est consigné avec les mots prévus et compte pour aucun choix', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(KEY, '{"necessary":true,"analytics":"oui"');
    const { hasSetPreferences } = await openPage();
    expect(hasSetPreferences.value).toBe(false);
    expect(logged).toHaveBeenCalledWith('Error loading consent from localStorage:', expect.anything());
  });

  it('un stockage qui refuse d’écrire : consigné, le choix vaut pour la page, le bandeau redemandera', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { acceptAll, consent } = await openPage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota dépassé', 'QuotaExceededError');
    });
    acceptAll();
    expect(consent.value).toMatchObject({ analytics: true, marketing: true, hasSetPreferences: true });
    expect(logged).toHaveBeenCalledWith('Error saving consent to localStorage:', expect.any(DOMException));
    vi.mocked(Storage.prototype.setItem).mockRestore();
    expect((await openPage()).hasSetPreferences.value).toBe(false);
  });

  it('un choix fait dans un autre onglet s’applique ici aussi', async () => {
    const { consent, hasSetPreferences } = await openPage();
    localStorage.setItem(KEY, leftBy(0, { analytics: true, marketing: true }));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    await waitFor(() => expect(consent.value).toMatchObject({ analytics: true, marketing: true }));
    expect(hasSetPreferences.value).toBe(true);
  });

  it('Global Privacy Control : tout refusé d’emblée sans rien enregistrer ; un choix explicite ensuite l’emporte', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    const { consent, hasSetPreferences, fromGpc, updateConsent } = await openPage();
    expect(hasSetPreferences.value).toBe(true);
    expect(fromGpc.value).toBe(true);
    expect(consent.value).toMatchObject({ analytics: false, marketing: false });
    expect(stored()).toBeNull();

    updateConsent({ analytics: true, marketing: false });
    expect(fromGpc.value).toBe(false);
    const next = await openPage();
    await next.checkStoredChoice();
    expect(next.fromGpc.value).toBe(false);
    expect(next.consent.value.analytics).toBe(true);
  });
});

describe('Preuve de consentement (serveur réel)', () => {
  it('chaque choix est prouvé : identifiant, catégories, version, date ; rien de personnel', async () => {
    const { acceptAll, consent } = await openPage();
    acceptAll();
    await waitFor(async () => expect(await proofs()).toHaveLength(1));
    const [proof] = await proofs();
    expect(Object.keys(proof!).sort()).toEqual(
      ['analytics', 'chosen_at', 'consent_id', 'id', 'marketing', 'policy_version', 'received_at'].sort(),
    );
    expect(proof).toMatchObject({
      consent_id: consent.value.consentId,
      analytics: true,
      marketing: true,
      policy_version: CONSENT_POLICY_VERSION,
    });
    expect(new Date(proof!.chosen_at as string).toISOString()).toBe(consent.value.lastUpdated);
  });

  it('un refus du serveur est consigné ; le choix du visiteur tient quand même', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    writePageConfig({ supabaseUrl: server.door.url, supabaseAnonKey: 'une-cle-inconnue' });
    const { rejectAll, consent } = await openPage();
    rejectAll();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Preuve de consentement refusée par le serveur (401)'));
    expect(consent.value).toMatchObject({ hasSetPreferences: true, analytics: false });
    expect(stored()?.hasSetPreferences).toBe(true);
    expect(await proofs()).toEqual([]);
  });

  it('un serveur injoignable est consigné ; le choix du visiteur tient quand même', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.door.refuse(true);
    const { acceptAll, hasSetPreferences } = await openPage();
    acceptAll();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Preuve de consentement non envoyée :', expect.anything()));
    expect(hasSetPreferences.value).toBe(true);
  });
});

describe('Retrait du consentement', () => {
  it('refuser après avoir accepté : tout repasse à non, même identifiant, une deuxième preuve le dit', async () => {
    const { acceptAll, rejectAll, consent } = await openPage();
    acceptAll();
    const id = consent.value.consentId;
    await waitFor(async () => expect(await proofs()).toHaveLength(1));
    rejectAll();
    expect(consent.value).toMatchObject({ analytics: false, marketing: false, hasSetPreferences: true, consentId: id });
    expect(stored()).toMatchObject({ analytics: false, marketing: false, consentId: id });
    await waitFor(async () => expect(await proofs()).toHaveLength(2));
    expect((await proofs()).map(({ consent_id, analytics, marketing }) => [consent_id, analytics, marketing])).toEqual([
      [id, true, true],
      [id, false, false],
    ]);
  });

  it('sur /gestion-cookies, chaque interrupteur change le consentement sur-le-champ et l’annonce', async () => {
    localStorage.setItem(KEY, leftBy(1, { analytics: true, marketing: true }));
    const store = await openPage();
    const { default: CookieSettings } = await import('../../widgets/consent/CookieSettings.tsx');
    const user = userEvent.setup();
    render(<CookieSettings />);
    const analytics = screen.getByRole('switch', { name: 'Mesure d’audience' }) as HTMLInputElement;
    // The stored choice shows once its record is checked (the panel starts the check itself).
    await waitFor(() => expect(analytics.checked).toBe(true));
    expect(store.storedChoiceChecked.value).toBe(true);
    await user.click(analytics);
    expect(store.consent.value).toMatchObject({ analytics: false, marketing: true });
    expect(stored()).toMatchObject({ analytics: false, marketing: true });
    expect(analytics.checked).toBe(false);
    expect(screen.getByText('Vos choix sont enregistrés.')).toBeTruthy();
    await waitFor(async () => expect(await proofs()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    expect(store.consent.value).toMatchObject({ analytics: false, marketing: false });
    expect((screen.getByRole('switch', { name: 'Marketing' }) as HTMLInputElement).checked).toBe(false);
  });
});
