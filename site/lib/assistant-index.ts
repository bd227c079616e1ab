/**
 * The embedded assistant's knowledge: the site's own content cut into documents (one per FAQ entry, per
 * page section, per article section), written to _site/assistant-index.json by the build and read by the
 * server at start. Only what a visitor can read on the site goes in (the hidden price block stays out).
 */
import type { AssistantDoc, AssistantIndex, AssistantLine } from '../../core/assistant/search.ts';
import type { FeatureCard, Section } from '../../core/pages/sections.ts';
import type { FaqItem, GlossaryTerm } from '../../core/pages/shared-content.ts';
import type { LoadedPage, Post } from './content.ts';
import { htmlToText, renderMarkdown } from './markdown.ts';

/** What the index is built from (the site data templates already have). */
export interface IndexSource {
  pages: readonly LoadedPage[];
  posts: readonly Post[];
  faq: readonly FaqItem[];
  glossary: readonly GlossaryTerm[];
}

/** Splits prose into sentences, keeping abbreviations such as "J+7." or "Dr." together well enough. */
export function sentences(text: string): string[] {
  return (
    text
      .replace(/\s+/g, ' ')
      // Text taken out of links and emphasis keeps no stray space ("l' agenda", "gratuitement ,").
      .replace(/(\p{L}['’]) (?=\p{L})/gu, '$1')
      .replace(/ ([,.)])/g, '$1')
      .split(/(?<!\b(?:Dr|Pr|M|Mme|Mlle|St|cf|etc|ex|art|n°)\.)(?<=[.!?…])\s+(?=[A-ZÀ-ÖØ-Þ«"0-9])/u)
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.length > 2)
  );
}

const line = (text: string, title?: string, href?: string): AssistantLine => ({
  text,
  ...(title ? { title } : {}),
  ...(href && href.startsWith('/') ? { href } : {}),
});

/** Ends a card item as a sentence: "Accès réservé à l’équipe soignante" reads as one in a reply. */
const asSentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** A feature card told in sentences; a coming-soon card says so once, first. */
function cardText(card: FeatureCard): string {
  const items = card.comingSoon ? card.items.filter((item) => !/^bientôt disponible$/i.test(item.trim())) : card.items;
  return [
    card.comingSoon ? 'Bientôt disponible.' : undefined,
    card.description && asSentence(card.description),
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
      return [
        ...sentences(section.description).map((text) => line(text)),
        ...(section.note ? [line(section.note)] : []),
        ...(section.badges?.length ? [line(section.badges.join(', '))] : []),
      ];
    case 'steps':
      return [...intro, ...section.steps.map((step) => line(step.text, step.title))];
    case 'features':
      return [
        ...intro,
        ...section.cards.map((card) => line(cardText(card), card.title, card.comingSoon ? undefined : card.href)),
      ];
    case 'stats':
      return [...intro, ...section.stats.map((stat) => line(`${stat.value} ${stat.label}`))];
    case 'comparison':
      return [
        ...intro,
        ...section.rows.map((row) =>
          line(`${section.beforeLabel} : ${row.before} ; ${section.afterLabel} : ${row.after}.`, row.label),
        ),
      ];
    case 'glossary':
      return [
        ...intro,
        ...section.terms.flatMap((term) => (glossary.has(term) ? [line(glossary.get(term)!.definition, term)] : [])),
      ];
    case 'list':
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

function pageDocs(page: LoadedPage, glossary: Map<string, GlossaryTerm>): AssistantDoc[] {
  const docs: AssistantDoc[] = [];
  page.sections.forEach((section, index) => {
    const lines = sectionLines(section, glossary)?.filter((item) => item.text || item.title);
    if (!lines?.length) return;
    const title = section.type === 'hero' ? section.title : (section.title ?? page.name);
    docs.push({
      id: `page:${page.path}:${index}`,
      kind: 'page',
      source: page.name,
      title,
      url: section.id ? `${page.path}#${section.id}` : page.path,
      lines,
    });
  });
  if (page.body) {
    const parts = splitByHeadings(page.body.html);
    parts.forEach((part, index) =>
      docs.push({
        id: `page:${page.path}:body:${index}`,
        kind: 'page',
        source: page.name,
        title: part.title ?? page.name,
        url: part.id ? `${page.path}#${part.id}` : page.path,
        lines: part.lines,
      }),
    );
  }
  return docs;
}

/** An article's (or legal page's) HTML cut at its ## headings. */
function splitByHeadings(html: string): { id?: string; title?: string; lines: AssistantLine[] }[] {
  const parts: { id?: string; title?: string; lines: AssistantLine[] }[] = [];
  const pieces = html.split(/(<h2 id="[^"]*">[\s\S]*?<\/h2>)/);
  let current: { id?: string; title?: string; lines: AssistantLine[] } = { lines: [] };
  for (const piece of pieces) {
    const heading = /^<h2 id="([^"]*)">([\s\S]*?)<\/h2>$/.exec(piece);
    if (heading) {
      if (current.lines.length) parts.push(current);
      current = { id: heading[1], title: htmlToText(heading[2]!), lines: [] };
    } else {
      current.lines.push(...sentences(htmlToText(piece)).map((text) => line(text)));
    }
  }
  if (current.lines.length) parts.push(current);
  return parts;
}

export function buildAssistantIndex(source: IndexSource): AssistantIndex {
  const docs: AssistantDoc[] = [];
  const glossary = new Map(source.glossary.map((term) => [term.term, term]));
  for (const item of source.faq)
    docs.push({
      id: `faq:${item.id}`,
      kind: 'faq',
      source: 'FAQ',
      title: item.question,
      url: '/faq',
      lines: [line(item.answer)],
    });
  for (const page of source.pages) docs.push(...pageDocs(page, glossary));
  for (const post of source.posts) {
    const url = `/blog/${post.slug}`;
    docs.push({
      id: `article:${post.slug}`,
      kind: 'article',
      source: post.title,
      title: post.title,
      url,
      lines: sentences(post.summary).map((text) => line(text)),
    });
    splitByHeadings(post.html).forEach((part, index) =>
      docs.push({
        id: `article:${post.slug}:${index}`,
        kind: 'article',
        source: post.title,
        title: part.title ?? post.title,
        url: part.id ? `${url}#${part.id}` : url,
        lines: part.lines,
      }),
    );
    post.faqItems.forEach((item, index) =>
      docs.push({
        id: `article:${post.slug}:faq:${index}`,
        kind: 'article',
        source: post.title,
        title: item.question,
        url,
        lines: [line(item.answer)],
      }),
    );
  }
  return { version: 1, docs };
}
