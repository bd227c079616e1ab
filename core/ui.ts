/** Interface constants of SPEC.md section 9. */
export const SCROLL_THRESHOLD = 20;
export const MOBILE_BREAKPOINT = 768;
export const VIEWPORT_MAX_SCALE = 5;
