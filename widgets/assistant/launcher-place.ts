/**
 * Where the floating 'Assistant' button sits (docs/requirements.md#assistant-button), followed once the page
 * is idle (launcher.ts): another colour while it overlaps the page's footer, and, on a phone, never over
 * text, a link or a control. When any lies under its place it slides aside, leaving a handle in the page's
 * margin (or, when something reaches the margin too, out of sight), and comes back once the place is clear.
 */
const PHONE = '(max-width: 39.99rem)';
/** What a visitor uses under the button; text is found by its lines. */
const CONTROLS = 'a, button, input, select, textarea, label, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
/** The handle left in the page's margin (assistant.css): narrower than the margin. */
const HANDLE_PX = 12;

/**
 * The page's own footer: its contentinfo landmark. A <footer> inside an article, a section, an aside, a
 * nav or main belongs to that block (an article's tags, a sample report), not to the page; the page's is
 * the last footer outside all of them, on this site and on a site that embeds DENTY.
 */
function pageFooter(): Element | null {
  const landmark = document.querySelector('[role="contentinfo"]');
  if (landmark) return landmark;
  const own = [...document.querySelectorAll('footer')].filter(
    (footer) => !footer.parentElement?.closest('article, aside, main, nav, section'),
  );
  return own.at(-1) ?? null;
}

const crosses = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** Text, a link or a control of the page, other than `island`'s, under `box` (sampled on a 3 × 3 grid). */
export function contentUnder(box: DOMRect, island: Element): boolean {
  const seen = new Set<Element>();
  const lines = document.createRange();
  for (const x of [box.left + 1, (box.left + box.right) / 2, box.right - 1])
    for (const y of [box.top + 1, (box.top + box.bottom) / 2, box.bottom - 1])
      for (const element of document.elementsFromPoint(x, y)) {
        if (seen.has(element) || island.contains(element)) continue;
        seen.add(element);
        if (element.matches(CONTROLS)) return true;
        for (const node of element.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent!.trim()) continue;
          lines.selectNodeContents(node);
          if ([...lines.getClientRects()].some((line) => crosses(line, box))) return true;
        }
      }
  return false;
}

/** Follows the scroll and the size of the page; returns the function that checks again. */
export function followPlace(button: HTMLElement, island: Element): () => void {
  const footer = pageFooter();
  const phone = matchMedia(PHONE);
  let frame = 0;
  const check = () => {
    frame = 0;
    if (button.hidden) return;
    // Its place, wherever it slid: a fixed element's offsets ignore its transform.
    const home = new DOMRect(button.offsetLeft, button.offsetTop, button.offsetWidth, button.offsetHeight);
    if (footer) {
      const zone = footer.getBoundingClientRect();
      button.toggleAttribute('data-over-footer', zone.top < home.bottom && zone.bottom > home.top);
    }
    let place = '';
    if (phone.matches && contentUnder(home, island)) {
      const handle = new DOMRect(innerWidth - HANDLE_PX, home.top, HANDLE_PX, home.height);
      place = contentUnder(handle, island) ? 'away' : 'edge';
    }
    if (place) button.dataset.place = place;
    else delete button.dataset.place;
  };
  const schedule = () => (frame ||= requestAnimationFrame(check));
  addEventListener('scroll', schedule, { passive: true });
  addEventListener('resize', schedule, { passive: true });
  // What the page shows changes without a scroll too: a search's results, a choice made, a menu.
  new MutationObserver(schedule).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['hidden', 'open', 'class'],
  });
  schedule();
  return schedule;
}
