/**
 * Markdown for articles and rich-text sections: `## ` headings get stable ids (the table of contents
 * links to them). Content is the editors' own, trusted at build time.
 */
import { Marked, type Tokens } from 'marked';
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

export function renderMarkdown(source: string, options: MarkdownOptions = {}): RenderedMarkdown {
  const toc: TocItem[] = [];
  const used = new Map<string, number>();
  let tables = 0;
  const marked: Marked = new Marked({
    gfm: true,
    walkTokens: options.resolveHref
      ? (token) => {
          if (token.type === 'link') token.href = options.resolveHref!(token.href);
        }
      : undefined,
    renderer: {
      heading(
        this: { parser: { parseInline(tokens: Tokens.Generic[]): string } },
        { tokens, depth, text }: Tokens.Heading,
      ) {
        const inner = this.parser.parseInline(tokens);
        const base = slugify(text) || 'section';
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen ? `${base}-${seen + 1}` : base;
        if (depth === 2) toc.push({ id, title: htmlToText(inner) });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      table(this: unknown, token: Tokens.Table): string {
        // Wide tables scroll inside their own box; on a phone each row becomes a card (.table--cards):
        // its first cell as the row's title, the others labelled with their column's heading.
        const labels = token.header.map((cell) =>
          escapeAttribute(
            htmlToText(marked.parseInline(cell.text) as string)
              .replace(/\s+/g, ' ')
              .trim(),
          ),
        );
        const head: string = token.header
          .map((cell) => `<th scope="col">${marked.parseInline(cell.text)}</th>`)
          .join('');
        const rows = token.rows
          .map(
            (row) =>
              `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${marked.parseInline(cell.text)}</th>` : `<td data-label="${labels[i] ?? ''}">${marked.parseInline(cell.text)}</td>`)).join('')}</tr>`,
          )
          .join('');
        tables += 1;
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau ${tables}"><table class="table--cards"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, toc, text: htmlToText(html) };
}

export function renderInline(source: string): string {
  return new Marked().parseInline(source, { async: false });
}

export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
