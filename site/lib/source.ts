/**
 * Where templates get the content: a loader read again at every build through Eleventy's data
 * cascade (eleventy.config.js registers `load` as global data), so `npm run dev` shows an edited
 * article, page, shared YAML file or site.json; only changed files are parsed again.
 */
import { resolve } from 'node:path';
import { createContentLoader, type Content } from './content.ts';
import { siteData, type SiteData } from './site-data.ts';
import type { IndexInput } from './indexes.ts';

/**
 * The site data plus what the indexes read (site/lib/indexes.ts), for the end of the build. Kept out of
 * site-data.ts, which the CMS's previews bundle for the browser.
 */
type BuildData = SiteData & { indexInput: () => IndexInput };

export function siteSource(root: string, env: Record<string, string | undefined>, widgetNames: readonly string[]) {
  const contentDir = resolve(root, env.CONTENT_DIR ?? 'content');
  const loader = createContentLoader(root, env, { contentDir, extraPostsDir: env.EXTRA_POSTS_DIR });
  let data: BuildData | undefined;
  let content: Content | undefined;
  return {
    contentDir,
    /** This build's data (global data `site`). */
    load(): BuildData {
      const loaded = (content = loader.load());
      const site = siteData(loaded, widgetNames);
      // Frozen: Eleventy then hands the object itself to every page, instead of copying it into each
      // template's data and wrapping it in a proxy on each of thousands of paginated pages.
      data = Object.freeze({
        ...site,
        indexInput: (): IndexInput => ({
          pages: site.routes.filter((route) => !route.alias).map((route) => route.page),
          posts: site.posts,
          faq: loaded.shared.faq,
          glossary: loaded.shared.glossary,
          vocabulary: loaded.vocabulary,
        }),
      });
      return data;
    },
    /** The data of the build under way, for filters and shortcodes. */
    current(): BuildData {
      return data ?? this.load();
    },
    /** The validated content of the build under way. */
    currentContent(): Content {
      if (!content) this.load();
      return content!;
    },
  };
}
