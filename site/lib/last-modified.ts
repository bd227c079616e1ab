/**
 * When each content file last really changed, for the sitemap's `lastmod` and JSON-LD `dateModified`
 * (docs/requirements.md#seo): its last commit, read for every file of content/ in one `git log`, or the
 * file's modification time where git cannot say (no git, a file not committed yet, a folder outside
 * the repository such as the bench's generated articles). Front matter `updated` wins over both.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Absolute path of each file → its last commit's date (YYYY-MM-DD), newest commit first wins. */
export function lastCommitDates(root: string, folder = 'content'): Map<string, string> {
  const dates = new Map<string, string>();
  let log: string;
  try {
    log = execFileSync('git', ['log', '--format=@%cI', '--name-only', '--relative', '--', folder], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return dates;
  }
  let date = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) date = line.slice(1, 11);
    else if (line && date) {
      const file = resolve(root, line);
      if (!dates.has(file)) dates.set(file, date);
    }
  }
  return dates;
}

/**
 * A function giving a file's last change: its commit date, else its modification time (`mtime` when
 * the caller has it already, else read).
 */
export function lastModifiedFinder(root: string): (file: string, mtime?: Date) => string {
  const commits = lastCommitDates(root);
  return (file, mtime) => {
    const absolute = resolve(root, file);
    return commits.get(absolute) ?? (mtime ?? statSync(absolute).mtime).toISOString().slice(0, 10);
  };
}
