/**
 * The one script tag other sites paste to get Dentivo's widgets (README, "Intégrer l'assistant"):
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

if (script?.src) {
  const source = script.src;
  const options = { ...script.dataset };
  const start = () =>
    import(/* @vite-ignore */ new URL('embed/app.js', source).href)
      .then((app: { mount(source: string, options: Record<string, string | undefined>): Promise<void> }) =>
        app.mount(source, options),
      )
      .catch((error) => console.error('Dentivo : les widgets n’ont pas pu être chargés.', error));
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenIdle, { once: true });
  else whenIdle();
}
