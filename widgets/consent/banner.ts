/**
 * The cookie banner's script (docs/requirements.md#consent-banner), run at load on every page, without
 * React: it shows the build-time banner while the visitor has no valid choice, and hides it once they
 * have one (here, on /gestion-cookies or in another tab). 'Refuser' and 'Tout accepter' answer the very
 * first click, since the banner only shows once these listeners are in place. 'Personnaliser' brings
 * React and the customise panel, fetched as soon as the pointer or the focus reaches the button.
 * The tracker loader starts when the page is idle, once the stored choice is checked, or at once on a
 * choice.
 */
import { effect } from '@preact/signals-core';
import {
  acceptAll,
  checkStoredChoice,
  consent,
  hasSetPreferences,
  openPreferences,
  preferencesOpen,
  rejectAll,
} from './store.ts';
import { focusAfterChoice } from './focus.ts';
import { loadReact, whenIdle } from '../runtime/react.ts';

const HEIGHT_VARIABLE = '--consent-banner-height';
const loadPanel = (purpose: 'render' | 'warm') =>
  Promise.all([loadReact(purpose), import('./choices.ts'), checkStoredChoice()]);
/** Fetched at idle, not at load: a returning visitor's first bytes stay for what shows. */
const startTrackers = () =>
  import('./start-trackers.ts').then(
    ({ startTrackersWhenNeeded }) => startTrackersWhenNeeded(),
    (error) => console.error('Chargement du gestionnaire de traceurs impossible :', error),
  );

/** While shown, the body keeps room for the banner at the bottom (consent.css), so the page's end stays readable. */
function keepRoomFor(banner: HTMLElement): () => void {
  const root = document.documentElement;
  document.body.classList.add('banner-visible');
  const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_VARIABLE, `${banner.offsetHeight}px`));
  observer.observe(banner);
  return () => {
    observer.disconnect();
    root.style.removeProperty(HEIGHT_VARIABLE);
    document.body.classList.remove('banner-visible');
  };
}

function showPanelWhenWanted(container: HTMLElement): void {
  let shown = false;
  effect(() => {
    if (!preferencesOpen.value || shown) return;
    shown = true;
    // Rendered once, then kept: its <dialog> opens and closes itself with preferencesOpen.
    loadPanel('render').then(
      ([react, { PreferencesPanel }]) => react.renderWidget(container, 'cookie-preferences', PreferencesPanel),
      (error) => console.error('Panneau de personnalisation non chargé :', error),
    );
  });
}

export function wake(island: HTMLElement): void {
  const banner = island.querySelector<HTMLElement>('.consent-banner');
  const panel = island.querySelector<HTMLElement>('.consent-panel-root');
  if (!banner || !panel) return;

  let release: (() => void) | undefined;
  effect(() => {
    const visible = !hasSetPreferences.value;
    banner.hidden = !visible;
    if (visible) release ??= keepRoomFor(banner);
    else {
      release?.();
      release = undefined;
    }
  });

  banner.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-consent-action]')?.dataset.consentAction;
    if (action === 'customize') return openPreferences();
    if (action !== 'accept' && action !== 'reject') return;
    if (action === 'accept') acceptAll();
    else rejectAll();
    focusAfterChoice();
  });
  const customize = banner.querySelector('[data-consent-action="customize"]');
  const preload = () => void loadPanel('warm').catch(() => undefined);
  customize?.addEventListener('pointerenter', preload, { once: true });
  customize?.addEventListener('focus', preload, { once: true });
  showPanelWhenWanted(panel);

  // The trackers follow the stored choice from idle on, once checked, and any new choice at once.
  let initial = true;
  effect(() => {
    void consent.value;
    if (initial) initial = false;
    else void startTrackers();
  });
  void whenIdle()
    .then(checkStoredChoice)
    .then(startTrackers, (error) => console.error('Choix de cookies enregistré non vérifié :', error));
}
