/**
 * Markdown for articles and rich-text sections (markdown-it, CommonMark with tables and strikethrough):
 * `## ` headings get stable ids (the table of contents links to them); tables scroll inside their own
 * box and become cards on a phone. HTML written in the Markdown keeps only what the allow-list of
 * content-html.ts allows, and the build says what it dropped, with the file and the line.
 */
import MarkdownIt from 'markdown-it';
import type { RenderRule } from 'markdown-it/lib/renderer.mjs';
import { slugKey } from '../../core/common/slug.ts';
import { contentId } from '../../core/common/page-ids.ts';
import { detached } from '../../core/common/strings.ts';
import { escapeAttribute } from './html.ts';
import { droppedHtml, sanitizeContentHtml } from './content-html.ts';
import { pictureHtml } from './picture.ts';

export interface TocItem {
  id: string;
  title: string;
}

export function slugify(text: string): string {
  return slugKey(text.replace(/<[^>]+>/g, '').replace(/&[a-z]+;/gi, '')).slice(0, 80);
}

/** Part of a text, cut at its `## ` headings: what comes before the first, then each heading's part. */
export interface TextSection {
  /** The heading's id and plain text (none for the part before the first heading). */
  id?: string;
  title?: string;
  /** The plain text of the part (htmlToText). */
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  /** The plain text, cut at the `## ` headings: read once here, for the search and the assistant. */
  sections: TextSection[];
  /** Words of the plain text (reading time, JSON-LD wordCount). */
  words: number;
}

export interface MarkdownOptions {
  /** Rewrites link addresses (`app:signup` → the app's sign-up page). */
  resolveHref?: (href: string) => string;
  /** Where the text comes from, for the warning about dropped HTML: the file and the line the text starts on. */
  source?: { file: string; line: number };
  /** Where that warning goes (the build's console by default). */
  warn?: (message: string) => void;
}

/** What one rendering collects (markdown-it's `env`): the table of contents and the ids given so far. */
interface RenderState extends MarkdownOptions {
  toc: TocItem[];
  used: Map<string, number>;
  tables: number;
  /** Raw HTML was met: the rendered text goes through the allow-list. */
  rawHtml: boolean;
  /** What the allow-list drops, by line of the text (0-based). */
  dropped: { line: number; what: string[] }[];
}

const md = new MarkdownIt({ html: true, linkify: false, typographer: false });

md.renderer.rules.heading_open = (tokens, index, _options, env: RenderState) => {
  const token = tokens[index]!;
  const inline = tokens[index + 1]!;
  const base = slugify(inline.content) || 'section';
  const seen = env.used.get(base) ?? 0;
  env.used.set(base, seen + 1);
  // « ## Dentivo : config » takes no id of the page's (core/common/page-ids.ts).
  const id = contentId(seen ? `${base}-${seen + 1}` : base);
  if (token.tag === 'h2')
    // Detached: the title is cut from the Markdown source, which the post would otherwise keep whole.
    env.toc.push({ id, title: detached(htmlToText(md.renderer.renderInline(inline.children ?? [], md.options, env))) });
  return `<${token.tag} id="${id}">`;
};

md.renderer.rules.link_open = (tokens, index, options, env: RenderState, self) => {
  const token = tokens[index]!;
  const href = token.attrGet('href');
  if (env.resolveHref && href !== null) token.attrSet('href', env.resolveHref(href));
  return self.renderToken(tokens, index, options);
};

// Wide tables scroll inside their own box; on a phone each row becomes a card (.table--cards): its first
// cell as the row's title, the others labelled with their column's heading.
md.core.ruler.push('table-cards', (state) => {
  const tokens = state.tokens;
  let labels: string[] = [];
  let column = 0;
  let inHead = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'thead_open') {
      inHead = true;
      labels = [];
    } else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open') column = 0;
    else if (token.type === 'th_open' || token.type === 'td_open') {
      token.attrs = null;
      const text = htmlToText(md.renderer.renderInline(tokens[index + 1]!.children ?? [], md.options, state.env))
        .replace(/\s+/g, ' ')
        .trim();
      if (inHead) {
        labels.push(escapeAttribute(text));
        token.attrSet('scope', 'col');
      } else if (column === 0) {
        token.tag = 'th';
        token.attrSet('scope', 'row');
      } else token.attrSet('data-label', labels[column] ?? '');
      column++;
    } else if (token.type === 'td_close' && column === 1 && !inHead) token.tag = 'th';
  }
});

// Raw HTML in the text: noted, with what the allow-list will drop and where (docs/decisions/0049-content-html-allow-list.md).
md.core.ruler.push('raw-html', (state) => {
  const env = state.env as RenderState;
  let line = 0;
  const note = (content: string) => {
    env.rawHtml = true;
    const what = droppedHtml(content);
    if (what.length) env.dropped.push({ line, what });
  };
  for (const token of state.tokens) {
    if (token.map) line = token.map[0];
    if (token.type === 'html_block') note(token.content);
    for (const child of token.children ?? []) if (child.type === 'html_inline') note(child.content);
  }
});

// An upload the build made copies of (site/lib/images.ts) is a <picture> of them; any other image as written.
const defaultImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, index, options, env: RenderState, self) => {
  const token = tokens[index]!;
  const picture = pictureHtml(token.attrGet('src') ?? '', {
    alt: md.renderer.renderInlineAsText(token.children ?? [], options, env),
    title: token.attrGet('title') ?? undefined,
  });
  return picture ?? defaultImage(tokens, index, options, env, self);
};

const tableOpen: RenderRule = (_tokens, _index, _options, env: RenderState) => {
  env.tables += 1;
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau ${env.tables}"><table class="table--cards">\n`;
};
md.renderer.rules.table_open = tableOpen;
md.renderer.rules.table_close = () => '</table></div>\n';

const newState = (options: MarkdownOptions): RenderState => ({
  ...options,
  toc: [],
  used: new Map(),
  tables: 0,
  rawHtml: false,
  dropped: [],
});

/** The rendered HTML through the allow-list when the text held raw HTML, and the build told what went. */
function safe(html: string, env: RenderState): string {
  if (!env.rawHtml) return html;
  const where = env.source ?? { file: 'un texte en Markdown', line: 1 };
  for (const { line, what } of env.dropped)
    (env.warn ?? console.warn)(
      `Attention : ${where.file}, ligne ${where.line + line} : HTML retiré à la construction (${what.join(', ')}). Seuls les éléments et attributs des articles sont gardés : figures, tableaux, détails, liens, images.`,
    );
  return sanitizeContentHtml(html);
}

export function renderMarkdown(source: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const env = newState(options);
  // A post keeps its HTML for the whole build: a copy of its own, not a chain of pieces of the source.
  // Its sections' text is cut from that copy, which it keeps anyway.
  const html = detached(safe(md.render(source, env), env));
  const sections = textSections(html);
  return { html, toc: env.toc, sections, words: wordCount(sections) };
}

const HEADING = /(<h2 id="[^"]*">[\s\S]*?<\/h2>)/;
const HEADING_PARTS = /^<h2 id="([^"]*)">([\s\S]*?)<\/h2>$/;

/**
 * htmlToText of a piece of HTML that a tag follows: a `<` left open at its end runs into that tag, as
 * it does in the whole (raw HTML only: Markdown writes a lone `<` as `&lt;`).
 */
const textBeforeTag = (html: string) => htmlToText(html.lastIndexOf('<') > html.lastIndexOf('>') ? `${html} >` : html);

/** Rendered HTML's plain text, cut at its `<h2>` headings: sectionsText() joins it back into htmlToText(html). */
export function textSections(html: string): TextSection[] {
  const sections: TextSection[] = [];
  let current: TextSection = { text: '' };
  const pieces = html.split(HEADING);
  pieces.forEach((piece, index) => {
    const heading = HEADING_PARTS.exec(piece);
    if (heading) {
      sections.push(current);
      current = { id: heading[1], title: textBeforeTag(heading[2]!), text: '' };
    } else current.text = index < pieces.length - 1 ? textBeforeTag(piece) : htmlToText(piece);
  });
  sections.push(current);
  return sections;
}

/** The plain text of the whole: htmlToText of the HTML the sections were cut from. */
export function sectionsText(sections: readonly TextSection[]): string {
  const parts: string[] = [];
  for (const section of sections) {
    if (section.title) parts.push(section.title);
    if (section.text) parts.push(section.text);
  }
  return parts.join(' ');
}

/** Words of `sectionsText(sections)` (its spaces are single): an empty text counts one, as split() does. */
function wordCount(sections: readonly TextSection[]): number {
  let words = 0;
  const count = (text: string | undefined) => {
    if (!text) return;
    words += 1;
    for (let at = text.indexOf(' '); at >= 0; at = text.indexOf(' ', at + 1)) words += 1;
  };
  for (const section of sections) {
    count(section.title);
    count(section.text);
  }
  return Math.max(1, words);
}

export function renderInline(source: string, options: MarkdownOptions = {}): string {
  const env = newState(options);
  return safe(md.renderInline(source, env), env);
}

/** The entities markdown-it writes, and their text. */
export const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** What `\s` matches in a regular expression (and what trim() removes). */
function isSpaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const LT = 0x3c;
const AMP = 0x26;

/** A character that is plain text wherever it stands: not a space, nor the start of a tag or an entity. */
const isPlainCode = (code: number) => code !== LT && code !== AMP && !isSpaceCode(code);

/** The entity at `at` (one of ENTITIES), or undefined. */
function entityAt(html: string, at: number): string | undefined {
  const end = html.indexOf(';', at + 2);
  if (end < 0 || end > at + 5) return undefined;
  const entity = html.slice(at, end + 1);
  return entity in ENTITIES ? entity : undefined;
}

/**
 * Plain text of rendered HTML (search, word counts, the assistant's index): each tag read as a space,
 * the entities decoded, the spaces collapsed and trimmed. Its definition is one regular expression
 * (tests/unit/build-fast-paths.test.ts); this single scan gives the same text in a third of the time
 * (the articles' text is read at every build).
 */
export function htmlToText(html: string): string {
  const length = html.length;
  let out = '';
  // A space is owed before the next text (collapsed, and never at the start or the end).
  let space = false;
  // html[from, at) is text still to be copied.
  let from = 0;
  let at = 0;
  /** Adds a piece of text, after the space it is owed. */
  const write = (text: string) => {
    if (space && out.length > 0) out += ' ';
    space = false;
    out += text;
  };
  const copy = (to: number) => {
    if (to > from) write(html.slice(from, to));
  };
  while (at < length) {
    const code = html.charCodeAt(at);
    if (code === LT) {
      const close = html.indexOf('>', at + 1);
      if (close > at + 1) {
        copy(at);
        space = true;
        from = at = close + 1;
        continue;
      }
    } else if (code === AMP) {
      const entity = entityAt(html, at);
      if (entity) {
        copy(at);
        const text = ENTITIES[entity]!;
        if (text === ' ') space = true;
        else write(text);
        from = at = at + entity.length;
        continue;
      }
    } else if (code === 0x20 && at > from && at + 1 < length && isPlainCode(html.charCodeAt(at + 1))) {
      // One space between two words stays in the run: most of a text is copied in one piece.
    } else if (isSpaceCode(code)) {
      copy(at);
      space = true;
      from = at + 1;
    }
    at++;
  }
  copy(length);
  return out;
}
