/**
 * The build's messages (core/content/check.ts) as an editor reads them in the CMS: the form's own French
 * labels instead of field names, the section's name instead of its type, no file path
 * (docs/decisions/0051-saves-keep-the-file.md). The build keeps its own wording, for developers.
 */
import { fieldLabels, sectionLabels } from './cms-labels.ts';

const label = (name: string) => `« ${fieldLabels[name] ?? name} »`;

/** « champ sections.3.cards[1].icon » → « Icône » ; « section 4 (features) » → « section 4 (Cartes de fonctionnalités) ». */
export function editorWords(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^Contenu invalide dans \S+ :$/.test(line))
    .map((line) =>
      line
        .replace(/^\s*- /, '')
        .replace(/\bsection (\d+) \(([a-z-]+)\)/g, (_, index: string, type: string) => `section ${index} (${sectionLabels[type] ?? type})`)
        .replace(/\bchamp ([\w.[\]]+)/g, (_, path: string) => {
          const names = path.split(/[.[\]]+/).filter((part) => part && !/^\d+$/.test(part));
          return names.length ? `champ ${label(names.at(-1)!)}` : 'champ';
        })
        .replace(/\(seoTitle\)|\(seoDescription\)/g, '')
        .replace(/^slug d’article « (.+?) » déjà utilisé par \S+/, (_, slug: string) => `${label('slug')} : « ${slug} » est déjà l’adresse d’un autre article ; choisissez-en une autre.`)
        .replace(/^id d’article « (.+?) » déjà utilisé par \S+/, (_, id: string) => `${label('id')} : le numéro ${id} est déjà pris ; videz le champ, un numéro libre sera donné.`)
        .replace(/^chemin de page « (.+?) » déjà utilisé par \S+/, (_, path: string) => `${label('path')} : « ${path} » est déjà l’adresse d’une autre page ; choisissez-en une autre.`)
        .replace(/^témoignage « (.+?) » déjà utilisé par \S+/, (_, id: string) => `${label('testimonials')} : « ${id} » est déjà cité sur une autre page ; choisissez-en un autre ou écrivez-en un nouveau.`)
        .replace(/\s+$/, ''),
    )
    .join('\n');
}
