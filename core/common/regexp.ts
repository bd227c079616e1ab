/** `text` as a regular expression that matches it literally (a configured name, a keyword, a value). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
