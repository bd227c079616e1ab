/**
 * The opening of an answer: at most 60 words taken from the site's own words (a FAQ answer, a section's
 * lead, a card, an article's sentences), chosen for the question. A coming-soon module is said to be
 * coming soon. A FAQ answer's « Oui. » or « Non. » answers the FAQ's own question: it is kept only when
 * the visitor asks that same yes-or-no question. docs/decisions/0034-assistant-retrieval.md.
 */
import type { AssistantLine } from './knowledge.ts';
import { lineWeight as lineScore, questionOverlap, type PreparedDoc } from './ranking.ts';
import type { Understanding } from './understanding.ts';
import { wordCount } from './text.ts';

export const OPENING_MAX_WORDS = 60;

/** Splits prose into sentences (the index keeps FAQ answers whole). */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+(?=[A-ZÀ-ÖØ-Þ«"0-9])/u).filter(Boolean);
}

/** "Rappels 48 h avant" + "Le patient reçoit…" → "Rappels 48 h avant : le patient reçoit…". */
function lineSentence(line: AssistantLine): string {
  if (!line.title) return line.text;
  if (!line.text) return /[.!?…]$/.test(line.title) ? line.title : `${line.title}.`;
  // French lowercases after a colon, except a name ("Dentivo", "DENTY") or an acronym.
  const text =
    /^\p{Lu}\p{Ll}/u.test(line.text) && !/^(Dentivo|DENTY|Dr)\b/.test(line.text)
      ? line.text[0]!.toLowerCase() + line.text.slice(1)
      : line.text;
  return `${line.title} : ${text}`;
}

/** Keeps whole sentences while they fit; a first sentence longer than the limit is cut with an ellipsis. */
export function limitWords(sentences: readonly string[], max = OPENING_MAX_WORDS): string {
  const kept: string[] = [];
  let count = 0;
  for (const sentence of sentences.flatMap(sentencesOf)) {
    const size = wordCount(sentence);
    if (count + size > max) {
      if (!kept.length)
        return `${sentence
          .split(/\s+/)
          .slice(0, max)
          .join(' ')
          .replace(/[,;:]$/, '')}…`;
      break;
    }
    kept.push(sentence);
    count += size;
  }
  return kept.join(' ');
}

/**
 * A sentence that points back (« Ce code… », « Elle est… », « Cela… ») needs the one before it to be
 * understood: an opening never starts on it.
 */
const POINTS_BACK =
  /^(?:ce|cet|cette|ces|cela|ceci|ça|il|elle|ils|elles|celui|celle|ceux|celles|là|leur|leurs|son|sa|ses)\b/iu;

/** The line to start from: the one that answers best, or the one before it when it points back. */
function startOf(lines: readonly AssistantLine[], best: number): number {
  const line = lines[best];
  return best > 0 && line && !line.title && !lines[best - 1]!.title && POINTS_BACK.test(line.text) ? best - 1 : best;
}

/** From one line, the next ones while they fit: prose reads on, a card stands alone unless the next answers too. */
function continueFrom(lines: readonly AssistantLine[], scores: readonly number[], start: number): string {
  const chosen = [lines[start]!];
  let count = wordCount(lineSentence(chosen[0]!));
  for (let index = start + 1; index < lines.length && count < OPENING_MAX_WORDS; index++) {
    const line = lines[index]!;
    if (line.title && !(scores[index]! > 0)) break;
    if (!line.title && chosen[0]!.title) break;
    const size = wordCount(lineSentence(line));
    if (count + size > OPENING_MAX_WORDS) break;
    chosen.push(line);
    count += size;
  }
  return limitWords(chosen.map(lineSentence));
}

const SAYS_COMING_SOON = /bient[oô]t|[àa] venir/i;

/** « Oui. », « Non ! », « Oui, et sans tout basculer d'un coup. »: a sentence that only says yes or no. */
const BARE_YES_OR_NO = /^(?:oui|non)\s*(?:[.!]|,[^.!?]*[.!])$/iu;
const BARE_YES_OR_NO_MAX_WORDS = 8;
/** Share of each question's weight the other must hold for both to ask the same thing. */
const SAME_QUESTION_SHARE = 0.5;

/** Whether the visitor's question and the FAQ's question ask the same thing, each holding most of the other. */
const asksTheSame = (prepared: PreparedDoc, understanding: Understanding, idf: (term: string) => number) =>
  questionOverlap(prepared.titleTerms, understanding, idf) >= SAME_QUESTION_SHARE;

/**
 * A FAQ answer, whole sentences from its start while they fit; its first sentence left out when it only
 * says yes or no to another question than the visitor's; and when the sentence that answers the
 * question best would not fit, the first sentence then that one.
 */
function faqOpening(prepared: PreparedDoc, understanding: Understanding, idf: (term: string) => number): string {
  let sentences = prepared.doc.lines.flatMap((line) => sentencesOf(line.text));
  let terms = prepared.sentenceTerms?.length === sentences.length ? prepared.sentenceTerms : undefined;
  const first = sentences[0] ?? '';
  if (
    sentences.length > 1 &&
    BARE_YES_OR_NO.test(first) &&
    wordCount(first) <= BARE_YES_OR_NO_MAX_WORDS &&
    !(understanding.yesNo && asksTheSame(prepared, understanding, idf))
  ) {
    sentences = sentences.slice(1);
    terms = terms?.slice(1);
  }
  if (!terms) return limitWords(sentences);
  let fit = 0;
  for (let count = 0; fit < sentences.length; fit++) {
    count += wordCount(sentences[fit]!);
    if (count > OPENING_MAX_WORDS) break;
  }
  const scores = terms.map((sentence) => lineScore(sentence, understanding, idf));
  const best = scores.reduce((top, score, index) => (score > scores[top]! ? index : top), 0);
  if (best >= fit && best > 0 && scores[best]! > Math.max(0, ...scores.slice(0, fit))) {
    const pair = [sentences[0]!, sentences[best]!];
    return limitWords(wordCount(pair.join(' ')) <= OPENING_MAX_WORDS ? pair : [sentences[best]!]);
  }
  return limitWords(sentences);
}

export function opening(
  prepared: PreparedDoc,
  understanding: Understanding,
  idf: (term: string) => number,
  productName: string,
): string {
  const { doc } = prepared;
  let text: string;
  if (doc.kind === 'faq') text = faqOpening(prepared, understanding, idf);
  else {
    const scores = prepared.lineTerms.map((terms) => lineScore(terms, understanding, idf));
    const best = scores.reduce((top, score, index) => (score > scores[top]! ? index : top), 0);
    const titleScore = lineScore(prepared.titleTerms, understanding, idf);
    const intro = doc.lines[0] && !doc.lines[0].title ? doc.lines[0] : undefined;
    const items = doc.lines.filter((line) => line.title);
    // The section answers as a whole when its title says more than any of its lines.
    const wholeSection = scores[best]! === 0 || scores[best]! < titleScore / 2 || (best === 0 && Boolean(intro));
    if (wholeSection && intro && items.length >= 3) {
      // A list with its lead ("Explorer les fonctionnalités"): the lead, then the items' names.
      text = limitWords([`${intro.text.replace(/[.!…]$/, '')} : ${items.map((line) => line.title).join(', ')}.`]);
    } else if (wholeSection) {
      text = continueFrom(doc.lines, scores, 0);
    } else {
      text = continueFrom(doc.lines, scores, startOf(doc.lines, best));
    }
  }
  const comingSoon =
    doc.comingSoon || doc.lines.some((line) => line.comingSoon && text.includes(line.title ?? '\u0000'));
  if (comingSoon && !SAYS_COMING_SOON.test(text)) {
    const notice = `Bientôt disponible dans ${productName}.`;
    text = `${notice} ${limitWords([text], OPENING_MAX_WORDS - wordCount(notice))}`;
  }
  return text;
}
