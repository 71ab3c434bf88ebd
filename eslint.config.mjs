import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// jsx-a11y-x is eslint-plugin-jsx-a11y without its ES-spec polyfills (the same rules and recommended
// settings); its rules keep their usual `jsx-a11y/` names here, which disable comments use.
const jsxA11yRecommended = Object.fromEntries(
  Object.entries(jsxA11y.configs.recommended.rules).map(([rule, setting]) => [rule.replace(/^jsx-a11y-x\//, 'jsx-a11y/'), setting]),
);

// Dependencies flow one way (docs/architecture.md):
//   domain <- server;  domain <- client/api <- client areas;  admin and site never meet;
//   the server draws the public pages through client/site/server-render.tsx alone.
const zones = [
  { target: './src/domain', from: ['./src/client', './src/server'], message: 'domain is pure: no client or server code.' },
  // One way in: the public site's renderer, which draws the same pages on the server (docs/decisions/185).
  {
    target: './src/server',
    from: './src/client',
    except: ['./site/server-render.tsx'],
    message: 'the server never imports browser code, but for client/site/server-render.tsx.',
  },
  { target: './src/client', from: './src/server', message: 'the browser never imports server code.' },
  {
    target: ['./src/server/content', './src/server/accounts'],
    from: './src/server/http',
    message: 'services know nothing of HTTP: refuse with server/refusal.ts (docs/decisions/208, 210).',
  },
  { target: './src/client/site', from: './src/client/admin', message: 'site and admin share through ui/ or domain/.' },
  { target: './src/client/admin', from: './src/client/site', message: 'site and admin share through ui/ or domain/.' },
  {
    target: './src/client/ui',
    from: ['./src/client/site', './src/client/admin', './src/client/session'],
    message: 'ui/ is shared by both areas and depends on neither.',
  },
  {
    target: './src/client/api',
    from: ['./src/client/site', './src/client/admin', './src/client/ui'],
    message: 'the data layer does not import screens.',
  },
];

// Inside the admin, each folder is a feature (its screens, its styles) except kit/, which is what the features
// share. A feature imports only itself and the kit, so that a feature can change or go without touching another;
// the kit imports no feature, so that every feature can use all of it. The shell (the files directly in admin/)
// puts the features together and may import any of them. Folders are read here so that a new feature is covered
// the day it is created.
const ADMIN = './src/client/admin';
const adminFeatures = readdirSync(new URL(ADMIN, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'kit')
  .map((entry) => entry.name);
const adminZones = [
  { target: `${ADMIN}/kit`, from: ADMIN, except: ['./kit'], message: 'the kit depends on no feature: move what it needs into the kit.' },
  ...adminFeatures.map((feature) => ({
    target: `${ADMIN}/${feature}`,
    from: ADMIN,
    except: [`./${feature}`, './kit'],
    message: 'features do not import each other or the shell: what they share goes to admin/kit or ui/.',
  })),
];
zones.push(...adminZones);

// Test helpers and fixtures live under test/: the product never imports them
// (its own *.test.ts(x) files, beside the code, do).
const productZones = [...zones, { target: './src', from: './test', message: 'test helpers and fixtures are for tests only.' }];

// Typed rules for the product's code and its tests (docs/decisions/209). LINT_WITHOUT_TYPES=1 leaves them out: the tests that
// lint imagined files (a probe route, a probe import) check untyped rules, and the type checker sees only real files.
const typedRules =
  process.env.LINT_WITHOUT_TYPES === '1'
    ? []
    : [
        {
          // A promise is awaited, returned or marked `void`,
          // never handed where a void callback is expected, and an assertion that changes no type is removed.
          files: ['src/**/*.{ts,tsx}', 'test/**/*.ts'],
          languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
          rules: {
            '@typescript-eslint/no-unnecessary-type-assertion': 'error',
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/no-misused-promises': 'error',
          },
        },
      ];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'vendor/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'shots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: productZones }] },
  },
  ...typedRules,
  {
    // Routes speak HTTP; what they change, a service writes (server/accounts/, server/content/; decision 208).
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(writeContent|transaction|insertInto|updateTable|deleteFrom)$/]',
          message: 'A route does not write: call a service of src/server/accounts/ or src/server/content/ (docs/decisions/208).',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11yRecommended,
      // The browser sees the API's schemas as types only: TypeBox code must not reach the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/domain/schemas/*', 'typebox', 'typebox/*'],
              allowTypeImports: true,
              message: 'Import the types from @/domain/entities.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { 'no-console': 'off' },
  },
  {
    // Browser tests take `test` and `expect` from their fixtures, which fail a test on any console error or uncaught exception.
    files: ['test/e2e/**/*.ts'],
    ignores: ['test/e2e/support/fixtures.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@playwright/test', allowTypeImports: true, message: 'Import test and expect from test/e2e/support/fixtures.ts.' },
          ],
        },
      ],
    },
  },
);
