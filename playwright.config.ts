// End-to-end tests in Chromium against the built site served by the real server (npm run build first).
import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './scripts/lib/browser.ts';
import { e2ePort as port, embedHostOrigin } from './tests/support/ports.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  fullyParallel: true,
  // In CI, a test that fails once is run again and, if it then passes, reported « flaky » by name (the
  // summary reporter lists it): one seen under heavy load must not sink a whole landing, and must not
  // hide either. Locally, never: a failure is looked at.
  retries: process.env.CI ? 1 : 0,
  // Patience, not speed: these machines are shared and a busy neighbour can triple any duration.
  // Durations are measured by `npm run bench`, never asserted here.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['./tests/support/summary-reporter.ts']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  },
  webServer: {
    command: 'tsx server/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    // EMBED_ORIGINS: the "other site" of tests/e2e/embed.spec.ts may embed the widgets. No tracker ID here:
    // the server sends the security headers the test build wrote (npm run build:test, with the fake IDs of
    // tests/fixtures/trackers/tracking.env), so the consent tests also prove the policy follows the pages.
    // CONTACT_RATE_LIMIT: every test posts from 127.0.0.1, one client for the limit; at 5 per 10 minutes a
    // test's form failed whenever other specs had sent first. The limit has its own tests.
    env: {
      PORT: String(port),
      DATA_DIR: 'memory',
      HOST: '127.0.0.1',
      EMBED_ORIGINS: embedHostOrigin,
      CONTACT_RATE_LIMIT: '1000/600',
    },
    reuseExistingServer: false,
    // The server prepares DENTY's index before it listens: patience on a busy machine.
    timeout: 180_000,
  },
});
