import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import tseslint from 'typescript-eslint';

/** Import boundaries of ARCHITECTURE.md: what each layer may not reach into. */
const forbid = (groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group: [group].flat(), message })) }],
});
const noRoutes = ['**/routes/**', 'Screens and components never import routes (containers import screens).'];
// The app's wiring (router, guards, page head, useRemote): route containers use it, screens never do.
const noApp = ['**/app/**', 'Screens and components never import the app wiring (router, guards, page head, useRemote): containers do.'];
const noApi = ['**/api/**', 'Screens and components take data as props; only containers call the API.'];
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
      // dist-e2e, dist-e2e-verified and their second run's (E2E_RUN, playwright.config.ts)
      'dist-e2e*',
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
    rules: forbid([noRoutes, noApp, noApi, noStores, noFixtures, noDelivery]),
  },
  // Shared components sit below the screens that use them.
  {
    files: ['src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.{ts,tsx}'],
    rules: forbid([
      noRoutes,
      noApp,
      noApi,
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
  { files: ['src/domain/**/*.ts'], rules: forbid(noReact.map((p) => [[p], 'src/domain is pure: types and rules, no React and no I/O.'])) },
  { files: ['src/fixtures/**/*.ts'], rules: forbid([noRoutes, noApp, noApi, noStores, ['**/screens/**', 'Fixtures are data: they import only src/domain types.']]) },
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
          '**/src/api/**',
          '**/src/stores/**',
          '**/src/fixtures/**',
          'react',
          'react-dom',
        ],
        'The server imports only src/domain from the web side.',
      ],
    ]),
  },
  ...storybook.configs['flat/recommended'],
);
