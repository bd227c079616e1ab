/**
 * The ids the page's own machinery uses: the shell (skip links, menus, footer), the frame of an article or
 * a section, the widgets (forms' fields, the consent panel, DENTY's drawer). Content may not take one
 * (docs/decisions/0049-content-html-allow-list.md): a heading or an element of a text whose id is one of
 * them gets `contenu-` in front (site/lib/markdown.ts, site/lib/content-html.ts); a section id that is one
 * is refused (core/pages/sections.ts). tests/unit/content-html.test.ts checks the list against the templates.
 */

/** Ids written as they are by site/ templates. */
const FIXED = new Set([
  'contenu',
  'navigation',
  'pied-de-page',
  'solutions-titre',
  'texte',
  'sommaire',
  'sommaire-titre',
  'en-bref',
  'dentivo-et-vous',
  'questions-article',
  'a-propos-auteur',
  'vous-aimerez-aussi',
  'promo-testeurs',
  'expertise',
  'liste-articles',
  'articles-auteur',
  'cms-settings',
]);

/**
 * Families of ids: the widgets' (`contact-email`, `consent-panel-title`, `dentivo-assistant`), the menus',
 * the screenshots' dialogs (`apercu-1`), React's (`_R_0_`), and the titles the section partials derive
 * (`faq-3-titre`, `derniers-articles-titre`).
 */
const FAMILIES =
  /^(?:dentivo-|menu-|consent-|contact-|tester-|apercu-|_)|^(?:derniers-articles|offre|solutions-associees|apercu|appel|chiffres|comparatif|etapes|exemple|faq|fonctionnalites|glossaire|idee|liens|liste|temoignages|texte|widget)(?:-\d+)?-titre$/;

/** What content's ids get in front when they are the page's (no id of the page starts with it). */
export const CONTENT_ID_PREFIX = 'contenu-';

export function isPageId(id: string): boolean {
  return FIXED.has(id) || FAMILIES.test(id);
}

/** The id as content may have it: itself, or prefixed when the page uses it. */
export function contentId(id: string): string {
  return isPageId(id) ? `${CONTENT_ID_PREFIX}${id}` : id;
}
