import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Patience, not speed (see playwright.config.ts): no unit test may fail because the machine is busy.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' },
      },
      {
        // The widgets on their own (docs/architecture.md#tests): React views and stores in jsdom, with
        // Testing Library, against the real embedded server started in the test (tests/components/setup.ts).
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.ts', 'tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
        },
      },
    ],
  },
});
