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
} as const;
