/**
 * Ends a child started with `detached: true` and everything it started (npm run dev starts a watcher,
 * a build and a server): SIGTERM to its process group, SIGKILL if it is still there after `graceMs`.
 * Shared by the bench and the tests that run npm run dev.
 */
import type { ChildProcess } from 'node:child_process';

export async function stopProcessGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, graceMs))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
