/**
 * DENTY's verdict, fitted on the development sets by `npm run calibrate:assistant`
 * (scripts/calibrate-assistant.ts): the weights of the logistic model and the thresholds chosen from its
 * curve (docs/assistant.md#how-sure-denty-is). Written by the script; edit the script, not this file.
 */
import type { Calibration } from './verdict.ts';

export const CALIBRATION: Calibration = {
  weights: {
    coverage: 2.372,
    topical: 0.532,
    questions: -0.883,
    line: 0.602,
    margin: 0.844,
    below: -0.829,
    unknown: -0.133,
    article: 0.389,
    faq: 1.142,
    advice: -0.764,
    decided: 0.65,
    searched: 1.121,
    opening: 0.749,
    missing: -0.534,
    agrees: 0.115,
    asked: 0.193,
    said: 1.176,
  },
  bias: -4.199,
  answerAt: 0.85,
  unsureAt: 0.201,
  frameShare: 0.4,
};
