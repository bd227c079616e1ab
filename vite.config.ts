// Vite builds the browser code: the islands' client (with one chunk per widget), the site's small
// enhancement script, its stylesheet and the widgets' one. Hashed names, listed in a manifest that Eleventy reads.
import { defineConfig } from 'vite';
import { manifestOutside } from './site/lib/vite-manifest.ts';

export default defineConfig({
  base: '/assets/',
  publicDir: false,
  // The manifest names every source file: kept out of what is published (.cache/vite/).
  plugins: [manifestOutside('site')],
  build: {
    outDir: '_site/assets',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    cssMinify: true,
    rollupOptions: {
      input: ['widgets/client.ts', 'site/enhance.ts', 'site/styles/main.css', 'widgets/widgets.css'],
      // The registry loads the cookie banner and the assistant's launcher lazily for the embed; the
      // site's client imports them up front on purpose (they show on every page), so the lazy import
      // is meant to be ineffective here.
      checks: { ineffectiveDynamicImport: false },
    },
  },
});
