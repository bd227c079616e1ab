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
  // Each rule runs only when its trigger is in the text: a build typesets megabytes of article text.
  let out = text;
  // Also at the end of a text run: "l'<a>agenda</a>".
  if (out.includes("'") || out.includes('&#') || out.includes('&apos;'))
    out = out.replace(/(\p{L})(?:'|&#39;|&#x27;|&apos;)(?=\p{L}|$)/gu, '$1’');
  if (out.includes(' ;') || out.includes(' !') || out.includes(' ?')) out = out.replace(/ ([;!?])/g, `${NNBSP}$1`);
  if (out.includes(' :')) out = out.replace(/ :(?=\s|$|<)/g, `${NBSP}:`);
  if (out.includes('« ')) out = out.replace(/« /g, `«${NNBSP}`);
  if (out.includes(' »')) out = out.replace(/ »/g, `${NNBSP}»`);
  if (/\d /.test(out)) {
    out = out.replace(/(\d) (€|%|h\b|min\b)/g, `$1${NBSP}$2`);
    // A phone number never wraps: "+33 4 00 00 00 00", "04 00 00 00 00".
    out = out.replace(/(?:\+\d{2,3} \d|\b0\d)(?: \d{2}){4}\b/g, (phone) => phone.replace(/ /g, NBSP));
  }
  if (/(?:&lt;|&gt;|[<>≤≥≈]) \d/.test(out)) out = out.replace(/(&lt;|&gt;|[<>≤≥≈]) (?=\d)/g, `$1${NBSP}`);
  if (out.includes('-')) {
    out = out.replace(/\b([Ee])-mail/g, `$1${NBHY}mail`);
    // Inverted subject: "peut-on", "transforment-ils", "rentre-t-il".
    if (/-(?:t-)?(?:il|elle|on)/.test(out))
      out = out.replace(
        /(\p{L})-(?:(t)-)?(il|ils|elle|elles|on)(?![\p{L}-])/gu,
        (_, last, t, pronoun) => `${last}${NBHY}${t ? `t${NBHY}` : ''}${pronoun}`,
      );
  }
  return out;
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

/** Text runs longer than this are typeset each time (an article's paragraphs appear on one page only). */
const MEMO_TEXT = 400;

/**
 * Applies `frenchTypography` to the text between tags, to the attributes people read and to JSON-LD
 * (docs/decisions/0006-french-typography-at-build.md), leaving markup, scripts and styles alone. Only
 * the tags that carry such an attribute and the text runs that hold a character some rule looks for are
 * visited; the regular expression itself skips the rest (a page has hundreds of tags). With `memo`,
 * short runs (menus, footer, buttons: the same on every page) are typeset once.
 */
export function frenchTypographyHtml(html: string, memo?: Map<string, string>): string {
  return html.replace(
    /(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(<[^>]*?\s(?:alt|title|aria-label|aria-description|placeholder|data-assistant-message|content)="[^>]*>)|(?<=^|>)([^<]*?['&;!?:«»\d≤≥≈>-][^<]*)/g,
    (match, raw: string | undefined, name: string | undefined, tag: string | undefined, text: string) => {
      if (raw)
        return name === 'script' && /^<script[^>]*type="application\/ld\+json"/.test(raw)
          ? typesetJsonLdScript(raw)
          : match;
      if (tag) return typesetTag(tag);
      if (!memo || text.length > MEMO_TEXT) return frenchTypography(text);
      let typeset = memo.get(text);
      if (typeset === undefined) memo.set(text, (typeset = frenchTypography(text)));
      return typeset;
    },
  );
}
