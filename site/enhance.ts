/**
 * The site's one small enhancement script (no framework): header scroll state, the Features menu
 * and the mobile menu (buttons with aria-expanded, arrow/Home/End keys), footer accordions that are
 * always open on wide screens, and the screenshot viewer (<dialog>) closed by a backdrop click.
 * Everything here works in plain HTML first; this only adds behaviour.
 */
import { SCROLL_THRESHOLD, MOBILE_BREAKPOINT } from '../core/common/ui.ts';
import { ASSISTANT_EVENT, assistantEventDetail, isAssistantIntent } from '../core/assistant/events.ts';

const header = document.querySelector<HTMLElement>('[data-header]');

function trackScroll(): void {
  if (!header) return;
  const update = () => header.toggleAttribute('data-scrolled', window.scrollY > SCROLL_THRESHOLD);
  update();
  window.addEventListener('scroll', update, { passive: true });
}

/** A disclosure button whose panel is a list of links moved through with arrows, Home and End. */
function disclosure(button: HTMLButtonElement): void {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) return;
  const links = () => [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };
  setOpen(false);

  button.addEventListener('click', () => setOpen(!isOpen()));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const list = links();
      (event.key === 'ArrowDown' ? list[0] : list.at(-1))?.focus();
    }
  });
  panel.addEventListener('keydown', (event) => {
    const list = links();
    const index = list.indexOf(document.activeElement as HTMLAnchorElement);
    const target = {
      ArrowDown: list[(index + 1) % list.length],
      ArrowUp: list[(index - 1 + list.length) % list.length],
      Home: list[0],
      End: list.at(-1),
    }[event.key];
    if (target) {
      event.preventDefault();
      target.focus();
    } else if (event.key === 'Escape') {
      setOpen(false);
      button.focus();
    }
  });
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  // The header's menu closes once focus has moved on past it (Tab after its last entry); the mobile
  // menu's section stays as it is, since the whole mobile menu keeps the focus while open.
  if (!panel.closest('[data-mobile-menu]'))
    for (const part of [button, panel])
      part.addEventListener('focusout', (event) => {
        const next = event.relatedTarget as Node | null;
        if (!isOpen() || (next && (panel.contains(next) || button.contains(next)))) return;
        if (!next && !document.hasFocus()) return; // the window lost focus, not the menu
        setOpen(false);
      });
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    if (isOpen() && !panel.contains(target) && !button.contains(target) && !panel.closest('[data-mobile-menu]'))
      setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (
      event.key === 'Escape' &&
      isOpen() &&
      panel.contains(document.activeElement) === false &&
      document.activeElement === button
    )
      setOpen(false);
  });
}

/**
 * The full-screen menu of phones: while open, the page under it is inert and Tab goes round the
 * menu button and the menu's own links, so focus never lands on a link hidden under it.
 */
function mobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-mobile-toggle]');
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  if (!toggle || !menu) return;
  const siteHeader = toggle.closest('header');
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Fermer le menu' : 'Ouvrir le menu');
    menu.hidden = !open;
    document.body.classList.toggle('menu-open', open);
    for (const element of document.body.children)
      if (element !== siteHeader && element instanceof HTMLElement) element.inert = open;
  };
  const focusables = () => [
    toggle,
    ...[...menu.querySelectorAll<HTMLElement>('a[href], button')].filter((element) => element.offsetParent !== null),
  ];
  siteHeader?.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || toggle.getAttribute('aria-expanded') !== 'true') return;
    const ring = focusables();
    const index = ring.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? ring.at(index <= 0 ? -1 : index - 1) : ring[(index + 1) % ring.length];
    event.preventDefault();
    next?.focus();
  });
  setOpen(false);
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  // Choosing a link closes the menu (docs/requirements.md#mobile-menu).
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.focus();
    }
  });
  window
    .matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`)
    .addEventListener('change', (query) => query.matches && setOpen(false));
}

/**
 * Footer columns, the solutions block and the glossary: accordions (one open at a time, via
 * <details name>) on phones, open on wide screens (docs/requirements.md#footer,
 * docs/requirements.md#solutions-block).
 */
function columnAccordions(selector: string, group: string): void {
  const details = [...document.querySelectorAll<HTMLDetailsElement>(selector)];
  const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
  const apply = () => {
    for (const item of details) {
      if (wide.matches) {
        item.removeAttribute('name');
        item.open = true;
      } else {
        item.open = false;
        item.setAttribute('name', group);
      }
    }
  };
  apply();
  wide.addEventListener('change', apply);
  for (const item of details)
    item.querySelector('summary')?.addEventListener('click', (event) => {
      if (wide.matches) event.preventDefault();
    });
}

/** Screenshot viewer: the <dialog> closes on Escape (native), its button, or a click on the backdrop. */
function lightboxes(): void {
  for (const opener of document.querySelectorAll<HTMLButtonElement>('[data-lightbox-open]')) {
    const dialog = document.getElementById(opener.dataset.lightboxOpen ?? '') as HTMLDialogElement | null;
    if (!dialog) continue;
    opener.addEventListener('click', () => dialog.showModal());
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
  }
}

/**
 * Images: a skeleton until loaded, the placeholder on error (docs/requirements.md#accessibility). This
 * module runs after the HTML is parsed, so an eager image may already have loaded or failed: both are
 * handled here as well as by the listeners.
 */
function images(): void {
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-skeleton]')) {
    const done = () => image.closest('.skeleton')?.classList.add('is-loaded');
    const fallBack = () => {
      if (!image.src.endsWith('/placeholder.svg')) image.src = '/placeholder.svg';
    };
    image.addEventListener('load', done);
    image.addEventListener('error', fallBack);
    // `complete` is also true for a broken image; a lazy image not yet requested is not complete.
    if (image.complete) {
      if (image.naturalWidth) done();
      else if (image.getAttribute('src')) fallBack();
    }
  }
}

/**
 * Decorative motion (the skeleton's shimmer, the idea card's glow): none before the visitor's first
 * interaction, so that a page that loads draws no frame for it; then only while the element is on
 * screen and the page shown. The CSS animates `[data-motion]` only, on transform and opacity
 * (docs/decisions/0057-motion-after-interaction.md).
 */
function motionWhileSeen(selector: string): void {
  const elements = [...document.querySelectorAll(selector)];
  if (!elements.length) return;
  const onScreen = new Set<Element>();
  const apply = () => {
    const shown = document.visibilityState === 'visible';
    for (const element of elements) element.toggleAttribute('data-motion', shown && onScreen.has(element));
  };
  afterFirstInteraction(() => {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) onScreen.add(entry.target);
        else onScreen.delete(entry.target);
      }
      apply();
    });
    for (const element of elements) observer.observe(element);
    document.addEventListener('visibilitychange', apply);
  });
}

/** Runs once, at the visitor's first touch, click, key or scroll (a wheel or a swipe scrolls). */
function afterFirstInteraction(run: () => void): void {
  const types = ['pointerdown', 'keydown', 'scroll'];
  const once = () => {
    for (const type of types) removeEventListener(type, once, true);
    run();
  };
  for (const type of types) addEventListener(type, once, { capture: true, passive: true });
}

/** The 404 page logs the path that was not found (docs/requirements.md#not-found). */
function logNotFound(): void {
  if (document.body.dataset.notFound === undefined) return;
  // In French like everything else the visitor may read, and a warning: a mistyped address is no fault of the page.
  console.warn('Page introuvable (404)\u00A0:', location.pathname);
  // On a static host (no server redirect), an unknown article still goes back to the list; a replace is
  // never cached (docs/decisions/0070-missing-article-temporary-redirect.md).
  if (/^\/blog\/[^/]+\/?$/.test(location.pathname)) location.replace('/blog');
}

/**
 * 'Suggérer une idée' / 'Rejoindre les testeurs': open the assistant with a preset message, and say what
 * the visitor's answer is (data-assistant-intent: idea, tester), so that the idea reaches the product team.
 */
function assistantButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-assistant-message]');
    if (!button?.dataset.assistantMessage) return;
    const intent = button.dataset.assistantIntent;
    const detail = assistantEventDetail(
      button.dataset.assistantMessage,
      isAssistantIntent(intent) ? intent : undefined,
    );
    window.dispatchEvent(new CustomEvent(ASSISTANT_EVENT, { detail }));
  });
}

trackScroll();
assistantButtons();
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-disclosure]')) disclosure(button);
mobileMenu();
columnAccordions('[data-footer-column]', 'footer');
columnAccordions('[data-solutions-column]', 'solutions');
columnAccordions('[data-glossary-term]', 'glossaire');
lightboxes();
images();
motionWhileSeen('.skeleton:not(.is-loaded), .idea-card');
logNotFound();
