/**
 * Markdown for articles and rich-text sections (markdown-it, CommonMark with tables and strikethrough):
 * `## ` headings get stable ids (the table of contents links to them); tables scroll inside their own
 * box and become cards on a phone. Content is the editors' own, trusted at build time.
 */
import MarkdownIt from 'markdown-it';
import type { RenderRule } from 'markdown-it/lib/renderer.mjs';
import { slugKey } from '../../core/site/slug.ts';
import { escapeAttribute } from './html.ts';

export interface TocItem {
  id: string;
  title: string;
}

export function slugify(text: string): string {
  return slugKey(text.replace(/<[^>]+>/g, '').replace(/&[a-z]+;/gi, '')).slice(0, 80);
}

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  text: string;
}

export interface MarkdownOptions {
  /** Rewrites link addresses (`app:signup` → the app's sign-up page). */
  resolveHref?: (href: string) => string;
}

/** What one rendering collects (markdown-it's `env`): the table of contents and the ids given so far. */
interface RenderState extends MarkdownOptions {
  toc: TocItem[];
  used: Map<string, number>;
  tables: number;
}

const md = new MarkdownIt({ html: true, linkify: false, typographer: false });

md.renderer.rules.heading_open = (tokens, index, _options, env: RenderState) => {
  const token = tokens[index]!;
  const inline = tokens[index + 1]!;
  const base = slugify(inline.content) || 'section';
  const seen = env.used.get(base) ?? 0;
  env.used.set(base, seen + 1);
  const id = seen ? `${base}-${seen + 1}` : base;
  if (token.tag === 'h2')
    env.toc.push({ id, title: htmlToText(md.renderer.renderInline(inline.children ?? [], md.options, env)) });
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

const tableOpen: RenderRule = (_tokens, _index, _options, env: RenderState) => {
  env.tables += 1;
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau ${env.tables}"><table class="table--cards">\n`;
};
md.renderer.rules.table_open = tableOpen;
md.renderer.rules.table_close = () => '</table></div>\n';

export function renderMarkdown(source: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const env: RenderState = { ...options, toc: [], used: new Map(), tables: 0 };
  const html = md.render(source, env);
  return { html, toc: env.toc, text: htmlToText(html) };
}

export function renderInline(source: string): string {
  return md.renderInline(source);
}

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** Plain text of rendered HTML (search, word counts, the assistant's index): one pass, then the spaces. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>|&(?:nbsp|amp|quot|#39|lt|gt);/g, (match) => (match[0] === '<' ? ' ' : ENTITIES[match]!))
    .replace(/\s+/g, ' ')
    .trim();
}
