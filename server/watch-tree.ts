/**
 * Development only: watches a folder and everything under it, through what a build does to it.
 *
 * Not `fs.watch(dir, { recursive: true })`: on Linux, Node 20 walks the tree itself for it and emits an
 * 'error' when a folder vanishes between the moment it is seen and the moment it is read (a rebuild
 * replacing a folder) or when a link loops; unheard, that error ended `npm run dev`'s server in the
 * middle of a session. It also stops watching a folder removed and created again under the same name.
 * Here each folder has its own watcher: a folder replaced is watched anew, a folder removed is let
 * go, links are not followed, and the whole tree may go and come back.
 */
import { lstatSync, readdirSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

export interface TreeWatcher {
  close(): void;
}

/** How often a removed tree is looked for again. */
const ROOT_POLL_MS = 250;

/**
 * Calls `onChange` with the changed path, relative to `root`, on every change under it; with
 * `undefined` when the tree itself changed (it was removed, replaced, or came back).
 */
export function watchTree(root: string, onChange: (file: string | undefined) => void): TreeWatcher {
  const folders = new Map<string, FSWatcher>();
  let closed = false;
  let poll: NodeJS.Timeout | undefined;

  function isFolder(path: string): boolean {
    try {
      return lstatSync(path).isDirectory();
    } catch {
      return false;
    }
  }

  function forget(path: string): void {
    for (const [folder, watcher] of folders)
      if (folder === path || folder.startsWith(path + sep)) {
        watcher.close();
        folders.delete(folder);
      }
  }

  /** Watches `path` and the folders under it, if it is a folder not watched yet. */
  function follow(path: string): void {
    if (folders.has(path) || !isFolder(path)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(path, (_event, name) => changed(path, name?.toString()));
    } catch {
      return; // Gone already: its parent's watcher tells.
    }
    watcher.on('error', () => changed(path, undefined));
    folders.set(path, watcher);
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      // Gone already, as above.
    }
    for (const entry of entries) if (entry.isDirectory()) follow(join(path, entry.name));
  }

  function changed(folder: string, name: string | undefined): void {
    if (closed) return;
    if (name === undefined || name === basename(folder)) {
      // The folder itself: removed, replaced (its inode number may well be reused, so only the
      // event tells), or its watcher failed. Watch it afresh, whatever it is now.
      forget(folder);
      if (folder === root && !isFolder(root)) return lost();
      follow(folder);
      return onChange(folder === root ? undefined : relative(root, folder));
    }
    const path = join(folder, name);
    if (!isFolder(path)) forget(path);
    follow(path);
    onChange(relative(root, path));
  }

  function lost(): void {
    clearTimeout(poll);
    poll = setTimeout(function look() {
      if (closed) return;
      if (!isFolder(root)) return void (poll = setTimeout(look, ROOT_POLL_MS));
      follow(root);
      onChange(undefined);
    }, ROOT_POLL_MS);
  }

  if (isFolder(root)) follow(root);
  else lost();
  return {
    close() {
      closed = true;
      clearTimeout(poll);
      forget(root);
    },
  };
}

/** Watches one file through its folder, so that an editor saving by replacing the file is still seen. */
export function watchFile(path: string, onChange: () => void): TreeWatcher {
  const watcher = watch(dirname(path), (_event, name) => {
    if (name?.toString() === basename(path)) onChange();
  });
  watcher.on('error', onChange);
  return watcher;
}
