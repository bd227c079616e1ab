/** The built site as the tests see it: every HTML page of _site and the URL path it answers on. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** SITE_DIR (the same variable the server reads) lets the tests run on another build, e.g. a snapshot. */
export const siteDir = process.env.SITE_DIR
  ? resolve(process.env.SITE_DIR)
  : join(import.meta.dirname, '..', '..', '_site');

export interface BuiltPage {
  file: string;
  path: string;
}

export function builtPages(dir = siteDir): BuiltPage[] {
  const pages: BuiltPage[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'assets') walk(full);
      } else if (name.endsWith('.html')) {
        const rel = relative(dir, full).split('\\').join('/');
        const path =
          rel === 'index.html'
            ? '/'
            : rel.endsWith('/index.html')
              ? `/${rel.slice(0, -'/index.html'.length)}`
              : `/${rel}`;
        pages.push({ file: full, path });
      }
    }
  };
  walk(dir);
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}
