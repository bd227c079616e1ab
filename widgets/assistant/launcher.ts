/**
 * The floating 'Assistant' button's behaviour (docs/requirements.md#assistant-button), without React, on
 * the site's build-time button and on the embed's:
 *   - shown once cookie preferences are set on the site (the banner comes first), at once on another site;
 *   - a different colour while it overlaps the page's footer, and on a phone aside while text, a link or a
 *     control lies under it (launcher-place.ts, loaded once the page is idle);
 *   - after 45 s without a click it pulses, a few beats once the page is shown; a click ends the pulse for
 *     good (none with reduced motion, in CSS);
 *   - a click opens or closes the drawer. The drawer (React) is rendered into the island on its first
 *     opening; its code is loaded when the page is idle once the button shows, or as soon as the
 *     pointer or the focus reaches the button.
 * The `custom-assistant-message` event opens the drawer from the first moment, banner answered or not:
 * a visitor who asked for the assistant ('Suggérer une idée') gets it (docs/requirements.md#assistant-open-event).
 */
import { effect, type ReadonlySignal } from '@preact/signals-core';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { getConfig } from '../runtime/config.ts';
import { loadReact, whenIdle } from '../runtime/react.ts';
import { safeStorage } from '../runtime/storage.ts';
import type { WakeOptions } from '../runtime/registry.ts';
import { DRAWER_ID, drawerOpen, drawerWanted, listenToAssistantEvents, toggleAssistant } from './store.ts';

const storage = safeStorage('assistant');
const clickedKey = () => `${getConfig().conversationKey}_bouton_clique`;
const loadDrawer = (purpose: 'render' | 'warm') => Promise.all([loadReact(purpose), import('./Drawer.tsx')]);

/**
 * The notification pulse, unless the visitor has clicked the button once already (on any page). It
 * draws the eye, then stops (a few beats, assistant.css): so it starts when the page is shown, never
 * in a hidden tab where nobody would see it (docs/decisions/0057-motion-after-interaction.md).
 */
function pulseLater(button: HTMLElement): () => void {
  if (storage.get(clickedKey())) return () => {};
  const pulse = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', pulse);
    button.setAttribute('data-pulse', '');
  };
  const timer = setTimeout(() => {
    document.addEventListener('visibilitychange', pulse);
    pulse();
  }, ASSISTANT.notificationDelayMs);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', pulse);
    button.removeAttribute('data-pulse');
  };
}

/** The drawer, rendered by React into the island the first time it is wanted, then kept (a draft survives a close). */
function renderDrawerWhenWanted(container: HTMLElement, button: HTMLElement): void {
  let rendered = false;
  effect(() => {
    if (!drawerWanted.value || rendered) return;
    rendered = true;
    button.setAttribute('aria-busy', 'true');
    loadDrawer('render')
      .then(([react, { default: Drawer }]) => {
        react.renderWidget(container, 'assistant', Drawer);
        button.setAttribute('aria-controls', DRAWER_ID);
      })
      .catch((error) => console.error('Tiroir de l’assistant non chargé :', error))
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

export function wake(island: HTMLElement, { embedded = false }: WakeOptions = {}): void {
  const button = island.querySelector<HTMLButtonElement>('.assistant-launcher');
  const container = island.querySelector<HTMLElement>('.assistant-drawer-root');
  if (!button || !container) return;

  listenToAssistantEvents();
  renderDrawerWhenWanted(container, button);
  effect(() => button.setAttribute('aria-expanded', String(drawerOpen.value)));

  const stopPulse = pulseLater(button);
  button.addEventListener('click', () => {
    storage.set(clickedKey(), '1');
    stopPulse();
    toggleAssistant();
  });
  const prefetch = () => void loadDrawer('warm').catch(() => undefined);
  button.addEventListener('pointerenter', prefetch, { once: true });
  button.addEventListener('focus', prefetch, { once: true });
  // Where it sits matters once the visitor looks around: followed from idle on.
  let recheck = () => {};
  void whenIdle()
    .then(() => import('./launcher-place.ts'))
    .then(
      ({ followPlace }) => (recheck = followPlace(button, island)),
      (error) => console.error('Placement du bouton de l’assistant non suivi :', error),
    );

  let warmed = false;
  const show = (gate?: ReadonlySignal<boolean>) =>
    effect(() => {
      button.hidden = gate ? !gate.value : false;
      recheck();
      // A button in view is a drawer likely wanted: once the page is idle, its code and React are
      // loaded (not rendered), so that the first click opens it at once.
      if (!button.hidden && !warmed) {
        warmed = true;
        void whenIdle().then(() => loadDrawer('warm').catch(() => undefined));
      }
    });
  if (embedded) show();
  // The site's consent store: a chunk the banner has already loaded; never fetched on another site.
  else
    import('../consent/store.ts').then(
      ({ hasSetPreferences }) => show(hasSetPreferences),
      (error) => console.error('Consentement illisible, bouton de l’assistant masqué :', error),
    );
}
