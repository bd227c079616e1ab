import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    // Patience, not speed (see playwright.config.ts): no unit test may fail because the machine is busy.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
