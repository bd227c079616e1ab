/** Interface constants (docs/requirements.md#ui-constants). */
export const SCROLL_THRESHOLD = 20;
export const MOBILE_BREAKPOINT = 768;
export const VIEWPORT_MAX_SCALE = 5;

/**
 * Columns for a grid of `count` cards: the `preferred` width unless another (2 to 4) fills the last row
 * better, so a grid never ends on a lone card when it can be avoided (8 cards: 4 + 4, not 3 + 3 + 2).
 * A width the editor chose (`fixed`, a section's `columns`) is kept. Whatever the width, the styles
 * centre an incomplete last row (site/styles/compositions.css), so no grid ends on an empty cell.
 */
export function gridColumns(count: number, preferred = 3, fixed = false): number {
  const widest = Math.min(Math.max(preferred, 1), 4);
  if (count <= widest) return Math.max(count, 1);
  if (fixed) return widest;
  const candidates = [widest, ...[4, 3, 2].filter((c) => c !== widest)];
  const even = candidates.find((c) => count % c === 0);
  if (even) return even;
  // No width divides evenly: pick the one whose last row is the fullest.
  return candidates.reduce((best, c) => ((count % c) / c > (count % best) / best ? c : best));
}
