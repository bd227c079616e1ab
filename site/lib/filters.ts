/**
 * Template filters: links, dates, JSON, icons. Registered by eleventy.config.js, and by the CMS's previews
 * (cms/previews/render.ts), which hand in their own way to find an icon: this module reads no file.
 */
import { resolveHref, type SiteConfig } from '../../core/common/config.ts';
import { formatDateFr } from '../../core/common/dates.ts';
import { breadcrumbTitle } from '../../core/blog/post.ts';
import { gridColumns } from '../../core/common/ui.ts';
import { renderInline, renderMarkdown } from './markdown.ts';
import { categoryPath, findCategory } from '../../core/blog/listing.ts';
import { pictureHtml } from './picture.ts';

/** Remembers a pure filter's answers: a build asks for the same few dates and categories thousands of times. */
function remembered<T>(compute: (value: string) => T): (value: string) => T {
  const answers = new Map<string, T>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined) answers.set(value, (answer = compute(value)));
    return answer;
  };
}

/** `config`: the configuration of the build under way (site.json may change between two dev builds). */
export function filters(config: () => SiteConfig, iconSvg: (name: string, className?: string) => string) {
  const addresses = new Map<string, string>();
  return {
    /** `app:signup` / `app:signin` → the external auth page; everything else as written. */
    href: (value: string) => resolveHref(value, config().appUrl),
    isExternal: (value: string) => value.startsWith('app:') || /^https?:\/\//.test(value),
    /** Remembered: a page asks for its own address and its card's several times. */
    absoluteUrl: (path: string) => {
      const { siteUrl } = config();
      const key = `${siteUrl} ${path}`;
      let address = addresses.get(key);
      if (address === undefined) addresses.set(key, (address = new URL(path, siteUrl).href));
      return address;
    },
    dateFr: remembered(formatDateFr),
    breadcrumbTitle: (title: string) => breadcrumbTitle(title),
    /** JSON for a <script type="application/ld+json"> or data attribute; `<` escaped so it cannot close the tag. */
    json: (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c'),
    icon: (name: string, className?: string) => iconSvg(name, className),
    inlineMd: (text: string) => renderInline(text),
    renderMd: (text: string) => renderMarkdown(text).html,
    /** `grid--N` for `count` cards: see core/common/ui.ts. */
    gridColumns: (count: number, preferred?: number, fixed?: unknown) => gridColumns(count, preferred, Boolean(fixed)),
    year: () => new Date().getFullYear(),
    /** An upload's <picture> of the copies the build made (site/lib/picture.ts); empty for any other image. */
    picture: (src: string, alt: string, eager?: unknown, sizes?: string) =>
      pictureHtml(src, { alt: alt ?? '', eager: Boolean(eager), extra: 'data-skeleton', ...(sizes && { sizes }) }) ??
      '',
    /** A category's own list page: "Équipe & Organisation" → /blog/categorie/equipe-organisation. */
    categoryPath: remembered((name) => {
      const category = findCategory(name);
      if (!category) throw new Error(`Catégorie inconnue « ${name} »`);
      return categoryPath(category);
    }),
  };
}
