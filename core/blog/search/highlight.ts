/**
 * Which words of a text a query matched: those filed under a matched term, so « équipes » is marked for
 * the query « equipe » and « organisation » for « organsation ».
 */
import { indexTerms, words } from './tokenize.ts';

export interface Segment {
  text: string;
  mark: boolean;
}

export function highlight(text: string, terms: ReadonlySet<string>): Segment[] {
  if (!terms.size) return [{ text, mark: false }];
  const segments: Segment[] = [];
  let from = 0;
  for (const span of words(text)) {
    if (!indexTerms(span.word).some((term) => terms.has(term))) continue;
    if (span.start > from) segments.push({ text: text.slice(from, span.start), mark: false });
    segments.push({ text: text.slice(span.start, span.end), mark: true });
    from = span.end;
  }
  if (from < text.length) segments.push({ text: text.slice(from), mark: false });
  return segments;
}
