/**
 * The editors' teaching loop (docs/decisions/0067-teaching-denty-from-real-questions.md): the questions
 * DENTY did not answer, or answered only with « Vous cherchez peut-être », as the team's inbox keeps them
 * (kind `unanswered`), grouped so that one question asked ten times is one line to teach; and what a
 * question may be attached to (vocabulary `taught`, core/assistant/vocabulary.ts): a page, one of its
 * sections, or a FAQ answer, as DENTY's index holds them.
 */
import { pagePath, type AssistantDoc } from './knowledge.ts';
import { fold } from './text.ts';

/** One question as the inbox stored it, or as a visitor voted « Pas utile » on DENTY's reply to it. */
export interface AskedQuestion {
  text: string;
  receivedAt: string | Date;
  /** DENTY's reply, when a visitor found it « Pas utile ». */
  notUseful?: { reply: string };
}

/** One question to teach: its latest wording, how often it was asked, and when last. */
export interface QuestionToTeach {
  question: string;
  /** The key the question is grouped under (questionKey). */
  key: string;
  count: number;
  /** ISO date and time of the latest time it was asked. */
  lastAsked: string;
  /** How many of those times a visitor found DENTY's reply « Pas utile ». */
  notUseful: number;
  /** The latest reply DENTY gave that a visitor found « Pas utile ». */
  reply?: string;
}

/**
 * The same question, however it was typed: case, accents, apostrophes, spaces and the final punctuation
 * do not make another question (« Combien de temps dure l’essai ? » = « combien de temps dure l essai »).
 */
export function questionKey(text: string): string {
  return fold(text)
    .replace(/'/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.…]+$/u, '')
    .trim();
}

const isoDate = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The questions to teach, newest first: grouped by questionKey, each with how often it was asked (or voted
 * « Pas utile », with the reply DENTY gave) and the wording of its latest asking; those already taught
 * (`taught`, any wording of the same key) and those an editor dismissed (`dismissed`, keys) are left out.
 */
export function questionsToTeach(
  asked: readonly AskedQuestion[],
  taught: readonly { question: string }[] = [],
  dismissed: readonly string[] = [],
): QuestionToTeach[] {
  const known = new Set([...taught.map((item) => questionKey(item.question)), ...dismissed]);
  const groups = new Map<string, QuestionToTeach>();
  for (const { text, receivedAt, notUseful } of asked) {
    const question = text.replace(/\s+/g, ' ').trim();
    const key = questionKey(question);
    if (!key || known.has(key)) continue;
    const when = isoDate(receivedAt);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { question, key, count: 0, lastAsked: when, notUseful: 0 }));
    group.count += 1;
    if (when >= group.lastAsked) Object.assign(group, { question, lastAsked: when });
    if (notUseful) {
      group.notUseful += 1;
      if (!group.reply || when >= group.lastAsked) group.reply = notUseful.reply;
    }
  }
  return [...groups.values()].sort((a, b) => b.lastAsked.localeCompare(a.lastAsked) || b.count - a.count);
}

/** One thing a question may be attached to: `value` as `taught` stores it, `label` as an editor reads it. */
export interface AnswerChoice {
  value: string;
  label: string;
}

/** A page with its sections, as the editor picks among them. */
export interface PageChoices {
  /** The page's name (« Tarifs »), or « Article : … » for an article. */
  label: string;
  /** The whole page first, then each section that has its own address. */
  choices: AnswerChoice[];
}

export interface AnswerChoices {
  pages: PageChoices[];
  faq: AnswerChoice[];
}

/**
 * What a question may be attached to, from DENTY's index: every page and article with its sections (in
 * the order of the site), and every FAQ answer by its question. Only what the index holds is offered, so a
 * choice is always a target the build accepts.
 */
export function answerChoices(docs: readonly AssistantDoc[]): AnswerChoices {
  const pages = new Map<string, PageChoices>();
  const faq: AnswerChoice[] = [];
  for (const doc of docs) {
    if (doc.kind === 'faq') {
      const id = doc.id.replace(/^faq:/, '');
      if (/^q-[a-z0-9-]+$/.test(id)) faq.push({ value: id, label: doc.title });
      continue;
    }
    const path = pagePath(doc.url);
    let page = pages.get(path);
    if (!page) {
      const name = doc.kind === 'article' ? `Article\u00A0: ${doc.source}` : doc.source;
      page = { label: name, choices: [{ value: path, label: `Toute la page « ${doc.source} »` }] };
      pages.set(path, page);
    }
    if (doc.url !== path && !page.choices.some((choice) => choice.value === doc.url))
      page.choices.push({ value: doc.url, label: `Section « ${doc.title} »` });
  }
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'fr');
  return {
    pages: [...pages.values()].sort(
      (a, b) => Number(a.label.startsWith('Article')) - Number(b.label.startsWith('Article')) || byLabel(a, b),
    ),
    faq: faq.sort(byLabel),
  };
}

/** The label of a `taught` answer, for the editor to read back what was chosen. */
export function choiceLabel(choices: AnswerChoices, value: string): string {
  for (const page of choices.pages) {
    const choice = page.choices.find((item) => item.value === value);
    if (choice) return choice.value === pagePath(value) ? choice.label : `${page.label} — ${choice.label}`;
  }
  const question = choices.faq.find((item) => item.value === value);
  return question ? `Réponse de la FAQ « ${question.label} »` : value;
}
