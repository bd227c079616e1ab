/**
 * A page's own script-free copy, for the lighthouse part: the same HTML, styles, images and fonts, with
 * every script that runs and every module preload removed. Measured beside the real page, interleaved,
 * it says what the page costs by itself and what the widgets add; a busy machine slows both alike.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Script elements that run (data blocks, JSON and JSON-LD, stay: they run nothing). */
const RUNNING_SCRIPT = /<script\b(?![^>]*\btype=["']?application\/(?:ld\+)?json\b)[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi;

export function withoutScripts(html: string): string {
  return html.replace(RUNNING_SCRIPT, '').replace(MODULE_PRELOAD, '');
}

/** Copies the built site to `outDir`, every HTML page without its scripts. Returns how many pages. */
export function scriptFreeCopy(siteDir: string, outDir: string): number {
  cpSync(siteDir, outDir, { recursive: true });
  let pages = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.html')) {
        writeFileSync(path, withoutScripts(readFileSync(path, 'utf8')));
        pages++;
      }
    }
  };
  visit(outDir);
  return pages;
}
