/**
 * The assistant's one dependency on consent (SPEC.md section 6): the button and the drawer show only once
 * the visitor has set cookie preferences. Kept apart so that the embed (on other sites, under their own
 * consent) does not load the site's consent store.
 */
export { hasSetPreferences } from '../consent/store.ts';
