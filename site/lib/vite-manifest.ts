/**
 * Where the Vite builds leave their manifests: beside the build, never in it. Everything under _site/ is
 * published (a static host serves dotfolders too), and a manifest lists every source file of the widgets
 * and the CMS, so it stays in .cache/vite/ (git-ignored), read by the build of the pages (site/lib/assets.ts,
 * site/lib/cms.ts) and the byte budgets. Paths are relative to the working directory, as WIDGETS_DIR is.
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
  let root = '';
  return {
    name: 'dentivo-manifest-outside',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const target = manifestFile(which, root);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(outDir, '.vite', 'manifest.json'), target);
        rmSync(join(outDir, '.vite'), { recursive: true, force: true });
      },
    },
  };
}
