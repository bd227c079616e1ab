// The second Vite build: the widgets for other sites (widgets/embed.ts, see docs/embedding.md).
//   vite build -c vite.embed.config.ts               → _site/embed/app.js and its chunks (ES modules)
//   vite build -c vite.embed.config.ts --mode loader → _site/embed.js, the tag's own tiny script (IIFE)
// Names are stable (the tag is pasted on other sites); chunks are hashed. The widgets' CSS is shipped as a
// string for their shadow roots: the design tokens of styles/tokens.css on their root element, sizes in px.
import { defineConfig, type Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { transform } from 'lightningcss';

/**
 * rem → px (a host page may set its own root font size); the tokens of :root go on the widget's root
 * element inside the shadow root (widgets/embed.css), where the page cannot override them.
 */
function forShadowRoot(css: string): string {
  return css
    .replace(/:root\b/g, '.embed-root')
    .replace(/(-?\d*\.?\d+)rem\b/g, (_, value: string) => `${+(Number(value) * 16).toFixed(3)}px`);
}

/**
 * Each virtual stylesheet and the files it is made of, in cascade order: only what the widgets render,
 * never the site's own styles (docs/architecture.md#styles).
 */
const STYLES: Record<string, string[]> = {
  // Every embedded widget: the tokens, the elements' base, the shadow root's own, toasts and the assistant.
  'virtual:embed-css': [
    'styles/tokens.css',
    'styles/base.css',
    'widgets/embed.css',
    'widgets/runtime/toaster.css',
    'widgets/assistant/assistant.css',
  ],
  // Added for the in-page widgets (forms, audit checklist), loaded only when one is asked for: the
  // buttons they share with the site, and their own files.
  'virtual:embed-css/page': ['styles/primitives.css', 'widgets/forms/forms.css', 'widgets/blog/audit.css'],
};

/** The embedded widgets' stylesheets, minified, as strings. */
function embedStyles(): Plugin {
  return {
    name: 'dentivo-embed-css',
    resolveId: (source) => (source in STYLES ? `\0${source}` : undefined),
    load(resolved) {
      const files = STYLES[resolved.replace(/^\0/, '')];
      if (!resolved.startsWith('\0') || !files) return;
      for (const file of files) this.addWatchFile(file);
      const source = forShadowRoot(files.map((file) => readFileSync(file, 'utf8')).join('\n'));
      const { code } = transform({ filename: 'embed.css', code: Buffer.from(source), minify: true });
      return `export default ${JSON.stringify(code.toString())};`;
    },
  };
}

export default defineConfig(({ mode }) =>
  mode === 'loader'
    ? {
        publicDir: false,
        build: {
          outDir: '_site',
          emptyOutDir: false,
          target: 'es2020',
          copyPublicDir: false,
          lib: { entry: 'widgets/embed.ts', formats: ['iife'], name: 'DentivoEmbed', fileName: () => 'embed.js' },
        },
      }
    : {
        // Relative: the chunks load from wherever app.js was loaded (the Dentivo site), not from the host page.
        base: './',
        publicDir: false,
        plugins: [embedStyles()],
        build: {
          outDir: '_site/embed',
          emptyOutDir: true,
          target: 'es2022',
          modulePreload: false,
          rollupOptions: {
            input: { app: 'widgets/embed-app.tsx' },
            preserveEntrySignatures: 'exports-only',
            output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
          },
        },
      },
);
