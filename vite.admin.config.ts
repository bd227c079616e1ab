// Vite builds the CMS at /admin (docs/decisions/0029-cms-for-editors.md): a separate entry and output, so
// none of it reaches the site's pages, whose islands and byte budgets stay as they are. Eleventy writes
// /admin/index.html from this build's manifest, and only when the CMS is enabled (site/lib/cms.ts).
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { manifestOutside } from './site/lib/vite-manifest.ts';

/** The names of the icon set the site draws from (lucide-static), for the icon picker and the save check. */
function lucideNames(): Plugin {
  const id = 'virtual:lucide-names';
  const dir = join(dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
  return {
    name: 'lucide-names',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(source) {
      if (source !== `\0${id}`) return undefined;
      const names = readdirSync(dir)
        .filter((file) => file.endsWith('.svg'))
        .map((file) => file.slice(0, -4))
        .sort();
      return `export default ${JSON.stringify(names)};`;
    },
  };
}

/**
 * Decap's check of the configuration (Ajv compiling its JSON Schema), run after the first screen rather
 * than before it: cms/shims/config-schema.ts takes its place where Decap loads the configuration.
 */
function configCheckAfterStart(): Plugin {
  const shim = fileURLToPath(new URL('cms/shims/config-schema.ts', import.meta.url));
  return {
    name: 'decap-config-check-after-start',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '../constants/configSchema' && importer?.includes('decap-cms-core/dist/esm/actions/config')
        ? shim
        : undefined,
  };
}

/**
 * Decap writes two notices of its media library in English (« Failed to delete media: … ») whatever the
 * language: written in French here, with the server's own sentence after them. The build stops if Decap's
 * code no longer has them, so that an update cannot bring the English back unseen.
 */
function frenchMediaNotices(): Plugin {
  const file = 'decap-cms-core/dist/esm/actions/mediaLibrary.js';
  const notices: [string, string][] = [
    ['`Failed to persist media: ${error}`', '`Image non enregistrée : ${error?.message ?? error}`'],
    ['`Failed to delete media: ${error.message}`', '`Suppression impossible : ${error.message}`'],
  ];
  return {
    name: 'decap-french-media-notices',
    transform(code, id) {
      if (!id.includes(file)) return undefined;
      let french = code;
      for (const [english, translated] of notices) {
        if (!french.includes(english)) this.error(`${file} : « ${english} » introuvable, le traduire de nouveau.`);
        french = french.replaceAll(english, translated);
      }
      return french;
    },
  };
}

export default defineConfig({
  base: '/admin/assets/',
  publicDir: false,
  plugins: [lucideNames(), configCheckAfterStart(), frenchMediaNotices(), manifestOutside('admin')],
  // Previews reuse site/lib modules that import node:fs and node:path for the build's own files.
  resolve: {
    alias: {
      'node:path': fileURLToPath(new URL('cms/shims/node-path.ts', import.meta.url)),
      'node:fs': fileURLToPath(new URL('cms/shims/node-fs.ts', import.meta.url)),
    },
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: '_site/admin/assets',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      input: ['cms/main.tsx'],
      // Decap's dependencies mark React modules "use client" (meaningless outside a server framework), and
      // Nunjucks compiles templates with eval (the admin's own policy allows it: server/admin-headers.ts).
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE' && warning.code !== 'EVAL') warn(warning);
      },
    },
  },
});
