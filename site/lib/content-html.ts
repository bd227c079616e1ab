/**
 * HTML written inside Markdown is an allow-list (docs/decisions/0049-content-html-allow-list.md): the
 * elements and attributes articles need (figures, tables, details, links, images, text marks) stay;
 * anything that runs, frames, styles or redirects (`<script>`, `<iframe>`, `<meta>`, `on…` handlers,
 * `javascript:` addresses) is dropped at build, and the build says so, naming the file and the line.
 * Nor may it reach the page's machinery: an id the page uses gets `contenu-` in front (core/common/page-ids.ts),
 * and only the classes of the article styles stay (no link dressed as the site's button).
 * Markdown's own output is already safe (markdown-it refuses `javascript:` links), so only a text that
 * holds raw HTML is sanitized: the 10,000-article build pays nothing for it.
 */
import sanitizeHtml from 'sanitize-html';
import { contentId } from '../../core/common/page-ids.ts';

const TEXT = ['p', 'br', 'hr', 'strong', 'em', 'b', 'i', 's', 'del', 'ins', 'mark', 'sub', 'sup', 'small', 'abbr'];
const BLOCKS = ['h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'code', 'kbd'];
const RICH = ['a', 'img', 'picture', 'source', 'figure', 'figcaption', 'details', 'summary', 'div', 'span', 'aside'];
const TABLES = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col'];

/** The article styles a text may use: its own boxes (site/styles/blog.css) and the tables markdown.ts writes. */
const ARTICLE_CLASSES = ['callout', 'callout__title', 'callout__list', 'quote', 'table-scroll', 'table--cards'];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT, ...BLOCKS, ...RICH, ...TABLES],
  allowedClasses: { '*': ARTICLE_CLASSES },
  allowedAttributes: {
    '*': ['id', 'lang', 'dir', 'title'],
    a: ['href', 'rel', 'hreflang'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media', 'width', 'height'],
    details: ['open', 'name'],
    ol: ['start', 'reversed', 'type'],
    th: ['scope', 'colspan', 'rowspan', 'data-label'],
    td: ['colspan', 'rowspan', 'data-label'],
    col: ['span'],
    // The box a wide table scrolls in (site/lib/markdown.ts), and no other role.
    div: [
      { name: 'tabindex', multiple: false, values: ['0'] },
      { name: 'role', multiple: false, values: ['region'] },
      'aria-label',
    ],
  },
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: attribs.id ? { ...attribs, id: contentId(attribs.id) } : attribs }),
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const allowedTags = new Set(options.allowedTags as string[]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset']);

function allowedAttribute(tag: string, name: string, value: string): boolean {
  const lists = options.allowedAttributes as Record<string, (string | sanitizeHtml.AllowedAttribute)[]>;
  return [...lists['*']!, ...(lists[tag] ?? [])].some((allowed) =>
    typeof allowed === 'string' ? allowed === name : allowed.name === name && allowed.values.includes(value),
  );
}

/** An address that leaves the allowed schemes (`javascript:`, `data:`, `//other.site`). */
function unsafeAddress(value: string): boolean {
  // Browsers ignore spaces and control characters inside a scheme (« jav\tascript: »).
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  if (clean.startsWith('//')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(clean)?.[1];
  return scheme !== undefined && !(options.allowedSchemes as string[]).includes(scheme);
}

/** What the allow-list would drop from a piece of raw HTML, in French: « <script> », « onclick sur <img> ». */
export function droppedHtml(piece: string): string[] {
  const dropped: string[] = [];
  sanitizeHtml(piece, {
    // Everything passes here, and the result is thrown away: this pass only lists what the real one drops.
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tag, attributes) => {
        if (!allowedTags.has(tag)) dropped.push(`<${tag}>`);
        else
          for (const [name, value] of Object.entries(attributes))
            if (name === 'class') {
              const other = value.split(/\s+/).filter((item) => item && !ARTICLE_CLASSES.includes(item));
              if (other.length) dropped.push(`classe « ${other.join(' ')} » sur <${tag}>`);
            } else if (!allowedAttribute(tag, name, value)) dropped.push(`${name} sur <${tag}>`);
            else if (URL_ATTRIBUTES.has(name) && unsafeAddress(value))
              dropped.push(`adresse « ${value} » sur <${tag}>`);
            else if (name === 'id' && contentId(value) !== value)
              dropped.push(`id « ${value} », celui de la page, devenu « ${contentId(value)} »`);
        return { tagName: tag, attribs: attributes };
      },
    },
  });
  return dropped;
}

/** The HTML with only what the allow-list keeps. */
export const sanitizeContentHtml = (html: string): string => sanitizeHtml(html, options);
