/**
 * French typography for text written with ordinary spaces and straight apostrophes: the typographic
 * apostrophe (’), a narrow no-break space before
 * « ; ! ? » and inside guillemets, a no-break space before « : » (Imprimerie nationale usage), the
 * ellipsis as one character, and the breaks a French reader never expects: "e-mail" and "rentre-t-il"
 * cut at their hyphen, a figure parted from its unit or noun ("30 / jours", "classe / 1") or from its
 * thousands, "<" alone at the end of a line before its figure.
 * Applied to built HTML text, so editors type plain spaces.
 */
import { detached } from './strings.ts';

const NNBSP = '\u202F';
const NBSP = '\u00A0';
/** Non-breaking hyphen. */
const NBHY = '\u2011';

/** Words that follow a figure without being what it counts. */
const NOT_COUNTED =
  'à|a|au|aux|avec|dans|de|des|du|en|est|et|la|le|les|mais|ni|ou|où|par|pour|puis|que|qui|sans|sont|sur|un|une';
/** A number standing alone (not "UTF-8", "H2") or an ordinal ("1er", "2e"), then a space and a word it counts. */
const FIGURE_AND_NOUN = new RegExp(
  `(?<![\\p{L}\\d_-])(\\d+(?:[.,]\\d+)*(?:er|re|e)?) (?=\\p{L})(?!(?:${NOT_COUNTED})(?![\\p{L}\\d'’-]))`,
  'gu',
);
/** A month before its year: a date never breaks ("28 mai 2027"; "28 mai" is a figure and its noun). */
const MONTH_AND_YEAR =
  /(?<!\p{L})(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) (?=\d{4}(?!\d))/giu;
/** An ordinal's letters, set as a superscript in HTML: « 1<sup>er</sup> », « 2<sup>e</sup> ». */
const ORDINAL = /(?<![\p{L}\d_-])(\d+)(er|re|e)(?![\p{L}\d_-])/gu;

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
  if (/\d(?:er|re|e)? /.test(out)) {
    out = out.replace(/(\d) (€|%)/g, `$1${NBSP}$2`);
    // A phone number never wraps: "+33 4 00 00 00 00", "04 00 00 00 00".
    out = out.replace(/(?:\+\d{2,3} \d|\b0\d)(?: \d{2}){4}\b/g, (phone) => phone.replace(/ /g, NBSP));
    // Thousands are grouped by a narrow no-break space: "5 000", "10 014".
    out = out.replace(/(\d) (?=\d{3}(?!\d))/g, `$1${NNBSP}`);
    // A figure keeps the unit or the noun it counts: "30 jours", "10 min", "24 h", "2 caractères"; not a
    // word that follows without being counted ("de 1 à 50", "le 04 00 00 00 00 ou…").
    out = out.replace(FIGURE_AND_NOUN, `$1${NBSP}`);
  }
  if (/[a-zé] \d{4}/.test(out)) out = out.replace(MONTH_AND_YEAR, `$1${NBSP}`);
  // …and the figure its noun: "classe 1", "article 3", "étape 2".
  if (/(?:asse|icle|ape)s? \d/.test(out))
    out = out.replace(/(?<!\p{L})(classe|article|étape)(s?) (?=\d)/giu, `$1$2${NBSP}`);
  if (out.includes('...')) out = out.replace(/\.\.\./g, '…');
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

/** With `memo`, a value typeset once (a page's title and description fill several tags, a label many). */
function typesetTag(tag: string, memo?: Map<string, string>): string {
  const value = (_: string, start: string, text: string) => `${start}${typesetPart(text, frenchTypography, memo)}"`;
  const typeset = tag.replace(PROSE_ATTRIBUTES, value);
  return PROSE_META.test(typeset) ? typeset.replace(/(\scontent=")([^"]*)"/, value) : typeset;
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

/**
 * Typesets the prose values of a JSON-LD object (names, headlines, descriptions, FAQ answers). With
 * `memo`, short values (names, breadcrumb steps: the same on many pages) are typeset once.
 */
export function frenchTypographyJsonLd<T>(value: T, key = '', memo?: Map<string, string>): T {
  if (typeof value === 'string') return (PROSE_KEYS.has(key) ? typesetPart(value, frenchTypography, memo) : value) as T;
  if (Array.isArray(value)) return value.map((item) => frenchTypographyJsonLd(item, key, memo)) as T;
  if (value && typeof value === 'object') {
    // What JSON.stringify would write of it (a Date's text, say), so the result serialises the same.
    const json = 'toJSON' in value && typeof value.toJSON === 'function' ? (value.toJSON(key) as unknown) : value;
    if (json !== value) return frenchTypographyJsonLd(json, key, memo) as T;
    const typeset: Record<string, unknown> = {};
    for (const name of Object.keys(value))
      typeset[name] = frenchTypographyJsonLd((value as Record<string, unknown>)[name], name, memo);
    return typeset as T;
  }
  return value;
}

/**
 * The text of a `<script type="application/ld+json">`: the object's prose typeset, `<` escaped so that
 * it cannot close the element. The templates write JSON-LD with it, already typeset.
 */
export function jsonLdText(value: unknown, memo?: Map<string, string>): string {
  return JSON.stringify(frenchTypographyJsonLd(value, '', memo)).replace(/</g, '\\u003c');
}

function typesetJsonLdScript(script: string): string {
  const match = /^(<script\b[^>]*>)([\s\S]*)(<\/script>)$/.exec(script);
  if (!match) return script;
  try {
    return `${match[1]}${jsonLdText(JSON.parse(match[2]!))}${match[3]}`;
  } catch {
    return script;
  }
}

/**
 * Text runs longer than this are typeset each time: a label, a title or a description (which the head
 * repeats in three tags) is short; a paragraph appears on one page only, and remembering it would only
 * keep it in memory until the build ends.
 */
const MEMO_TEXT = 200;

/** Elements whose content is never page text; the first `</name>` after the opening tag closes them. */
const RAW_ELEMENTS = ['script', 'style', 'pre', 'code', 'textarea'] as const;
const PROSE_IN_TAG = /\s(?:alt|title|aria-label|aria-description|placeholder|data-assistant-message|content)="/;
const JSON_LD = /^<script[^>]*type="application\/ld\+json"/;

const LT = 0x3c;
const GT = 0x3e;

/** Characters that some rule of `frenchTypography` starts from: a text run without any is left as it is. */
const TRIGGER = new Uint8Array(256);
for (const char of "'&;!?:\u00AB\u00BB0123456789>-") TRIGGER[char.charCodeAt(0)] = 1;

const DOT = 0x2e;

function hasTrigger(html: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = html.charCodeAt(at);
    if (code < 256 ? TRIGGER[code] === 1 : code === 0x2264 || code === 0x2265 || code === 0x2248) return true;
    // "...": most runs hold a full stop, few an ellipsis typed as three.
    if (code === DOT && html.charCodeAt(at + 1) === DOT && html.charCodeAt(at + 2) === DOT) return true;
  }
  return false;
}

const isWordCode = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;

/** The end of the raw element (script, style, pre, code, textarea) opening at `at`, or undefined. */
function rawElementEnd(html: string, at: number): { end: number; name: string } | undefined {
  // The first letter of each name (s, p, c, t): most tags are none of them.
  const first = html.charCodeAt(at + 1);
  if (first !== 0x73 && first !== 0x70 && first !== 0x63 && first !== 0x74) return undefined;
  for (const name of RAW_ELEMENTS) {
    if (!html.startsWith(name, at + 1)) continue;
    const after = at + 1 + name.length;
    if (after < html.length && isWordCode(html.charCodeAt(after))) continue;
    const close = html.indexOf(`</${name}>`, after);
    return close < 0 ? undefined : { end: close + name.length + 3, name };
  }
  return undefined;
}

/** `part` typeset by `apply`; with `memo`, a short part is typeset once. */
function typesetPart(part: string, apply: (part: string) => string, memo: Map<string, string> | undefined): string {
  if (!memo || part.length > MEMO_TEXT) return apply(part);
  let done = memo.get(part);
  if (done === undefined) {
    const key = detached(part);
    const typeset = apply(part);
    // What `apply` returns may be made of slices of `part` too.
    memo.set(key, (done = typeset === part ? key : detached(typeset)));
  }
  return done;
}

/** Page text: the typography, and the ordinals' letters raised (text between tags only, never an attribute). */
const typesetText = (text: string) => {
  const out = frenchTypography(text);
  return /\d(?:er|re|e)/.test(out) ? out.replace(ORDINAL, '$1<sup>$2</sup>') : out;
};

const SLASH = 0x2f;
const H = 0x68;
const isHeadingLevel = (code: number) => code >= 0x31 && code <= 0x36;

/**
 * Applies `frenchTypography` to the text between tags, to the attributes people read and to JSON-LD
 * (docs/decisions/0006-french-typography-at-build.md), leaving markup, scripts and styles alone.
 * One pass over the HTML: a text run is typeset only when it holds a character some rule starts from,
 * a tag only when it carries such an attribute. With `memo`, short runs and tags (menus, footer,
 * buttons: the same on every page) are typeset once.
 */
export function frenchTypographyHtml(html: string, memo?: Map<string, string>): string {
  const length = html.length;
  // Inside a heading (h1 to h6) a hyphenated word never breaks at its hyphen ("rendez-vous").
  let heading = false;
  let out = '';
  // html[copied, at) is still to be copied as it is.
  let copied = 0;
  let at = 0;
  // The next `="` (an attribute's value): searched again only once passed, tags without one are many.
  let nextValue = -1;
  while (at < length) {
    if (html.charCodeAt(at) === LT) {
      const raw = rawElementEnd(html, at);
      if (raw) {
        if (raw.name === 'script') {
          const script = html.slice(at, raw.end);
          if (JSON_LD.test(script)) {
            out += html.slice(copied, at) + typesetJsonLdScript(script);
            copied = raw.end;
          }
        }
        at = raw.end;
        continue;
      }
      const close = html.indexOf('>', at + 1);
      if (close < 0) break;
      const closing = html.charCodeAt(at + 1) === SLASH ? 1 : 0;
      if ((html.charCodeAt(at + 1 + closing) | 0x20) === H && isHeadingLevel(html.charCodeAt(at + 2 + closing)))
        heading = !closing;
      // A tag people read an attribute of holds `="` (most tags hold none, or only addresses and classes).
      if (nextValue <= at) {
        nextValue = html.indexOf('="', at + 1);
        if (nextValue < 0) nextValue = length;
      }
      if (nextValue < close) {
        const tag = html.slice(at, close + 1);
        if (PROSE_IN_TAG.test(tag)) {
          const done = typesetPart(tag, (whole) => typesetTag(whole, memo), memo);
          if (done !== tag) {
            out += html.slice(copied, at) + done;
            copied = close + 1;
          }
          at = close + 1;
          continue;
        }
      }
      // Inside this tag no text starts: on to the next '<' in it, if any, or to its end.
      const next = html.indexOf('<', at + 1);
      at = next >= 0 && next < close ? next : close + 1;
      continue;
    } else if (at === 0 || html.charCodeAt(at - 1) === GT) {
      // A text run: from the start or a '>' to the next '<'.
      let end = html.indexOf('<', at);
      if (end < 0) end = length;
      if (hasTrigger(html, at, end)) {
        const text = html.slice(at, end);
        let done = typesetPart(text, typesetText, memo);
        if (heading && done.includes('-')) done = done.replace(/(\p{L})-(?=\p{L})/gu, `$1${NBHY}`);
        if (done !== text) {
          out += html.slice(copied, at) + done;
          copied = end;
        }
      }
      at = end;
      continue;
    }
    // Inside markup: on to the next '<', or to the character after the next '>'.
    const lt = html.indexOf('<', at);
    const gt = html.indexOf('>', at);
    at = Math.min(lt < 0 ? length : lt, gt < 0 ? length : gt + 1);
  }
  return copied === 0 ? html : out + html.slice(copied);
}
