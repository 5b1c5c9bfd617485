import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * React Router's production build in the browser's bundle. Its package exports only its development
 * build, under every condition (upstream: https://github.com/remix-run/react-router/issues/14102):
 * the two differ in one flag, `ENABLE_DEV_WARNINGS`, so a production bundle shipped its development
 * warnings (console messages such as "No routes matched location", the default error boundary's
 * "Hey developer") and their code. Client builds only: the dev server, the tests and the build-time
 * prerender (Node) keep the package's own resolution. The app and the floor (scripts/floor) both use it.
 */
export function reactRouterProduction(): Plugin {
  const dist = (file: string) => fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'pathforge:react-router-production',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: dist('index.mjs') },
          { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
        ],
      },
    }),
  };
}
