/**
 * How the embedded assistant answers (DECISIONS.md, "The backend that SPEC.md does not show"): the site's
 * own content (FAQ, page sections, article sections) is cut into documents at build time; a question is
 * folded (case, accents, French stop words, light stemming), documents are ranked with BM25 plus a bonus for
 * a FAQ question asked in nearly the same words, and the answer quotes the best facts in French Markdown with
 * links to the pages used. When nothing relevant enough matches, a polite answer points to /contact.
 */
import { frenchTypography } from '../site/typography.ts';

/** One fact: a sentence, a list item or a card ("**title** : text"), with the page it leads to. */
export interface AssistantLine {
  text: string;
  title?: string;
  href?: string;
}

export interface AssistantDoc {
  id: string;
  kind: 'faq' | 'page' | 'article';
  /** The page the document belongs to, as a reader names it ("Fonctionnalités", an article title). */
  source: string;
  /** The FAQ question or the section title. */
  title: string;
  /** Where the facts are read on the site: "/faq", "/fonctionnalites#modules", "/blog/slug#titre". */
  url: string;
  lines: AssistantLine[];
}

export interface AssistantIndex {
  version: 1;
  docs: AssistantDoc[];
}

export function isAssistantIndex(value: unknown): value is AssistantIndex {
  const index = value as AssistantIndex;
  return (
    typeof index === 'object' &&
    index !== null &&
    index.version === 1 &&
    Array.isArray(index.docs) &&
    index.docs.every(
      (doc) =>
        typeof doc?.id === 'string' &&
        typeof doc.url === 'string' &&
        typeof doc.title === 'string' &&
        Array.isArray(doc.lines),
    )
  );
}

// ---------------------------------------------------------------------------------------------------
// Text analysis

const stopWords = new Set(
  (
    'a à au aux avec ce ces cet cette c ça ca d de des du dans en et est es être etre eu ou où par pour sur sous sans se sa son ses ' +
    'le la les l un une uns unes leur leurs lui y il ils elle elles on nous vous je j tu te t me m moi toi ne n pas plus moins ' +
    'qui que qu quoi quel quelle quels quelles dont comment pourquoi quand combien est-ce ai as avez avons ont suis sont sera ' +
    'mon ma mes ton ta tes notre nos votre vos si s tout tous toute toutes très tres bien aussi alors donc mais ni car ' +
    'peut peux pouvez pouvons puis faire fait fais font avoir être cela ceci celui celle ceux celles ici là la-bas ' +
    // Words of a request, not of its subject ("Explorer les fonctionnalités actuelles", "Dites-moi…").
    'explorer explorez découvrir decouvrir voir savoir dire dites expliquer expliquez présenter presenter parler actuel actuels actuelle actuelles ' +
    'bonjour merci svp please hello salut question questions réponse reponse chose choses ' +
    'fonctionne fonctionnent marche marchent donne donnent existe existent propose proposez utilise utiliser'
  ).split(/\s+/),
);

/** Lowercase, no accents, typographic apostrophes made plain. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'");
}

const suffixes = [
  'issements',
  'issement',
  'ements',
  'ement',
  'ations',
  'ation',
  'atrices',
  'atrice',
  'ateurs',
  'ateur',
  'ances',
  'ance',
  'ences',
  'ence',
  'ites',
  'ite',
  'ables',
  'able',
  'ibles',
  'ible',
  'iques',
  'ique',
  'istes',
  'iste',
  'euses',
  'euse',
  'eux',
  'ives',
  'ive',
  'ifs',
  'if',
  'ees',
  'ee',
  'es',
  'er',
  'ez',
  'e',
  's',
  'x',
];

/** A light French stemmer: enough for plural, gender and the common noun and verb endings. */
export function stem(word: string): string {
  if (word.endsWith('aux') && word.length > 5) return word.slice(0, -3) + 'al';
  for (const suffix of suffixes)
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  return word;
}

/** Words of a question that mean the same thing as words of the site (full weight). */
const equivalents: Record<string, string[]> = {
  fonctionnalite: ['module'],
  fonctionnalites: ['module'],
  fonction: ['module'],
  fonctions: ['module'],
  plateforme: ['dentivo'],
  logiciel: ['dentivo'],
  application: ['dentivo'],
  appli: ['dentivo'],
  rdv: ['rendez'],
  ia: ['assistant'],
  chatbot: ['assistant'],
  prix: ['tarif'],
  tarif: ['prix'],
  tarifs: ['prix'],
  coute: ['prix'],
  cout: ['prix'],
  gratuit: ['essai'],
  essayer: ['essai'],
  testeur: ['tester'],
  testeurs: ['tester'],
  annuler: ['resilier'],
  arreter: ['resilier'],
  resiliation: ['resilier'],
  ancien: ['autre'],
  importer: ['passer'],
  migrer: ['passer'],
  changer: ['passer'],
};

/** Words that lead to related words of the site (half weight). */
const related: Record<string, string[]> = {
  aider: ['gagner', 'simplifier', 'choisir', 'taches'],
  aide: ['gagner', 'simplifier'],
  outil: ['module'],
  outils: ['module'],
  prix: ['pack', 'essentiel'],
  tarif: ['pack', 'essentiel'],
  tarifs: ['pack', 'essentiel'],
  ia: ['denty'],
  chatbot: ['denty'],
  donnees: ['hebergement'],
  securite: ['hebergement', 'rgpd'],
  adresse: ['equipe', 'cabinet'],
  abonnement: ['engagement', 'pack'],
  relance: ['relances'],
};

function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const isContentWord = (word: string) => !stopWords.has(word) && (word.length > 1 || /\d/.test(word));

/** Content terms (stemmed, no stop words) of a text. */
export function terms(text: string): string[] {
  return words(text).filter(isContentWord).map(stem);
}

/** One word of the question: its stem and the stems of its synonyms, each with a weight. */
type QueryGroup = Map<string, number>;

function queryGroups(question: string): QueryGroup[] {
  const groups = new Map<string, QueryGroup>();
  for (const word of words(question)) {
    if (!isContentWord(word)) continue;
    const main = stem(word);
    if (groups.has(main)) continue;
    const group: QueryGroup = new Map([[main, 1]]);
    for (const other of equivalents[word] ?? []) group.set(stem(other), Math.max(group.get(stem(other)) ?? 0, 1));
    for (const other of related[word] ?? []) if (!group.has(stem(other))) group.set(stem(other), 0.5);
    groups.set(main, group);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------------
// Ranking

interface Prepared {
  doc: AssistantDoc;
  /** Term frequencies of the facts. */
  tf: Map<string, number>;
  titleTerms: Set<string>;
  sourceTerms: Set<string>;
  length: number;
  /** Every word of a FAQ question, stop words included, for the "same question" bonus. */
  questionWords?: Set<string>;
}

export interface Hit {
  doc: AssistantDoc;
  score: number;
  /** Share of the question's weight (idf) the document contains, title and page name included, 0 to 1. */
  coverage: number;
  /** Share of the question's weight found in the section title alone. */
  titleCoverage: number;
}

export interface Searcher {
  search(question: string, limit?: number): Hit[];
  idf(term: string): number;
  docs: readonly AssistantDoc[];
}

const K1 = 1.2;
const B = 0.5;
/** How much a title that says what the question says outweighs the body (twice that for a FAQ question). */
const TITLE_BOOST = 2;
/** A match on the page's name counts, less than one on the section's own title. */
const SOURCE_BOOST = 0.5;
/** Richer sections (more facts) are preferred, up to this many facts. */
const RICHNESS_CAP = 12;
const RICHNESS_STEP = 0.06;

const lineText = (line: AssistantLine) => (line.title ? `${line.title} ${line.text}` : line.text);

export function createSearcher(index: AssistantIndex): Searcher {
  const prepared: Prepared[] = index.docs.map((doc) => {
    const tf = new Map<string, number>();
    const bodyTerms = doc.lines.flatMap((line) => terms(lineText(line)));
    for (const term of bodyTerms) tf.set(term, (tf.get(term) ?? 0) + 1);
    return {
      doc,
      tf,
      titleTerms: new Set(terms(doc.title)),
      sourceTerms: new Set(terms(doc.source)),
      length: bodyTerms.length,
      ...(doc.kind === 'faq' ? { questionWords: new Set(words(doc.title)) } : {}),
    };
  });
  const df = new Map<string, number>();
  for (const item of prepared)
    for (const term of new Set([...item.tf.keys(), ...item.titleTerms, ...item.sourceTerms]))
      df.set(term, (df.get(term) ?? 0) + 1);
  const count = prepared.length;
  const averageLength = prepared.reduce((sum, item) => sum + item.length, 0) / Math.max(count, 1);
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (count - n + 0.5) / (n + 0.5));
  };

  function search(question: string, limit = 5): Hit[] {
    const groups = queryGroups(question);
    if (groups.length === 0) return [];
    const askedWords = new Set(words(question));
    /** Each word of the question weighs the idf of its own stem. */
    const groupWeight = groups.map((group) => idf(group.keys().next().value!));
    const totalWeight = groupWeight.reduce((sum, weight) => sum + weight, 0);
    const queryStems = new Set(groups.flatMap((group) => [...group.keys()]));
    const hits: Hit[] = [];
    for (const item of prepared) {
      let body = 0;
      let covered = 0;
      let titleCovered = 0;
      let titleShared = 0;
      let source = 0;
      groups.forEach((group, index) => {
        // A word and its synonyms count once: the best of them.
        let bestBody = 0;
        let bestTitle = 0;
        let bestSource = 0;
        for (const [term, weight] of group) {
          const termIdf = idf(term);
          const frequency = item.tf.get(term) ?? 0;
          if (frequency)
            bestBody = Math.max(
              bestBody,
              weight *
                termIdf *
                ((frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * item.length) / averageLength))),
            );
          if (item.titleTerms.has(term)) bestTitle = Math.max(bestTitle, weight * termIdf);
          if (item.sourceTerms.has(term)) bestSource = Math.max(bestSource, weight * termIdf);
        }
        body += bestBody;
        titleShared += bestTitle;
        source += bestSource;
        const weight = groupWeight[index]!;
        if (bestBody || bestTitle || bestSource) covered += weight;
        if (bestTitle) titleCovered += weight;
      });
      // The title is compared as a whole: one that also speaks of other things says less about the question.
      let titleExtra = 0;
      for (const term of item.titleTerms) if (!queryStems.has(term)) titleExtra += idf(term);
      const titleSimilarity = titleShared / (totalWeight + titleExtra);
      let score =
        body +
        (item.doc.kind === 'faq' ? 2 * TITLE_BOOST : TITLE_BOOST) * titleSimilarity * totalWeight +
        SOURCE_BOOST * source;
      if (item.doc.kind !== 'faq') score *= 1 + RICHNESS_STEP * Math.min(item.doc.lines.length, RICHNESS_CAP);
      // The same question as a FAQ entry, in nearly the same words: that entry answers it.
      if (item.questionWords) {
        const shared = [...askedWords].filter((word) => item.questionWords!.has(word)).length;
        const similarity = shared / new Set([...askedWords, ...item.questionWords]).size;
        if (similarity >= 0.5) score += 10 * similarity;
      }
      if (score > 0)
        hits.push({
          doc: item.doc,
          score,
          coverage: totalWeight ? covered / totalWeight : 0,
          titleCoverage: totalWeight ? titleCovered / totalWeight : 0,
        });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  return { search, idf, docs: index.docs };
}

// ---------------------------------------------------------------------------------------------------
// Answering

export interface AnswerOptions {
  productName: string;
  assistantName: string;
  /** "24 h": how fast the team answers (content/site.json). */
  supportResponse: string;
}

export interface Answer {
  markdown: string;
  /** Pages quoted, in order. */
  sources: { title: string; url: string }[];
  /** False when the polite fallback was given. */
  matched: boolean;
}

/** A hit must hold most of what the question is about, and clearly more than noise. */
const MIN_COVERAGE = 0.45;
const MIN_SCORE = 1.5;
/** Words met only in passing in a long text, never in a title, are not an answer. */
const MIN_SCORE_BODY_ONLY = 8;
/** Further documents are quoted when they score at least this share of the best. */
const RELATED_SHARE = 0.6;
const MAX_DOCS = 3;
/** Facts quoted in one answer, at most (the first document is always quoted). */
const MAX_LINES = 14;

/** Escapes what Markdown would read as markup in a quoted sentence. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}

function lineScore(line: AssistantLine, query: Set<string>, idf: (term: string) => number): number {
  let score = 0;
  for (const term of new Set(terms(lineText(line)))) if (query.has(term)) score += idf(term);
  return score;
}

function formatLine(line: AssistantLine): string {
  const text = escapeMarkdown(line.text);
  if (!line.title) return text;
  const title = line.href ? `[${escapeMarkdown(line.title)}](${line.href})` : `**${escapeMarkdown(line.title)}**`;
  return text ? `${title}\u00A0: ${text}` : title;
}

/** The facts of a document worth quoting for this question, in their original order. */
function pickLines(hit: Hit, query: Set<string>, idf: (term: string) => number): AssistantLine[] {
  const { doc } = hit;
  // A list or cards about the question as a whole (its title says it), or a short document: quote it all.
  const isList = doc.lines.filter((line) => line.title).length >= doc.lines.length / 2;
  if (doc.kind === 'faq' || doc.lines.length <= 2 || (isList && hit.titleCoverage >= 0.5))
    return doc.lines.slice(0, 12);
  // Prose: its best sentences; when only the title matched, its opening.
  const scored = doc.lines.map((line, position) => ({ line, position, score: lineScore(line, query, idf) }));
  const best = scored
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  if (!best.length) return doc.lines.slice(0, 2);
  return best.sort((a, b) => a.position - b.position).map((item) => item.line);
}

/** "/blog/x#part" → "/blog/x": one link per page in the closing line. */
const pagePath = (url: string) => url.split('#')[0]!;

function fallback(options: AnswerOptions): Answer {
  return {
    markdown:
      `Je n'ai pas trouvé de réponse précise à votre question dans les pages du site ${options.productName}. ` +
      `Vous pouvez la reformuler en quelques mots, ou écrire à notre équipe depuis la page [Contact](/contact)\u00A0: elle vous répond sous ${options.supportResponse}.`,
    sources: [{ title: 'Contact', url: '/contact' }],
    matched: false,
  };
}

/** Answers one question from the site's content. */
export function answerQuestion(searcher: Searcher, question: string, options: AnswerOptions): Answer {
  const hits = searcher.search(question, 10);
  const top = hits[0];
  if (
    !top ||
    top.score < MIN_SCORE ||
    top.coverage < MIN_COVERAGE ||
    (top.titleCoverage === 0 && top.score < MIN_SCORE_BODY_ONLY)
  )
    return fallback(options);
  const chosen: Hit[] = [top];
  for (const hit of hits.slice(1)) {
    if (chosen.length >= MAX_DOCS) break;
    if (hit.score < top.score * RELATED_SHARE || hit.coverage < MIN_COVERAGE) continue;
    // Never the same section twice, nor the same question answered again elsewhere.
    if (chosen.some((other) => other.doc.url === hit.doc.url || fold(other.doc.title) === fold(hit.doc.title)))
      continue;
    chosen.push(hit);
  }

  const query = new Set(queryGroups(question).flatMap((group) => [...group.keys()]));
  const blocks: string[] = [];
  const sources: Answer['sources'] = [];
  let quoted = 0;
  for (const hit of chosen) {
    const lines = pickLines(hit, query, searcher.idf);
    // A chat answer stays readable: further documents only while the whole stays short.
    if (!lines.length || (quoted > 0 && quoted + lines.length > MAX_LINES)) continue;
    quoted += lines.length;
    const { doc } = hit;
    const label = doc.kind === 'faq' ? 'FAQ' : doc.source;
    if (!sources.some((source) => pagePath(source.url) === pagePath(doc.url)))
      sources.push({ title: label, url: doc.kind === 'article' ? pagePath(doc.url) : doc.url });
    const heading = `**${escapeMarkdown(doc.title)}** ([${escapeMarkdown(label)}](${doc.url}))`;
    const body =
      lines.length === 1 && !lines[0]!.title
        ? `> ${formatLine(lines[0]!)}`
        : lines.map((line) => `- ${formatLine(line)}`).join('\n');
    blocks.push(`${heading}\n\n${body}`);
  }
  if (!blocks.length) return fallback(options);

  // Each block links the page it quotes; the answer ends on an invitation rather than a list of links.
  const markdown = [
    `Voici ce que j'ai trouvé sur le site ${options.productName}\u00A0:`,
    ...blocks,
    `Une autre question\u202F? Je suis là pour vous aider.`,
  ].join('\n\n');
  return { markdown, sources, matched: true };
}

export interface IncomingMessage {
  text?: string;
  files?: { filename: string }[];
  voice?: { duration: number };
}

const greeting = /^(bonjour|bonsoir|salut|hello|coucou|hey)\b[\s!.,]*$/i;
const thanks = /^(merci|merci beaucoup|super merci|parfait merci|ok merci)\b[\s!.,]*$/i;

/** The reply to one message of the chat: its text answered, its files and voice note acknowledged. */
export function composeReply(searcher: Searcher, message: IncomingMessage, options: AnswerOptions): Answer {
  const text = message.text?.trim() ?? '';
  const notes: string[] = [];
  if (message.files?.length) {
    const names = message.files.map((file) => `« ${escapeMarkdown(file.filename)} »`).join(', ');
    notes.push(
      `J'ai bien reçu ${message.files.length > 1 ? 'vos fichiers' : 'votre fichier'} ${names}. Je ne lis pas encore le contenu des fichiers\u00A0: si vous souhaitez qu'un membre de l'équipe les examine, écrivez-nous depuis la page [Contact](/contact).`,
    );
  }
  if (message.voice) {
    notes.push(
      `J'ai bien reçu votre message vocal. Je ne sais pas encore écouter les messages vocaux\u00A0: pouvez-vous m'écrire votre question en quelques mots\u202F?`,
    );
  }
  if (!text) {
    return {
      markdown: frenchTypography(notes.join('\n\n') || fallback(options).markdown),
      sources: [{ title: 'Contact', url: '/contact' }],
      matched: false,
    };
  }
  let answer: Answer;
  if (greeting.test(text))
    answer = {
      markdown: `Bonjour\u202F! Je suis ${options.assistantName}, l'assistant de ${options.productName}. Posez-moi une question sur nos modules, l'essai gratuit, la sécurité des données ou l'organisation du cabinet.`,
      sources: [],
      matched: true,
    };
  else if (thanks.test(text))
    answer = {
      markdown: `Avec plaisir\u202F! N'hésitez pas si vous avez une autre question.`,
      sources: [],
      matched: true,
    };
  else answer = answerQuestion(searcher, text, options);
  const markdown = notes.length ? `${answer.markdown}\n\n${notes.join('\n\n')}` : answer.markdown;
  // Quoted content is written with plain spaces; the answer gets the site's French typography.
  return { ...answer, markdown: frenchTypography(markdown) };
}
