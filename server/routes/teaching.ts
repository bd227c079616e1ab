/**
 * The list of « Questions à apprendre » for the CMS at /admin (`npm run dev` only, behind the guard of
 * server/cms-access.ts: same origin, JSON, the run's secret; docs/decisions/0067-teaching-denty-from-real-questions.md):
 * POST /admin/api/questions answers the questions DENTY missed, grouped and newest first, less those the
 * vocabulary file already teaches, with what each may be attached to (DENTY's index of the built site).
 * Reading only: the editor's choice is saved by the CMS itself, as every edit (server/routes/cms.ts).
 */
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { answerChoices, questionsToTeach, type AnswerChoices } from '../../core/assistant/teaching.ts';
import { assistantVocabulary } from '../../core/assistant/vocabulary.ts';
import { sharedPath } from '../../core/content/files.ts';
import type { Queryable } from '../../backend/db.ts';
import type { Knowledge } from '../../backend/assistant/knowledge.ts';
import { readUnansweredQuestions } from '../inbox-reader.ts';

export const TEACHING_MESSAGES = {
  notBuilt: 'Le site n’est pas encore construit : la liste des pages à rattacher sera là dans un instant.',
  failed: 'La liste des questions n’a pas pu être lue : voir le terminal de npm run dev.',
} as const;

export interface TeachingOptions {
  /** The checkout whose content/ the CMS edits. */
  root: string;
  db: Queryable;
  knowledge(): Promise<Knowledge | undefined>;
  log?: (message: string, error?: unknown) => void;
}

/** The questions the vocabulary file already teaches (none when it does not read: the build says why). */
async function taughtQuestions(root: string): Promise<{ question: string }[]> {
  try {
    const text = await readFile(join(root, sharedPath('assistantVocabulary')), 'utf8');
    const parsed = assistantVocabulary.safeParse(parseYaml(text));
    return parsed.success ? parsed.data.taught : [];
  } catch {
    return [];
  }
}

export function teachingRoutes({ root, db, knowledge, log = console.error }: TeachingOptions) {
  const app = new Hono();
  app.post('/', async (c) => {
    const noStore = { 'cache-control': 'no-store' };
    try {
      const [asked, taught, built] = await Promise.all([
        readUnansweredQuestions(db),
        taughtQuestions(root),
        knowledge().catch(() => undefined),
      ]);
      const choices: AnswerChoices = built ? answerChoices(built.index.docs) : { pages: [], faq: [] };
      return c.json(
        {
          questions: questionsToTeach(asked, taught),
          choices,
          ...(built ? {} : { notice: TEACHING_MESSAGES.notBuilt }),
        },
        200,
        noStore,
      );
    } catch (error) {
      log('Questions à apprendre :', error);
      return c.json({ error: TEACHING_MESSAGES.failed }, 500, noStore);
    }
  });
  return app;
}
