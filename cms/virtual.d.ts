/// <reference types="vite/client" />
declare module 'virtual:lucide-names' {
  const names: string[];
  export default names;
}

declare module 'decap-cms-core/dist/esm/backend' {
  /** The backend Decap is using (resolved at start): its `implementation` reads files from the repository. */
  export const currentBackend: (config?: unknown) => {
    implementation: {
      entriesByFolder(folder: string, extension: string, depth: number): Promise<RepositoryFile[]>;
      entriesByFiles(files: { path: string }[]): Promise<RepositoryFile[]>;
      persistEntry(
        entry: { dataFiles: { path: string; raw: string; slug: string }[]; assets: unknown[] },
        options: { newEntry: boolean; commitMessage: string },
      ): Promise<unknown>;
    };
  };
  export interface RepositoryFile {
    file: { path: string };
    data: string | null;
  }
}

declare module 'decap-cms-locales/dist/esm/fr/index.js' {
  /** Decap's French interface strings. */
  const fr: Record<string, unknown>;
  export default fr;
}

declare module 'decap-cms-locales/dist/esm/en/index.js' {
  /** Decap's English interface strings: every phrase the interface can show. */
  const en: Record<string, unknown>;
  export default en;
}

/** The part of Nunjucks (Eleventy's own copy, its browser build) that the previews use. */
declare module 'nunjucks' {
  namespace nunjucks {
    interface ILoader {
      getSource(name: string): { src: string; path: string; noCache: boolean };
    }
    class Environment {
      constructor(loader: ILoader, options?: { autoescape?: boolean });
      render(name: string, context?: object): string;
      addFilter(name: string, filter: (...args: unknown[]) => unknown): void;
      addExtension(name: string, extension: object): void;
    }
    namespace parser {
      interface Parser {
        nextToken(): { value: string };
        parseSignature(tolerant: null, noParens: boolean): unknown;
        advanceAfterBlockEnd(name: string): void;
      }
    }
    const nodes: { CallExtension: new (extension: object, method: string, args: unknown) => unknown };
    const runtime: { SafeString: new (value: string) => unknown };
    const lib: { escape(value: string): string };
  }
  export default nunjucks;
}

declare module 'decap-cms-lib-util' {
  /** The error Decap's backends throw for a refused request; its message is the server's. */
  export class APIError extends Error {
    status: number;
  }
}

/** Decap's packages registered by cms/decap.ts: they ship JavaScript only. */
declare module 'decap-cms-backend-github' {
  import type { CmsBackendClass } from 'decap-cms-core';
  export const GitHubBackend: CmsBackendClass;
}
declare module 'decap-cms-backend-proxy' {
  import type { CmsBackendClass } from 'decap-cms-core';
  export const ProxyBackend: CmsBackendClass;
}
declare module 'decap-cms-editor-component-image' {
  import type { EditorComponentOptions } from 'decap-cms-core';
  const image: EditorComponentOptions;
  export default image;
}
declare module 'decap-cms-widget-*' {
  import type { CmsWidgetParam } from 'decap-cms-core';
  const widget: { Widget(): CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-core/dist/esm/constants/configSchema' {
  /** Throws Decap's own description of what is wrong in a configuration. */
  export function validateConfig(config: unknown): void;
}
declare module 'decap-cms-widget-markdown/dist/esm/serializers/index.js' {
  /** « Texte enrichi »'s own reading and writing of Markdown, and its HTML (cms/keep-markdown.ts). */
  export function markdownToSlate(markdown: string): unknown;
  export function slateToMarkdown(slate: unknown): string;
  export function markdownToHtml(markdown: string): string;
}
declare module 'decap-cms-core/dist/esm/redux/index.js' {
  /** Decap's Redux store: the entry being edited and the saved ones (cms/status.ts reads them). */
  export const store: { getState(): unknown; subscribe(listener: () => void): () => void };
}
