/**
 * Previews render the site's own templates (site/partials/, site/layouts/) with Nunjucks in the browser,
 * the site's own filters (site/lib/filters.ts) and French typography (core/common/typography.ts), so what the
 * editor sees is what the build will write (docs/decisions/0029-cms-for-editors.md). Only the islands
 * (forms, checklists) are shown as a labelled frame: they come to life on the site.
 */
import nunjucks from 'nunjucks';
import { frenchTypographyHtml } from '../../core/common/typography.ts';
import { filters } from '../../site/lib/filters.ts';
import { renderMarkdown } from '../../site/lib/markdown.ts';
import type { LoadedPage, Post } from '../../site/lib/content.ts';
import type { PreviewSite } from './content.ts';
import { iconSvg } from './icons.ts';
import { companyValues, resolveDetails } from '../../core/content/company-details.ts';

const partials = import.meta.glob<string>('../../site/partials/**/*.njk', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const layouts = import.meta.glob<string>('../../site/layouts/*.njk', { query: '?raw', import: 'default', eager: true });

/** "sections/hero.njk" (as the templates include it) → its source; layouts by their file name. */
const sources = new Map<string, string>([
  ...Object.entries(partials).map(([path, source]): [string, string] => [path.split('/partials/')[1]!, source]),
  ...Object.entries(layouts).map(([path, source]): [string, string] => [`layouts/${path.split('/').pop()}`, source]),
]);

/** Eleventy reads a layout's own front matter (its parent layout); Nunjucks must not print it. */
const withoutFrontMatter = (source: string) => source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');

const loader = {
  getSource(name: string) {
    const source = sources.get(name);
    if (source === undefined) throw new Error(`Modèle introuvable : ${name}`);
    return { src: withoutFrontMatter(source), path: name, noCache: false };
  },
};

class IslandTag {
  tags = ['island'];
  parse(parser: nunjucks.parser.Parser, nodes: typeof nunjucks.nodes) {
    const token = parser.nextToken();
    const args = parser.parseSignature(null, true);
    parser.advanceAfterBlockEnd(token.value);
    return new nodes.CallExtension(this, 'run', args);
  }
  run(_context: unknown, name: string) {
    return new nunjucks.runtime.SafeString(
      `<div class="card" style="border:2px dashed currentColor;text-align:center;opacity:.75">Module interactif « ${nunjucks.lib.escape(String(name))} » : visible sur le site.</div>`,
    );
  }
}

/** `{% memo %}` caches a part for the whole build on the site; a preview renders it every time. */
class MemoTag {
  tags = ['memo'];
  parse(parser: nunjucks.parser.Parser, nodes: typeof nunjucks.nodes) {
    // A block tag: the parser's methods for a body are missing from nunjucks' type declarations.
    const blocks = parser as unknown as {
      parseUntilBlocks(...names: string[]): unknown;
      advanceAfterBlockEnd(name?: string): void;
    };
    const token = parser.nextToken();
    const args = parser.parseSignature(null, true);
    blocks.advanceAfterBlockEnd(token.value);
    const body = blocks.parseUntilBlocks('endmemo');
    blocks.advanceAfterBlockEnd();
    const CallExtension = nodes.CallExtension as unknown as new (...parts: unknown[]) => unknown;
    return new CallExtension(this, 'run', args, [body]);
  }
  run(_context: unknown, _key: string, body: () => string) {
    return new nunjucks.runtime.SafeString(body());
  }
}

/** `{% postCard post %}`: the post's card (components/post-card.njk), as the site's shortcode renders it. */
class PostCardTag {
  tags = ['postCard'];
  constructor(private readonly render: (post: unknown, showTags: boolean) => string) {}
  parse(parser: nunjucks.parser.Parser, nodes: typeof nunjucks.nodes) {
    const token = parser.nextToken();
    const args = parser.parseSignature(null, true);
    parser.advanceAfterBlockEnd(token.value);
    return new nodes.CallExtension(this, 'run', args);
  }
  run(_context: unknown, post: unknown, showTags = false) {
    return new nunjucks.runtime.SafeString(this.render(post, showTags));
  }
}

let environment: nunjucks.Environment | undefined;
let environmentSite: PreviewSite | undefined;

function env(site: PreviewSite): nunjucks.Environment {
  if (environment && environmentSite === site) return environment;
  // Eleventy's Nunjucks escapes by default; templates mark their HTML with `| safe`.
  environment = new nunjucks.Environment(loader as unknown as nunjucks.ILoader, { autoescape: true });
  for (const [name, filter] of Object.entries(filters(() => site.config, iconSvg)))
    environment.addFilter(name, filter as (...args: unknown[]) => unknown);
  environment.addExtension('island', new IslandTag());
  environment.addExtension('memo', new MemoTag());
  const cards = environment;
  environment.addExtension(
    'postCard',
    new PostCardTag((post, showTags) => cards.render('components/post-card.njk', { post, showTags })),
  );
  environmentSite = site;
  return environment;
}

const typeset = (html: string) => frenchTypographyHtml(html);

/** One section through its own partial; a section still being written shows why it cannot be drawn yet. */
export function renderSection(section: Record<string, unknown>, index: number, page: LoadedPage, site: PreviewSite) {
  try {
    return typeset(
      env(site).render(`sections/${String(section.type)}.njk`, {
        section,
        p: page,
        site,
        loop: { index: index + 1, index0: index, first: index === 0 },
      }),
    );
  } catch (error) {
    return `<div class="wrapper"><p class="card">Section ${index + 1} (${String(section.type)}) : aperçu impossible tant qu’elle est incomplète (${nunjucks.lib.escape((error as Error).message.split('\n')[0] ?? '')}).</p></div>`;
  }
}

/** A page's Markdown text, rendered after its sections as layouts/page.njk does, the company's details in place. */
export function renderPageBody(body: string, company: PreviewSite['config']['company']): string {
  if (!body.trim()) return '';
  const { html, toc } = renderMarkdown(resolveDetails(body, companyValues(company), true));
  const nav = toc.length
    ? `<nav class="toc" aria-labelledby="sommaire-titre"><h2 id="sommaire-titre" class="toc__title">Sommaire</h2><ol>${toc.map((item) => `<li><a href="#${item.id}">${nunjucks.lib.escape(item.title)}</a></li>`).join('')}</ol></nav>`
    : '';
  return typeset(
    `<section class="section section--prose" id="texte"><div class="wrapper prose-layout">${nav}<div class="prose">${html}</div></div></section>`,
  );
}

/** An article through the site's own partial (partials/blog/article.njk, what layouts/article.njk shows). */
export function renderArticle(post: Post, site: PreviewSite): string {
  return typeset(env(site).render('blog/article.njk', { post, site }));
}
