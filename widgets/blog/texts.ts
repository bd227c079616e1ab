/** Every string the blog widgets show (French, typeset: no-break spaces are in the source). */
export const texts = {
  searchLabel: 'Rechercher un article',
  searchPlaceholder: 'Devis, planning, RGPD…',
  clearSearch: 'Effacer la recherche',
  submit: 'Rechercher',
  activeFilters: 'Filtres actifs',
  category: 'Catégorie',
  tag: 'Mot-clé',
  remove: 'retirer ce filtre',
  clearAll: 'Effacer tous les filtres',
  searching: 'Recherche en cours…',
  indexFailed: 'La recherche est momentanément indisponible. Tous les articles restent affichés.',
  noResult: 'Aucun article trouvé',
  showAll: 'Voir tous les articles',
  more: 'Afficher plus d’articles',
  results: 'Résultats de la recherche',
  // The checklist keeps nothing (issue 29): said before the visitor ticks, not discovered on reload.
  auditNotKept:
    'Vos réponses restent sur cette page\u00A0: elles ne sont ni enregistrées ni envoyées, et un rechargement les efface.',
  // Before the checklist wakes (the score already counts), and without JavaScript.
  auditWaiting:
    'Cochez ce qui est déjà en place dans votre cabinet\u00A0: l’appréciation de votre score s’affiche ici.',
  auditNoScript: 'Le score compte vos cases cochées\u00A0; son appréciation s’affiche avec JavaScript, désactivé ici.',
} as const;
