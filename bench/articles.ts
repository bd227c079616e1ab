/**
 * Generated blog articles for the build-scaling bench: N valid Markdown files (front matter of
 * core/blog/post.ts `postFrontMatter`) of about 700 words of plausible French, spread over the five
 * categories and the existing authors, with ids from 10000 and unique slugs. Deterministic (seeded),
 * written to a directory given by the caller (a temporary one: they are never committed).
 *
 *   npx tsx bench/articles.ts --count 1000 --out /tmp/articles
 *   EXTRA_POSTS_DIR=/tmp/articles npx tsx node_modules/@11ty/eleventy/cmd.cjs --output=/tmp/site
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { categories, postFrontMatter, type Category } from '../core/blog/post.ts';
import { ARTICLE_TITLE_MAX, SEO_DESCRIPTION_MAX, clampDescription } from '../core/common/seo.ts';
import { slugKey } from '../core/common/slug.ts';

export const FIRST_ID = 10_000;

/** A small seeded PRNG (mulberry32): the same count gives the same articles on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const some = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return chosen;
  };
  return { next, pick, some };
}

const subjects: Record<Category, string[]> = {
  Gestion: [
    'le suivi des devis',
    'les impayés',
    'le tableau de bord du cabinet',
    'la facturation des actes',
    'les commandes fournisseurs',
    'la rentabilité du fauteuil',
  ],
  Soins: [
    'le suivi post-opératoire',
    'les comptes rendus opératoires',
    'la traçabilité des implants',
    'le questionnaire médical',
    'les protocoles d’endodontie',
    'le suivi orthodontique',
  ],
  Communication: [
    'les rappels de rendez-vous',
    'l’explication du plan de traitement',
    'l’accueil téléphonique',
    'les messages aux patients',
    'la présentation des devis',
    'les avis des patients',
  ],
  'Équipe & Organisation': [
    'le planning de l’équipe',
    'la gestion des absences',
    'les réunions du lundi',
    'l’intégration d’une nouvelle assistante',
    'la répartition des tâches',
    'la stérilisation au quotidien',
  ],
  Réglementation: [
    'la conformité RGPD',
    'l’ordonnance numérique',
    'la conservation des dossiers',
    'la traçabilité sanitaire',
    'le registre des traitements',
    'les obligations d’affichage',
  ],
};

const angles = [
  'les erreurs fréquentes et comment les éviter',
  'une méthode simple en cinq étapes',
  'ce qui change vraiment pour l’équipe',
  'le guide pratique pour les cabinets',
  'questions de praticiens, réponses concrètes',
  'gagner du temps sans rien oublier',
  'ce que font les cabinets bien organisés',
  'par où commencer cette semaine',
];

const tagsByCategory: Record<Category, string[]> = {
  Gestion: ['Gestion', 'Devis', 'Impayés', 'Relances', 'Tableau de bord', 'Facturation'],
  Soins: ['Suivi post-opératoire', 'Chirurgie', 'Endodontie', 'Implantologie', 'Comptes Rendus', 'Dossier Patient'],
  Communication: ['Communication patient', 'Rendez-vous', 'Rappels', 'Patients', 'Accueil'],
  'Équipe & Organisation': ['Organisation', 'Planning', 'Travail en équipe', 'Assistante dentaire', 'Agenda'],
  Réglementation: ['Réglementation', 'Conformité', 'RGPD', 'Données de santé', 'Traçabilité'],
};

const headings = [
  'Pourquoi le sujet mérite une méthode',
  'Ce qui se passe dans la plupart des cabinets',
  'Les trois questions à se poser',
  'Une organisation qui tient dans la durée',
  'Le rôle de chacun dans l’équipe',
  'Les outils qui font gagner du temps',
  'Mesurer pour progresser',
  'Un exemple concret au cabinet',
  'Les points de vigilance',
  'Ce qu’il faut noter dans le dossier',
];

const sentences = [
  'Dans un cabinet dentaire, chaque journée commence avec un planning chargé et se termine rarement comme prévu.',
  'Les urgences, les retards et les appels de patients bousculent l’organisation la mieux pensée.',
  'Le problème n’est presque jamais la bonne volonté de l’équipe, mais l’absence de règles écrites et partagées.',
  'Une méthode simple, connue de tous, vaut mieux qu’un outil sophistiqué que personne n’utilise.',
  'Les assistantes connaissent souvent mieux que quiconque les points de friction du quotidien.',
  'Il suffit parfois de dix minutes en réunion d’équipe pour décider qui fait quoi et à quel moment.',
  'Le praticien garde la décision clinique, mais il n’a pas à porter seul toute l’organisation.',
  'Un rappel envoyé quarante-huit heures avant le rendez-vous réduit nettement les oublis.',
  'Chaque échange avec le patient mérite une ligne claire dans son dossier, datée et signée.',
  'Les informations dispersées entre le carnet, le tableur et la mémoire de chacun finissent par se perdre.',
  'Centraliser ces informations dans un seul outil évite les doubles saisies et les erreurs de recopie.',
  'La traçabilité n’est pas seulement une obligation : c’est aussi une protection pour le cabinet.',
  'Un patient qui comprend son plan de traitement l’accepte plus volontiers et pose moins de questions au fauteuil.',
  'Les devis restés sans réponse représentent souvent une part importante du chiffre d’affaires potentiel.',
  'Une relance courtoise, au bon moment, suffit dans bien des cas à débloquer une décision.',
  'Le secrétariat gagne du temps lorsque les réponses aux questions fréquentes sont préparées à l’avance.',
  'Il est utile de distinguer ce qui relève de l’urgence de ce qui peut attendre la fin de la matinée.',
  'Un planning lisible, partagé et tenu à jour évite bien des discussions de couloir.',
  'Les absences prévues longtemps à l’avance se gèrent facilement ; ce sont les imprévus qui coûtent cher.',
  'Prévoir un remplacement pour chaque poste clé rassure toute l’équipe.',
  'Les données de santé exigent un hébergement adapté et des accès limités aux seules personnes concernées.',
  'Le règlement général sur la protection des données impose de savoir où se trouvent les informations et qui les consulte.',
  'Une procédure écrite, relue une fois par an, suffit à rester en règle sans y passer ses soirées.',
  'Les commandes de matériel suivent un rythme régulier qu’il est facile d’anticiper.',
  'Un stock minimal défini pour chaque produit évite la rupture le jour où l’on en a besoin.',
  'Les factures des fournisseurs arrivent par courriel, par courrier ou sur des portails différents.',
  'Les regrouper automatiquement fait gagner plusieurs heures par mois à la personne chargée de la comptabilité.',
  'Les comptes rendus rédigés juste après l’acte sont plus précis et plus rapides à écrire.',
  'Un modèle bien construit guide la rédaction sans empêcher de noter ce qui sort de l’ordinaire.',
  'Le suivi après une intervention rassure le patient et permet de repérer tôt une complication.',
  'Un appel à J+1 après une extraction prend trois minutes et change la perception du cabinet.',
  'Les indicateurs les plus utiles sont ceux que l’on regarde vraiment chaque semaine.',
  'Le taux d’acceptation des devis, le nombre de rendez-vous manqués et le délai de paiement en font partie.',
  'Mieux vaut suivre trois chiffres avec régularité que vingt chiffres une fois par an.',
  'Les nouveaux arrivants apprennent plus vite lorsque les habitudes du cabinet sont écrites quelque part.',
  'Une check-list d’accueil couvre l’essentiel : accès, protocoles, contacts et outils.',
  'L’automatisation ne remplace pas l’équipe ; elle lui rend du temps pour les patients.',
  'Les tâches répétitives sont les premières à confier à un outil, car elles ne demandent aucun jugement.',
  'Un message de confirmation clair, avec l’adresse et les consignes, évite des appels inutiles.',
  'Le patient apprécie de recevoir ses documents sans avoir à les demander.',
  'Les retours des patients, positifs ou non, donnent des pistes d’amélioration très concrètes.',
  'Il est préférable de tester un changement pendant un mois avant de l’étendre à tout le cabinet.',
  'Les praticiens qui ont franchi le pas décrivent surtout un sentiment de sérénité retrouvée.',
  'La première étape consiste à faire la liste de ce qui est aujourd’hui fait à la main.',
  'Chaque point de la liste peut ensuite être simplifié, délégué ou automatisé.',
  'La régularité compte davantage que la perfection du premier jour.',
];

const bullets = [
  '**Qui ?** La personne responsable, nommée, et son remplaçant en cas d’absence.',
  '**Quand ?** Le moment précis où l’action a lieu dans la semaine.',
  '**Comment ?** Le modèle de message ou la procédure à suivre.',
  '**Où ?** L’endroit du dossier où l’information est notée.',
  '**Combien de temps ?** La durée réaliste, pour l’inscrire au planning.',
  '**Avec quel outil ?** Le logiciel ou le document de référence.',
];

const links = [
  '[notre page contact](/contact)',
  '[le programme testeurs](/tester)',
  '[les tarifs](/tarifs)',
  '[l’agenda patients](/agenda)',
  '[les comptes rendus intelligents](/comptes-rendus)',
  '[la gestion des devis](/devis)',
  '[le planning d’équipe](/planning-equipe)',
  '[toutes les fonctionnalités](/fonctionnalites)',
];

const yaml = (text: string) => JSON.stringify(text);

export interface GeneratedArticle {
  file: string;
  slug: string;
  words: number;
}

/** One article's Markdown source (front matter + body). */
export function articleSource(
  index: number,
  authors: readonly string[],
): { slug: string; source: string; words: number } {
  const rng = random(index + 1);
  const id = FIRST_ID + index;
  const category = categories[index % categories.length]!;
  const subject = rng.pick(subjects[category]);
  const angle = rng.pick(angles);
  const title = `${subject[0]!.toUpperCase()}${subject.slice(1)} : ${angle}`;
  const words = slugKey(`${subject} ${angle}`).split('-');
  while (words.join('-').length > 60) words.pop();
  const slug = `${words.join('-')}-${id}`;
  const day = new Date(Date.UTC(2019, 0, 1) + (index % 1800) * 86_400_000).toISOString().slice(0, 10);
  const paragraph = (count: number) => rng.some(sentences, count).join(' ');

  const parts: string[] = [paragraph(3), paragraph(3)];
  for (const heading of rng.some(headings, 5)) {
    parts.push(`## ${heading}`, paragraph(4));
    if (rng.next() < 0.4)
      parts.push(
        rng
          .some(bullets, 4)
          .map((item) => `- ${item}`)
          .join('\n'),
      );
    parts.push(paragraph(3));
  }
  parts.push(
    '## En résumé',
    `${paragraph(3)} Pour aller plus loin, consultez ${rng.pick(links)} ou ${rng.pick(links)}.`,
  );
  const body = parts.join('\n\n');

  // Like an editor, a long title or summary gets its shorter `seoTitle` / `seoDescription`.
  const shortTitle = (text: string) => {
    const words = text.split(' ');
    while (words.join(' ').length > ARTICLE_TITLE_MAX) words.pop();
    return words.join(' ').replace(/[\s:,;–-]+$/, '');
  };
  const summary = `${subject[0]!.toUpperCase()}${subject.slice(1)} au cabinet dentaire : ${angle}, avec des exemples concrets pour toute l’équipe.`;
  const seoTitle = title.length > ARTICLE_TITLE_MAX ? shortTitle(title) : undefined;
  const seoDescription = summary.length > SEO_DESCRIPTION_MAX ? clampDescription(summary) : undefined;
  const front = {
    id,
    slug,
    title,
    ...(seoTitle ? { seoTitle } : {}),
    summary,
    ...(seoDescription ? { seoDescription } : {}),
    category,
    tags: rng.some(tagsByCategory[category], 3),
    author: authors[index % authors.length]!,
    publishDate: day,
  };
  // The same schema the build applies: a generated file that it would refuse is a bug here.
  postFrontMatter.parse(front);
  const source = [
    '---',
    `id: ${front.id}`,
    `slug: ${front.slug}`,
    `title: ${yaml(front.title)}`,
    ...(seoTitle ? [`seoTitle: ${yaml(seoTitle)}`] : []),
    `summary: ${yaml(front.summary)}`,
    ...(seoDescription ? [`seoDescription: ${yaml(seoDescription)}`] : []),
    `category: ${yaml(front.category)}`,
    `tags: [${front.tags.map(yaml).join(', ')}]`,
    `author: ${front.author}`,
    `publishDate: ${front.publishDate}`,
    'toc: true',
    '---',
    body,
    '',
  ].join('\n');
  return { slug, source, words: body.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length };
}

/** The author slugs of content/authors/. */
export function authorSlugs(root: string): string[] {
  const dir = join(root, 'content', 'authors');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { slug: string }).slug);
}

/** Writes `count` articles into `dir` (created if needed); returns their files and word counts. */
export function generateArticles(
  count: number,
  dir: string,
  root = resolve(import.meta.dirname, '..'),
): GeneratedArticle[] {
  mkdirSync(dir, { recursive: true });
  const authors = authorSlugs(root);
  const written: GeneratedArticle[] = [];
  for (let index = 0; index < count; index++) {
    const { slug, source, words } = articleSource(index, authors);
    const file = join(dir, `${slug}.md`);
    writeFileSync(file, source);
    written.push({ file, slug, words });
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
  };
  const count = Number(value('--count') ?? 1000);
  const out = value('--out');
  if (!out || !Number.isInteger(count) || count < 1) {
    console.error('Usage : tsx bench/articles.ts --count 1000 --out <dossier>');
    process.exit(2);
  }
  const articles = generateArticles(count, resolve(out));
  const words = articles.reduce((total, article) => total + article.words, 0);
  console.log(
    `${articles.length} articles écrits dans ${resolve(out)} (${Math.round(words / articles.length)} mots en moyenne).`,
  );
}
