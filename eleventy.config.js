// Eleventy turns content/ into the pages of _site/ (see docs/architecture.md#pages). This file is a table of
// contents: data, filters, shortcodes and transforms each come from their own module.
// Run through `tsx` (package.json) so that it can import the TypeScript of core/, site/ and widgets/.
import './site/lib/production.ts';
import { loadContent } from './site/lib/content.ts';
import { readAssets } from './site/lib/assets.ts';
import { filters } from './site/lib/filters.ts';
import { iconSvg } from './site/lib/icons.ts';
import { siteData } from './site/lib/site-data.ts';
import { islandShortcode } from './site/lib/islands.ts';
import { writeSocialManifest } from './site/lib/social-cards.ts';
import { cmsPage } from './site/lib/cms.ts';
import { islandRenderer } from './widgets/ssr.tsx';
import { frenchTypographyHtml } from './core/site/typography.ts';

/** @param {import("@11ty/eleventy").UserConfig} eleventyConfig */
export default async function (eleventyConfig) {
  const content = loadContent(process.cwd(), process.env, { extraPostsDir: process.env.EXTRA_POSTS_DIR });
  const islands = await islandRenderer();
  const data = siteData(content, islands.names);

  eleventyConfig.addGlobalData('site', data);
  eleventyConfig.addGlobalData('assets', () => readAssets('_site'));
  // /admin only when CMS_BACKEND is set (npm run dev sets it): docs/decisions/0029-cms-for-editors.md.
  eleventyConfig.addGlobalData('cms', () => cmsPage(process.env, '_site') ?? false);

  for (const [name, filter] of Object.entries(filters(content.config, iconSvg))) eleventyConfig.addFilter(name, filter);
  eleventyConfig.addShortcode('island', islandShortcode(islands, data.publicConfig));

  // Editors type plain spaces; French typography is applied to every built page.
  eleventyConfig.addTransform('french-typography', (html, outputPath) =>
    typeof outputPath === 'string' && outputPath.endsWith('.html') ? frenchTypographyHtml(html) : html,
  );

  // The social cards are drawn after Eleventy, by `npm run build:images`: here only their list is left.
  eleventyConfig.on('eleventy.after', ({ dir }) => writeSocialManifest(content, dir.output));

  eleventyConfig.addPassthroughCopy({ public: '/' });
  eleventyConfig.addWatchTarget('content/');
  eleventyConfig.setServerPassthroughCopyBehavior('copy');

  return {
    dir: { input: 'site/pages', includes: '../partials', layouts: '../layouts', output: '_site' },
    templateFormats: ['njk', '11ty.js'],
    htmlTemplateEngine: 'njk',
  };
}
