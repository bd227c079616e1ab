/**
 * `npm run dev`: rebuilds the widgets (Vite watch) and the pages (Eleventy watch) on every change,
 * and serves the result with the real server, which tells open pages to reload (DEV_RELOAD).
 */
import { spawn, type ChildProcess } from 'node:child_process';

// The CMS at /admin writes this checkout's files unless told otherwise (docs/decisions/0029-cms-for-editors.md).
process.env.CMS_BACKEND ??= 'local';

const children: ChildProcess[] = [];
const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

const first = run('npx', ['vite', 'build']);
first.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  // The CMS's bundle, once: the pages' build reads its manifest to write /admin.
  const admin = run('npx', ['tsx', 'scripts/build-admin.ts']);
  admin.on('exit', (adminCode) => (adminCode === 0 ? startWatchers() : process.exit(adminCode ?? 1)));
});

function startWatchers() {
  run('npx', ['vite', 'build', '--watch', '--emptyOutDir', 'false']);
  // The widgets for other sites (embed.js and embed/): the tag once, its app on every change.
  run('npx', ['vite', 'build', '-c', 'vite.embed.config.ts', '--mode', 'loader']);
  run('npx', ['vite', 'build', '-c', 'vite.embed.config.ts', '--watch']);
  run('npx', ['tsx', 'node_modules/@11ty/eleventy/cmd.cjs', '--watch', '--quiet']);
  run('npx', ['tsx', 'server/main.ts'], { DEV_RELOAD: '1' });
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
