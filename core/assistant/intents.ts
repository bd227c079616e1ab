/**
 * What DENTY recognises before searching the site (docs/decisions/0034-assistant-retrieval.md): a
 * greeting or thanks on its own, a medical question (refused, never answered from content), and a
 * question that only makes sense after the previous one. The lists are the editors'
 * (content/shared/assistant-vocabulary.yaml); words are compared folded, as typed.
 */
import { containsPhrase, words } from './text.ts';
import type { AssistantVocabulary } from './vocabulary.ts';

export type MessageIntent = 'greeting' | 'thanks' | 'medical' | 'question';

/** The vocabulary's fixed expressions, cut into folded words once. */
export interface IntentLists {
  greetings: string[][];
  thanks: string[][];
  medicalAlways: string[][];
  symptoms: string[][];
  personal: string[][];
  followUpStarts: string[][];
  references: string[][];
}

export function intentLists(vocabulary: AssistantVocabulary): IntentLists {
  const cut = (list: readonly string[]) =>
    list.map((expression) => words(expression)).filter((sequence) => sequence.length > 0);
  return {
    greetings: cut(vocabulary.greetings),
    thanks: cut(vocabulary.thanks),
    medicalAlways: cut(vocabulary.medical.always),
    symptoms: cut(vocabulary.medical.symptoms),
    personal: cut(vocabulary.medical.personal),
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

/** A question about someone's health: a diagnosis, a treatment or a dosage. */
export function isMedicalQuestion(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return any(sequence, lists.medicalAlways) || (any(sequence, lists.symptoms) && any(sequence, lists.personal));
}

export function classifyMessage(text: string, lists: IntentLists, assistantName: string): MessageIntent {
  const sequence = words(text);
  const name = assistantName.toLowerCase();
  if (isOnly(sequence, lists.greetings, name)) return 'greeting';
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

/** A question that leans on the previous one: it starts like "et pour…" or points back ("tout ça"). */
export function looksLikeFollowUp(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return lists.followUpStarts.some((phrase) => startsWith(sequence, phrase)) || any(sequence, lists.references);
}
