/**
 * French typography for text written with ordinary spaces: a narrow no-break space before
 * « ; ! ? » and inside guillemets, a no-break space before « : » (Imprimerie nationale usage).
 * Applied to built HTML text, so editors type plain spaces.
 */
const NNBSP = '\u202F';
const NBSP = '\u00A0';

export function frenchTypography(text: string): string {
  return text
    .replace(/ ([;!?])/g, `${NNBSP}$1`)
    .replace(/ :(?=\s|$|<)/g, `${NBSP}:`)
    .replace(/« /g, `«${NNBSP}`)
    .replace(/ »/g, `${NNBSP}»`)
    .replace(/(\d) (€|%|h\b|min\b)/g, `$1${NBSP}$2`);
}

/** Applies `frenchTypography` to the text between tags only, leaving markup, scripts and styles alone. */
export function frenchTypographyHtml(html: string): string {
  return html.replace(/(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(<[^>]*>)|([^<]+)/g, (match, raw, _tag, tag, text) =>
    raw || tag ? match : frenchTypography(text),
  );
}
