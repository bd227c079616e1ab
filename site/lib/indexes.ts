/**
 * The two indexes a build makes from the text of every article: the blog's search terms
 * (site/lib/blog-search.ts) and what the embedded assistant knows (site/lib/assistant-index.ts). Both
 * read the plain text the content loader cut once (site/lib/markdown.ts), and are built at the end of
 * the build (eleventy.config.js), after the pages are written. On the main thread: a worker thread's
 * start-up, its own module loading and the copies of the text both ways cost more processor time than
 * its parallelism saved on a two-core machine (docs/requirements.md#performance-budgets).
 */
import { join } from 'node:path';
import { writeAssistantIndexFile, type IndexSource } from './assistant-index.ts';
import type { SearchablePost } from './blog-search.ts';

export interface IndexInput extends Omit<IndexSource, 'posts'> {
  posts: readonly (IndexSource['posts'][number] & SearchablePost)[];
}

/** What DENTY knows, where the embedded server and the `assistant` edge function read it. */
export function writeAssistantIndex(outputDir: string, input: IndexInput): void {
  writeAssistantIndexFile(join(outputDir, 'assistant-index.json'), input);
}
