/**
 * French typography for text written with ordinary spaces and straight apostrophes: the typographic
 * apostrophe (’), a narrow no-break space before
 * « ; ! ? » and inside guillemets, a no-break space before « : » (Imprimerie nationale usage), and the
 * breaks a French reader never expects: "e-mail" and "rentre-t-il" cut at their hyphen, "<" alone at
 * the end of a line before its figure.
 * Applied to built HTML text, so editors type plain spaces.
 */
const NNBSP = '\u202F';
const NBSP = '\u00A0';
/** Non-breaking hyphen. */
const NBHY = '\u2011';

export function frenchTypography(text: string): string {
  return (
    text
      // Also at the end of a text run: "l'<a>agenda</a>".
      .replace(/(\p{L})(?:'|&#39;|&#x27;|&apos;)(?=\p{L}|$)/gu, '$1’')
      .replace(/ ([;!?])/g, `${NNBSP}$1`)
      .replace(/ :(?=\s|$|<)/g, `${NBSP}:`)
      .replace(/« /g, `«${NNBSP}`)
      .replace(/ »/g, `${NNBSP}»`)
      .replace(/(\d) (€|%|h\b|min\b)/g, `$1${NBSP}$2`)
      .replace(/(&lt;|&gt;|[<>≤≥≈]) (?=\d)/g, `$1${NBSP}`)
      .replace(/\b([Ee])-mail/g, `$1${NBHY}mail`)
      // Inverted subject: "peut-on", "transforment-ils", "rentre-t-il".
      .replace(
        /(\p{L})-(?:(t)-)?(il|ils|elle|elles|on)(?![\p{L}-])/gu,
        (_, last, t, pronoun) => `${last}${NBHY}${t ? `t${NBHY}` : ''}${pronoun}`,
      )
      // A phone number never wraps: "+33 4 00 00 00 00", "04 00 00 00 00".
      .replace(/(?:\+\d{2,3} \d|\b0\d)(?: \d{2}){4}\b/g, (phone) => phone.replace(/ /g, NBSP))
  );
}

/**
 * Attributes a person reads (alternative texts, labels, tooltips, the assistant's preset messages), and
 * the `content` of the meta tags that search engines and social networks show.
 */
const PROSE_ATTRIBUTES = /(\s(?:alt|title|aria-label|aria-description|placeholder|data-assistant-message)=")([^"]*)"/g;
const PROSE_META =
  /^<meta\s[^>]*(?:name|property)="(?:description|og:title|og:description|og:image:alt|twitter:title|twitter:description|twitter:image:alt)"/;

function typesetTag(tag: string): string {
  const typeset = tag.replace(
    PROSE_ATTRIBUTES,
    (_, start: string, value: string) => `${start}${frenchTypography(value)}"`,
  );
  return PROSE_META.test(typeset)
    ? typeset.replace(
        /(\scontent=")([^"]*)"/,
        (_, start: string, value: string) => `${start}${frenchTypography(value)}"`,
      )
    : typeset;
}

/** JSON-LD keys whose values are prose; addresses, dates, codes and identifiers are left as they are. */
const PROSE_KEYS = new Set([
  'name',
  'headline',
  'alternativeHeadline',
  'description',
  'text',
  'caption',
  'articleSection',
]);

/** Typesets the prose values of a JSON-LD object (names, headlines, descriptions, FAQ answers). */
export function frenchTypographyJsonLd<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (PROSE_KEYS.has(key) ? frenchTypography(value) : value) as T;
  if (Array.isArray(value)) return value.map((item) => frenchTypographyJsonLd(item, key)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, frenchTypographyJsonLd(item, name)]),
    ) as T;
  return value;
}

function typesetJsonLdScript(script: string): string {
  const match = /^(<script\b[^>]*>)([\s\S]*)(<\/script>)$/.exec(script);
  if (!match) return script;
  try {
    const typeset = JSON.stringify(frenchTypographyJsonLd(JSON.parse(match[2]!))).replace(/</g, '\\u003c');
    return `${match[1]}${typeset}${match[3]}`;
  } catch {
    return script;
  }
}

/**
 * Applies `frenchTypography` to the text between tags, to the attributes people read and to JSON-LD
 * (docs/decisions/0006-french-typography-at-build.md), leaving markup, scripts and styles alone.
 */
export function frenchTypographyHtml(html: string): string {
  return html.replace(
    /(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(<[^>]*>)|([^<]+)/g,
    (match, raw: string | undefined, name: string | undefined, tag: string | undefined, text: string) => {
      if (raw)
        return name === 'script' && /^<script[^>]*type="application\/ld\+json"/.test(raw)
          ? typesetJsonLdScript(raw)
          : match;
      if (tag) return typesetTag(tag);
      return frenchTypography(text);
    },
  );
}
