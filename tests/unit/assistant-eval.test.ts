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
const FLOORS: Record<EvalSetName, number> = {
  réglage: 0.9,
  'aveugle-1': 0.9,
  // Floors a couple of questions under the figures after the second round of issue 30 (subject bonus
  // scaled by the question's words, durations, advice to the articles): see
  // docs/decisions/0064-denty-asked-sentence-and-roles.md.
  'aveugle-2': 0.86,
  'aveugle-3': 0.78,
  'aveugle-4': 0.66,
  'aveugle-5': 0.65,
  'aveugle-6': 0.5,
  'aveugle-7': 0.63,
  'aveugle-8': 0.62,
  // 34.3 % measured once untuned, before issue 30; 44.4 % once read, 54.5 % after the second round.
  'aveugle-9': 0.52,
  // Written after the first changes of issue 30 and measured once, untuned: 56.7 % (59/104); the code
  // before them scored 46.2 % on it; 59.6 % after the second round (read since: a development set).
  'aveugle-10': 0.57,
  // Written from the content only before the second round of issue 30 and measured once at its end,
  // untuned: 50.7 % (75/148); the code before the round scored 44.6 % (66/148) on it. 52.7 % once three
  // medical refusals it found missing were added (a development set since).
  'aveugle-11': 0.5,
  // Written from the content only at the start of the third round of issue 30 (November 27, evening),
  // committed unread, measured once at its end, untuned: 56.0 % (84/150); the code before the round:
  // 55.3 % (83/150). Read since: a development set.
  'aveugle-12': 0.54,
};

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

  for (const [name, floor] of Object.entries(FLOORS) as [EvalSetName, number][])
    it(`jeu « ${name} » : au moins ${Math.round(floor * 100)} % de réponses justes (premier lien et ouverture)`, async () => {
      const evaluation = await evaluate(knowledge, loadCases(setFile(root, name)));
      const failures = evaluation.results
        .filter((result) => !result.ok)
        .map((result) => `« ${result.case.ask} » : ${result.problems.join(' ; ')}`);
      expect(evaluation.accuracy, failures.join('\n')).toBeGreaterThanOrEqual(floor);
    }, 60_000);
});
