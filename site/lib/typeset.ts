/**
 * The French typography transform of every built page (docs/decisions/0006-french-typography-at-build.md).
 * Parts rendered once per build (site/lib/memo.ts, islands, cards) are typeset once and stand in the
 * pages as a reference (`<!--part:12-->`) that the page transform replaces with their UTF-8 bytes,
 * encoded once: two thirds of an article's page is shell, and it is neither copied into each page's
 * text nor encoded again (docs/decisions/0048-shared-parts-by-reference.md). JSON-LD (the `jsonLd`
 * filter) is typeset once, as a region between two markers that the page transform copies as it is
 * (and removes). Text runs shared by many pages are remembered. Typesetting twice changes nothing, so
 * a part inside another is harmless.
 */
import { frenchTypographyHtml, jsonLdText } from '../../core/common/typography.ts';

const MEMO_LIMIT = 200_000;
const START = '<!--typeset-->';
const END = '<!--/typeset-->';
const PART = '<!--part:';
const PART_END = '-->';

export function createTypesetter() {
  const memo = new Map<string, string>();
  const html = (text: string) => {
    if (memo.size > MEMO_LIMIT) memo.clear();
    return frenchTypographyHtml(text, memo);
  };
  // JSON-LD values are plain text, not HTML: their own memo.
  const jsonMemo = new Map<string, string>();
  // The parts of this build, typeset, and their bytes once a page has needed them.
  let parts: string[] = [];
  let bytes: (Buffer | undefined)[] = [];

  /**
   * Walks a text: `plain` gets what lies outside regions and parts, `region` a region's text (already
   * typeset), `part` a part's number.
   */
  const walk = (
    text: string,
    plain: (text: string) => void,
    region: (text: string) => void,
    part: (id: number) => void,
  ) => {
    let from = 0;
    for (let at = text.indexOf('<!--'); at >= 0; at = text.indexOf('<!--', at + 1)) {
      if (text.startsWith(PART, at)) {
        const close = text.indexOf(PART_END, at + PART.length);
        const number = close < 0 ? '' : text.slice(at + PART.length, close);
        const id = Number(number);
        // Anything else is a comment of the page's own (an editor's HTML), left as it is.
        if (!/^\d+$/.test(number) || id >= parts.length) continue;
        plain(text.slice(from, at));
        part(id);
        from = close + PART_END.length;
        at = from - 1;
      } else if (text.startsWith(START, at)) {
        const end = text.indexOf(END, at);
        if (end < 0) break;
        plain(text.slice(from, at));
        region(text.slice(at + START.length, end));
        from = end + END.length;
        at = from - 1;
      }
    }
    plain(text.slice(from));
  };

  /** The text with its parts written out and the regions' markers dropped. */
  const strip = (text: string) => {
    if (!text.includes('<!--')) return text;
    let out = '';
    const copy = (piece: string) => {
      out += piece;
    };
    walk(text, copy, copy, (id) => copy(parts[id]!));
    return out;
  };

  /** Typesets what lies outside regions and parts, and gives the page's bytes. */
  const page = (text: string): Buffer => {
    const chunks: Buffer[] = [];
    let pending = '';
    walk(
      text,
      (piece) => {
        pending += html(piece);
      },
      (piece) => {
        pending += piece;
      },
      (id) => {
        if (pending) chunks.push(Buffer.from(pending));
        pending = '';
        chunks.push((bytes[id] ??= Buffer.from(parts[id]!)));
      },
    );
    if (pending) chunks.push(Buffer.from(pending));
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  };

  return {
    html,
    /** Writes the parts out and removes the markers (for what is not a page: the search index's cards). */
    strip,
    /** Forgets the parts (a new build renders its own). */
    clear: () => {
      parts = [];
      bytes = [];
    },
    /** A part typeset now, which pages refer to: the page transform writes its bytes without reading it. */
    part: (text: string) => `${PART}${parts.push(html(strip(text))) - 1}${PART_END}`,
    /** A JSON-LD element, its prose typeset from the object itself: the page transform need not parse it back. */
    jsonLd: (value: unknown) => {
      if (jsonMemo.size > MEMO_LIMIT) jsonMemo.clear();
      return `${START}<script type="application/ld+json">${jsonLdText(value, jsonMemo)}</script>${END}`;
    },
    /** For eleventyConfig.addTransform: HTML pages typeset and encoded, other files with their parts written out. */
    transform: (content: string, outputPath: string | false | undefined): string | Buffer =>
      typeof outputPath === 'string' && outputPath.endsWith('.html') ? page(content) : strip(content),
  };
}
