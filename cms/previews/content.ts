/**
 * The site's data for a preview, built from the repository as the build builds it (site/lib/content.ts,
 * then site/lib/site-data.ts), so the previewed page reads the same FAQ, testimonials, authors and
 * latest articles as the real one. A file the build would refuse is left out here, not thrown.
 */
import { loadConfig } from '../../core/site/config.ts';
import { page as pageSchema } from '../../core/pages/page.ts';
import { sharedContent, type SharedContent } from '../../core/pages/shared-content.ts';
import {
  author as authorSchema,
  categoryKey,
  newestFirst,
  postFrontMatter,
  type Author,
} from '../../core/blog/post.ts';
import { contentKind, sharedKeys, sharedPath } from '../../core/content/files.ts';
import { renderMarkdown } from '../../site/lib/markdown.ts';
import type { Content, LoadedPage, Post } from '../../site/lib/content.ts';
import { siteData } from '../../site/lib/site-data.ts';
import type { Repository } from '../repository.ts';

type Data = Record<string, unknown>;

/** An article as templates read it: the same derived fields as site/lib/content.ts. */
export function toPost(front: Data, body: string, file: string, authors: readonly Author[]): Post | undefined {
  const parsed = postFrontMatter.safeParse(front);
  if (!parsed.success) return undefined;
  const writer = authors.find((item) => item.slug === parsed.data.author);
  const rendered = renderMarkdown(body);
  return {
    ...parsed.data,
    file,
    authorSlug: writer?.slug ?? parsed.data.author,
    authorName: writer?.name ?? parsed.data.author,
    html: rendered.html,
    text: rendered.text,
    headings: rendered.toc,
    imageUrl: parsed.data.image ?? `/images/blog/${categoryKey(parsed.data.category)}.svg`,
    imageAlt: parsed.data.imageAlt ?? parsed.data.title,
    words: rendered.text.split(/\s+/).length,
  };
}

export function previewContent(repository: Repository): Content {
  const config = loadConfig(repository.site, {});
  const shared = Object.fromEntries(
    sharedKeys.map((key) => {
      const read = repository.files.get(sharedPath(key));
      const parsed = read && 'data' in read ? sharedContent.shape[key].safeParse(read.data) : undefined;
      return [key, parsed?.success ? parsed.data : sharedContent.shape[key].parse(emptyShared[key])];
    }),
  ) as unknown as SharedContent;
  const authors: Author[] = [];
  const pages: LoadedPage[] = [];
  const fronts: [string, Data][] = [];
  for (const [file, read] of repository.files) {
    if (!('data' in read)) continue;
    const kind = contentKind(file)?.kind;
    if (kind === 'author') {
      const parsed = authorSchema.safeParse(read.data);
      if (parsed.success) authors.push(parsed.data);
    }
    if (kind === 'page') {
      const parsed = pageSchema.safeParse(read.data);
      if (parsed.success) pages.push({ ...parsed.data, file });
    }
    if (kind === 'post') fronts.push([file, read.data as Data]);
  }
  const posts = fronts
    .map(([file, front]) => toPost(front, repository.bodies.get(file) ?? '', file, authors))
    .filter((post): post is Post => Boolean(post && !post.draft));
  return { config, shared, pages, posts: newestFirst(posts), authors };
}

/** What a shared file holds when it cannot be read: enough for a preview to render. */
const emptyShared: Record<string, unknown> = {
  testimonials: [],
  faq: [],
  glossary: [],
  navigation: { features: [{ name: '', href: '/' }], footer: { discover: emptyColumn(), legal: emptyColumn() } },
  solutions: { columns: [emptyColumn(), emptyColumn(), emptyColumn(), emptyColumn()], clusters: {} },
  audit: { title: '', intro: '', items: Array(10).fill('') },
  articleExtras: {
    faqTitle: '',
    faq: Array(5).fill(''),
    expertise: { title: '', points: [''] },
    promo: { title: '', text: '', button: '' },
  },
};
function emptyColumn() {
  return { title: '', links: [{ name: '', href: '/' }] };
}

export function previewSite(content: Content) {
  // No island renders in a preview: each shows where it stands (cms/previews/render.ts).
  return siteData(content, []);
}
export type PreviewSite = ReturnType<typeof previewSite>;
