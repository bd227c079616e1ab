/**
 * The customise panel (docs/requirements.md#consent-panel): necessary cookies locked on, analytics and marketing
 * switches, 'Refuser', 'Tout accepter' (the banner's words: core/common/actions.ts), 'Enregistrer mes choix' and a link to /gestion-cookies.
 * A native modal <dialog>: the page behind is inert, Tab cycles inside, Escape or 'Fermer' closes
 * without changing anything, and focus returns to what opened it. `openPreferences()` opens it from anywhere.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ACCEPT_ALL, REJECT_ALL, type ConsentChoice } from '../../core/consent/rules.ts';
import { closePreferences, consent, preferencesOpen, updateConsent } from './store.ts';
import { ConsentCategories } from './ConsentCategories.tsx';
import { focusAfterChoice } from './focus.ts';
import { texts } from './texts.ts';

const focusable = 'button:not(:disabled), a[href], input:not(:disabled)';

export function PreferencesPanel() {
  useSignals();
  const open = preferencesOpen.value;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Nothing pre-ticked: the switches start from the current choice, off when there is none.
  const [draft, setDraft] = useState<ConsentChoice>({ analytics: false, marketing: false });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const { analytics, marketing } = consent.peek();
      setDraft({ analytics, marketing });
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const onClose = () => {
    closePreferences();
    focusAfterChoice(opener.current);
  };

  const choose = (choice: ConsentChoice) => () => {
    updateConsent(choice);
    dialog.current?.close();
  };

  // showModal() makes the page inert; this keeps Tab from leaving for the browser's own controls.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="consent-panel"
      aria-labelledby="consent-panel-title"
      aria-describedby="consent-panel-intro"
      onClose={onClose}
      onKeyDown={trapTab}
    >
      <div className="consent-panel__head">
        <h2 className="consent-panel__title" id="consent-panel-title">
          {texts.panelTitle}
        </h2>
        <button
          type="button"
          className="consent-panel__close"
          aria-label={texts.close}
          onClick={() => dialog.current?.close()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="consent-panel__intro" id="consent-panel-intro">
        {texts.panelIntro}
      </p>
      <ConsentCategories idPrefix="consent-panel" value={draft} onChange={setDraft} />
      <div className="consent-panel__actions">
        <button type="button" className="button button--secondary" onClick={choose(REJECT_ALL)}>
          {texts.rejectAllPanel}
        </button>
        <button type="button" className="button button--secondary" onClick={choose(ACCEPT_ALL)}>
          {texts.acceptAllPanel}
        </button>
        <button type="button" className="button button--primary consent-panel__save" onClick={choose(draft)}>
          {texts.save}
        </button>
      </div>
      <p className="consent-panel__more">
        <a href="/gestion-cookies">{texts.manage}</a>
      </p>
    </dialog>
  );
}
