/**
 * The assistant's replies are Markdown, turned into HTML here and nowhere else: `marked`, then `DOMPurify`
 * (no script, no event handler, no style, no frame, no javascript: link), then the chat's link rules
 * (same window on the site, new tab with rel="noopener noreferrer" elsewhere). Loaded with the first reply
 * to show (a message sent, or a saved conversation read back), not with the drawer.
 */
import { Marked } from 'marked';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { linkFor } from './links.ts';

const marked = new Marked({ gfm: true, breaks: true });
const allowedTags = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

let purifier: DOMPurify | undefined;
function sanitizer(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    node.removeAttribute('target');
    node.removeAttribute('rel');
    const href = node.getAttribute('href');
    // A link DOMPurify emptied (javascript:…) stays text; so does anything the chat's rules refuse.
    const link = href ? linkFor(href) : null;
    if (!link) return node.removeAttribute('href');
    node.setAttribute('href', link.href);
    if (link.external) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

export function renderReply(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizer().sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOW_DATA_ATTR: false,
  });
}
