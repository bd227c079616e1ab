/**
 * Where the tests find Chromium: CHROMIUM_PATH if set, Debian's /usr/bin/chromium (CI and this
 * project's machines, installed by .ci/run), else Playwright's own browser on a developer laptop.
 */
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return candidates.find((path) => existsSync(path));
}

/** Flags for a headless Chromium on a closed network (no background calls home). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
