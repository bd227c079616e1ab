/**
 * Scroll-depth bookkeeping (docs/requirements.md#scroll-depth): one scroll_depth event per path once the
 * visitor has seen 90 % of the page; the list of paths already sent is trimmed to its last 5 entries
 * when it grows past 10.
 */
export const SCROLL_DEPTH_THRESHOLD = 0.9;
export const TRACKED_PATHS_MAX = 10;
export const TRACKED_PATHS_KEEP = 5;

/** How much of the page has been seen, from 0 to 1 (1 when the page does not scroll). */
export function scrollRatio(scrollTop: number, viewportHeight: number, documentHeight: number): number {
  if (documentHeight <= viewportHeight) return 1;
  return Math.min(1, Math.max(0, (scrollTop + viewportHeight) / documentHeight));
}

/** Whether to send for `path` at `ratio`, and the paths list to keep afterwards (the input is not changed). */
export function recordDepth(
  trackedPaths: readonly string[],
  path: string,
  ratio: number,
): { send: boolean; paths: string[] } {
  if (ratio < SCROLL_DEPTH_THRESHOLD || trackedPaths.includes(path)) return { send: false, paths: [...trackedPaths] };
  const paths = [...trackedPaths, path];
  return { send: true, paths: paths.length > TRACKED_PATHS_MAX ? paths.slice(-TRACKED_PATHS_KEEP) : paths };
}
