/**
 * The cookie banner's HTML, rendered at build on every page (docs/requirements.md#consent-banner):
 * 'Refuser' and 'Tout accepter' with equal weight, 'Personnaliser', 'En savoir plus'. It ships `hidden`,
 * fixed over the bottom of the page, and banner.ts shows it when the visitor has no valid choice: neither
 * a first nor a returning visit shifts anything, and no React runs for it. The empty element after it
 * receives the customise panel (PreferencesPanel.tsx, React) the first time it is wanted.
 */
import { texts } from './texts.ts';

export default function CookieBanner() {
  return (
    <>
      <section className="consent-banner" aria-labelledby="consent-banner-title" hidden>
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
            <button type="button" className="button button--primary" data-consent-action="reject">
              {texts.reject}
            </button>
            <button type="button" className="button button--primary" data-consent-action="accept">
              {texts.acceptAll}
            </button>
            <button
              type="button"
              className="button button--secondary consent-banner__customize"
              aria-haspopup="dialog"
              data-consent-action="customize"
            >
              {texts.customize}
            </button>
          </div>
        </div>
      </section>
      <div className="consent-panel-root" />
    </>
  );
}
