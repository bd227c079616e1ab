/**
 * Previews beside the form: the page or the article as the site will show it (cms/previews/render.ts),
 * with the site's stylesheet, refreshed as the editor types.
 */
import { useEffect, useState } from 'react';
import { readRepository } from '../repository.ts';
import { postFrontMatter } from '../../core/blog/post.ts';
import { articleStatus, parisDay, type ArticleState } from '../../core/blog/schedule.ts';
import { page as pageSchema } from '../../core/pages/page.ts';
import { entryIssues, withoutEmptyFields } from '../../core/content/entry-issues.ts';
import { frenchTypography } from '../../core/common/typography.ts';
import { companyValues, withDetails } from '../../core/content/company-details.ts';
import { pickedImage } from '../media.ts';
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
  /** Decap's address for a media path: the picked file itself (blob:) until the entry is saved. */
  getAsset?: (path: string) => { toString(): string } | undefined;
}

/**
 * An image picked but not yet saved exists only in the browser: its address in the HTML is swapped for
 * the picked file (cms/media.ts), so the preview shows it before « Publier » (the site's address answers
 * 404 until then).
 */
function withPickedImages(html: string, getAsset: PreviewProps['getAsset']): string {
  if (!getAsset) return html;
  return html.replace(/(src|srcset)="(\/images\/[^" ]+)"/g, (whole, attribute: string, path: string) => {
    const address = pickedImage(path) ?? getAsset(path)?.toString();
    return address?.startsWith('blob:') ? `${attribute}="${address}"` : whole;
  });
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

/**
 * What the form still lacks, field by field in its own labels and with what to do
 * (core/content/entry-issues.ts), where a generic sentence would leave the editor guessing.
 */
function Issues({ title, issues }: { title: string; issues: string[] }) {
  return (
    <section
      role="status"
      data-preview-issues=""
      style={{
        margin: '1.5rem',
        padding: '1rem 1.25rem',
        background: '#fff8f1',
        color: '#5c2506',
        border: '2px solid #9a3412',
        borderRadius: '8px',
        font: '16px/1.5 system-ui, sans-serif',
      }}
    >
      <h2 style={{ font: '600 17px/1.4 system-ui, sans-serif', margin: '0 0 .5rem' }}>{frenchTypography(title)}</h2>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {issues.map((issue) => (
          <li key={issue}>{frenchTypography(issue)}</li>
        ))}
      </ul>
    </section>
  );
}

/** Above the preview of an article that is not on the site: when it will be, or how it gets there. */
function NotYet({ state, label }: { state: ArticleState; label: string }) {
  const text =
    state === 'draft'
      ? 'Brouillon : cet article n’est pas sur le site. Décochez « Brouillon » puis publiez pour qu’il y paraisse.'
      : `${label} : l’article paraîtra sur le site ce jour-là, à minuit (heure de Paris). D’ici là, son adresse mène au blog.`;
  return (
    <p
      role="status"
      data-preview-status={state}
      style={{
        margin: '1rem 1.5rem 0',
        padding: '.75rem 1rem',
        background: '#eef3fc',
        color: '#1b3a73',
        borderLeft: '4px solid #1f4fb5',
        font: '16px/1.5 system-ui, sans-serif',
      }}
    >
      {frenchTypography(text)}
    </p>
  );
}

function PagePreview({ entry, getAsset }: PreviewProps) {
  const loaded = useSite();
  if (!loaded) return waiting;
  const { site, render } = loaded;
  const { body, ...written } = entry.get('data').toJS();
  const issues = entryIssues(pageSchema, withoutEmptyFields(written));
  // The company's details in place of their placeholders, as the build writes them.
  const data = withDetails(written, companyValues(site.config.company));
  const sections = Array.isArray(data.sections) ? (data.sections as Data[]) : [];
  const page = {
    aliases: [],
    schema: [],
    ...data,
    sections,
    file: entry.get('path') ?? '',
    modified: new Date().toISOString().slice(0, 10),
  } as unknown as LoadedPage;
  const html =
    sections.map((section, index) => render.renderSection(section, index, page, site)).join('\n') +
    render.renderPageBody(typeof body === 'string' ? body : '', site.config.company);
  return (
    <>
      {issues.length > 0 && <Issues title="À corriger avant d’enregistrer la page :" issues={issues} />}
      <main id="contenu" dangerouslySetInnerHTML={{ __html: withPickedImages(html, getAsset) }} />
    </>
  );
}

function ArticlePreview({ entry, getAsset }: PreviewProps) {
  const loaded = useSite();
  if (!loaded) return waiting;
  const { site, render } = loaded;
  const { body, ...data } = entry.get('data').toJS();
  // What the save fills in (cms/save.ts) is not needed to see the article.
  const front = withoutEmptyFields({
    ...data,
    id: data.id || 1,
    slug: data.slug || 'apercu',
    publishDate: data.publishDate || new Date().toISOString().slice(0, 10),
    draft: false,
  });
  const issues = entryIssues(postFrontMatter, front);
  const post =
    !issues.length &&
    render.toPost(front, typeof body === 'string' ? body : '', entry.get('path') ?? '', site.authorList, site.config);
  if (!post) return <Issues title="L’aperçu s’affiche dès que ces champs sont corrigés :" issues={issues} />;
  const status = articleStatus(data, parisDay(new Date()));
  return (
    <>
      {status.state !== 'published' && <NotYet state={status.state} label={status.label} />}
      <main
        id="contenu"
        dangerouslySetInnerHTML={{ __html: withPickedImages(render.renderArticle(post, site), getAsset) }}
      />
    </>
  );
}

/**
 * The shared FAQ, testimonials and glossary, drawn by the section that shows them on pages, with every
 * entry as the form has it now.
 */
function sharedPreview(type: 'faq' | 'testimonials' | 'glossary', title: string) {
  return function SharedPreview({ entry }: PreviewProps) {
    const loaded = useSite();
    if (!loaded) return waiting;
    const written = ((entry.get('data').toJS().items as Data[] | undefined) ?? []).filter(Boolean);
    const items = withDetails(written, companyValues(loaded.site.config.company));
    const byKey = (key: string) => Object.fromEntries(items.map((item) => [String(item[key]), item]));
    const site = { ...loaded.site };
    const section: Data = { type, title };
    if (type === 'faq') {
      Object.assign(site, { faqAll: items, faq: byKey('id') });
      section.questions = 'all';
    }
    if (type === 'testimonials') {
      site.testimonials = byKey('id') as typeof site.testimonials;
      section.testimonials = items.map((item) => item.id);
    }
    if (type === 'glossary') {
      site.glossary = byKey('term') as typeof site.glossary;
      section.terms = items.map((item) => item.term);
    }
    const page = { path: '/', sections: [section] } as unknown as LoadedPage;
    return <main dangerouslySetInnerHTML={{ __html: loaded.render.renderSection(section, 0, page, site) }} />;
  };
}

interface Cms {
  registerPreviewStyle(href: string): void;
  registerPreviewTemplate(name: string, component: unknown): void;
}

/** Each stylesheet on its own: Decap joins a list it is handed into one (wrong) address. */
export function registerPreviews(cms: Cms, stylesheets: readonly string[]): void {
  for (const href of stylesheets) cms.registerPreviewStyle(href);
  cms.registerPreviewTemplate('pages', PagePreview);
  cms.registerPreviewTemplate('blog', ArticlePreview);
  cms.registerPreviewTemplate('faq', sharedPreview('faq', 'Questions fréquentes'));
  cms.registerPreviewTemplate('testimonials', sharedPreview('testimonials', 'Témoignages'));
  cms.registerPreviewTemplate('glossary', sharedPreview('glossary', 'Glossaire'));
}
