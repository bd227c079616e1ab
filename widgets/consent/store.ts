/**
 * The cookie consent store (docs/requirements.md#consent-record; docs/decisions/0011-consent-record-and-renewal.md): one signal holding the
 * record, loaded from local storage when the module starts, saved and proved on every choice. The first
 * paint reads only what the banner decides on; the record is checked whole at idle
 * (docs/decisions/0075-consent-checked-at-idle.md), and a stored choice counts as a refusal until then.
 * The banner, the settings page, the tracker loader, the analytics layer and the assistant button all
 * read these signals; only the actions below change them.
 */
import { batch, computed, signal } from '@preact/signals-core';
import {
  ACCEPT_ALL,
  CONSENT_STORAGE_KEY,
  REJECT_ALL,
  applyChoice,
  consentProof,
  firstPaintRecord,
  noChoice,
  readStoredConsent,
  CONSENT_PROOF_PATH,
  type ConsentChoice,
  type ConsentRecord,
  type LoadedConsent,
  type RecordReader,
} from '../../core/consent/rules.ts';
import { backendUrl, getConfig } from '../runtime/config.ts';

const inBrowser = typeof window !== 'undefined';

/** Global Privacy Control, sent by some browsers and extensions. */
function sendsGpc(): boolean {
  return inBrowser && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/**
 * Consent is kept in local storage only (docs/requirements.md#consent-record); read failures and unreadable records are
 * logged with the exact wording of docs/requirements.md#consent-logging and count as no choice.
 */
function load(read: RecordReader): LoadedConsent {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch (error) {
    console.error('Error loading consent from localStorage:', error);
  }
  const loaded = readStoredConsent(raw, new Date(), sendsGpc(), read);
  if (loaded.problem === 'corrupt') console.error('Error loading consent from localStorage:', loaded.error);
  return loaded;
}

function save(record: ConsentRecord): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch (error) {
    // The choice still holds for this page (the signal); the banner will ask again on the next one.
    console.error('Error saving consent to localStorage:', error);
  }
}

/** Proof of consent: the choice, the policy version, the time and the random id; nothing personal. */
function sendProof(record: ConsentRecord): void {
  const config = getConfig();
  fetch(`${backendUrl(config)}${CONSENT_PROOF_PATH}`, {
    method: 'POST',
    keepalive: true,
    headers: {
      'content-type': 'application/json',
      apikey: config.supabaseAnonKey,
      authorization: `Bearer ${config.supabaseAnonKey}`,
    },
    body: JSON.stringify(consentProof(record)),
  }).then(
    (response) => {
      if (!response.ok) console.error(`Preuve de consentement refusée par le serveur (${response.status})`);
    },
    (error) => console.error('Preuve de consentement non envoyée :', error),
  );
}

const initial: LoadedConsent = inBrowser ? load(firstPaintRecord) : { record: noChoice(), fromGpc: false };

/** The record: { necessary: true, analytics, marketing, lastUpdated, hasSetPreferences, policyVersion, consentId }. */
export const consent = signal<ConsentRecord>(initial.record);
/** The current refusal comes from the browser's Global Privacy Control signal (no click, nothing stored). */
export const fromGpc = signal(initial.fromGpc);
/** Gate of the banner, the assistant button and the trackers. */
export const hasSetPreferences = computed(() => consent.value.hasSetPreferences);
/** The customise panel of the banner island (a modal dialog). */
export const preferencesOpen = signal(false);

/** Custom toggles or an explicit update: values updated, preferences set, saved, proved. */
export function updateConsent(choice: ConsentChoice): void {
  const record = applyChoice(consent.value, { analytics: choice.analytics, marketing: choice.marketing }, new Date());
  consent.value = record;
  fromGpc.value = false;
  save(record);
  sendProof(record);
}

export const acceptAll = (): void => updateConsent(ACCEPT_ALL);
export const rejectAll = (): void => updateConsent(REJECT_ALL);

/** Opens the customise panel from anywhere (the banner island shows it on every page). */
export function openPreferences(): void {
  preferencesOpen.value = true;
}

export function closePreferences(): void {
  preferencesOpen.value = false;
}

/** False while the record in place is what the first paint read: what shows the choice waits for the check. */
export const storedChoiceChecked = signal(initial.record.lastUpdated === null);

/** The stored choice read again, whole, by its compiled schema (fetched on first use). */
const checkedRead = () =>
  import('../../core/consent/stored-record.ts').then(({ parseConsentRecord }) => {
    const loaded = load(parseConsentRecord);
    batch(() => {
      consent.value = loaded.record;
      fromGpc.value = loaded.fromGpc;
      storedChoiceChecked.value = true;
    });
  });

let checking: Promise<void> | undefined;

/**
 * Puts the checked record in place of what the first paint read: at idle (banner.ts), and before a
 * widget shows or changes the choice (the customise panel, /gestion-cookies).
 */
export function checkStoredChoice(): Promise<void> {
  // A choice made meanwhile was saved: reading the storage again finds it.
  return (checking ??= storedChoiceChecked.value ? Promise.resolve() : checkedRead());
}

// A choice made in another tab applies here too (withdrawal included).
if (inBrowser) {
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) void checkedRead();
  });
}
