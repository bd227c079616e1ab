/**
 * What DENTY recognises before searching the site (docs/decisions/0034-assistant-retrieval.md): a
 * greeting or thanks on its own, a medical question (refused, never answered from content), and a
 * question that only makes sense after the previous one. The lists are the editors'
 * (content/shared/assistant-vocabulary.yaml); words are compared folded, as typed.
 */
import { escapeRegExp } from '../common/regexp.ts';
import { containsPhrase, fold, words } from './text.ts';
import type { AssistantVocabulary } from './vocabulary.ts';

export type MessageIntent = 'greeting' | 'thanks' | 'farewell' | 'medical' | 'question';

/** The vocabulary's fixed expressions, cut into folded words once. */
export interface IntentLists {
  greetings: string[][];
  thanks: string[][];
  farewells: string[][];
  smallTalk: string[][];
  introductions: string[][];
  medicalAlways: string[][];
  symptoms: string[][];
  personal: string[][];
  conditions: string[][];
  procedures: string[][];
  /** Teeth, mouth and care (« couronne »): what a health question the site does not answer speaks of. */
  care: string[][];
  /** Money and paperwork (« remboursement »): a question about care that speaks of them is not medical. */
  paperwork: string[][];
  followUpStarts: string[][];
  references: string[][];
  /** Requests for a person: a call back, someone to talk to, a demonstration. */
  handoff: string[][];
  /** Words that ask what it costs. */
  price: string[][];
}

export function intentLists(vocabulary: AssistantVocabulary): IntentLists {
  const cut = (list: readonly string[]) =>
    list.map((expression) => words(expression)).filter((sequence) => sequence.length > 0);
  return {
    greetings: cut(vocabulary.greetings),
    thanks: cut(vocabulary.thanks),
    farewells: cut(vocabulary.farewells),
    smallTalk: cut(vocabulary.smallTalk),
    introductions: cut(vocabulary.introductions),
    medicalAlways: cut(vocabulary.medical.always),
    symptoms: cut(vocabulary.medical.symptoms),
    personal: cut(vocabulary.medical.personal),
    conditions: cut(vocabulary.medical.conditions),
    procedures: cut(vocabulary.medical.procedures),
    care: cut(vocabulary.medical.care),
    paperwork: cut(vocabulary.medical.paperwork),
    followUpStarts: cut(vocabulary.followUps.starts),
    references: cut(vocabulary.followUps.references),
    handoff: cut(vocabulary.handoff),
    price: cut(vocabulary.price),
  };
}

const any = (sequence: readonly string[], list: readonly string[][]) =>
  list.some((phrase) => containsPhrase(sequence, phrase));
const startsWith = (sequence: readonly string[], phrase: readonly string[]) =>
  phrase.length > 0 && phrase.every((word, index) => sequence[index] === word);

export type Social = 'greeting' | 'thanks' | 'farewell';

/** Each social list with what it says; small talk (« vous allez bien ? ») goes with a greeting. */
const socialGroups = (lists: IntentLists): [Social, string[][]][] => [
  ['greeting', lists.greetings],
  ['greeting', lists.smallTalk],
  ['thanks', lists.thanks],
  ['farewell', lists.farewells],
];

/** What a message of several social expressions says, to reply once: a farewell, then thanks, then a greeting. */
function strongest(kinds: ReadonlySet<Social>): Social | undefined {
  return (['farewell', 'thanks', 'greeting'] as const).find((kind) => kinds.has(kind));
}

/**
 * Words that join social expressions and say nothing of their own: « ok parfait, bonne journée et au
 * revoir ». Skipped between and after them, never counted as one (« ok » alone is no thanks).
 */
const SOCIAL_GLUE = new Set('et ok okay bon ben bah eh alors bien donc encore voila'.split(' '));

/**
 * The social expressions that open `sequence`, the assistant's name among them: « bonjour DENTY vous
 * allez bien », « super, merci bien ». Returns what they were, how many words they took up to the
 * last of them (a name after it may be the question's subject: « Bonjour, DENTY fait-il… »), and
 * whether they took every word. Every way of cutting the words is tried (« super merci » then « bien »
 * leaves a word, « super » then « merci bien » does not).
 */
function socialPrefix(
  sequence: readonly string[],
  lists: IntentLists,
  assistantName: string,
): { kinds: Set<Social>; length: number; whole: boolean } {
  const groups = socialGroups(lists);
  type Cut = { kinds: Social[]; length: number; whole: boolean };
  const cuts = new Map<number, Cut>();
  const cut = (at: number): Cut => {
    const known = cuts.get(at);
    if (known) return known;
    const found = cutAt(at);
    cuts.set(at, found);
    return found;
  };
  const cutAt = (at: number): Cut => {
    if (at === sequence.length) return { kinds: [], length: at, whole: true };
    if (sequence[at] === assistantName || SOCIAL_GLUE.has(sequence[at]!)) {
      const after = cut(at + 1);
      return after.kinds.length ? after : { kinds: [], length: at, whole: after.whole };
    }
    let best: Cut = { kinds: [], length: at, whole: false };
    const rest = sequence.slice(at);
    for (const [kind, list] of groups)
      for (const phrase of list) {
        if (!startsWith(rest, phrase)) continue;
        const after = cut(at + phrase.length);
        const option = {
          kinds: [kind, ...after.kinds],
          length: after.kinds.length ? after.length : at + phrase.length,
          whole: after.whole,
        };
        if ((option.whole && !best.whole) || (option.whole === best.whole && option.length > best.length))
          best = option;
      }
    return best;
  };
  const { kinds, length, whole } = cut(0);
  return { kinds: new Set(kinds), length, whole: whole && kinds.length > 0 };
}

/**
 * A message made only of greetings, small talk, thanks and farewells (and the assistant's name): what
 * it says, a farewell before thanks before a greeting. Undefined when it asks anything else.
 */
function socialOnly(sequence: readonly string[], lists: IntentLists, assistantName: string): Social | undefined {
  const { kinds, whole } = socialPrefix(sequence, lists, assistantName);
  return whole ? strongest(kinds) : undefined;
}

/**
 * A question about someone's health: a diagnosis, a treatment or a dosage. Always medical: a dosage, a
 * drug, a symptom asked about personally (« j'ai mal », « que faire ? »); and a patient's case (a
 * symptom or a condition with a procedure: « saignement après une extraction », « sous anticoagulants,
 * une extraction ? ») unless it is asked of the product (« si un patient écrit à DENTY qu'il a mal après
 * une extraction, que fait l'assistant ? »): a practitioner choosing the product asks it, so it is
 * searched, and what the site does not answer still gets the medical reply (backend/assistant/answer.ts).
 * A condition alone stays a product question (« le questionnaire signale-t-il les anticoagulants ? »).
 */
export function isMedicalQuestion(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  const has = (list: readonly string[][]) => any(sequence, list);
  return (
    has(lists.medicalAlways) ||
    asksForDiagnosisOrTreatment(text, lists) ||
    (has(lists.symptoms) && has(lists.personal)) ||
    (tellsAHealthCase(text, lists) && !namesTheProduct(text))
  );
}

/** A case told with a symptom or a condition and a procedure: health, whoever it is asked of. */
export function tellsAHealthCase(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return (any(sequence, lists.symptoms) || any(sequence, lists.conditions)) && any(sequence, lists.procedures);
}

/**
 * A diagnosis asked for (« vous poseriez quel diagnostic ? »), or a choice between treatments (« plutôt
 * le MTA ou la Biodentine ? », « surfaçage ou chirurgie ? ») about care: a practitioner's decision
 * (docs/requirements.md#assistant-answers), whatever the words of care.
 */
const DIAGNOSIS = /\bdiagnosti(?:c|quer)\b/;
const CHOICE =
  /\b(?:plutot|vaut[- ]il mieux|mieux vaut|preferer|privilegier|choisir entre|conseillez|recommandez|soit)\b[^?]*\b(?:ou|soit)\b|\b(?:lequel|laquelle|quel|quelle) (?:est|serait) (?:le|la) (?:mieux|meilleur|meilleure)\b|\b(?:je|on) (?:fais|fait|pars|part|passe|tente|mets|met|pose|garde|commence)\b[^?]*\bou (?:je|on|bien|alors|directement)\b/;

export function asksForDiagnosisOrTreatment(text: string, lists: IntentLists): boolean {
  const folded = words(text).join(' ');
  const sequence = words(text);
  const aboutCare = [lists.care, lists.procedures, lists.symptoms, lists.conditions].some((list) =>
    any(sequence, list),
  );
  return (
    (DIAGNOSIS.test(folded) && asksSomething(text)) ||
    (CHOICE.test(folded) && aboutCare && !any(sequence, lists.paperwork))
  );
}

/**
 * A question about teeth, the mouth or care (« ma couronne s'est décollée, je peux la recoller ? », « le
 * blanchiment abîme-t-il l'émail ? »): it asks (a question mark, a word that asks, a yes-or-no turn) and
 * speaks of care. The site answers product questions about them (« le schéma dentaire »), so this alone
 * is no refusal: it decides what a question the site does not answer gets, the medical reply rather
 * than « pas trouvé » (backend/assistant/answer.ts). « Écris-moi un poème sur les dents » asks nothing;
 * « le remboursement d'une couronne » is paperwork, not health.
 */
export function asksAboutCare(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return asksSomething(text) && any(sequence, lists.care) && !any(sequence, lists.paperwork);
}

/** An introduction is short: « je suis assistante dentaire », not « je suis dentiste et je cherche un agenda ». */
const INTRODUCTION_MAX_WORDS = 6;

/** « je suis assistante dentaire », after a greeting or alone: nothing asked yet. */
function isIntroduction(text: string, lists: IntentLists, assistantName: string): boolean {
  if (text.includes('?')) return false;
  const sequence = words(text);
  const rest = sequence
    .slice(socialPrefix(sequence, lists, assistantName).length)
    .filter((word) => word !== assistantName);
  return rest.length <= INTRODUCTION_MAX_WORDS && lists.introductions.some((phrase) => startsWith(rest, phrase));
}

export function classifyMessage(text: string, lists: IntentLists, assistantName: string): MessageIntent {
  const sequence = words(text);
  const name = assistantName.toLowerCase();
  const social = socialOnly(sequence, lists, name);
  if (social) return social;
  if (isIntroduction(text, lists, name)) return 'greeting';
  if (isMedicalQuestion(text, lists)) return 'medical';
  return 'question';
}

/**
 * "Bonjour DENTY, vous allez bien ? Quel est le prix ?" → "Quel est le prix ?": the greeting is answered
 * by the answer itself.
 */
export function withoutGreeting(text: string, lists: IntentLists, assistantName = ''): string {
  const { length } = socialPrefix(words(text), lists, assistantName.toLowerCase());
  if (!length) return text;
  // Drop as many words from the start of the original text as the social expressions took.
  let rest = text.trimStart();
  for (let i = 0; i < length; i++) rest = rest.replace(/^[^\p{L}\p{N}]*[\p{L}\p{N}]+/u, '');
  // « Bonjour DENTY, quel prix ? »: the name said to the assistant, before a comma, goes with the greeting.
  const name = escapeRegExp(assistantName);
  if (name) rest = rest.replace(new RegExp(`^\\s*${name}\\s*[,:;!.]`, 'iu'), '');
  return rest.replace(/^[\s,;:!?.-]+/, '') || text;
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
/** Words that ask for something, in a question or a statement (« je voudrais savoir… »). */
const REQUEST_WORDS = new Set([
  ...OPEN_QUESTION_WORDS,
  'quand',
  'voudrais',
  'voudrions',
  'aimerais',
  'aimerions',
  'souhaite',
  'souhaiterais',
  'souhaitons',
  'cherche',
  'cherchons',
  'besoin',
  'savoir',
  'connaitre',
  'pouvez',
  'pourriez',
]);

/** The visitor speaking of themself: « je », « j' », « moi », « nous ». */
const FIRST_PERSON = new Set(['je', 'j', 'moi', 'me', 'm', 'mon', 'ma', 'mes', 'nous']);

/**
 * A message that greets, thanks or takes leave among words where the visitor speaks of themself
 * (« Re-bonjour, c'est encore moi, j'ai été coupée », « Super clair, merci, je montre ça au docteur
 * demain »), and asks nothing: no question mark, no word of a request. What it says, a farewell before
 * thanks before a greeting; undefined otherwise (« Bonjour, une recette de gâteau » names something
 * wanted). Searched first all the same: only when the site answers nothing is it taken as talk rather
 * than as a question DENTY could not answer.
 */
export function socialTalk(text: string, lists: IntentLists): Social | undefined {
  if (text.includes('?')) return undefined;
  const sequence = words(text);
  if (sequence.some((word) => REQUEST_WORDS.has(word))) return undefined;
  const said = new Set(socialGroups(lists).flatMap(([kind, list]) => (any(sequence, list) ? [kind] : [])));
  // Thanks or a farewell said without a question close the conversation, whatever surrounds them
  // (« Merci pour toutes ces réponses, bonne fin de journée »); a greeting opens it, so among other
  // words it is talk only when the visitor speaks of themself.
  if (!sequence.some((word) => FIRST_PERSON.has(word))) said.delete('greeting');
  return strongest(said);
}

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

/**
 * Asking for advice on running the practice (« vous conseillez de commencer par quoi ? », « comment
 * éviter que… », « à votre avis »): the blog's articles give advice, the product pages say what the
 * software does. Folded text.
 */
const ADVICE =
  /\b(?:conseill\w*|recommand\w*|a votre avis|vos conseils?|astuces?|bonnes? pratiques?|comment (?:on )?(?:evite|eviter|s organiser|faire pour|amener|s y prendre)|que faut[- ]il|qu est[- ]ce qu (?:il|on) (?:faut|devrait|doit)|on devrait|est[- ]ce normal|c est normal|en general|selon vous|d apres vous|on risque|risque t on|dans quel ordre|quel moyen)\b/;
/** Naming the product or its parts: a question about what the software does, advice or not. */
const ABOUT_THE_PRODUCT =
  /\b(?:dentivo|denty|votre (?:logiciel|outil|module|agenda|application|appli|ia|assistant)|vos (?:modules|outils|relances)|le logiciel|l outil)\b/;

/** The text folded, apostrophes as spaces: what the two patterns above read. */
const plain = (text: string) => fold(text).replace(/['’]/g, ' ');
const namesTheProduct = (text: string) => ABOUT_THE_PRODUCT.test(plain(text));

/** Whether a message asks for advice on practice management rather than about the software. */
export function asksForAdvice(text: string): boolean {
  return ADVICE.test(plain(text)) && !namesTheProduct(text);
}

/** Whether a message asks anything: a question mark, a yes-or-no turn, or a word that asks what, how… */
export function asksSomething(text: string): boolean {
  const sequence = words(text);
  return (
    text.includes('?') ||
    asksYesOrNo(text) ||
    OPEN_QUESTION_STARTS.has(sequence[0] ?? '') ||
    sequence.some((word) => OPEN_QUESTION_WORDS.has(word))
  );
}

/** Words that ask how much, why or which: a question about the team's ways, not a request for a person. */
const ASKS_ABOUT = new Set(['combien', 'pourquoi', 'quel', 'quelle', 'quels', 'quelles', 'lequel', 'laquelle']);

/**
 * A visitor asking for a person (« pouvez-vous me rappeler demain matin ? », « une démo »), not asking
 * about something else where such words pass (« mes coordonnées pour être recontacté, vous les gardez
 * combien de temps ? »).
 */
export function asksForAPerson(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return any(sequence, lists.handoff) && !sequence.some((word) => ASKS_ABOUT.has(word));
}

/** A question that asks what it costs (« c'est combien par mois ? », « votre tarif ? »). */
export function asksThePrice(text: string, lists: IntentLists): boolean {
  return any(words(text), lists.price);
}

/** A question that leans on the previous one: it starts like "et pour…" or points back ("tout ça"). */
export function looksLikeFollowUp(text: string, lists: IntentLists): boolean {
  const sequence = words(text);
  return lists.followUpStarts.some((phrase) => startsWith(sequence, phrase)) || any(sequence, lists.references);
}
