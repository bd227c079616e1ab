/**
 * The floor of DENTY's evaluation (docs/decisions/0034-assistant-retrieval.md): the questions of
 * tests/eval/assistant-questions.yaml, asked through the real webhook handler over the index the build
 * makes from the real content, must be answered right at least 90 % of the time. `npm run eval:assistant`
 * prints the same evaluation in detail, with the answer times (never asserted here).
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex } from '../../site/lib/assistant-index.ts';
import { createKnowledge } from '../../backend/assistant/knowledge.ts';
import { evaluate, kinds, loadCases } from '../../scripts/assistant-eval/evaluate.ts';

const root = join(import.meta.dirname, '..', '..');
const FLOOR = 0.9;

describe('Évaluation de DENTY', () => {
  const cases = loadCases(join(root, 'tests', 'eval', 'assistant-questions.yaml'));

  it('compte au moins 80 questions, de chaque sorte', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
    for (const kind of kinds)
      expect(
        cases.some((item) => item.kind === kind),
        kind,
      ).toBe(true);
  });

  it(`répond juste à au moins ${FLOOR * 100} % des questions (premier lien et ouverture)`, async () => {
    const content = loadContent(root, {});
    const index = buildAssistantIndex({
      pages: content.pages,
      posts: content.posts,
      faq: content.shared.faq,
      glossary: content.shared.glossary,
      vocabulary: content.vocabulary,
    });
    const evaluation = await evaluate(await createKnowledge(index), cases);
    const failures = evaluation.results
      .filter((result) => !result.ok)
      .map((result) => `« ${result.case.ask} » : ${result.problems.join(' ; ')}`);
    expect(evaluation.accuracy, failures.join('\n')).toBeGreaterThanOrEqual(FLOOR);
  }, 60_000);
});
