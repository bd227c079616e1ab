/**
 * The floors of DENTY's evaluation (docs/decisions/0034-assistant-retrieval.md, 0064): each set of
 * tests/eval/ is asked through the real webhook handler over the index the build makes from the real
 * content, and must stay at its latest figure less about two questions, so that a change that only suits
 * the sets we have read shows up. The blind sets' untuned figures are in the decisions; a new blind set
 * is measured once before anyone reads it. `npm run eval:assistant` prints the same evaluation in detail,
 * with the answer times (never asserted here).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../../site/lib/assistant-index.ts';
import { createKnowledge, type Knowledge } from '../../backend/assistant/knowledge.ts';
import { evaluate, kinds, loadCases, setFile, type EvalSetName } from '../../scripts/assistant-eval/evaluate.ts';

const root = join(import.meta.dirname, '..', '..');
/**
 * Per development set: the share of its questions answered right (an asserted passage on an expected
 * page, its opening holding the fact), and the most confident wrong answers it may get. Set after issue
 * 39's calibrated verdict (docs/assistant.md#how-sure-denty-is), each at its figure less two questions,
 * and its wrong answers plus one: DENTY now says « pas sûr » rather than assert a doubtful passage, so
 * the right shares fell from 55–97 % to 28–66 % while confident wrong answers fell from a quarter of
 * the answerable questions to 2 %; most « pas sûr » offer the right answer one click away. Raised
 * with the `said` feature of the verdict (right 316 → 361 of 1,069 on the development curve).
 */
const FLOORS: Partial<Record<EvalSetName, { right: number; wrong: number }>> = {
  réglage: { right: 0.64, wrong: 5 },
  'aveugle-1': { right: 0.65, wrong: 1 },
  'aveugle-2': { right: 0.62, wrong: 3 },
  'aveugle-3': { right: 0.58, wrong: 4 },
  'aveugle-4': { right: 0.34, wrong: 3 },
  'aveugle-5': { right: 0.36, wrong: 2 },
  'aveugle-6': { right: 0.26, wrong: 4 },
  'aveugle-7': { right: 0.41, wrong: 2 },
  'aveugle-8': { right: 0.39, wrong: 4 },
  'aveugle-9': { right: 0.3, wrong: 2 },
  'aveugle-10': { right: 0.32, wrong: 4 },
  'aveugle-11': { right: 0.33, wrong: 1 },
  'aveugle-12': { right: 0.36, wrong: 8 },
  // Written from the content only at the start of issue 39, measured once on the code as it was (64.2 %,
  // 33 confident wrong of 113 answerable) and once untuned at its end: 36.5 % (50/137), 5 confident wrong,
  // 54 of its 70 « pas sûr » one click from the right answer. Read since: a development set (38.7 %,
  // 6 confident wrong, once the verdict also weighed how much of a passage's own question was said).
  'aveugle-13': { right: 0.37, wrong: 7 },
};
/** Confident wrong answers over every development set's answerable questions (issue 39: 3 % at most). */
const WRONG_CEILING = 0.03;

let knowledge: Knowledge;
beforeAll(async () => {
  const content = loadContent(root, {});
  knowledge = await createKnowledge(buildAssistantIndex(indexSourceOf(content)));
});

describe('Évaluation de DENTY', () => {
  it('le jeu de réglage compte au moins 80 questions, de chaque sorte ; chaque jeu aveugle au moins 40', () => {
    const tuning = loadCases(setFile(root, 'réglage'));
    expect(tuning.length).toBeGreaterThanOrEqual(80);
    for (const kind of kinds)
      expect(
        tuning.some((item) => item.kind === kind),
        kind,
      ).toBe(true);
    for (const name of [
      'aveugle-1',
      'aveugle-2',
      'aveugle-3',
      'aveugle-4',
      'aveugle-5',
      'aveugle-6',
      'aveugle-7',
      'aveugle-8',
    ] as const)
      expect(loadCases(setFile(root, name)).length, name).toBeGreaterThanOrEqual(40);
  });

  const totals = { wrong: 0, answerable: 0 };
  for (const [name, floor] of Object.entries(FLOORS) as [EvalSetName, { right: number; wrong: number }][])
    it(`jeu « ${name} » : au moins ${Math.round(floor.right * 100)} % de réponses justes, au plus ${floor.wrong} fausse(s) assurée(s)`, async () => {
      const evaluation = await evaluate(knowledge, loadCases(setFile(root, name)));
      totals.wrong += evaluation.answerable.wrong;
      totals.answerable += Object.values(evaluation.answerable).reduce((sum, count) => sum + count, 0);
      const failures = evaluation.results
        .filter((result) => !result.ok)
        .map((result) => `« ${result.case.ask} » (${result.outcome}) : ${result.problems.join(' ; ')}`);
      expect(evaluation.accuracy, failures.join('\n')).toBeGreaterThanOrEqual(floor.right);
      const wrong = evaluation.results.filter((result) => result.outcome === 'wrong').map((result) => result.case.ask);
      expect(wrong.length, wrong.join('\n')).toBeLessThanOrEqual(floor.wrong);
    }, 60_000);

  it('sur tous les jeux de développement, au plus 3 % de réponses fausses assurées', () => {
    expect(totals.answerable).toBeGreaterThan(1000);
    expect(totals.wrong / totals.answerable).toBeLessThanOrEqual(WRONG_CEILING);
  });
});
