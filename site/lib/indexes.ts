/**
 * The two indexes a build makes from the text of every article: the blog's search terms
 * (site/lib/blog-search.ts) and what the embedded assistant knows (site/lib/assistant-index.ts).
 * Neither needs a rendered page, so with many articles they are built in a worker thread while Eleventy
 * renders the pages on the main one; a small site builds them at once (a worker costs its start-up).
 */
import { Worker } from 'node:worker_threads';
import { buildAssistantIndex, type IndexSource } from './assistant-index.ts';
import { searchTerms, type SearchablePost, type SearchTerms } from './blog-search.ts';
import type { Post } from './content.ts';

/** From this many articles the indexes are built beside the pages (measured: a worker starts in ~0.3 s). */
export const WORKER_THRESHOLD = 500;

export type IndexPost = SearchablePost & Pick<Post, 'html' | 'faqItems' | 'category'>;

export interface IndexInput extends Omit<IndexSource, 'posts'> {
  posts: IndexPost[];
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

/** Only what the indexes read of each post goes to the worker. */
export function indexInput(source: Omit<IndexSource, 'posts'> & { posts: readonly Post[] }): IndexInput {
  return {
    pages: source.pages,
    faq: source.faq,
    glossary: source.glossary,
    vocabulary: source.vocabulary,
    posts: source.posts.map(({ slug, title, summary, text, category, tags, html, faqItems }) => ({
      slug,
      title,
      summary,
      text,
      category,
      tags,
      html,
      faqItems,
    })),
  };
}

export function startIndexes(
  input: IndexInput,
  inWorker = input.posts.length >= WORKER_THRESHOLD,
): Promise<BuiltIndexes> {
  if (!inWorker) return Promise.resolve().then(() => buildIndexes(input));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./index-worker.mjs', import.meta.url), { workerData: input });
    worker.once('message', (built: BuiltIndexes) => {
      resolve(built);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`Le fil des index s’est arrêté (code ${code}).`)));
  });
}
