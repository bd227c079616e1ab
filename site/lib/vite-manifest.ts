/**
 * Where the Vite builds leave their manifests: beside the build, never in it. Everything under _site/ is
 * published (a static host serves dotfolders too), and a manifest lists every source file of the widgets
 * and the CMS, so it stays in .cache/vite/ (git-ignored), read by the build of the pages (site/lib/assets.ts,
 * site/lib/cms.ts) and the byte budgets, beside the folder the widgets are built into (WIDGETS_DIR, _site
 * by default: the repository's .cache/vite/).
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const VITE_MANIFESTS = {
  /** The islands' client, the site's script and stylesheets (vite.config.ts). */
  site: '.cache/vite/site-manifest.json',
  /** The CMS at /admin (vite.admin.config.ts). */
  admin: '.cache/vite/admin-manifest.json',
} as const;

/** The manifest's path from the working directory (the repository's root in every script). */
export const manifestFile = (which: keyof typeof VITE_MANIFESTS, root = process.cwd()) =>
  resolve(root, VITE_MANIFESTS[which]);

/** A Vite plugin: once the bundle is written, its manifest moves out of the output folder to `which`'s place. */
export function manifestOutside(which: keyof typeof VITE_MANIFESTS): Plugin {
  let outDir = '';
  return {
    name: 'dentivo-manifest-outside',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        // Beside the widgets' folder (WIDGETS_DIR: _site, or the dev loop's own), where the readers look:
        // the site's build writes <widgets>/assets, the CMS's <widgets>/admin/assets.
        const widgetsDir = resolve(outDir, which === 'site' ? '..' : '../..');
        const target = manifestFile(which, resolve(widgetsDir, '..'));
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(outDir, '.vite', 'manifest.json'), target);
        rmSync(join(outDir, '.vite'), { recursive: true, force: true });
      },
    },
  };
}
