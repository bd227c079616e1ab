/**
 * The only script the site's pages load for their islands (docs/architecture.md#islands): it finds each
 * placeholder and, when its moment comes, runs its plain script or hydrates its view with React. At rest,
 * with nothing reached for, a page runs no React at all: the cookie banner and the assistant's button are
 * build-time HTML woken by small scripts, and React's files are only fetched ahead, at idle.
 */
import { ISLAND_DATA, isHydrationMoment, type HydrationMoment } from '../core/common/islands.ts';
import { islands, isIslandName, type Island } from './runtime/registry.ts';
import { loadReact, prefetchReactWhenIdle, reactRequested, whenIdle } from './runtime/react.ts';
// Every page wakes these two at load (their registry moment): in this file's chunk, so that the banner
// and the button need no second request. The registry's loaders then resolve to this chunk.
import './consent/banner.ts';
import './assistant/launcher.ts';

/** What counts as reaching for an island: the pointer over it, a touch, focus or a key inside. */
const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

function when(moment: HydrationMoment, element: Element): Promise<void> {
  switch (moment) {
    case 'load':
      return Promise.resolve();
    case 'idle':
      return whenIdle();
    case 'with-react':
      return reactRequested;
    case 'visible':
      return new Promise((resolve) => {
        const observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer.disconnect();
            resolve();
          },
          { rootMargin: '200px' },
        );
        observer.observe(element);
      });
    case 'interaction':
      // Like is-land's on:interaction. What the visitor does meanwhile is done by the HTML itself (a box
      // ticks, a field fills); the view reads it from the page when it hydrates.
      return new Promise((resolve) => {
        const start = () => {
          for (const type of INTERACTIONS) element.removeEventListener(type, start);
          resolve();
        };
        for (const type of INTERACTIONS) element.addEventListener(type, start, { passive: true });
      });
  }
}

async function wake(element: HTMLElement): Promise<void> {
  const name = element.dataset[ISLAND_DATA.name] ?? '';
  if (!isIslandName(name)) return console.error(`Widget inconnu « ${name} »`);
  const island: Island = islands[name];
  const asked = element.dataset[ISLAND_DATA.hydrate];
  const early = island.wakeAtLoadIf;
  const moment = early?.(element) ? 'load' : isHydrationMoment(asked) ? asked : island.hydrate;
  await Promise.race([
    when(moment, element),
    // A return to the page puts its form state back just before `pageshow`: read the condition again then.
    new Promise<void>((resolve) => early && addEventListener('pageshow', () => early(element) && resolve())),
  ]);
  try {
    if (island.wake) {
      (await island.wake()).wake(element);
      element.dataset[ISLAND_DATA.awake] = '';
    } else if (island.view) {
      const [module, react] = await Promise.all([island.view(), loadReact()]);
      react.hydrateIsland(element, name, module);
    }
  } catch (error) {
    // The build-time HTML stays: a form still posts, a link still leads somewhere.
    console.error(`Widget « ${name} » non chargé :`, error);
  }
}

for (const element of document.querySelectorAll<HTMLElement>(`[data-${ISLAND_DATA.name}]`)) void wake(element);
prefetchReactWhenIdle();
