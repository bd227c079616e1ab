// Eleventy turns content/ into the pages of _site/ (see docs/architecture.md#pages). This file is a table of
// contents: data, filters, shortcodes and transforms each come from their own module.
// It imports the TypeScript of core/, site/ and widgets/: scripts/eleventy.mjs compiles it before
// Eleventy reads it (docs/decisions/0047-pages-built-from-one-bundle.md).
import './site/lib/production.ts';
import { siteSource } from './site/lib/source.ts';
import { readAssets } from './site/lib/assets.ts';
import { filters } from './site/lib/filters.ts';
import { iconSvg } from './site/lib/icons.ts';
import { islandShortcode } from './site/lib/islands.ts';
import { writeSocialManifest } from './site/lib/social-cards.ts';
import { cmsPage } from './site/lib/cms.ts';
import { createMemo } from './site/lib/memo.ts';
import { functionTag } from './site/lib/nunjucks-tag.ts';
import { createTypesetter } from './site/lib/typeset.ts';
import { searchFiles, searchTerms, writeBlogSearch } from './site/lib/blog-search.ts';
import { writeAssistantIndex } from './site/lib/indexes.ts';
import { prePaintScript } from './core/blog/listing.ts';
import { scheduledNotice } from './core/blog/schedule.ts';
import { securityHeaders } from './core/common/security-headers.ts';
import { islandRenderer } from './widgets/ssr.tsx';
import { buildImages } from './site/lib/images.ts';

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default async function (eleventyConfig) {
  const islands = await islandRenderer();
  const source = siteSource(process.cwd(), process.env, islands.names);
  const typeset = createTypesetter();
  const memo = createMemo(typeset.part, typeset.clear);
  /** @type {import("nunjucks").Environment | undefined} */
  let nunjucks;

  // Content reaches templates through the data cascade: read again at every build (npm run dev).
  eleventyConfig.addGlobalData('site', () => source.load());
  // Frozen like `site` (site/lib/source.ts): handed to each page as it is, not copied and proxied.
  eleventyConfig.addGlobalData('assets', () => Object.freeze(readAssets(process.env.WIDGETS_DIR ?? '_site')));
  eleventyConfig.addGlobalData('blogPrePaint', prePaintScript());
  // /admin only when CMS_BACKEND is set (npm run dev sets it): docs/decisions/0029-cms-for-editors.md.
  eleventyConfig.addGlobalData('cms', () => cmsPage(process.env, process.env.WIDGETS_DIR ?? '_site') ?? false);
  eleventyConfig.on('eleventy.before', () => memo.clear());
  // Editors' uploads resized into AVIF and WebP before the pages that show them (docs/decisions/0050-uploaded-images-end-to-end.md).
  eleventyConfig.on('eleventy.before', ({ directories }) => buildImages('public', directories.output, '.cache/images'));
  // For /security-headers.json (site/pages/generated/): templates import no TypeScript themselves.
  eleventyConfig.addJavaScriptFunction('securityHeaders', securityHeaders);

  // Straight into Nunjucks (the only engine that uses them): Eleventy's own filters copy `page` and
  // `eleventy` onto every call's context, which ours never read (thousands of calls per build).
  const siteFilters = Object.entries(filters(() => source.current().config, iconSvg));
  // An island is rendered and typeset once per build (the shell's islands, the audit checklist under
  // many articles): pages refer to it, and the page transform writes its bytes.
  const islandParts = { get: (key, render) => memo.get(key, () => typeset.part(render())) };
  const island = islandShortcode(islands, () => source.current().publicConfig, islandParts);
  eleventyConfig.addNunjucksTag('island', (lib) => functionTag('island', island, lib));
  eleventyConfig.addNunjucksTag('memo', (lib) => memo.nunjucksTag(lib));
  eleventyConfig.amendLibrary('njk', (environment) => {
    nunjucks = environment;
    for (const [name, filter] of siteFilters) environment.addFilter(name, filter);
    environment.addFilter('jsonLd', typeset.jsonLd);
  });
  // A post's card (components/post-card.njk), rendered once per build with only what it reads: lists,
  // related articles and the search index show the same cards thousands of times at 10,000 articles.
  const postCard = (post, showTags = false) =>
    memo.get(`card:${showTags ? 'full' : 'compact'}:${post.slug}`, () =>
      typeset.part(nunjucks.render('components/post-card.njk', { post, showTags })),
    );
  eleventyConfig.addNunjucksTag('postCard', (lib) => functionTag('postCard', postCard, lib));

  // Editors type plain spaces; French typography is applied to every built page. A page leaves as the
  // UTF-8 bytes Eleventy would write anyway, its shared parts copied from bytes encoded once: Eleventy
  // keeps every page's output until the build ends, and bytes outside V8's heap cost its garbage
  // collector nothing (thousands of pages).
  eleventyConfig.addTransform('french-typography', typeset.transform);

  // The social cards are drawn after Eleventy, by `npm run build:images`: here only their list is left.
  eleventyConfig.on('eleventy.after', ({ directories }) =>
    writeSocialManifest(source.currentContent(), directories.output),
  );

  // The blog's split search index, with the same cards as the list pages, and what DENTY knows
  // (assistant-index.json): built and written once the pages are (site/lib/indexes.ts).
  eleventyConfig.on('eleventy.after', ({ directories }) => {
    const site = source.current();
    const input = site.indexInput();
    writeBlogSearch(
      directories.output,
      searchFiles(searchTerms(input.posts), site.posts, (post) => typeset.strip(postCard(post, true))).files,
    );
    writeAssistantIndex(directories.output, input);
    // Scheduled articles are left out of every page and index above (core/blog/schedule.ts): say so,
    // so that an editor or an operator reading the build knows when they will appear.
    const notice = scheduledNotice(source.currentContent().scheduled);
    if (notice) console.log(`Blog : ${notice}.`);
  });

  eleventyConfig.addPassthroughCopy({ public: '/' });
  eleventyConfig.addWatchTarget(source.contentDir);
  // Eleventy cannot read TypeScript to follow imports; `npm run dev` restarts it when code changes.
  eleventyConfig.setWatchJavaScriptDependencies(false);
  eleventyConfig.setServerPassthroughCopyBehavior('copy');

  return {
    dir: { input: 'site/pages', includes: '../partials', layouts: '../layouts', output: '_site' },
    templateFormats: ['njk', '11ty.js'],
    htmlTemplateEngine: 'njk',
  };
}
