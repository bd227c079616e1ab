/**
 * Internal link check over the built files: every same-site href/src resolves to a built file, and
 * every #anchor to an id on the target page. Query strings are allowed where the page reads them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { siteDir, type BuiltPage } from './site.ts';

const attribute = /\s(?:href|src)="([^"]*)"/g;
const idAttribute = /\sid="([^"]+)"/g;

function fileFor(pathname: string): string | undefined {
  const base = join(siteDir, decodeURIComponent(pathname));
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export function checkLinks(pages: BuiltPage[], siteUrl = 'https://dentivo.example'): string[] {
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let set = ids.get(file);
    if (!set) {
      set = new Set([...readFileSync(file, 'utf8').matchAll(idAttribute)].map((m) => m[1]!));
      ids.set(file, set);
    }
    return set;
  };
  const problems: string[] = [];
  for (const page of pages) {
    const html = readFileSync(page.file, 'utf8').replace(/<script\b[\s\S]*?<\/script>/g, '');
    for (const [, raw] of html.matchAll(attribute)) {
      const value = raw!.replace(/&amp;/g, '&');
      if (/^(mailto:|tel:|data:|javascript:)/.test(value)) continue;
      let url: URL;
      try {
        url = new URL(value, `${siteUrl}${page.path === '/' ? '/' : page.path}`);
      } catch {
        problems.push(`${page.path} : lien illisible « ${value} »`);
        continue;
      }
      if (url.origin !== siteUrl) continue;
      const target = fileFor(url.pathname);
      if (!target) {
        problems.push(`${page.path} : « ${value} » ne mène à aucune page`);
        continue;
      }
      if (
        url.hash.length > 1 &&
        target.endsWith('.html') &&
        !idsOf(target).has(decodeURIComponent(url.hash.slice(1)))
      ) {
        problems.push(`${page.path} : ancre « ${url.hash} » absente de ${url.pathname}`);
      }
    }
  }
  return problems;
}
