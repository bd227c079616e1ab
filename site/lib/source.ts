/**
 * Where templates get the content: a loader read again at every build through Eleventy's data
 * cascade (eleventy.config.js registers `load` as global data), so `npm run dev` shows an edited
 * article, page, shared YAML file or site.json; only changed files are parsed again.
 */
import { resolve } from 'node:path';
import { createContentLoader, type Content } from './content.ts';
import { siteData, type SiteData } from './site-data.ts';

export function siteSource(root: string, env: Record<string, string | undefined>, widgetNames: readonly string[]) {
  const contentDir = resolve(root, env.CONTENT_DIR ?? 'content');
  const loader = createContentLoader(root, env, { contentDir, extraPostsDir: env.EXTRA_POSTS_DIR });
  let data: SiteData | undefined;
  let content: Content | undefined;
  return {
    contentDir,
    /** This build's data (global data `site`). */
    load(): SiteData {
      content = loader.load();
      data = siteData(content, widgetNames);
      // Started now, awaited by the templates and the end of the build that need them.
      data.indexes().catch(() => undefined);
      return data;
    },
    /** The data of the build under way, for filters and shortcodes. */
    current(): SiteData {
      return data ?? this.load();
    },
    /** The validated content of the build under way. */
    currentContent(): Content {
      if (!content) this.load();
      return content!;
    },
  };
}
