/**
 * The only script the site's pages need for their islands: it finds each placeholder and, when its
 * moment comes (load, idle, visible, interaction), loads that widget's chunk and hydrates its build-time HTML.
 * A page without placeholders loads nothing more than this file.
 */
import { widgets } from './runtime/registry.ts';

type Moment = 'load' | 'idle' | 'visible' | 'interaction';

function when(moment: Moment, element: Element): Promise<void> {
  if (moment === 'idle')
    return new Promise((resolve) =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 200),
    );
  if (moment === 'visible')
    return new Promise((resolve) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            resolve();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(element);
    });
  // Like is-land's on:interaction: an island that already works as HTML (a form) waits for its first use.
  if (moment === 'interaction')
    return new Promise((resolve) => {
      const events = ['focusin', 'pointerdown', 'keydown'] as const;
      const start = () => {
        for (const type of events) element.removeEventListener(type, start);
        resolve();
      };
      for (const type of events) element.addEventListener(type, start, { passive: true });
    });
  return Promise.resolve();
}

async function mount(element: HTMLElement): Promise<void> {
  const name = element.dataset.widget ?? '';
  const load = widgets[name];
  if (!load) return console.error(`Widget inconnu « ${name} »`);
  await when((element.dataset.hydrate as Moment | undefined) ?? 'load', element);
  const [module, { hydrateIsland }] = await Promise.all([load(), import('./runtime/hydrate.tsx')]);
  hydrateIsland(element, name, module);
}

for (const element of document.querySelectorAll<HTMLElement>('[data-widget]')) void mount(element);
