/**
 * The two indexes a build makes from the text of every article: the blog's search terms
 * (site/lib/blog-search.ts) and what the embedded assistant knows (site/lib/assistant-index.ts). Both
 * read the plain text the content loader cut once (site/lib/markdown.ts), and are built when the end of
 * the build asks for them, after the pages are written. On the main thread: a worker thread's start-up,
 * its own module loading and the copies of the text both ways cost more processor time than its
 * parallelism saved on a two-core machine (docs/requirements.md#performance-budgets).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAssistantIndex, type IndexSource } from './assistant-index.ts';
import { searchTerms, type SearchablePost, type SearchTerms } from './blog-search.ts';

export interface IndexInput extends Omit<IndexSource, 'posts'> {
  posts: readonly (IndexSource['posts'][number] & SearchablePost)[];
}

export interface BuiltIndexes {
  search: SearchTerms;
  /** _site/assistant-index.json. */
  assistantJson: string;
}

export function buildIndexes(input: IndexInput): BuiltIndexes {
  return {
    search: searchTerms(input.posts),
    assistantJson: JSON.stringify(buildAssistantIndex(input)),
  };
}

/** What DENTY knows, where the embedded server and the `assistant` edge function read it. */
export function writeAssistantIndex(outputDir: string, json: string): void {
  writeFileSync(join(outputDir, 'assistant-index.json'), json);
}
