/**
 * The list of « Questions à apprendre » for the CMS at /admin (`npm run dev` only, behind the guard of
 * server/cms-access.ts: same origin, JSON, the run's secret; docs/decisions/0067-teaching-denty-from-real-questions.md):
 * POST /admin/api/questions answers the questions DENTY missed, and those whose reply a visitor found
 * « Pas utile » (with that reply), grouped and newest first, less those the vocabulary file already
 * teaches and those dismissed, with what each may be attached to (DENTY's index of the built site).
 * The editor's choice is saved by the CMS itself, as every edit (server/routes/cms.ts); POST …/dismiss
 * keeps a question dismissed (spam, a test), in the database, so that it leaves the list for good.
 */
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { answerChoices, questionKey, questionsToTeach, type AnswerChoices } from '../../core/assistant/teaching.ts';
import { assistantVocabulary } from '../../core/assistant/vocabulary.ts';
import { sharedPath } from '../../core/content/files.ts';
import type { Queryable } from '../../backend/db.ts';
import type { Knowledge } from '../../backend/assistant/knowledge.ts';
import { readDismissedQuestions, readNotUsefulReplies, readUnansweredQuestions } from '../inbox-reader.ts';

export const TEACHING_MESSAGES = {
  notBuilt: 'Le site n’est pas encore construit : la liste des pages à rattacher sera là dans un instant.',
  failed: 'La liste des questions n’a pas pu être lue : voir le terminal de npm run dev.',
  dismissInvalid: 'Question à écarter illisible : rechargez la liste, puis réessayez.',
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
      const [unanswered, notUseful, dismissed, taught, built] = await Promise.all([
        readUnansweredQuestions(db),
        readNotUsefulReplies(db),
        readDismissedQuestions(db),
        taughtQuestions(root),
        knowledge().catch(() => undefined),
      ]);
      const choices: AnswerChoices = built ? answerChoices(built.index.docs) : { pages: [], faq: [] };
      return c.json(
        {
          questions: questionsToTeach([...unanswered, ...notUseful], taught, dismissed),
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
  // An editor dismisses a question (spam, a test): it leaves the list, and the digest's, for good.
  app.post('/dismiss', async (c) => {
    const noStore = { 'cache-control': 'no-store' };
    const body = (await c.req.json().catch(() => undefined)) as { key?: unknown } | undefined;
    const key = typeof body?.key === 'string' ? questionKey(body.key) : '';
    if (!key || key.length > 4000) return c.json({ error: TEACHING_MESSAGES.dismissInvalid }, 400, noStore);
    try {
      await db.query(
        'insert into public.assistant_dismissed_questions (question_key) values ($1) on conflict do nothing',
        [key],
      );
      return c.json({ ok: true }, 200, noStore);
    } catch (error) {
      log('Question écartée :', error);
      return c.json({ error: TEACHING_MESSAGES.failed }, 500, noStore);
    }
  });
  return app;
}
