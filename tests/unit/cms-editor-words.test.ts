/** Refusals in the editor's words (core/content/editor-words.ts): labels of the form, no path, what to do. */
import { describe, expect, it } from 'vitest';
import { editorWords } from '../../core/content/editor-words.ts';

describe('A refused save, as the editor reads it', () => {
  it('names the form’s field, not the file nor the code name', () => {
    expect(
      editorWords(
        'Contenu invalide dans content/blog/a.md :\n  - slug d’article « suivi » déjà utilisé par content/blog/suivi.md',
      ),
    ).toBe('« Adresse » : « suivi » est déjà l’adresse d’un autre article ; choisissez-en une autre.');
    expect(
      editorWords(
        'Contenu invalide dans content/pages/agenda.md :\n  - section 2 (features), champ cards[0].icon : icône inconnue « x »',
      ),
    ).toBe('section 2 (Cartes de fonctionnalités), champ « Icône » : icône inconnue « x »');
    expect(
      editorWords(
        'Contenu invalide dans content/pages/tester.md :\n  - témoignage « t-testeur » déjà utilisé par content/pages/assistant.md',
      ),
    ).toBe(
      '« Témoignages » : « t-testeur » est déjà cité sur une autre page ; choisissez-en un autre ou écrivez-en un nouveau.',
    );
    expect(
      editorWords(
        '  - champ seoTitle : le titre compte 84 caractères, trop pour le titre que montrent les moteurs de recherche (60 au plus) : ajoutez un titre pour les moteurs de recherche plus court (seoTitle)',
      ),
    ).not.toMatch(/seoTitle/);
  });
});
