/**
 * Where an article stands (core/blog/schedule.ts: draft, scheduled for a day, published), said wherever an
 * editor looks (docs/decisions/0071-editors-see-status-and-refusals.md):
 *   - the list: a key no form shows, `_status`, read with the file (cms/formats.ts) and computed again on
 *     save (cms/save.ts), is in each line's summary and in the « Programmés » filter;
 *   - the top bar: Decap names every saved entry « En ligne » and every save « Publier »; for a draft or a
 *     scheduled article its button says where it stands, the save says what it will do (« Enregistrer le
 *     brouillon », « Programmer pour le 3 décembre 2026 »), and « Voir en direct » says « Pas encore en
 *     ligne », since the address leads to the blog until then.
 * Decap has no hook for its top bar: its words are set again after each of its renders.
 */
import { store } from 'decap-cms-core/dist/esm/redux/index.js';
import type { ArticleState } from '../core/blog/schedule.ts';
import { statusOf } from './formats.ts';

type Data = Record<string, unknown>;

/** What a save of the form does, by the state it saves: Decap's words for a published article. */
const saveWords: Record<Exclude<ArticleState, 'published'>, (on?: string) => Record<string, string>> = {
  draft: () => ({
    Publier: 'Enregistrer',
    'Publier maintenant': 'Enregistrer le brouillon',
    'Publier et en créer un autre': 'Enregistrer et en créer un autre',
    'Publier et dupliquer': 'Enregistrer et dupliquer',
  }),
  scheduled: (on) => ({
    Publier: 'Programmer',
    'Publier maintenant': `Programmer pour le ${on}`,
    'Publier et en créer un autre': 'Programmer et en créer un autre',
    'Publier et dupliquer': 'Programmer et dupliquer',
  }),
};
const NOT_LIVE = 'Pas encore en ligne';

/**
 * Shows `wanted(decap)` in `element`, where `decap` is the text Decap itself last wrote there (remembered,
 * since React leaves a text it did not change as we set it).
 */
function say(element: HTMLElement, wanted: (decap: string) => string): void {
  const target = element.querySelector('span') ?? element;
  const text = target.textContent ?? '';
  const decap = text === element.dataset.shown ? (element.dataset.decap ?? text) : text;
  const shown = wanted(decap);
  element.dataset.decap = decap;
  element.dataset.shown = shown;
  if (text !== shown) target.textContent = shown;
}

interface DecapState {
  entryDraft?: { getIn(path: string[]): unknown };
  entries?: { getIn(path: string[]): unknown };
}
const plain = (value: unknown): Data =>
  (value as { toJS?: () => Data } | undefined)?.toJS?.() ?? (value as Data | undefined) ?? {};

/** The top bar of the article being edited, in the words of its status. */
function showInTopBar(): void {
  const bar = document.querySelector('[class*="-ToolbarSectionMain-"]');
  const state = store.getState() as DecapState;
  if (!bar || state.entryDraft?.getIn(['entry', 'collection']) !== 'blog') return;
  const form = statusOf(plain(state.entryDraft.getIn(['entry', 'data'])));
  const slug = state.entryDraft.getIn(['entry', 'slug']);
  const savedData = slug ? state.entries?.getIn(['entities', `blog.${String(slug)}`, 'data']) : undefined;
  const saved = savedData ? statusOf(plain(savedData)) : undefined;
  const words: Record<string, string> = form.state === 'published' ? {} : saveWords[form.state](form.on);
  for (const element of bar.querySelectorAll<HTMLElement>('[role="button"], [role="menuitem"]')) {
    // The saved entry's button (« En ligne » for Decap) says where the saved article stands.
    const own = saved && element.matches('[class*="PublishedToolbarButton"], [class*="PublishedButton"]');
    say(element, (decap) => words[decap] ?? (own ? saved.label : decap));
  }
  const live = bar.querySelector<HTMLAnchorElement>('a[target="_blank"]');
  if (!live) return;
  const waiting = saved && saved.state !== 'published';
  say(live, (decap) => (waiting ? NOT_LIVE : decap));
  // The « new tab » icon: nothing opens.
  if (live.lastElementChild instanceof HTMLElement) live.lastElementChild.style.display = waiting ? 'none' : '';
  if (waiting) {
    live.dataset.href ??= live.getAttribute('href') ?? '';
    live.removeAttribute('href');
    live.setAttribute('aria-disabled', 'true');
    live.title =
      saved.state === 'draft'
        ? 'Un brouillon n’est pas sur le site : décochez « Brouillon » et publiez.'
        : `L’article paraîtra sur le site le ${saved.on}.`;
  } else if (live.dataset.href !== undefined) {
    live.setAttribute('href', live.dataset.href);
    delete live.dataset.href;
    live.removeAttribute('aria-disabled');
    live.removeAttribute('title');
  }
}

/** Keeps the top bar's words after each of Decap's renders and each change of the form. */
export function showStatus(root: Document): void {
  let queued = false;
  const queue = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      showInTopBar();
    });
  };
  store.subscribe(queue);
  new MutationObserver(queue).observe(root.body, { childList: true, subtree: true, characterData: true });
}
