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

/** Applies `frenchTypography` to the text between tags only, leaving markup, scripts and styles alone. */
export function frenchTypographyHtml(html: string): string {
  return html.replace(
    /(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(<[^>]*>)|([^<]+)/g,
    (match, raw, _tag, tag, text) => (raw || tag ? match : frenchTypography(text)),
  );
}
