/** The search island's side effects on the page: the address, the static list, the cards' marks. */
import type { Segment } from '../../core/blog/search/highlight.ts';

export interface Query {
  search: string;
  tag?: string;
  /** Only on /blog, from an address the pre-paint script could not send to a category page. */
  category?: string;
}

export function readQuery(search: string): Query {
  const params = new URLSearchParams(search);
  return {
    search: params.get('search') ?? '',
    tag: params.get('tag') || undefined,
    category: params.get('category') || undefined,
  };
}

/**
 * Keeps ?search, ?tag and ?category in the address bar, without piling up history entries and without
 * touching any other parameter (utm_* of a campaign stay).
 */
export function writeQuery(query: Query): void {
  const params = new URLSearchParams(location.search);
  const set = (name: string, value: string | undefined) => (value ? params.set(name, value) : params.delete(name));
  set('search', query.search);
  set('tag', query.tag);
  set('category', query.category);
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}

/** Shows the page's static cards, or hides them while the island shows results. */
export function showListing(show: boolean): void {
  document.documentElement.classList.toggle('blog-filtering', !show);
  for (const listing of document.querySelectorAll<HTMLElement>('[data-blog-listing]')) listing.hidden = !show;
}

/** Marks the matched words of a card's title, summary and tags (the card is the build's own HTML). */
export function highlightCard(html: string, highlight: (text: string) => Segment[]): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('.post-card__title a, .post-card__summary, .tag')) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    for (const node of nodes) {
      const segments = highlight(node.data);
      if (!segments.some((segment) => segment.mark)) continue;
      const fragment = document.createDocumentFragment();
      for (const segment of segments) {
        if (!segment.mark) fragment.append(segment.text);
        else {
          const mark = document.createElement('mark');
          mark.textContent = segment.text;
          fragment.append(mark);
        }
      }
      node.replaceWith(fragment);
    }
  }
  return template.innerHTML;
}
