/**
 * The text rules of the chat (docs/requirements.md#assistant-message-text): in a message typed by the
 * visitor, URLs become links, newlines become line breaks and **text** becomes bold; every link of the
 * chat opens in the same window when it stays on the site, in a new tab (noopener noreferrer) otherwise,
 * and only http(s), mailto: and tel: links are followed at all.
 */

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'break' };

const urlPattern = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the URL ("voir https://x.fr/a." ). */
const trailing = /[.,;:!?)\]}»]+$/;

function linkify(text: string, bold: boolean, out: TextSegment[]): void {
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const raw = match[0];
    const url = raw.replace(trailing, '');
    const start = match.index;
    if (start > last) out.push({ kind: bold ? 'bold' : 'text', text: text.slice(last, start) });
    out.push({ kind: 'link', href: url, text: url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ kind: bold ? 'bold' : 'text', text: text.slice(last) });
}

/** A visitor's plain text as segments a view renders without any HTML parsing. */
export function plainTextSegments(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (index > 0) out.push({ kind: 'break' });
    // **bold** spans on one line; an unmatched ** stays as typed.
    const parts = line.split(/\*\*(.+?)\*\*/g);
    parts.forEach((part, i) => {
      if (part) linkify(part, i % 2 === 1, out);
    });
  });
  return out;
}

export interface LinkDecision {
  href: string;
  /** Leaves the site: new tab with rel="noopener noreferrer". */
  external: boolean;
}

/**
 * How a link of the chat behaves. `base` resolves relative links (the site that wrote the answer);
 * `ownOrigins` are the origins that count as "own domain" (the page's own). Unsafe schemes give null.
 */
/**
 * A reply's link whose address starts so asks DENTY the rest (URL-encoded) when pressed: the subjects it
 * offers when not sure (core/assistant/replies.ts), shown as buttons by the widget.
 */
export const ASK_PREFIX = '#demander=';

export function decideLink(href: string, base: string, ownOrigins: readonly string[]): LinkDecision | null {
  const trimmed = href.trim();
  if (/^(mailto|tel):/i.test(trimmed)) return { href: trimmed, external: false };
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const own = ownOrigins.includes(url.origin);
  // Same-site links stay relative so that they work on whatever host serves the site.
  const relative = own && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//');
  return { href: relative ? trimmed : url.href, external: !own };
}
