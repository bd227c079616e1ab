/**
 * French typography for text written with ordinary spaces and straight apostrophes: the typographic
 * apostrophe (’), a narrow no-break space before
 * « ; ! ? » and inside guillemets, a no-break space before « : » (Imprimerie nationale usage).
 * Applied to built HTML text, so editors type plain spaces.
 */
const NNBSP = '\u202F';
const NBSP = '\u00A0';

export function frenchTypography(text: string): string {
  return text
    .replace(/(\p{L})(?:'|&#39;|&#x27;|&apos;)(?=\p{L})/gu, '$1’')
    .replace(/ ([;!?])/g, `${NNBSP}$1`)
    .replace(/ :(?=\s|$|<)/g, `${NBSP}:`)
    .replace(/« /g, `«${NNBSP}`)
    .replace(/ »/g, `${NNBSP}»`)
    .replace(/(\d) (€|%|h\b|min\b)/g, `$1${NBSP}$2`)
    // A phone number never wraps: "+33 4 00 00 00 00", "04 00 00 00 00".
    .replace(/(?:\+\d{2,3} \d|\b0\d)(?: \d{2}){4}\b/g, (phone) => phone.replace(/ /g, NBSP));
}

/** Applies `frenchTypography` to the text between tags only, leaving markup, scripts and styles alone. */
export function frenchTypographyHtml(html: string): string {
  return html.replace(/(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(<[^>]*>)|([^<]+)/g, (match, raw, _tag, tag, text) =>
    raw || tag ? match : frenchTypography(text),
  );
}
