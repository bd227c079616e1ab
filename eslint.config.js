// Lint for the whole tree (npm run lint, part of npm test). Formatting is Prettier's job, so only
// rules about correctness are here: JavaScript's and typescript-eslint's recommended sets, and React's
// hooks rules (including the compiler-based ones that catch state set inside effects).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layer plan (docs/architecture.md#folders, docs/decisions/0002-folders-and-layering.md): each
 * folder is a layer, and each layer may import only the layers listed here. `eleventy.config.js` is
 * the composition root: the one place where site/ meets widgets/.
 */
const LAYERS = {
  content: [],
  core: [],
  styles: [],
  backend: ['core'],
  site: ['core', 'styles'],
  widgets: ['core', 'styles'],
  server: ['core', 'backend'],
  // The CMS renders pages with the site's own templates, filters and Markdown (its previews).
  cms: ['core', 'site', 'styles'],
  supabase: ['core', 'backend', 'content'],
  root: ['core', 'site', 'widgets', 'backend', 'server', 'styles', 'content', 'scripts'],
  scripts: ['core', 'site', 'widgets', 'backend', 'server', 'cms', 'styles', 'content', 'root'],
  bench: ['core', 'site', 'widgets', 'backend', 'server', 'styles', 'content', 'scripts', 'root'],
  tests: [
    'core',
    'site',
    'widgets',
    'backend',
    'server',
    'cms',
    'supabase',
    'styles',
    'content',
    'scripts',
    'bench',
    'root',
  ],
};

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
      // Written by `npm run checks` (scripts/lib/compiled-checks.ts), tested against their schemas.
      '**/*.check.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // npm run lint fails on an import against the layer plan above.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['**/*.{ts,tsx,js,mjs,json,css}'],
      // widgets/ssr.tsx, the widgets' one door for Node: it renders a view to HTML (the build's islands,
      // and the server's forms posted without JavaScript, docs/decisions/0010-forms-without-javascript.md).
      'boundaries/files': [{ category: 'ssr', pattern: 'widgets/ssr.tsx' }],
      'boundaries/elements': [
        ...Object.keys(LAYERS)
          .filter((layer) => layer !== 'root')
          .map((layer) => ({ type: layer, pattern: `${layer}/**`, partialMatch: false })),
        { type: 'root', pattern: '*.{ts,js,mjs}', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'La couche {{from.type}} n’importe pas {{to.type}} (plan des couches : docs/architecture.md#folders).',
          policies: [
            ...Object.entries(LAYERS).map(([layer, allowed]) => ({
              from: { element: { type: layer } },
              allow: { to: { element: { types: { anyOf: [layer, ...allowed] } } } },
            })),
            { from: { element: { type: 'server' } }, allow: { to: { file: { categories: 'ssr' } } } },
          ],
        },
      ],
    },
  },
  {
    // The test runners' configurations belong with the tests they run.
    files: ['playwright.config.ts', 'vitest.config.ts'],
    rules: { 'boundaries/dependencies': 'off' },
  },
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
    files: ['{core,backend,widgets,site,server,cms,supabase,scripts,bench}/**/*.{ts,tsx,js,mjs}', '*.{ts,js}'],
    ignores: ['playwright.config.ts', 'vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/tests/**', 'tests/**'], message: 'Seuls les tests importent tests/.' }] },
      ],
    },
  },
  {
    // core/ runs in the browser, Node, Deno and the build: no runtime's own modules (tsconfig.core.json
    // gives it neither the DOM's nor Node's types).
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'core/ n’importe aucun module de Node (décision 0002).' },
            { group: ['**/tests/**', 'tests/**'], message: 'Seuls les tests importent tests/.' },
          ],
        },
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
