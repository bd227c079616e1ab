/**
 * `npm run build:test`: the real build, with the fake tracker IDs of tests/fixtures/trackers/tracking.env,
 * so the end-to-end tests can prove which trackers load and when. The IDs are baked into the pages at
 * build time; `npm run build` (and so `npm start`) keeps them empty: no tracker installed.
 */
import { execSync } from 'node:child_process';
import { resolve } from 'node:path';

process.loadEnvFile(resolve(import.meta.dirname, '../tests/fixtures/trackers/tracking.env'));
execSync('npm run build', { stdio: 'inherit', env: process.env });
