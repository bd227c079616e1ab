/**
 * DENTY's verdict, fitted on the development sets by `npm run calibrate:assistant`
 * (scripts/calibrate-assistant.ts): the weights of the logistic model and the thresholds chosen from its
 * curve (docs/assistant.md#how-sure-denty-is). Written by the script; edit the script, not this file.
 */
import type { Calibration } from './verdict.ts';

export const CALIBRATION: Calibration = {
  weights: {
    coverage: 2.266,
    topical: 0.597,
    questions: -0.08,
    line: 0.346,
    margin: 0.784,
    below: -0.844,
    unknown: -0.061,
    article: 0.41,
    faq: 1.099,
    advice: -0.653,
    decided: 0.58,
    searched: 1.28,
    opening: 0.91,
    missing: -0.417,
    agrees: 0.106,
    asked: 0.318,
  },
  bias: -3.983,
  answerAt: 0.86,
  unsureAt: 0.282,
  frameShare: 0.4,
};
