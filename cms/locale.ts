/** Decap's French interface, with a few words put the way our editors speak. */
// The language's own module: the package's entry is a browser bundle that Node (the tests) cannot load.
import fr from 'decap-cms-locales/dist/esm/fr/index.js';

type Phrases = Record<string, Record<string, unknown>>;

export function frenchPhrases(): Record<string, unknown> {
  const phrases = structuredClone(fr) as Phrases;
  const merge = (path: string[], values: Record<string, string>) => {
    let node = phrases as Record<string, unknown>;
    for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
    Object.assign(node, values);
  };
  // « ＋ article » needs a glyph many fonts lack; the form's label_singular carries the article (« un article »).
  merge(['collection', 'collectionTop'], {
    newButton: 'Ajouter %{collectionLabel}',
    newButtonAriaLabel: 'Ajouter %{collectionLabel}',
  });
  // The rule's own words follow (from the schemas): « Le champ Titre : au moins 10 caractères. »
  merge(['editor', 'editorControlPane', 'widget'], { regexPattern: 'Le champ %{fieldLabel} : %{pattern}.' });
  // Refusals arrive as a full sentence that says what to do (server/routes/cms.ts, cms/save.ts): the notice
  // shows it after a word, without « Échec de l'entrée » nor an error's code name.
  merge(['ui', 'toast'], {
    onFailToPersist: 'Enregistrement impossible : %{details}',
    onFailToDelete: 'Suppression impossible : %{details}',
    onFailToLoadEntries: 'Lecture impossible : %{details}',
    missingRequiredField: 'Un champ obligatoire est vide : il est signalé en rouge dans le formulaire.',
    entrySaved: 'Enregistré',
    entryPublished: 'Publié',
  });
  // « Media » is English; the tab holds the images.
  merge(['app', 'header'], { media: 'Images' });
  // Words a French editor would not use.
  merge(['editor', 'editorWidgets', 'markdown'], {
    bold: 'Gras',
    italic: 'Italique',
    link: 'Lien',
    headings: 'Intertitres',
    quote: 'Citation',
    bulletedList: 'Liste à puces',
    numberedList: 'Liste numérotée',
    addComponent: 'Insérer',
    richText: 'Texte enrichi',
    markdown: 'Markdown',
  });
  merge(['editor', 'editorWidgets', 'list'], { add: 'Ajouter %{item}', addType: 'Ajouter %{item}' });
  // What Decap's French translation lacks (these showed in English: « Collapse », « Set … to now »).
  merge(['auth'], { loginWithForgejo: 'Se connecter avec Forgejo' });
  merge(['collection', 'collectionTop'], { viewAsList: 'Afficher en liste', viewAsGrid: 'Afficher en grille' });
  merge(['collection', 'entries'], { unpublishedHeader: 'Brouillons non publiés' });
  // The field's own label says what it is: its widget's code name is not read aloud (« Champ string »).
  merge(['editor', 'editorControl', 'field'], { widgetLabel: '' });
  merge(['editor', 'editorControlPane', 'i18n'], {
    copyFromLocale: 'Reprendre d’une autre langue',
    copyFromLocaleConfirm: 'Reprendre le contenu en %{locale} ? Ce qui est écrit ici sera remplacé.',
  });
  merge(['editor', 'editorInterface'], { toggleNotes: 'Afficher les notes' });
  merge(['editor', 'editorNotesPane'], {
    title: 'Notes',
    emptyState: 'Aucune note pour l’instant : écrivez la première ci-dessous.',
    addNote: 'Ajouter la note',
    addPlaceholder: 'Écrire une note…',
    editPlaceholder: 'Modifier la note…',
    save: 'Enregistrer',
    cancel: 'Annuler',
    edit: 'Modifier',
    delete: 'Supprimer',
    resolve: 'Marquer comme réglée',
    unresolve: 'Rouvrir',
    confirmDelete: 'Supprimer cette note ?',
    shortcut: 'Astuce : Ctrl+Entrée ajoute la note.',
  });
  // The review flow on the git host (docs/decisions/0065-drafts-and-review.md): typos of the
  // translation, a colon without its space, and one word for the reviewing step everywhere.
  merge(['editor', 'editorToolbar'], {
    deleteUnpublishedChanges: 'Supprimer les modifications non publiées',
    status: 'Statut : %{status}',
    inReview: 'En relecture',
  });
  merge(['workflow', 'workflow'], {
    description: '%{smart_count} en attente de relecture, %{readyCount} prêt(s) à publier.',
    dateFormat: 'D MMMM',
  });
  merge(['workflow', 'workflowCard'], { deleteChanges: 'Supprimer les modifications' });
  merge(['workflow', 'workflowList'], {
    inReviewHeader: 'En relecture',
    onPublishingNotReadyEntry:
      'Seuls les éléments « Prêt » peuvent être publiés : faites d’abord glisser la carte dans la colonne « Prêt ».',
  });
  merge(['editor', 'editorToolbar'], {
    statusInfoTooltipDraft: 'Brouillon : pour le faire relire, passez son statut à « En relecture ».',
    statusInfoTooltipInReview:
      'En cours de relecture : rien d’autre à faire. Vous pouvez encore le modifier pendant ce temps.',
  });
  merge(['editor', 'editorWidgets', 'markdown'], { strikethrough: 'Barré' });
  merge(['editor', 'editorWidgets', 'markdown', 'toggleMode'], {
    rich: 'Passer en texte enrichi',
    markdown: 'Passer en Markdown',
  });
  merge(['editor', 'editorWidgets', 'image'], {
    chooseMultiple: 'Choisir des images',
    addMore: 'Ajouter des images',
    removeAll: 'Retirer toutes les images',
  });
  merge(['editor', 'editorWidgets', 'file'], {
    chooseMultiple: 'Choisir des fichiers',
    addMore: 'Ajouter des fichiers',
    removeAll: 'Retirer tous les fichiers',
  });
  merge(['editor', 'editorWidgets', 'datetime'], { setToNow: 'Aujourd’hui' });
  merge(['editor', 'editorWidgets', 'object'], { expand: 'Déplier', collapse: 'Replier' });
  merge(['mediaLibrary', 'mediaLibraryModal'], { close: 'Fermer' });
  merge(['ui', 'settingsDropdown'], { account: 'Menu du compte' });
  merge(['ui', 'toast'], {
    noteAdded: 'Note ajoutée',
    onFailToAddNote: 'Note non ajoutée : %{details}',
    noteUpdated: 'Note modifiée',
    onFailToUpdateNote: 'Note non modifiée : %{details}',
    noteDeleted: 'Note supprimée',
    onFailToDeleteNote: 'Note non supprimée : %{details}',
    noteResolved: 'Note réglée',
    noteReopened: 'Note rouverte',
    onFailToToggleNote: 'Statut de la note inchangé : %{details}',
  });
  merge(['editor', 'editorWidgets', 'headingOptions'], { headingTwo: 'Intertitre', headingThree: 'Sous-intertitre' });
  // « Entrée », « ressource », « slug »: the developers' words. An editor writes an article, a page, an
  // image (tests/unit/cms-locale.test.ts keeps them out).
  merge(['collection', 'entries'], {
    loadingEntries: 'Chargement de la liste',
    cachingEntries: 'Mise en mémoire de la liste',
    noEntries: 'Rien pour l’instant',
  });
  merge(['editor', 'editor'], {
    onPublishing: 'Publier maintenant ?',
    onUnpublishing: 'Retirer du site ?',
    onDeleteWithUnsavedChanges:
      'Supprimer définitivement, avec les modifications de cette séance qui ne sont pas enregistrées ?',
    onDeletePublishedEntry: 'Supprimer définitivement ? Il disparaîtra du site.',
    onDeleteUnpublishedChangesWithUnsavedChanges:
      'Toutes les modifications non publiées seront perdues, y compris celles de cette séance. Supprimer quand même ?',
    onDeleteUnpublishedChanges: 'Toutes les modifications non publiées seront perdues. Supprimer quand même ?',
    loadingEntry: 'Ouverture…',
    confirmLoadBackup: 'Une copie de travail plus récente a été gardée par ce navigateur. La reprendre ?',
  });
  merge(['editor', 'editorToolbar'], {
    // A saved entry: on the site (an article's own status replaces it: cms/status.ts).
    published: 'En ligne',
    publishAndCreateNew: 'Publier et en créer un autre',
    deleteUnpublishedEntry: 'Supprimer le brouillon',
    deletePublishedEntry: 'Supprimer du site',
    deleteEntry: 'Supprimer',
  });
  merge(['mediaLibrary', 'mediaLibrary'], { onDelete: 'Supprimer l’image choisie ?' });
  merge(['mediaLibrary', 'mediaLibraryModal'], {
    noAssetsFound: 'Aucune image.',
    mediaAssets: 'Images',
    upload: 'Ajouter une photo (15 Mo au plus)',
  });
  merge(['ui', 'toast'], {
    entryUnpublished: 'Retiré du site',
    onFailToUnpublishEntry: 'Impossible de retirer du site : %{details}',
    entryUpdated: 'Statut mis à jour',
  });
  merge(['workflow', 'workflow'], { loading: 'Chargement des modifications en cours' });
  merge(['workflow', 'workflowCard'], { deleteNewEntry: 'Supprimer ce brouillon', publishNewEntry: 'Publier' });
  merge(['workflow', 'workflowList'], {
    onDeleteEntry: 'Supprimer définitivement ?',
    onPublishEntry: 'Publier maintenant ?',
    currentEntries: '%{smart_count} élément |||| %{smart_count} éléments',
  });
  return phrases;
}
