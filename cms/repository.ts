/**
 * The files of content/ as the CMS's backend has them now (the local folder in development, the git host
 * in production), read through Decap's own backend so that no other access is needed.
 */
import { parse } from 'yaml';
import { currentBackend, type RepositoryFile } from 'decap-cms-core/dist/esm/backend';
import type { ReadFile } from '../core/content/check.ts';
import {
  authorsFolder,
  pagesFolder,
  parseContentFile,
  postsFolder,
  sharedKeys,
  sharedPath,
} from '../core/content/files.ts';

export interface Repository {
  /** Every file the build checks, read as the build reads it. */
  files: Map<string, ReadFile>;
  /** Markdown bodies of pages and articles, by path. */
  bodies: Map<string, string>;
  /** content/site.json, for the previews. */
  site: unknown;
}

export async function readRepository(): Promise<Repository> {
  const backend = currentBackend().implementation;
  const lists = await Promise.all([
    backend.entriesByFolder(pagesFolder, 'md', 1),
    backend.entriesByFolder(postsFolder, 'md', 1),
    backend.entriesByFolder(authorsFolder, 'json', 1),
    backend.entriesByFiles([...sharedKeys.map((key) => ({ path: sharedPath(key) })), { path: 'content/site.json' }]),
  ]);
  const repository: Repository = { files: new Map(), bodies: new Map(), site: undefined };
  for (const { file, data } of lists.flat() as RepositoryFile[]) {
    if (data === null || file.path.split('/').pop()!.startsWith('_')) continue;
    if (file.path === 'content/site.json') {
      repository.site = JSON.parse(data);
      continue;
    }
    const read = parseContentFile(file.path, data, parse);
    repository.files.set(file.path, 'error' in read ? read : { data: read.data });
    if ('body' in read && read.body !== undefined) repository.bodies.set(file.path, read.body);
  }
  return repository;
}
