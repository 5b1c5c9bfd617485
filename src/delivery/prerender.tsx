/**
 * Build-time rendering of the public entry pages, in Node (run by scripts/vite/prerender.ts after
 * `vite build`; the pages are the routes marked `prerender` in src/app/router.tsx). A visitor's first paint is then
 * the page itself, with its styles, while the JavaScript loads; the browser hydrates it (src/main.tsx)
 * instead of rendering it again.
 *
 * Each page is rendered as a signed-out visitor sees it: the session store's server snapshot is
 * signed out, so hydration matches, and a signed-in learner's page updates right after it
 * (Dashboard instead of Sign In, or the redirect away from /login).
 */
import { renderToString } from 'react-dom/server';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { App } from '../app/App';
import { loadDeferredParts } from './deferred';
import { routes, type RouteHandle } from '../app/router';

/** Each prerendered path with the route modules its page needs (their chunks load with the app). */
export function pages(table: RouteObject[] = routes): { path: string; modules: string[] }[] {
  const marked = (list: RouteObject[]): string[] =>
    list.flatMap((route) => [...((route.handle as RouteHandle | undefined)?.prerender && route.path ? [route.path] : []), ...marked(route.children ?? [])]);
  return marked(table).map((path) => ({
    path,
    modules: (matchRoutes(table, path) ?? []).flatMap(({ route }) => (route.handle as RouteHandle | undefined)?.module ?? []),
  }));
}

export type PrerenderedPage = {
  /** The markup inside #root. */
  html: string;
  /** `<style data-emotion>` elements for <head>: what the page uses, in the form emotion hydrates. */
  styles: string;
};

export async function render(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://pathforge.localhost')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered with a redirect (${context.status})`);
  if (context.statusCode !== 200) throw new Error(`prerender: ${path} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The page's deferred parts are written out too (their modules were imported with its route's).
  await loadDeferredParts();

  // `compat` keeps every rule in the cache instead of inline <style> elements next to the markup.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <App>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </CacheProvider>,
  );
  return { html, styles: styleElements(cache, html) };
}

/**
 * The cache's rules as emotion's own SSR format, so the browser's cache adopts them instead of
 * inserting them again: one `<style data-emotion="css-global NAME">` per global style (Chakra's
 * reset, tokens and global CSS; emotion's <Global> hydrates exactly that selector), then one
 * `<style data-emotion="css NAME NAME…">` with the class rules this markup uses.
 */
function styleElements(cache: EmotionCache, html: string): string {
  const used = new Set(Array.from(html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9_-]+)`, 'g')), (m) => m[1]));
  const globals: string[] = [];
  const names: string[] = [];
  let classRules = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (rules.includes('</')) throw new Error(`prerender: a style rule contains "</": ${rules.slice(0, 80)}`);
    if (cache.registered[`${cache.key}-${name}`] === undefined) globals.push(`<style data-emotion="${cache.key}-global ${name}">${rules}</style>`);
    else if (used.has(name)) {
      names.push(name);
      classRules += rules;
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${names.join(' ')}">${classRules}</style>`;
}
