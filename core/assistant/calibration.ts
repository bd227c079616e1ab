/**
 * DENTY's verdict, fitted on the development sets by `npm run calibrate:assistant`
 * (scripts/calibrate-assistant.ts): the weights of the logistic model and the thresholds chosen from its
 * curve (docs/assistant.md#how-sure-denty-is). Written by the script; edit the script, not this file.
 */
import type { Calibration } from './verdict.ts';

export const CALIBRATION: Calibration = {
  weights: {
    coverage: 2.285,
    topical: 0.623,
    questions: -0.097,
    line: 0.552,
    margin: 0.8,
    below: -0.847,
    unknown: -0.144,
    article: 0.398,
    faq: 1.141,
    advice: -0.692,
    decided: 0.72,
    searched: 1.337,
    opening: 0.681,
    missing: -0.459,
    agrees: 0.129,
    asked: 0.337,
  },
  bias: -4.168,
  answerAt: 0.86,
  unsureAt: 0.212,
  frameShare: 0.4,
};
