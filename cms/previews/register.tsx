/**
 * Previews beside the form: the page or the article as the site will show it (cms/previews/render.ts),
 * with the site's stylesheet, refreshed as the editor types.
 */
import { useEffect, useState } from 'react';
import { readRepository } from '../repository.ts';
import type { LoadedPage } from '../../site/lib/content.ts';
import type { PreviewSite } from './content.ts';
import type * as Render from './render.ts';
import type * as Content from './content.ts';

/** The renderer (Nunjucks, the templates, the icon drawings) is its own chunk, fetched with the first preview. */
type Renderer = typeof Render & typeof Content;
interface Loaded {
  site: PreviewSite;
  render: Renderer;
}

type Data = Record<string, unknown>;
interface PreviewProps {
  entry: { get(key: 'data'): { toJS(): Data }; get(key: 'path'): string | undefined };
}

let loading: Promise<Loaded> | undefined;
/** The rest of the site (FAQ, authors, latest articles), read once, then again after each save. */
function loadSite(): Promise<Loaded> {
  loading ??= Promise.all([readRepository(), import('./render.ts'), import('./content.ts')]).then(
    ([repository, render, content]) => ({
      site: content.previewSite(content.previewContent(repository)),
      render: { ...render, ...content },
    }),
  );
  return loading;
}
export function forgetSite(): void {
  loading = undefined;
}

function useSite(): Loaded | undefined {
  const [value, setValue] = useState<Loaded>();
  useEffect(() => {
    let live = true;
    void loadSite().then((loaded) => live && setValue(loaded));
    return () => {
      live = false;
    };
  }, []);
  return value;
}

const waiting = <p style={{ padding: '2rem', font: '16px system-ui' }}>Préparation de l’aperçu…</p>;

function PagePreview({ entry }: PreviewProps) {
  const loaded = useSite();
  if (!loaded) return waiting;
  const { site, render } = loaded;
  const { body, ...data } = entry.get('data').toJS();
  const sections = Array.isArray(data.sections) ? (data.sections as Data[]) : [];
  const page = { aliases: [], schema: [], ...data, sections, file: entry.get('path') ?? '' } as unknown as LoadedPage;
  const html =
    sections.map((section, index) => render.renderSection(section, index, page, site)).join('\n') +
    render.renderPageBody(typeof body === 'string' ? body : '');
  return <main id="contenu" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ArticlePreview({ entry }: PreviewProps) {
  const loaded = useSite();
  if (!loaded) return waiting;
  const { site, render } = loaded;
  const { body, ...data } = entry.get('data').toJS();
  const post = render.toPost(
    { id: 1, slug: 'apercu', ...data, draft: false },
    typeof body === 'string' ? body : '',
    entry.get('path') ?? '',
    site.authorList,
  );
  if (!post)
    return (
      <p style={{ padding: '2rem', font: '16px system-ui' }}>
        L’aperçu s’affiche dès que le titre, le résumé, la catégorie, les mots-clés, l’auteur et la date sont remplis.
      </p>
    );
  return <main id="contenu" dangerouslySetInnerHTML={{ __html: render.renderArticle(post, site) }} />;
}

interface Cms {
  registerPreviewStyle(href: string): void;
  registerPreviewTemplate(name: string, component: unknown): void;
}

export function registerPreviews(cms: Cms, stylesheet: string): void {
  cms.registerPreviewStyle(stylesheet);
  cms.registerPreviewTemplate('pages', PagePreview);
  cms.registerPreviewTemplate('blog', ArticlePreview);
}
