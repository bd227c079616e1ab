/**
 * Development only: watches a folder and everything under it, through what a build does to it, with
 * chokidar. Not Node 20's `fs.watch(dir, { recursive: true })`: on Linux it emits an 'error' when a folder
 * vanishes mid-scan or a link loops (which ended `npm run dev`'s server), and it stops seeing a folder
 * removed and created again under the same name.
 */
import { watch, type FSWatcher } from 'chokidar';
import { dirname, relative, sep } from 'node:path';

export type TreeWatcher = Pick<FSWatcher, 'close'>;

/**
 * Calls `onChange` with the changed path, relative to `root`, on every change under it; with
 * `undefined` when the tree itself changed (it was removed, or came back). The parent is watched,
 * limited to the tree, so that the whole tree may go and come back.
 */
export function watchTree(root: string, onChange: (file: string | undefined) => void): TreeWatcher {
  const parent = dirname(root);
  const watcher = watch(parent, {
    ignoreInitial: true,
    followSymlinks: false,
    ignored: (path) => path !== parent && path !== root && !path.startsWith(root + sep),
  });
  watcher.on('all', (_event, path) => onChange(path === root ? undefined : relative(root, path)));
  watcher.on('error', () => onChange(undefined));
  return watcher;
}

/** Watches one file, also when an editor saves it by replacing it. */
export function watchFile(path: string, onChange: () => void): TreeWatcher {
  return watch(path, { ignoreInitial: true }).on('all', () => onChange());
}
