/**
 * The "Vos choix" panel of /gestion-cookies (docs/requirements.md#cookie-settings): each switch changes consent at
 * once (saved, proved, trackers follow), and withdrawing is as easy as accepting. The build renders it
 * with the switches off and disabled; the island then shows the visitor's real choice in the same space.
 */
import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { consentExpiry, noChoice, type ConsentChoice } from '../../core/consent/rules.ts';
import {
  acceptAll,
  checkStoredChoice,
  consent,
  fromGpc,
  rejectAll,
  storedChoiceChecked,
  updateConsent,
} from './store.ts';
import { ConsentCategories } from './ConsentCategories.tsx';
import { texts } from './texts.ts';
import { useHydrated } from '../runtime/use-hydrated.ts';
import { formatLocalDateFr } from '../../core/common/dates.ts';

export default function CookieSettings() {
  useSignals();
  // The visitor's choice shows once hydrated and once its stored record is checked (store.ts).
  const mounted = useHydrated() && storedChoiceChecked.value;
  useEffect(
    () => void checkStoredChoice().catch((error) => console.error('Choix de cookies non vérifié :', error)),
    [],
  );
  const [announce, setAnnounce] = useState('');
  const record = mounted ? consent.value : noChoice();

  const change = (action: () => void) => {
    action();
    // A different string each time, so that screen readers announce every change.
    setAnnounce((previous) =>
      previous === texts.announceSaved ? `${texts.announceSaved}\u00A0` : texts.announceSaved,
    );
  };

  let status: string = texts.statusBeforeScript;
  if (mounted && fromGpc.value) status = texts.statusGpc;
  else if (mounted && record.lastUpdated)
    status = texts.statusSaved(
      formatLocalDateFr(new Date(record.lastUpdated)),
      formatLocalDateFr(consentExpiry(record.lastUpdated)),
    );
  else if (mounted) status = texts.statusNoChoice;

  return (
    <div className="consent-settings">
      <ConsentCategories
        idPrefix="consent-settings"
        value={record}
        disabled={!mounted}
        onChange={(choice: ConsentChoice) => change(() => updateConsent(choice))}
      />
      <div className="consent-settings__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!mounted}
          onClick={() => change(rejectAll)}
        >
          {texts.settingsRejectAll}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!mounted}
          onClick={() => change(acceptAll)}
        >
          {texts.settingsAcceptAll}
        </button>
      </div>
      <div className="consent-settings__status">
        <p>{status}</p>
        {mounted && record.consentId ? (
          <p className="consent-settings__id">{texts.consentId(record.consentId)}</p>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </div>
  );
}
