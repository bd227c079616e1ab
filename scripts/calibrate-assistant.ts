/**
 * npm run calibrate:assistant: fits DENTY's verdict (core/assistant/verdict.ts) on the development sets
 * and writes core/assistant/calibration.ts. Every question of every set but the held-out blind one is
 * asked with a verdict that always answers; each lead's features and whether the answer was right (the
 * evaluation's own check) train a logistic model; then the curve of answered right / not answered /
 * confident wrong per threshold is printed (docs/assistant.md#how-sure-denty-is), and the lowest
 * threshold whose confident wrong answers stay within WRONG_BUDGET of the answerable questions is kept.
 * `-- --dry-run` prints without writing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKnowledge } from '../backend/assistant/knowledge.ts';
import { answerMessage, type ConversationTurn } from '../backend/assistant/answer.ts';
import { CALIBRATION } from '../core/assistant/calibration.ts';
import { FEATURES, confidenceOf, type Calibration, type Features } from '../core/assistant/verdict.ts';
import { loadContent } from '../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../site/lib/assistant-index.ts';
import { answerableKinds, check, evalSets, loadCases, setFile, siteReplyOptions } from './assistant-eval/evaluate.ts';

/** The newest blind set is measured, never fitted on (docs/assistant.md#measuring-it). */
export const HELD_OUT = 'aveugle-13';
/**
 * Confident wrong answers allowed, as a share of the questions the site answers: 3 % asked, kept at 2.5 %
 * on this curve because the curve answers every follow-up first turn too, a little kinder than a visitor.
 */
const WRONG_BUDGET = 0.025;
/** Off-topic questions that may get subjects rather than « not found »: the rest must not. */
const OFF_TOPIC_UNSURE_SHARE = 0.5;
/** L2 penalty and steps of the gradient descent: a dozen features, a thousand questions. */
const PENALTY = 0.001;
const STEPS = 30000;
const RATE = 2;

const root = join(import.meta.dirname, '..');
const dryRun = process.argv.includes('--dry-run');
const options = siteReplyOptions();
/** A verdict that answers whatever it is given: what the model learns from. */
const ALWAYS: Calibration = { ...CALIBRATION, answerAt: 0, unsureAt: 0 };

interface Sample {
  set: string;
  /** A question the site answers (else off-topic: any answer is wrong). */
  answerable: boolean;
  /** No lead at all (or one the frame-word rule refuses): never answered, whatever the threshold. */
  features?: Features;
  /** A passage the editors named for the question (the price's): answered whatever the threshold. */
  designated: boolean;
  right: boolean;
}

const knowledge = await createKnowledge(buildAssistantIndex(indexSourceOf(loadContent(root, {}))));
const samples: Sample[] = [];
for (const set of evalSets) {
  if (set.name === HELD_OUT) continue;
  for (const item of loadCases(setFile(root, set.name))) {
    const answerable = answerableKinds.includes(item.kind);
    if (!answerable && item.kind !== 'hors-sujet') continue;
    let previous: ConversationTurn | undefined;
    for (const earlier of item.before)
      previous = answerMessage(knowledge, { text: earlier }, options, previous, 'none', ALWAYS).turn ?? previous;
    const answer = answerMessage(knowledge, { text: item.ask }, options, previous, 'none', ALWAYS);
    const asserted = answer.kind === 'answer';
    samples.push({
      set: set.name,
      answerable,
      features: asserted ? answer.features : undefined,
      designated: Boolean(answer.designated),
      right: answerable && asserted && check(item, answer.markdown).ok,
    });
  }
}

// The logistic model, by gradient descent on the mean log loss plus an L2 penalty.
const fitted = samples.filter((sample) => sample.features && !sample.designated);
const weights = Object.fromEntries(FEATURES.map((name) => [name, 0])) as Features;
let bias = 0;
for (let step = 0; step < STEPS; step++) {
  const gradient = Object.fromEntries(FEATURES.map((name) => [name, 0])) as Features;
  let gradientBias = 0;
  for (const sample of fitted) {
    const error = confidenceOf(sample.features!, { weights, bias }) - (sample.right ? 1 : 0);
    for (const name of FEATURES) gradient[name] += error * sample.features![name];
    gradientBias += error;
  }
  for (const name of FEATURES) weights[name] -= RATE * (gradient[name] / fitted.length + PENALTY * weights[name]);
  bias -= (RATE * gradientBias) / fitted.length;
}
const confidence = (sample: Sample) =>
  sample.designated ? 1 : sample.features ? confidenceOf(sample.features, { weights, bias }) : 0;

// The curve over every answerable question of the development sets.
const answerable = samples.filter((sample) => sample.answerable);
const offTopic = samples.filter((sample) => !sample.answerable);
const rows = [];
for (let at = 0.2; at <= 0.991; at += 0.01) {
  const answered = answerable.filter((sample) => confidence(sample) >= at);
  const right = answered.filter((sample) => sample.right).length;
  rows.push({
    at: Math.round(at * 100) / 100,
    right,
    wrong: answered.length - right,
    notAnswered: answerable.length - answered.length,
    offTopic: offTopic.filter((sample) => confidence(sample) >= at).length,
  });
}
const chosen = rows.find((row) => row.wrong <= WRONG_BUDGET * answerable.length) ?? rows.at(-1)!;
const offTopicConfidences = offTopic.map(confidence).sort((a, b) => a - b);
const unsureAt = Math.min(
  chosen.at - 0.05,
  offTopicConfidences[Math.floor((1 - OFF_TOPIC_UNSURE_SHARE) * (offTopicConfidences.length - 1))] ?? 0,
);

const share = (count: number) => `${((100 * count) / answerable.length).toFixed(1)} %`;
console.log(
  `${fitted.length} leads weighed, ${answerable.length} answerable questions and ${offTopic.length} off-topic ones (held out: ${HELD_OUT})\n`,
);
console.log(
  '| threshold | answered right | not answered (unsure or not found) | confident wrong | off-topic answered |',
);
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const row of rows.filter((row) => row === chosen || Math.round(row.at * 100) % 5 === 0))
  console.log(
    `| ${row.at.toFixed(2)}${row === chosen ? ' (kept)' : ''} | ${row.right} (${share(row.right)}) | ${row.notAnswered} (${share(row.notAnswered)}) | ${row.wrong} (${share(row.wrong)}) | ${row.offTopic} of ${offTopic.length} |`,
  );
const round = (value: number) => Math.round(value * 1000) / 1000;
const calibration: Calibration = {
  weights: Object.fromEntries(FEATURES.map((name) => [name, round(weights[name])])) as Features,
  bias: round(bias),
  answerAt: chosen.at,
  unsureAt: round(Math.max(0, unsureAt)),
  frameShare: CALIBRATION.frameShare,
};
console.log(`\n${JSON.stringify(calibration, null, 2)}`);
if (!dryRun) {
  const file = join(root, 'core', 'assistant', 'calibration.ts');
  writeFileSync(
    file,
    `/**
 * DENTY's verdict, fitted on the development sets by \`npm run calibrate:assistant\`
 * (scripts/calibrate-assistant.ts): the weights of the logistic model and the thresholds chosen from its
 * curve (docs/assistant.md#how-sure-denty-is). Written by the script; edit the script, not this file.
 */
import type { Calibration } from './verdict.ts';

export const CALIBRATION: Calibration = ${JSON.stringify(calibration, null, 2).replace(/"(\w+)":/g, '$1:')};
`,
  );
  console.log(`\nÉcrit : ${file} (npx prettier --write pour sa mise en page)`);
}
