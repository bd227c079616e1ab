/**
 * DENTY's knowledge: the site's own content cut into documents (one per FAQ entry, per page section, per
 * article section) with its vocabulary, written to _site/assistant-index.json by the build (format:
 * core/assistant/knowledge.ts). Only what a visitor can read on the site goes in (the hidden price block
 * stays out).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import {
  ASSISTANT_INDEX_VERSION,
  type AssistantDoc,
  type AssistantIndex,
  type AssistantLine,
} from '../../core/assistant/knowledge.ts';
import type { AssistantVocabulary } from '../../core/assistant/vocabulary.ts';
import type { FeatureCard, Section } from '../../core/pages/sections.ts';
import type { FaqItem, GlossaryTerm } from '../../core/pages/shared-content.ts';
import type { PostFrontMatter } from '../../core/blog/post.ts';
import { plainHeading } from '../../core/content/validate.ts';

type BodyQuestions = PostFrontMatter['questions'][number];
import type { Content, LoadedPage, Post } from './content.ts';
import { htmlToText, renderMarkdown, type TextSection } from './markdown.ts';

/** What the index is built from (the site data templates already have). */
export interface IndexSource {
  pages: readonly LoadedPage[];
  /** What it reads of each article (a worker thread is handed only that: site/lib/indexes.ts). */
  posts: readonly (Pick<Post, 'slug' | 'title' | 'summary' | 'category' | 'faqItems' | 'questions'> & {
    sections: readonly TextSection[];
  })[];
  faq: readonly FaqItem[];
  glossary: readonly GlossaryTerm[];
  vocabulary: AssistantVocabulary;
}

/** "Dr. Martin": a full stop after these does not end a sentence. */
const ABBREVIATIONS = ['Dr', 'Pr', 'M', 'Mme', 'Mlle', 'St', 'cf', 'etc', 'ex', 'art', 'n°'];
const isWordCode = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
/** What the clean-ups of `sentences` look for: spaces to even out, a stray one after ' or before , . ) */
const NEEDS_CLEANING = /[^\S ]| \s|['’] | [,.)]/;
/** Where a sentence may end: . ! ? or …, a space, then a capital (A-Z, À-Ö, Ø-Þ), « , " or a figure. */
const SENTENCE_END = /[.!?…] (?=[A-ZÀ-ÖØ-Þ«"0-9])/g;

/** Whether the full stop at `dot` closes one of the ABBREVIATIONS (a whole word). */
function closesAbbreviation(text: string, dot: number): boolean {
  for (const abbreviation of ABBREVIATIONS) {
    const start = dot - abbreviation.length;
    if (start >= 0 && text.startsWith(abbreviation, start) && (start === 0 || !isWordCode(text.charCodeAt(start - 1))))
      return true;
  }
  return false;
}

/**
 * Splits prose into sentences, keeping abbreviations such as "J+7." or "Dr." together well enough: a
 * sentence ends at . ! ? or … followed by a space and a capital, « , " or a figure. One pass over the
 * text (a build splits millions of words); each clean-up runs only when its trigger is in the text.
 */
export function sentences(text: string): string[] {
  let clean = text;
  if (NEEDS_CLEANING.test(clean)) {
    if (/[^\S ]| \s/.test(clean)) clean = clean.replace(/\s+/g, ' ');
    // Text taken out of links and emphasis keeps no stray space ("l' agenda", "gratuitement ,").
    clean = clean.replace(/(\p{L}['’]) (?=\p{L})/gu, '$1').replace(/ ([,.)])/g, '$1');
  }
  const found: string[] = [];
  const keep = (sentence: string) => {
    const trimmed = sentence.trim();
    if (trimmed.length > 2) found.push(trimmed);
  };
  let from = 0;
  SENTENCE_END.lastIndex = 0;
  for (let end = SENTENCE_END.exec(clean); end; end = SENTENCE_END.exec(clean)) {
    if (clean.charCodeAt(end.index) === 0x2e && closesAbbreviation(clean, end.index)) continue;
    keep(clean.slice(from, end.index + 1));
    from = end.index + 2;
  }
  keep(clean.slice(from));
  return found;
}

const line = (text: string, title?: string, href?: string, comingSoon?: boolean): AssistantLine => ({
  text,
  ...(title ? { title } : {}),
  ...(href && href.startsWith('/') ? { href } : {}),
  ...(comingSoon ? { comingSoon } : {}),
});

/** Ends a card item as a sentence: "Accès réservé à l’équipe soignante" reads as one in a reply. */
const asSentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** A feature card told in sentences; a coming-soon card says so once, first. */
function cardText(card: FeatureCard): string {
  const saysComingSoon = (text: string) => /^bientôt disponible\.?$/i.test(text.trim());
  const items = card.comingSoon ? card.items.filter((item) => !saysComingSoon(item)) : card.items;
  const description = card.comingSoon && card.description && saysComingSoon(card.description) ? '' : card.description;
  return [
    card.comingSoon ? 'Bientôt disponible.' : undefined,
    description && asSentence(description),
    ...items.map(asSentence),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The facts of one page section, or null for sections that say nothing on their own. */
function sectionLines(section: Section, glossary: Map<string, GlossaryTerm>): AssistantLine[] | null {
  const intro = section.intro ? sentences(section.intro).map((text) => line(text)) : [];
  switch (section.type) {
    case 'hero':
      // Badges only repeat the page in a few words: they would make a poor answer.
      // The headline often holds the promise itself ("complets en 3 minutes environ").
      return [
        line(asSentence(section.title)),
        ...sentences(section.description).map((text) => line(text)),
        ...(section.note ? [line(section.note)] : []),
      ];
    case 'steps':
      // A step's label is its moment when it is one (« J+30 », « 48 h »), a fact a question asks for; a
      // rank (« 2 », « Étape 2 ») or a word (« Relances ») says nothing the title does not.
      return [
        ...intro,
        ...section.steps.map((step) =>
          line(
            step.text,
            step.label && /\d/.test(step.label) && !/^(?:étape\s+)?\d+$/iu.test(step.label)
              ? `${step.title} (${step.label})`
              : step.title,
          ),
        ),
      ];
    case 'features':
      return [
        ...intro,
        ...section.cards.map((card) =>
          line(cardText(card), card.title, card.comingSoon ? undefined : card.href, card.comingSoon),
        ),
      ];
    case 'stats':
      return [...intro, ...section.stats.map((stat) => line(asSentence(`${stat.value} ${stat.label}`)))];
    case 'comparison':
      // The « before » column is the problem: context (sectionContext), never the answer.
      return [...intro, ...section.rows.map((row) => line(asSentence(row.after), row.label))];
    case 'glossary':
      return [
        ...intro,
        ...section.terms.flatMap((term) => (glossary.has(term) ? [line(glossary.get(term)!.definition, term)] : [])),
      ];
    case 'list':
      if (section.problem) return null;
      return [...intro, ...section.items.map((item) => line(item.text ?? '', item.title, item.href))];
    case 'links':
      return [...intro, ...section.links.map((link) => line(link.description ?? '', link.title, link.href))];
    case 'rich-text':
      return sentences(htmlToText(renderMarkdown(section.body).html)).map((text) => line(text));
    case 'cta':
      return [
        ...(section.text ? sentences(section.text).map((text) => line(text)) : []),
        ...(section.note ? [line(section.note)] : []),
      ];
    case 'sample-report':
      return [
        ...intro,
        ...section.fields.map((field) => line(field.value, field.label)),
        ...section.notes.map((note) => line(note.value, note.label)),
      ];
    case 'widget':
      return section.aside?.length ? [...intro, ...section.aside.map((item) => line(item.text, item.title))] : null;
    case 'idea-card':
      return [line(section.text)];
    // FAQ entries are documents of their own; testimonials are opinions; the price block is hidden.
    case 'faq':
    case 'testimonials':
    case 'related-solutions':
    case 'blog-preview':
    case 'screenshot':
    case 'pricing':
      return null;
  }
}

/** What a section says of the problem the page solves: searched, never quoted (AssistantDoc `context`). */
function sectionContext(section: Section): string {
  if (section.type === 'comparison') return section.rows.map((row) => `${row.label} ${row.before}`).join(' ');
  if (section.type === 'list' && section.problem)
    return [section.title, section.intro, ...section.items.flatMap((item) => [item.title, item.text])]
      .filter(Boolean)
      .join(' ');
  return '';
}

/** "Tarifs : une offre unique, utilisateurs illimités | Dentivo" → the part before the brand. */
const aboutOf = (title: string) => title.replace(/\s*\|[^|]*$/, '');

function pageDocs(page: LoadedPage, glossary: Map<string, GlossaryTerm>): AssistantDoc[] {
  const docs: AssistantDoc[] = [];
  const about = aboutOf(page.title);
  const comingSoon = page.comingSoon ? { comingSoon: true } : {};
  // A problem list has no document of its own: it is the context of the page's lead (its hero).
  const problems = page.sections
    .filter((section) => section.type === 'list' && section.problem)
    .map(sectionContext)
    .join(' ');
  page.sections.forEach((section, index) => {
    const lines = sectionLines(section, glossary)?.filter((item) => item.text || item.title);
    if (!lines?.length) return;
    const title = section.type === 'hero' ? section.title : (section.title ?? page.name);
    const context = [section.type === 'hero' ? problems : '', sectionContext(section)].filter(Boolean).join(' ');
    docs.push({
      id: `page:${page.path}:${index}`,
      kind: 'page',
      source: page.name,
      about,
      title,
      url: section.id ? `${page.path}#${section.id}` : page.path,
      section: section.type,
      ...comingSoon,
      lines,
      // A FAQ section's `questions` name FAQ answers (documents of their own): never this section's.
      ...asked([{ ask: section.type === 'faq' ? [] : (section.questions ?? []) }]),
      ...(context ? { context } : {}),
    });
  });
  if (page.body) {
    const parts = splitByHeadings(page.body.sections, page.questions);
    // Questions without a part are the body's as a whole: its first part.
    const whole = asked(page.questions.filter((item) => !item.part)).questions;
    if (whole && parts[0]) parts[0].questions = [...whole, ...(parts[0].questions ?? [])];
    parts.forEach((part, index) =>
      docs.push({
        id: `page:${page.path}:body:${index}`,
        kind: 'page',
        source: page.name,
        about,
        title: part.title ?? page.name,
        url: part.id ? `${page.path}#${part.id}` : page.path,
        section: 'body',
        lines: part.lines,
        ...(part.questions ? { questions: part.questions } : {}),
      }),
    );
  }
  return docs;
}

/**
 * An article's (or legal page's) text cut at its ## headings, in sentences, each part with the questions
 * the editor wrote for it; parts without any sentence left out.
 */
function splitByHeadings(
  sections: readonly TextSection[],
  questions: readonly BodyQuestions[],
): { id?: string; title?: string; lines: AssistantLine[]; questions?: string[] }[] {
  return sections
    .map(({ id, title, text }) => ({
      id,
      title,
      lines: sentences(text).map((sentence) => line(sentence)),
      ...asked(questions.filter((item) => item.part && title && plainHeading(item.part) === plainHeading(title))),
    }))
    .filter((part) => part.lines.length);
}

/** The questions of these entries, when there are some (the index leaves the field out otherwise). */
const asked = (entries: readonly { ask: readonly string[] }[]) => {
  const questions = entries.flatMap((entry) => entry.ask);
  return questions.length ? { questions } : {};
};

/** The index's documents in order: FAQ entries, page sections, then each article's parts. */
function* assistantDocs(source: IndexSource): Generator<AssistantDoc> {
  const glossary = new Map(source.glossary.map((term) => [term.term, term]));
  // A FAQ answer links to the page that tells more when the editor named one (faq.yaml, `page`).
  const names = new Map(source.pages.map((page) => [page.path, page.name]));
  for (const item of source.faq) {
    const url = item.page ?? '/faq';
    yield {
      id: `faq:${item.id}`,
      kind: 'faq',
      source: names.get(url) ?? 'FAQ',
      about: 'Questions fréquentes',
      title: item.question,
      url,
      lines: [line(item.answer)],
      ...asked([{ ask: item.questions ?? [] }]),
    };
  }
  for (const page of source.pages) yield* pageDocs(page, glossary);
  for (const post of source.posts) {
    const url = `/blog/${post.slug}`;
    const about = post.category;
    yield {
      id: `article:${post.slug}`,
      kind: 'article',
      source: post.title,
      about,
      title: post.title,
      url,
      lines: sentences(post.summary).map((text) => line(text)),
      ...asked(post.questions.filter((item) => !item.part)),
    };
    for (const [index, part] of splitByHeadings(post.sections, post.questions).entries())
      yield {
        id: `article:${post.slug}:${index}`,
        kind: 'article',
        source: post.title,
        about,
        title: part.title ?? post.title,
        url: part.id ? `${url}#${part.id}` : url,
        lines: part.lines,
        ...(part.questions ? { questions: part.questions } : {}),
      };
    for (const [index, item] of post.faqItems.entries())
      yield {
        id: `article:${post.slug}:faq:${index}`,
        kind: 'article',
        source: post.title,
        about,
        title: item.question,
        url,
        lines: [line(item.answer)],
      };
  }
}

/** What the index is built from, taken from the loaded content (the build, the evaluation, the tests). */
export const indexSourceOf = (content: Content): IndexSource => ({
  pages: content.pages,
  posts: content.posts,
  faq: content.shared.faq,
  glossary: content.shared.glossary,
  vocabulary: content.vocabulary,
});

export function buildAssistantIndex(source: IndexSource): AssistantIndex {
  return { version: ASSISTANT_INDEX_VERSION, docs: [...assistantDocs(source)], vocabulary: source.vocabulary };
}

/**
 * Writes JSON.stringify(buildAssistantIndex(source)) to `file` a document at a time: at 10,000 articles
 * the index is 85 MB of JSON, which then never sits whole in memory, nor do its documents. Written in
 * pieces of about 32,000 characters: a larger string, and the bytes it is encoded into, would each take
 * memory fresh from the system (V8's large objects, malloc's mapped blocks), thousands of page faults
 * per build, where pieces this size reuse the same memory.
 */
export function writeAssistantIndexFile(file: string, source: IndexSource, chunkSize = 1 << 15): void {
  const fd = openSync(file, 'w');
  try {
    let chunk = `{"version":${JSON.stringify(ASSISTANT_INDEX_VERSION)},"docs":[`;
    let first = true;
    for (const doc of assistantDocs(source)) {
      chunk += (first ? '' : ',') + JSON.stringify(doc);
      first = false;
      if (chunk.length > chunkSize) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, `${chunk}],"vocabulary":${JSON.stringify(source.vocabulary)}}`);
  } finally {
    closeSync(fd);
  }
}
