/**
 * The control-character rule of every text a visitor leaves with us (contact and tester forms, the
 * assistant's messages, file names): no C0 or C1 control (ESC, BEL…), no DEL, no bidirectional
 * embedding, override or isolate (U+202A–U+202E, U+2066–U+2069, which turn « fichier‮fdp.exe » into
 * « fichierexe.pdf » on the team's screen), no lone surrogate (Postgres cannot store it). A multi-line
 * text keeps tabs and line breaks. The database holds the same rule (public.has_control_characters in
 * supabase/migrations), so a text that bypasses this code is refused there too.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/**
 * The same rules as whole-text patterns, so that a zod schema can say them with `z.regex` and JSON Schema
 * carries them (scripts/lib/compiled-checks.ts). Under the `u` flag a surrogate pair reads as one code
 * point, so `\uD800-\uDFFF` only matches a lone half.
 */
const CLEAN_LINE = /^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]*$/u;
const CLEAN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]*$/u;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The pattern a clean text matches as a whole (`multiLine`: tabs and line breaks allowed). */
export const cleanTextPattern = (multiLine = false): RegExp => (multiLine ? CLEAN_TEXT : CLEAN_LINE);

/** Whether `value` is free of the characters above (`multiLine`: tabs and line breaks allowed). */
export function isCleanText(value: string, multiLine = false): boolean {
  return cleanTextPattern(multiLine).test(value);
}

/** `value` without those characters: what the widget sends as a file's name, which the visitor cannot easily change. */
export function withoutControlCharacters(value: string, multiLine = false): string {
  return value
    .replace(new RegExp((multiLine ? MULTI_LINE : SINGLE_LINE).source, 'g'), '')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}
