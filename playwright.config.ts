// End-to-end tests in Chromium against the built site served by the real server (npm run build first).
import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './tests/support/browser.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 60_000,
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
    env: { PORT: String(port), DATA_DIR: 'memory', HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
