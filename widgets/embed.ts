/**
 * The one script tag other sites paste to get Dentivo's widgets (docs/embedding.md):
 *
 *   <script src="https://www.dentivo.fr/embed.js" async data-widgets="assistant"></script>
 *
 * data-widgets: comma-separated, "assistant" by default; "contact-form", "tester-form" and
 *   "audit-checklist" fill the page's <div data-dentivo-widget="…"> elements.
 * data-webhook-url, data-supabase-url, data-supabase-key: override the site's configuration.
 * data-open="true": the assistant opens at once.
 * This file stays tiny (built alone, no dependency): at idle it loads embed/app.js from the same site,
 * which renders each widget inside its own shadow root.
 */
const script = (document.currentScript ??
  document.querySelector('script[src*="embed.js"]')) as HTMLScriptElement | null;

/**
 * Why the widgets did not start, in one console line for the host's developer. A browser hides the reason
 * of a refused cross-origin answer from the page; two requests tell it apart: the Dentivo site answers a
 * no-cors request (it is reachable) but the browser refuses the same request in CORS mode, so the site does
 * not list this origin in EMBED_ORIGINS (docs/embedding.md).
 */
async function explain(file: URL, error: unknown): Promise<void> {
  const here = location.origin;
  const dentivo = file.origin;
  let refused = false;
  try {
    await fetch(file, { method: 'HEAD', mode: 'no-cors', cache: 'no-store' });
    refused = await fetch(file, { method: 'HEAD', cache: 'no-store' }).then(
      () => false,
      () => true,
    );
  } catch {
    // The Dentivo site did not answer at all (offline, wrong address, or the page's CSP refused it).
  }
  if (refused)
    console.error(
      `Dentivo\u00A0: les widgets ne démarrent pas, car ${dentivo} n’autorise pas ce site (${here}) à les intégrer. ` +
        `Ajoutez ${here} au réglage EMBED_ORIGINS du serveur Dentivo (ou aux en-têtes CORS de son hébergement), puis rechargez la page.`,
    );
  else console.error('Dentivo\u00A0: les widgets n’ont pas pu être chargés.', error);
}

if (script?.src) {
  const source = script.src;
  const options = { ...script.dataset };
  const app = new URL('embed/app.js', source);
  const start = () => {
    let loaded = false;
    import(/* @vite-ignore */ app.href)
      .then((module: { mount(source: string, options: Record<string, string | undefined>): Promise<void> }) => {
        loaded = true;
        return module.mount(source, options);
      })
      .catch((error) => explain(loaded ? new URL('embed-config.json', source) : app, error));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenIdle, { once: true });
  else whenIdle();
}
