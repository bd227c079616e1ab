/**
 * The assistant's shared state that the floating button needs (docs/requirements.md#assistant-drawer): whether
 * the drawer is open, whether its code is wanted, and a preset message waiting for the drawer (the
 * `custom-assistant-message` event). The conversation itself lives in conversation.ts, with the drawer.
 */
import { batch, signal } from '@preact/signals-core';
import {
  ASSISTANT_EVENT,
  isAssistantIntent,
  type AssistantEventDetail,
  type AssistantIntent,
} from '../../core/assistant/events.ts';

/** The drawer's id, for the button's aria-controls. */
export const DRAWER_ID = 'dentivo-assistant';

export const drawerOpen = signal(false);
/** The drawer's code is wanted (first opening); it then stays loaded. */
export const drawerWanted = signal(false);
/** An "open-assistant" message the conversation is to be reset to (taken by the drawer), and what it asks for. */
export const presetMessage = signal<{ message: string; intent?: AssistantIntent } | null>(null);

let returnFocus: HTMLElement | null = null;

/**
 * The site that wrote the assistant's answers: relative links in a reply lead there. The page's own
 * origin on the site; the embed sets the origin it was loaded from.
 */
let contentOrigin = typeof location === 'undefined' ? '' : location.origin;
export const setContentOrigin = (origin: string) => void (contentOrigin = origin);
export const getContentOrigin = () => contentOrigin;

/**
 * Opened by the page rather than by the visitor (embed.js's data-open="true"): the drawer shows beside the
 * page without taking the focus or covering the page, until it is closed or the visitor asks for it.
 */
export const drawerPassive = signal(false);

export function openAssistant({ passive = false }: { passive?: boolean } = {}): void {
  // Asked for by the visitor while the page had it open: it becomes theirs (focus, modal).
  if (drawerOpen.value && (passive || !drawerPassive.value)) return;
  if (passive) {
    returnFocus = null;
  } else {
    const active = document.activeElement;
    // Inside a shadow root (the embed), the focused element is the root's own.
    const focused = (active?.shadowRoot?.activeElement ?? active) as HTMLElement | null;
    returnFocus = focused && focused !== document.body ? focused : null;
  }
  batch(() => {
    drawerPassive.value = passive;
    drawerWanted.value = true;
    drawerOpen.value = true;
  });
}

export function closeAssistant(): void {
  if (!drawerOpen.value) return;
  batch(() => {
    drawerOpen.value = false;
    drawerPassive.value = false;
  });
  const target = returnFocus;
  returnFocus = null;
  // After the drawer is hidden, so that the element can take focus again.
  setTimeout(() => target?.isConnected && target.focus());
}

export function toggleAssistant(): void {
  if (drawerOpen.value) closeAssistant();
  else openAssistant();
}

/** The site's `custom-assistant-message` event (site/enhance.ts, [data-assistant-message] buttons). */
export function listenToAssistantEvents(): () => void {
  const onEvent = (event: Event) => {
    const detail = (event as CustomEvent<AssistantEventDetail>).detail;
    if (detail?.type !== 'open-assistant' || typeof detail.message !== 'string' || !detail.message.trim()) return;
    presetMessage.value = {
      message: detail.message,
      ...(isAssistantIntent(detail.intent) ? { intent: detail.intent } : {}),
    };
    openAssistant();
  };
  window.addEventListener(ASSISTANT_EVENT, onEvent);
  return () => window.removeEventListener(ASSISTANT_EVENT, onEvent);
}
