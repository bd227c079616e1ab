/**
 * What a reader reads of a built page: its text, block edges marked (a block element's edge is a line's
 * edge anyway, an inline element's is not), and the attributes people read. Scripts, code and drawings
 * are left out. Read by tests/unit/page-typography.test.ts and tests/unit/spec-texts.test.ts.
 */
const BLOCKS =
  'address|article|aside|blockquote|br|button|caption|dd|details|dialog|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|img|input|label|legend|li|main|nav|ol|option|p|section|select|summary|table|tbody|td|tfoot|th|thead|tr|ul';
const BLOCK_TAG = new RegExp(`<\\/?(?:${BLOCKS})\\b[^>]*>`, 'g');
const EDGE = '\u00B6';

export const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00A0')
    .replace(/&amp;/g, '&');

/** The page's text, block edges marked with ¶, then the attributes people read, then its description. */
export function readableText(html: string): string[] {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<(script|style|pre|code|textarea|svg)\b[\s\S]*?<\/\1>/g, EDGE);
  const attributes = [...body.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)].map(([, value]) =>
    decode(value!),
  );
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  return [
    decode(body.replace(BLOCK_TAG, EDGE).replace(/<[^>]*>/g, '')),
    ...attributes,
    ...(description ? [decode(description)] : []),
  ];
}
