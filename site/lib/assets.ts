/** Hashed file names of the Vite build (its manifest), so pages link the right script and stylesheet. */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { manifestFile } from './vite-manifest.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface Assets {
  /** The site's stylesheet, then the widgets' one (each side of the wall keeps its own). */
  css: string[];
  enhance: string;
  client: string;
  /** Modules the client entry imports at once, preloaded to avoid a waterfall. */
  clientImports: string[];
  /** React's runtime, fetched ahead (not run) when the page is idle (widgets/runtime/react.ts). */
  prefetch: string[];
}

/** `widgetsDir`: where the widgets were built (WIDGETS_DIR, _site): the manifest lies beside it (site/lib/vite-manifest.ts). */
export function readAssets(widgetsDir: string): Assets {
  const file = manifestFile('site', resolve(widgetsDir, '..'));
  if (!existsSync(file))
    throw new Error(`Manifeste Vite introuvable (${file}) : lancez « npm run build:widgets » avant les pages.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Entrée « ${key} » absente du manifeste Vite`);
    return chunk;
  };
  const client = entry('widgets/client.ts');
  const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(entry(key).imports ?? [], seen);
    }
    return seen;
  };
  const atLoad = closure(['widgets/client.ts']);
  const react = closure(['widgets/runtime/hydrate.tsx']);
  return {
    css: ['site/styles/main.css', 'widgets/widgets.css'].map((key) => `/assets/${entry(key).file}`),
    enhance: `/assets/${entry('site/enhance.ts').file}`,
    client: `/assets/${client.file}`,
    clientImports: (client.imports ?? []).map((key) => `/assets/${entry(key).file}`),
    prefetch: [...react].filter((key) => !atLoad.has(key)).map((key) => `/assets/${entry(key).file}`),
  };
}
