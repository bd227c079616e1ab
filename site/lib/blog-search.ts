/**
 * Writes the blog's split search index (docs/decisions/0041-blog-search-split-index.md) into
 * `<output>/blog/index-recherche/`: `manifest.json` (fetched fresh on each visit's first search) and
 * files named by their content's hash, so a browser may keep them as long as it likes. In two steps:
 * the terms and filters from the articles' text (site/lib/indexes.ts, possibly in a worker thread),
 * then the cards, which the templates render.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchIndex, type SearchDocument } from '../../core/blog/search/index-build.ts';
import {
  DOCS_PER_FILE,
  deltaEncode,
  INDEX_FORMAT,
  type FacetEntry,
  type Manifest,
} from '../../core/blog/search/index-format.ts';
import { SEARCH_INDEX_PATH, SEARCH_MANIFEST } from '../../core/blog/listing.ts';
import { sectionsText, type TextSection } from './markdown.ts';

export interface SearchablePost extends Omit<SearchDocument, 'body'> {
  slug: string;
  /** Plain text of the body, cut at its headings. */
  sections: readonly TextSection[];
}

/** The index without its cards: plain data, so that a worker thread can hand it over. */
export interface SearchTerms {
  count: number;
  shards: { first: string; file: string }[];
  categories: Record<string, FacetEntry>;
  tags: Record<string, FacetEntry>;
  /** File name → content. */
  files: [name: string, content: string][];
}

export interface SearchFiles {
  manifest: Manifest;
  /** File name → content, the manifest included. */
  files: Map<string, string>;
}

function hashed(files: Map<string, string> | [string, string][], content: unknown): string {
  const text = JSON.stringify(content);
  const name = `${createHash('sha1').update(text).digest('hex').slice(0, 16)}.json`;
  if (Array.isArray(files)) files.push([name, text]);
  else files.set(name, text);
  return name;
}

/** Step 1: terms, scores and filters, from the articles newest first. */
export function searchTerms(posts: readonly SearchablePost[]): SearchTerms {
  const files: [string, string][] = [];
  // Each body is joined when the index reads it, and dropped after: joined all at once, the bodies of
  // 10,000 articles were hundreds of megabytes held together until the last one was read.
  const built = buildSearchIndex(
    posts.map((post) => ({
      ...post,
      get body() {
        return sectionsText(post.sections);
      },
    })),
  );
  const facets = (list: typeof built.categories) =>
    Object.fromEntries(
      list.map((facet) => [
        facet.key,
        { name: facet.name, count: facet.docs.length, file: hashed(files, deltaEncode(facet.docs)) },
      ]),
    );
  return {
    count: built.count,
    shards: built.shards.map((shard) => ({ first: shard.terms[0]!, file: hashed(files, shard) })),
    categories: facets(built.categories),
    tags: facets(built.tags),
    files,
  };
}

/** Step 2: the cards (the HTML of each post's card, as the list pages show it, typeset) and the manifest. */
export function searchFiles<P extends { slug: string }>(
  terms: SearchTerms,
  posts: readonly P[],
  card: (post: P) => string,
): SearchFiles {
  const files = new Map(terms.files);
  const cards: string[] = [];
  for (let from = 0; from < posts.length; from += DOCS_PER_FILE)
    cards.push(
      hashed(
        files,
        posts.slice(from, from + DOCS_PER_FILE).map((post) => [post.slug, card(post)]),
      ),
    );
  const manifest: Manifest = {
    format: INDEX_FORMAT,
    count: terms.count,
    shards: terms.shards,
    cards,
    categories: terms.categories,
    tags: terms.tags,
  };
  files.set(SEARCH_MANIFEST, JSON.stringify(manifest));
  return { manifest, files };
}

/**
 * Writes the index folder of a build output in place, then removes what the new index no longer
 * names: a dev rebuild leaves no stale file behind, and the folder never vanishes under the dev
 * server's watcher (server/watch-tree.ts) or a visitor's search. The manifest goes last, once the
 * files it names are there.
 */
export function writeBlogSearch(outputDir: string, files: SearchFiles['files']): void {
  const dir = join(outputDir, ...SEARCH_INDEX_PATH.split('/').filter(Boolean));
  mkdirSync(dir, { recursive: true });
  const manifest = files.get(SEARCH_MANIFEST);
  for (const [name, content] of files) if (name !== SEARCH_MANIFEST) writeFileSync(join(dir, name), content);
  if (manifest !== undefined) writeFileSync(join(dir, SEARCH_MANIFEST), manifest);
  for (const entry of readdirSync(dir))
    if (!files.has(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
}
