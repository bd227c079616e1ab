/**
 * The cookie banner island, on every page (SPEC.md section 2 "Cookie banner"): 'Refuser' and
 * 'Tout accepter' with equal weight, 'Personnaliser', 'En savoir plus'. It is rendered at build with
 * `hidden` and revealed once the store has read the visitor's choice, fixed at the bottom over the page:
 * neither a first nor a returning visit shifts anything. While shown, the body has `banner-visible`
 * and keeps room for it at the bottom, so the end of the page can still be read and focused.
 * The island also starts the tracker loader and holds the customise panel, whose code loads the first
 * time it is wanted (or hovered, or focused): a first visit downloads only the banner.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { acceptAll, hasSetPreferences, openPreferences, preferencesOpen, rejectAll } from './store.ts';
import { startTrackersWhenNeeded } from './start-trackers.ts';
import { focusAfterChoice } from './focus.ts';
import { texts } from './texts.ts';
import { useHydrated } from '../runtime/use-hydrated.ts';

const HEIGHT_VARIABLE = '--consent-banner-height';
const loadPanel = () => import('./choices.ts');
const PreferencesPanel = lazy(() => loadPanel().then((module) => ({ default: module.PreferencesPanel })));
const preloadPanel = () => void loadPanel();

export default function CookieBanner() {
  useSignals();
  // The build knows no visitor: the first render matches its HTML (hidden), then the real state shows.
  const mounted = useHydrated();
  const banner = useRef<HTMLElement>(null);
  const visible = mounted && !hasSetPreferences.value;
  // Once opened, the panel stays mounted: its <dialog> closes itself and gives focus back.
  const [panelWanted, setPanelWanted] = useState(false);
  const open = preferencesOpen.value;

  useEffect(() => startTrackersWhenNeeded(), []);

  // Remembered from the first opening on (state derived during render, not in an effect).
  if (open && !panelWanted) setPanelWanted(true);

  useEffect(() => {
    document.body.classList.toggle('banner-visible', visible);
    const element = banner.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
      document.body.classList.remove('banner-visible');
    };
  }, [visible]);

  const choose = (action: () => void) => () => {
    action();
    focusAfterChoice();
  };

  return (
    <>
      <section ref={banner} className="consent-banner" aria-labelledby="consent-banner-title" hidden={!visible}>
        <div className="wrapper consent-banner__inner">
          <div className="consent-banner__text">
            <h2 className="consent-banner__title" id="consent-banner-title">
              {texts.bannerTitle}
            </h2>
            <p>
              {texts.bannerText}{' '}
              <a href="/confidentialite">
                {texts.learnMore}
                <span className="visually-hidden">{texts.learnMoreHidden}</span>
              </a>
            </p>
          </div>
          <div className="consent-banner__actions">
            <button type="button" className="button button--primary" onClick={choose(rejectAll)}>
              {texts.reject}
            </button>
            <button type="button" className="button button--primary" onClick={choose(acceptAll)}>
              {texts.acceptAll}
            </button>
            <button
              type="button"
              className="button button--secondary consent-banner__customize"
              aria-haspopup="dialog"
              onClick={openPreferences}
              onPointerEnter={preloadPanel}
              onFocus={preloadPanel}
            >
              {texts.customize}
            </button>
          </div>
        </div>
      </section>
      {panelWanted ? (
        <Suspense fallback={null}>
          <PreferencesPanel />
        </Suspense>
      ) : null}
    </>
  );
}
