/**
 * What DENTY recognises before searching the site (docs/decisions/0034-assistant-retrieval.md): a
 * greeting or thanks on its own, a medical question (refused, never answered from content), and a
 * question that only makes sense after the previous one. The lists are the editors'
 * (content/shared/assistant-vocabulary.yaml); words are compared folded, as typed.
 */
import { containsPhrase, fold, words } from './text.ts';
import type { AssistantVocabulary } from './vocabulary.ts';

export type MessageIntent = 'greeting' | 'thanks' | 'medical' | 'question';

/** The vocabulary's fixed expressions, cut into folded words once. */
export interface IntentLists {
  greetings: string[][];
  thanks: string[][];
  introductions: string[][];
  medicalAlways: string[][];
  symptoms: string[][];
  personal: string[][];
  conditions: string[][];
  procedures: string[][];
  followUpStarts: string[][];
  references: string[][];
}

export function intentLists(vocabulary: AssistantVocabulary): IntentLists {
  const cut = (list: readonly string[]) =>
    list.map((expression) => words(expression)).filter((sequence) => sequence.length > 0);
  return {
    greetings: cut(vocabulary.greetings),
    thanks: cut(vocabulary.thanks),
    introductions: cut(vocabulary.introductions),
    medicalAlways: cut(vocabulary.medical.always),
    symptoms: cut(vocabulary.medical.symptoms),
    personal: cut(vocabulary.medical.personal),
    conditions: cut(vocabulary.medical.conditions),
    procedures: cut(vocabulary.medical.procedures),
    followUpStarts: cut(vocabulary.followUps.starts),
    references: cut(vocabulary.followUps.references),
  };
}

const any = (sequence: readonly string[], list: readonly string[][]) =>
  list.some((phrase) => containsPhrase(sequence, phrase));
const startsWith = (sequence: readonly string[], phrase: readonly string[]) =>
  phrase.length > 0 && phrase.every((word, index) => sequence[index] === word);

/** The message is exactly one of these expressions (punctuation and the assistant's name aside). */
function isOnly(sequence: readonly string[], list: readonly string[][], assistantName: string): boolean {
  const rest = sequence.filter((word) => word !== assistantName);
  return rest.length > 0 && list.some((phrase) => phrase.length === rest.length && startsWith(rest, phrase));
}

/**
 * A question about someone's health: a diagnosis, a treatment or a dosage. Always medical: a dosage, a
 * drug; otherwise a symptom asked about personally (« j'ai mal », « que faire ? ») or about a procedure
 * (« saignement après une extraction »), or a patient's condition with a procedure (« sous
 * anticoagulants, une extraction ? »). A condition alone stays a product question (« le questionnaire
 * signale-t-il les anticoagulants ? »).
 */
export function isMedicalQuestion(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  const has = (list: readonly string[][]) => any(sequence, list);
  return (
    has(lists.medicalAlways) ||
    (has(lists.symptoms) && (has(lists.personal) || has(lists.procedures))) ||
    (has(lists.conditions) && has(lists.procedures))
  );
}

/** An introduction is short: « je suis assistante dentaire », not « je suis dentiste et je cherche un agenda ». */
const INTRODUCTION_MAX_WORDS = 6;

/** « je suis assistante dentaire », after a greeting or alone: nothing asked yet. */
function isIntroduction(text: string, lists: IntentLists, assistantName: string): boolean {
  if (text.includes('?')) return false;
  let sequence = words(text).filter((word) => word !== assistantName);
  const greeting = lists.greetings
    .filter((phrase) => startsWith(sequence, phrase))
    .sort((a, b) => b.length - a.length)[0];
  if (greeting) sequence = sequence.slice(greeting.length);
  return (
    sequence.length <= INTRODUCTION_MAX_WORDS && lists.introductions.some((phrase) => startsWith(sequence, phrase))
  );
}

export function classifyMessage(text: string, lists: IntentLists, assistantName: string): MessageIntent {
  const sequence = words(text);
  const name = assistantName.toLowerCase();
  if (isOnly(sequence, lists.greetings, name) || isIntroduction(text, lists, name)) return 'greeting';
  if (isOnly(sequence, lists.thanks, name)) return 'thanks';
  if (isMedicalQuestion(text, lists)) return 'medical';
  return 'question';
}

/** "Bonjour, quel est le prix ?" → "quel est le prix ?": the greeting is answered by the answer itself. */
export function withoutGreeting(text: string, lists: IntentLists): string {
  const sequence = words(text);
  const greeting = lists.greetings
    .filter((phrase) => startsWith(sequence, phrase))
    .sort((a, b) => b.length - a.length)[0];
  if (!greeting) return text;
  // Drop as many words from the start of the original text as the greeting has.
  let rest = text.trimStart();
  for (let i = 0; i < greeting.length; i++) rest = rest.replace(/^[^\p{L}\p{N}]*[\p{L}\p{N}]+/u, '');
  return rest.replace(/^[\s,;:!.-]+/, '') || text;
}

/** Words that ask how, how much, which or why: the answer is not a yes or a no. */
const OPEN_QUESTION_WORDS = new Set([
  'comment',
  'combien',
  'pourquoi',
  'quel',
  'quelle',
  'quels',
  'quelles',
  'quoi',
  'lequel',
  'laquelle',
  'lesquels',
  'lesquelles',
]);
/** Words that ask when, who, what or where when they open the question (« où » is « ou » folded). */
const OPEN_QUESTION_STARTS = new Set(['quand', 'qui', 'que', 'qu', 'ou']);

/**
 * Whether a message asks for yes or no: « Dentivo est-il conforme au RGPD ? », « est-ce que ça marche sur
 * Mac », « on peut arrêter quand on veut ? », but not « comment résilier ? », « quel prix ? » or a word
 * typed alone (« résiliation »).
 */
export function asksYesOrNo(text: string): boolean {
  const sequence = words(text);
  if (!sequence.length || OPEN_QUESTION_STARTS.has(sequence[0]!)) return false;
  if (sequence.some((word) => OPEN_QUESTION_WORDS.has(word))) return false;
  return (
    /\?\s*$/.test(text) || sequence[0] === 'est' || /\p{L}-(?:t-)?(?:il|elle|on|je|vous|ils|elles)\b/u.test(fold(text))
  );
}

/** A question that leans on the previous one: it starts like "et pour…" or points back ("tout ça"). */
export function looksLikeFollowUp(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return lists.followUpStarts.some((phrase) => startsWith(sequence, phrase)) || any(sequence, lists.references);
}
