/**
 * The floating 'Assistant' button (SPEC.md section 2 "Global elements", section 4 "Assistant button") and,
 * once first opened, the drawer. It listens to the site's `custom-assistant-message` event from the moment
 * it shows (on the site: once cookie preferences are set). Small on purpose: the drawer, the Markdown rendering and the network code
 * load with the first opening (the button prefetches them when pointed at or focused).
 *   - bottom right of every page; a different colour while it overlaps the footer;
 *   - after 45 s without a click it pulses; a click ends the pulse for good (none with reduced motion, in CSS).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { getConfig } from '../runtime/config.ts';
import { safeStorage } from '../runtime/storage.ts';
import { DRAWER_ID, drawerOpen, drawerWanted, listenToAssistantEvents, toggleAssistant } from './store.ts';
import { buttonTexts } from './texts.ts';

const loadDrawer = () => import('./Drawer.tsx');
const Drawer = lazy(loadDrawer);
const launcherStorage = safeStorage('assistant');
const clickedKey = () => `${getConfig().conversationKey}_bouton_clique`;

export default function Assistant() {
  useSignals();
  useEffect(listenToAssistantEvents, []);
  return (
    <>
      <Launcher />
      {drawerWanted.value ? (
        <Suspense fallback={null}>
          <Drawer />
        </Suspense>
      ) : null}
    </>
  );
}

function Launcher() {
  useSignals();
  const button = useRef<HTMLButtonElement>(null);
  const [pulsing, setPulsing] = useState(false);
  const [overFooter, setOverFooter] = useState(false);

  // The notification pulse, unless the visitor has clicked the button once already.
  useEffect(() => {
    if (launcherStorage.get(clickedKey())) return;
    const timer = setTimeout(() => setPulsing(true), ASSISTANT.notificationDelayMs);
    return () => clearTimeout(timer);
  }, []);

  // The button takes another colour while it sits over the footer.
  useEffect(() => {
    const footer = document.querySelector('footer, [role="contentinfo"]');
    if (!footer) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = button.current?.getBoundingClientRect();
      const zone = footer.getBoundingClientRect();
      setOverFooter(Boolean(own && zone.top < own.bottom && zone.bottom > own.top));
    };
    const schedule = () => (frame ||= requestAnimationFrame(check));
    check();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, []);

  const onClick = () => {
    launcherStorage.set(clickedKey(), '1');
    setPulsing(false);
    toggleAssistant();
  };
  const open = drawerOpen.value;

  return (
    <button
      ref={button}
      type="button"
      className="assistant-launcher"
      data-pulse={pulsing ? '' : undefined}
      data-over-footer={overFooter ? '' : undefined}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={drawerWanted.value ? DRAWER_ID : undefined}
      onClick={onClick}
      onPointerEnter={() => void loadDrawer()}
      onFocus={() => void loadDrawer()}
    >
      <svg className="assistant-launcher__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
      </svg>
      <span className="assistant-launcher__label">{buttonTexts.label}</span>
    </button>
  );
}
