/**
 * The words of dental teams that DENTY understands (content/shared/assistant-vocabulary.yaml): words of
 * a request that do not say what it is about, groups of words meaning the same thing, subjects with the
 * pages that answer them, and what DENTY recognises without searching (greetings, thanks, medical
 * questions, follow-ups). Editors extend it; a mistake stops the build with a French message.
 * How it is used: docs/decisions/0034-assistant-retrieval.md.
 */
import { z } from 'zod';

/** A word or expression as a visitor types it: letters, digits, spaces, apostrophes, hyphens, « + ». */
const expression = z
  .string()
  .trim()
  .min(1, 'une expression vide ne sert à rien')
  .max(60, 'une expression tient en 60 caractères')
  .regex(/^[\p{L}\p{N}' ’+-]+$/u, 'lettres, chiffres, espaces, apostrophes et traits d’union seulement');

/** A page of the site, possibly one section of it ("/agenda#fonctions-avancees"). */
const target = z
  .string()
  .regex(
    /^\/[a-z0-9/-]*(#[a-z0-9-]+)?$/,
    'un chemin du site est attendu, par exemple /agenda ou /agenda#fonctions-agenda',
  );

export const assistantTopic = z.object({
  name: z.string().min(2),
  pages: z.array(target).min(1, 'au moins une page répond à un sujet'),
  faq: z
    .array(z.string().regex(/^q-[a-z0-9-]+$/, 'un identifiant de question de faq.yaml est attendu (q-…)'))
    .default([]),
  words: z.array(expression).min(1, 'un sujet a au moins un mot'),
  /**
   * The subject of the price, which the site does not show (docs/assistant.md#the-price): a question that
   * asks what it costs (`price` below) and names this subject first gets the subject's first FAQ answer,
   * the amount when the editor shows it, else the offer to have the team send it.
   */
  price: z.boolean().optional(),
});

/** A page (« /tarifs »), one of its sections (« /tarifs#essai ») or a FAQ answer (« q-essai »). */
const answerTarget = z.union([
  target,
  z.string().regex(/^q-[a-z0-9-]+$/, 'une page du site (/tarifs, /tarifs#essai) ou une question de faq.yaml (q-…)'),
]);

export const taughtQuestion = z.object({
  question: z
    .string()
    .trim()
    .min(3, 'la question du visiteur, telle qu’il l’a posée')
    .max(500, 'une question tient en 500 caractères'),
  answer: answerTarget,
});

export const assistantVocabulary = z.object({
  ignore: z.array(expression).default([]),
  synonyms: z.array(z.array(expression).min(2, 'un groupe de synonymes a au moins deux mots')).default([]),
  topics: z.array(assistantTopic).default([]),
  greetings: z.array(expression).min(1),
  thanks: z.array(expression).min(1),
  /** « au revoir », « bonne journée »: a visitor taking leave, alone or after thanks. */
  farewells: z.array(expression).default([]),
  /** « vous allez bien ? », « enchanté »: said with a greeting, it asks nothing of the site. */
  smallTalk: z.array(expression).default([]),
  /** « je suis assistante dentaire »: a visitor who introduces themself, alone or after a greeting, is greeted. */
  introductions: z.array(expression).default([]),
  medical: z.object({
    always: z.array(expression).min(1),
    symptoms: z.array(expression).min(1),
    personal: z.array(expression).min(1),
    /** A patient's treatment or condition (« anticoagulants »), medical with a procedure (« extraction »). */
    conditions: z.array(expression).default([]),
    /** Care procedures (« extraction », « détartrage »): medical with a symptom or a condition. */
    procedures: z.array(expression).default([]),
    /**
     * What a health question speaks of (« dent », « couronne », « gencive »): a question about it that the
     * site does not answer gets the medical reply, not « pas trouvé ».
     */
    care: z.array(expression).default([]),
    /** Money and paperwork (« prix », « remboursement »): a question about care that speaks of them is not medical. */
    paperwork: z.array(expression).default([]),
  }),
  /**
   * A visitor asking for a person (« rappelez-moi », « parler à quelqu'un », « une démo »): DENTY offers to
   * pass the request to the team (docs/assistant.md#the-loop), without searching the site.
   */
  handoff: z.array(expression).default([]),
  /** Words that ask what it costs (« combien ça coûte », « tarif »), compared as typed, not as stems. */
  price: z.array(expression).default([]),
  followUps: z
    .object({ starts: z.array(expression).default([]), references: z.array(expression).default([]) })
    .default({ starts: [], references: [] }),
  /**
   * Visitors' questions DENTY missed, attached by the team to what answers them (a page, a section or a
   * FAQ answer): indexed with it at the next build (docs/decisions/0064-denty-asked-sentence-and-roles.md).
   */
  taught: z.array(taughtQuestion).default([]),
});

export type AssistantTopic = z.infer<typeof assistantTopic>;
export type AssistantVocabulary = z.infer<typeof assistantVocabulary>;

/** The pages a vocabulary points to that the site does not have, as French sentences. */
export function unknownVocabularyTargets(
  vocabulary: AssistantVocabulary,
  pagePaths: ReadonlySet<string>,
  faqIds: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const topic of vocabulary.topics) {
    for (const page of topic.pages)
      if (!pagePaths.has(page.split('#')[0]!)) problems.push(`sujet « ${topic.name} » : page inconnue « ${page} »`);
    for (const id of topic.faq)
      if (!faqIds.has(id)) problems.push(`sujet « ${topic.name} » : question inconnue « ${id} »`);
  }
  for (const { question, answer } of vocabulary.taught)
    if (answer.startsWith('q-') ? !faqIds.has(answer) : !pagePaths.has(answer.split('#')[0]!))
      problems.push(`question apprise « ${question} » : réponse inconnue « ${answer} »`);
  return problems;
}
