import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * Import boundaries of ARCHITECTURE.md: what each layer may not reach into. A group's third entry,
 * `types`, lets it be imported for its types only (`import type`).
 */
const forbid = (groups) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: groups.map(([group, message, types]) => ({ group: [group].flat(), message, ...(types === 'types' ? { allowTypeImports: true } : {}) })) },
  ],
});
const noRoutes = ['**/routes/**', 'Screens and components never import routes (containers import screens).'];
// The app's wiring (router, guards, page head, useRemote): route containers use it, screens never do.
const noApp = ['**/app/**', 'Screens and components never import the app wiring (router, guards, page head, useRemote): containers do.'];
const contracts = ['**/api/*/contract', '**/api/*/contract.ts'];
const noApi = [['**/api/*/*', ...contracts.map((c) => `!${c}`)], 'Screens and components take data as props; only containers call the API.'];
// The API's shapes (src/api/<name>/contract.ts) hold zod: a screen or component names their types only.
const contractTypesOnly = [
  contracts,
  'Screens and components import a contract’s types only (`import type`): its schemas are the clients’ and the server’s.',
  'types',
];
const noStores = ['**/stores/**', 'Screens and components take state as props; only containers read stores.'];
const noFixtures = ['**/fixtures/**', 'Sample data reaches screens through props; only stories, tests and containers import fixtures.'];
const noScreens = ['**/screens/**', 'The page start-up knows no screen: it renders the route table.'];
// The page's start-up (src/delivery/README.md): a screen may make a part of itself deferred, nothing more.
const noDelivery = [
  ['**/delivery/**', '!**/delivery/deferred'],
  'Screens and components use only deferred() of src/delivery; the rest is the page start-up (src/main.tsx and the build).',
];
// Its one store import: the storage key and version the colour-mode script reads (a module without imports).
const noStoresButStorageKey = [
  ['**/stores/**', '!**/stores/preferencesStorage', '!**/stores/preferencesStorage.ts'],
  'The page start-up reads no store; only the colour-mode script names the preferences storage key.',
];
const noReact = ['react', 'react-dom', '@chakra-ui/*', 'axios', '**/components/**', '**/screens/**', '**/stores/**', '**/api/**'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'dist-e2e-verified',
      'dist-floor',
      'storybook-static',
      'node_modules',
      'public/mockServiceWorker.js',
      'coverage',
      'test-results',
      'playwright-report',
      'data',
      '.visual-gate',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Button']:has(JSXAttribute[name.name='asChild'])",
          message:
            'A link drawn as a button is <LinkButton asChild> (src/components/LinkButton): <Button asChild> puts type="button" on the <a>, which is invalid HTML.',
        },
      ],
    },
  },
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.{ts,tsx}'],
    rules: forbid([noRoutes, noApp, noApi, contractTypesOnly, noStores, noFixtures, noDelivery]),
  },
  // Shared components sit below the screens that use them.
  {
    files: ['src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.{ts,tsx}'],
    rules: forbid([
      noRoutes,
      noApp,
      noApi,
      contractTypesOnly,
      noStores,
      noFixtures,
      noDelivery,
      ['**/screens/**', 'Shared components never import a screen (screens compose components).'],
    ]),
  },
  // What runs in the browser (the boot script, the take-over, deferred parts): screens import deferred(), so it obeys their rules.
  {
    files: ['src/delivery/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/delivery/prerender.tsx'],
    rules: forbid([noRoutes, noApp, noApi, noStoresButStorageKey, noFixtures, noScreens]),
  },
  // Build time: renders the app's route table (src/app) to HTML.
  { files: ['src/delivery/prerender.tsx'], rules: forbid([noRoutes, noApi, noStores, noFixtures, noScreens]) },
  {
    files: ['src/domain/**/*.ts'],
    rules: forbid([
      ...noReact.filter((p) => p !== '**/api/**').map((p) => [[p], 'src/domain is pure: types and rules, no React and no I/O.']),
      [['**/api/*/*', ...contracts.map((c) => `!${c}`)], 'src/domain is pure: types and rules, no React and no I/O.'],
      [contracts, 'src/domain names the contracts’ types only (`import type`): the contracts import the domain’s rules, never the reverse.', 'types'],
    ]),
  },
  // A domain test may check a rule against a contract's schema.
  {
    files: ['src/domain/**/*.test.ts'],
    rules: forbid(noReact.filter((p) => p !== '**/api/**').map((p) => [[p], 'src/domain is pure: types and rules, no React and no I/O.'])),
  },
  // The API's shapes: zod, the domain's rules and other contracts; importable by the browser and the server alike.
  {
    files: ['src/api/*/contract.ts'],
    rules: forbid([
      [
        [...noReact.filter((p) => p !== '**/api/**'), '@tanstack/*', '**/client', '**/client.ts', '**/app/**', '**/routes/**', '**/fixtures/**'],
        'A contract imports only zod, src/domain and other contracts: the server imports it too.',
      ],
    ]),
  },
  // Fixtures and the mock API answer with the contracts' shapes (the handlers parse bodies with them).
  {
    files: ['src/fixtures/**/*.ts'],
    rules: forbid([noRoutes, noApp, noApi, noStores, ['**/screens/**', 'Fixtures are data: they import only src/domain types and the contracts.']]),
  },
  {
    files: ['src/api/**/*.ts', 'src/stores/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: forbid([noRoutes, noApp, ['**/screens/**', 'The data layer does not know about screens.']]),
  },
  {
    files: ['server/**/*.ts'],
    rules: forbid([
      [
        [
          '**/src/components/**',
          '**/src/screens/**',
          '**/src/routes/**',
          '**/src/app/**',
          '**/src/delivery/**',
          '**/src/api/*/*',
          '!**/src/api/*/contract.ts',
          '**/src/stores/**',
          '**/src/fixtures/**',
          'react',
          'react-dom',
        ],
        'The server imports only src/domain and the contracts (src/api/<name>/contract.ts) from the web side.',
      ],
    ]),
  },
  // No import cycle in src/ (runtime imports; `import type` is erased and not followed): a module's
  // dependencies load before it, and the layers (domain, contracts, clients, screens) stay a tree.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...storybook.configs['flat/recommended'],
);
