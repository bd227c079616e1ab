/**
 * `npm run build:admin`: the CMS's bundle (vite.admin.config.ts) when this build publishes /admin
 * (CMS_BACKEND set, see site/lib/cms.ts), else removes any /admin a development build left in _site, so
 * that a default `npm run build` never publishes it (docs/decisions/0029-cms-for-editors.md).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { cmsBackend } from '../site/lib/cms.ts';

const root = resolve(import.meta.dirname, '..');
if (cmsBackend(process.env)) {
  execFileSync('npx', ['vite', 'build', '-c', 'vite.admin.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
} else rmSync(resolve(root, '_site/admin'), { recursive: true, force: true });
