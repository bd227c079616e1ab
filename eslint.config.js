// Lint for the whole tree (npm run lint, part of npm test). Formatting is Prettier's job, so only
// rules about correctness are here: JavaScript's and typescript-eslint's recommended sets, and React's
// hooks rules (including the compiler-based ones that catch state set inside effects).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '_site/',
      'node_modules/',
      'content/',
      'public/images/',
      'tests/fixtures/',
      'bench/results/',
      '.data/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks what a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // docs/decisions/0002-folders-and-layering.md: neither scripts/ nor production code imports tests/
    // (what both need lives in scripts/lib/ or in the layer it belongs to).
    files: ['{core,backend,widgets,site,server,cms,supabase,scripts}/**/*.{ts,tsx,js,mjs}', '*.{ts,js}'],
    ignores: ['playwright.config.ts', 'vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/tests/**', 'tests/**'], message: 'Seuls les tests importent tests/.' }] },
      ],
    },
  },
  {
    // docs/decisions/0047-pages-built-from-one-bundle.md: Eleventy loads these templates itself, on
    // plain Node; what they need from core/ comes from eleventy.config.js (addJavaScriptFunction).
    files: ['site/pages/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/tests/**', 'tests/**'], message: 'Seuls les tests importent tests/.' },
            {
              group: ['**/*.ts', '**/*.tsx'],
              message: 'Un gabarit n’importe pas de TypeScript : passez par eleventy.config.js (décision 0047).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}', 'cms/**/*.{ts,tsx}', 'site/enhance.ts', 'site/**/*.client.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['widgets/**/*.tsx', 'cms/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Tests reach into pages' globals, and Playwright asks for `({}, testInfo)` when a test uses no fixture.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly', EdgeRuntime: 'readonly' } },
  },
);
