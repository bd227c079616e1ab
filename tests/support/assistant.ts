/** Helpers of the assistant's browser tests: a visitor who has already set cookie preferences. */
import type { Page } from '@playwright/test';
import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from '../../core/consent/rules.ts';

/** The stored choice the consent store accepts (core/consent/rules.ts), written before any script runs. */
export async function withPreferencesSet(page: Page): Promise<void> {
  const record = {
    necessary: true,
    analytics: false,
    marketing: false,
    lastUpdated: new Date().toISOString(),
    hasSetPreferences: true,
    policyVersion: CONSENT_POLICY_VERSION,
    consentId: '0b6f1c3e-5a4d-4c2b-9e8f-7a6b5c4d3e2f',
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [CONSENT_STORAGE_KEY, JSON.stringify(record)],
  );
}

/** Records the analytics layer's events (window 'dentivo:track'). */
export async function recordTracking(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as any).__tracked = [];
    window.addEventListener('dentivo:track', (event) => (window as any).__tracked.push((event as CustomEvent).detail));
  });
}

export const CONVERSATION_KEY = 'dentivo_single_conversation';
