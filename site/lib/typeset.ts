/**
 * The French typography transform of every built page (docs/decisions/0006-french-typography-at-build.md).
 * Parts rendered once per build (site/lib/memo.ts, islands, cards) and JSON-LD (the `jsonLd` filter) are
 * typeset once, as regions between two markers that the page transform copies as they are (and
 * removes); text runs shared by many pages are remembered. Typesetting twice changes nothing, so a
 * region inside another is harmless.
 */
import { frenchTypographyHtml, jsonLdText } from '../../core/site/typography.ts';

const MEMO_LIMIT = 200_000;
const START = '<!--typeset-->';
const END = '<!--/typeset-->';

export function createTypesetter() {
  const memo = new Map<string, string>();
  const html = (text: string) => {
    if (memo.size > MEMO_LIMIT) memo.clear();
    return frenchTypographyHtml(text, memo);
  };
  // JSON-LD values are plain text, not HTML: their own memo.
  const jsonMemo = new Map<string, string>();
  const strip = (text: string) => (text.includes(START) ? text.split(START).join('').split(END).join('') : text);

  /** Typesets what lies outside the regions, copies the regions, drops the markers. */
  const page = (text: string) => {
    let out = '';
    let from = 0;
    for (let start = text.indexOf(START); start >= 0; start = text.indexOf(START, from)) {
      const end = text.indexOf(END, start);
      if (end < 0) break;
      out += html(text.slice(from, start)) + text.slice(start + START.length, end);
      from = end + END.length;
    }
    return out + html(text.slice(from));
  };

  return {
    html,
    /** Removes the markers (for what is not a page: the search index's cards). */
    strip,
    /** A part typeset now, which the page transform will copy without reading it again. */
    region: (text: string) => `${START}${html(strip(text))}${END}`,
    /** A JSON-LD element, its prose typeset from the object itself: the page transform need not parse it back. */
    jsonLd: (value: unknown) => {
      if (jsonMemo.size > MEMO_LIMIT) jsonMemo.clear();
      return `${START}<script type="application/ld+json">${jsonLdText(value, jsonMemo)}</script>${END}`;
    },
    /** For eleventyConfig.addTransform: HTML pages only. */
    transform: (content: string, outputPath: string | false | undefined) =>
      typeof outputPath === 'string' && outputPath.endsWith('.html') ? page(content) : content,
  };
}
