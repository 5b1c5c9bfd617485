import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The layers of docs/ARCHITECTURE.md and what each may import: an allowlist (eslint-plugin-boundaries
 * resolves every import, static or dynamic, to its file), so a new folder or a new import between
 * layers fails lint until this list says it may. Tests and stories sit with their layer but may
 * also import sample data and test helpers; tooling (scripts/, e2e/, .storybook/, the configs) may
 * import anything, and nothing that runs in the product imports tooling.
 */
const layers = [
  // The shared layer: imported by the browser and the server alike.
  { type: 'domain', pattern: 'src/domain', mayImport: ['domain', 'contract'], why: 'the rules: pure, no I/O; the API shapes by their types only' },
  { type: 'mail', pattern: 'src/mail', mayImport: ['mail', 'domain', 'contract'], why: 'the mail templates the server renders and Storybook shows' },
  // The server: the shared layer and itself.
  { type: 'server', pattern: 'server', mayImport: ['server', 'domain', 'contract', 'mail'], why: 'the API and the workers' },
  // The browser, bottom to top.
  { type: 'theme', pattern: 'src/theme', mayImport: ['theme'], why: 'tokens and recipes' },
  {
    type: 'components',
    pattern: 'src/components',
    mayImport: ['components', 'domain', 'contract', 'theme', 'deferred'],
    why: 'shared components: props in, callbacks out',
  },
  {
    type: 'screens',
    pattern: 'src/screens',
    mayImport: ['screens', 'components', 'domain', 'contract', 'theme', 'deferred'],
    why: 'pure screens: props in, callbacks out',
  },
  { type: 'stores', pattern: 'src/stores', mayImport: ['stores', 'storageKey', 'domain', 'contract', 'theme'], why: 'browser state' },
  // The clients call the API; the session store and the toast are their two links to the page.
  { type: 'client', pattern: 'src/api', mayImport: ['client', 'contract', 'domain', 'stores', 'components'], why: 'the browser side of each API' },
  { type: 'fixtures', pattern: 'src/fixtures', mayImport: ['fixtures', 'domain', 'contract', 'mail'], why: 'sample data' },
  {
    type: 'routes',
    pattern: 'src/routes',
    mayImport: ['routes', 'app', 'client', 'stores', 'screens', 'components', 'domain', 'contract', 'theme', 'delivery'],
    why: 'thin containers',
  },
  {
    type: 'app',
    pattern: 'src/app',
    mayImport: ['app', 'routes', 'client', 'stores', 'components', 'domain', 'contract', 'theme'],
    why: 'the router, guards and page head',
  },
  { type: 'delivery', pattern: 'src/delivery', mayImport: ['delivery', 'storageKey', 'domain', 'theme'], why: "the page's start-up (src/delivery/README.md)" },
  { type: 'main', pattern: 'src', mayImport: ['app', 'delivery', 'stores', 'theme'], why: 'the browser entry, src/main.tsx' },
];
/**
 * Single files another layer may reach without reaching the rest of their folder: the contracts
 * (src/api/<name>/contract.ts, the API shapes in zod, shared with the server), a screen's deferred
 * part, and the storage key the colour-mode script reads.
 */
const files = [
  { category: 'contract', pattern: 'src/api/*/contract.ts', mayImport: ['contract', 'domain'] },
  { category: 'deferred', pattern: 'src/delivery/deferred.tsx' },
  { category: 'storageKey', pattern: 'src/stores/preferencesStorage.ts' },
  // Build time: renders the app's route table to HTML.
  { category: 'prerender', pattern: 'src/delivery/prerender.tsx', alsoImports: ['app'] },
];
const fileCategories = new Set(files.map((f) => f.category));
const runtimeTypes = layers.map((l) => l.type);
/** Tests and stories of a layer may also import these. */
const testHelpers = ['fixtures', 'testSupport', 'storybook', 'stores', 'client', 'app', 'routes', 'screens', 'components', 'theme', 'mail', 'deferred', 'delivery'];
const tooling = [
  { type: 'testSupport', pattern: 'src/test' },
  { type: 'storybook', pattern: '?storybook' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'content', pattern: 'content' },
];
const boundarySettings = {
  'boundaries/elements': [...layers, ...tooling].map(({ type, pattern }) => ({ type, pattern, partialMatch: false })),
  'boundaries/files': files.map(({ category, pattern }) => ({ category, pattern })),
  // The browser's imports name no extension: resolve them as Vite does.
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'] } },
  'boundaries/include': ['src/**', 'server/**', 'scripts/**', 'e2e/**', '.storybook/**', 'content/**'],
};
/** An allowlist as a selector: the layers (folders) and single files (categories) it names. */
const allowed = (names) => {
  const elements = names.filter((n) => !fileCategories.has(n));
  const categories = names.filter((n) => fileCategories.has(n));
  return [
    ...(elements.length ? [{ element: { types: { anyOf: elements } } }] : []),
    ...(categories.length ? [{ file: { categories: { anyOf: categories } } }] : []),
  ];
};
const layerPolicy = (extra) => [
  ...layers.map(({ type, mayImport, why }) => {
    const names = [...mayImport, ...extra(type)];
    return {
      from: { element: { type } },
      allow: { to: allowed(names) },
      message: `${type} (${why}) may import only: ${names.join(', ') || 'nothing of the project'}; eslint.config.js lists each layer's allowlist.`,
    };
  }),
  ...files.filter((f) => f.alsoImports).map(({ category, alsoImports }) => ({ from: { file: { categories: category } }, allow: { to: allowed(alsoImports) } })),
  // A contract is shared with the server: whatever its folder's client may import, it imports only the shared layer.
  ...files
    .filter((f) => f.mayImport)
    .flatMap(({ category, mayImport }) => [
      { from: { file: { categories: category } }, disallow: { to: { element: { types: { anyOf: runtimeTypes.filter((t) => !mayImport.includes(t)) } } } } },
      { from: { file: { categories: category } }, allow: { to: allowed(mayImport) } },
    ]),
];
const testsAndStories = ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', 'src/test/**', 'server/test/**', 'server/bench/**'];

/**
 * What the layer allowlist cannot express: packages, and imports allowed for their types only. A
 * group's third entry, `types`, lets it be imported with `import type`.
 */
const forbid = (groups) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: groups.map(([group, message, types]) => ({ group: [group].flat(), message, ...(types === 'types' ? { allowTypeImports: true } : {}) })) },
  ],
});
// The API's shapes (src/api/<name>/contract.ts) hold zod: a screen or component names their types only.
const contractTypesOnly = [
  ['**/api/*/contract', '**/api/*/contract.ts'],
  'Rules, screens and components import a contract’s types only (`import type`): its schemas are the clients’ and the server’s.',
  'types',
];
const noReact = ['react', 'react-dom', '@chakra-ui/*', 'axios'];

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
  // What each layer may import (the allowlist above); at run time nothing imports tooling.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: testsAndStories,
    plugins: { boundaries },
    settings: boundarySettings,
    rules: { 'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicy(() => []) }] },
  },
  // Tests and stories: their layer's allowlist plus sample data and test helpers; the server's tests stay on the server side.
  {
    files: testsAndStories,
    plugins: { boundaries },
    settings: boundarySettings,
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: layerPolicy((type) => (type === 'server' ? ['scripts'] : [...testHelpers])).concat([
            { from: { element: { type: 'testSupport' } }, allow: { to: { element: { types: { anyOf: [...runtimeTypes, ...testHelpers] } } } } },
          ]),
        },
      ],
    },
  },
  // Screens and components may name a contract's types, not its schemas.
  { files: ['src/screens/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'], ignores: testsAndStories, rules: forbid([contractTypesOnly]) },
  // The shared layer is pure; the rules name a contract's types only.
  { files: ['src/api/*/contract.ts'], rules: forbid(noReact.map((p) => [[p], 'A contract is pure: zod shapes, no React and no I/O.'])) },
  {
    files: ['src/domain/**/*.ts'],
    ignores: testsAndStories,
    rules: forbid([...noReact.map((p) => [[p], 'src/domain is pure: types and rules, no React and no I/O.']), contractTypesOnly]),
  },
  {
    files: ['server/**/*.ts'],
    rules: forbid([
      [['react-dom/client', '@chakra-ui/*', 'axios'], 'The server renders mail with react-dom/server only; the browser libraries stay in the browser.'],
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
