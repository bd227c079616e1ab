/**
 * The site's data for a preview, built from the repository as the build builds it (site/lib/content.ts,
 * then site/lib/site-data.ts), so the previewed page reads the same FAQ, testimonials, authors and
 * latest articles as the real one. A file the build would refuse is left out here, not thrown.
 */
import { loadConfig, resolveHref } from '../../core/common/config.ts';
import { page as pageSchema } from '../../core/pages/page.ts';
import type { SharedContent } from '../../core/pages/shared-content.ts';
import { assistantVocabulary, type AssistantVocabulary } from '../../core/assistant/vocabulary.ts';
import { author as authorSchema, newestFirst, postFrontMatter, type Author } from '../../core/blog/post.ts';
import { isScheduled, parisDay } from '../../core/blog/schedule.ts';
import { contentKind, sharedFiles, sharedKeys, sharedPath } from '../../core/content/files.ts';
import { renderMarkdown } from '../../site/lib/markdown.ts';
import { companyValues, resolveDetails, withDetails } from '../../core/content/company-details.ts';
import type { Content, LoadedPage, Post } from '../../site/lib/content.ts';
import { siteData } from '../../site/lib/site-data.ts';
import type { Repository } from '../repository.ts';

type Data = Record<string, unknown>;

/** An article as templates read it: the same derived fields, and the company's details, as site/lib/content.ts. */
export function toPost(
  front: Data,
  body: string,
  file: string,
  authors: readonly Author[],
  config: Pick<Content['config'], 'appUrl' | 'company'>,
): Post | undefined {
  const details = companyValues(config.company);
  const parsed = postFrontMatter.safeParse(withDetails(front, details));
  if (!parsed.success) return undefined;
  const writer = authors.find((item) => item.slug === parsed.data.author);
  const rendered = renderMarkdown(resolveDetails(body, details, true), {
    resolveHref: (href) => resolveHref(href, config.appUrl),
  });
  return {
    ...parsed.data,
    file,
    authorSlug: writer?.slug ?? parsed.data.author,
    authorName: writer?.name ?? parsed.data.author,
    html: rendered.html,
    sections: rendered.sections,
    headings: rendered.toc,
    imageUrl: parsed.data.image ?? '/placeholder.svg',
    imageAlt: parsed.data.image ? (parsed.data.imageAlt ?? parsed.data.title) : '',
    words: rendered.words,
    // The build reads the last commit's date; a preview is of today's change.
    modified: [parsed.data.publishDate, parsed.data.updated ?? today()].sort().at(-1)!,
  };
}

export function previewContent(repository: Repository): Content {
  const config = loadConfig(repository.site, {});
  const details = companyValues(config.company);
  const files = Object.fromEntries(
    sharedKeys.map((key) => {
      const read = repository.files.get(sharedPath(key));
      const schema = sharedFiles[key].schema;
      const parsed = read && 'data' in read ? schema.safeParse(withDetails(read.data, details)) : undefined;
      return [key, parsed?.success ? parsed.data : schema.parse(emptyShared[key])];
    }),
  ) as unknown as SharedContent & { assistantVocabulary: AssistantVocabulary };
  const { assistantVocabulary: vocabulary, ...shared } = files;
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
      const parsed = pageSchema.safeParse(withDetails(read.data, details));
      if (parsed.success) pages.push({ ...parsed.data, file, modified: parsed.data.updated ?? today() });
    }
    if (kind === 'post') fronts.push([file, read.data as Data]);
  }
  const written = fronts
    .map(([file, front]) => toPost(front, repository.bodies.get(file) ?? '', file, authors, config))
    .filter((post): post is Post => Boolean(post && !post.draft));
  // The latest articles a page shows are those the build would publish today (core/blog/schedule.ts).
  const day = parisDay(new Date());
  const posts = written.filter((post) => !isScheduled(post, day));
  const scheduled = written.filter((post) => isScheduled(post, day));
  return { config, shared, vocabulary, pages, posts: newestFirst(posts), scheduled, authors };
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
  assistantVocabulary: assistantVocabulary.parse({
    greetings: ['bonjour'],
    thanks: ['merci'],
    medical: { always: ['urgence'], symptoms: ['douleur'], personal: ['mon'] },
  }),
};
const today = () => new Date().toISOString().slice(0, 10);
function emptyColumn() {
  return { title: '', links: [{ name: '', href: '/' }] };
}

export function previewSite(content: Content) {
  // No island renders in a preview: each shows where it stands (cms/previews/render.ts).
  return siteData(content, []);
}
export type PreviewSite = ReturnType<typeof previewSite>;
