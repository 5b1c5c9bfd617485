import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RouteError } from '../routes/error.route';
import { APP_AREA, pages, type PageEntry, type PageName } from './pages';
import { RouteMeta, type MetaHandle } from './RouteMeta';

/**
 * What a route carries. For the build (src/delivery/prerender.tsx): its module, and whether its page is
 * prerendered. For RouteMeta, once its module has loaded: its title and description
 * (./pageMeta.ts) and the code that applies them (./documentHead.ts), fetched beside the
 * page's own chunk rather than in the landing page's entry.
 */
export type RouteHandle = Partial<MetaHandle> & {
  /** The route's module, as the bundler names it ('/src/routes/login.route.tsx'). */
  module: string;
  /** The page of the registry (./pages.ts) it shows; none for a layout. */
  page?: PageName;
  /** Its page is rendered to HTML at build time and hydrated in the browser (a public entry page). */
  prerender?: boolean;
};

type Load = () => Promise<Record<string, unknown>>;

/**
 * A route whose component is the export `name` of `src/routes/<file>.tsx` (`load` imports it: one
 * chunk each, loaded when the route is first visited). (A literal import per route, not
 * import.meta.glob: the end-to-end specs read this table in Node, where only Vite knows glob imports.)
 */
function lazyRoute(file: string, load: Load, name: string, page?: PageName): Pick<RouteObject, 'lazy' | 'handle'> {
  const module = `/src/routes/${file}.tsx`;
  const handle: RouteHandle = { module, page, prerender: page && (pages[page] as PageEntry).prerender };
  return {
    handle,
    lazy: async () => {
      const [loaded, head] = await Promise.all([load(), page === undefined ? null : import('./documentHead')]);
      const Component = loaded[name] as ComponentType | undefined;
      if (!Component) throw new Error(`${module}: no ${name}`);
      if (head && page !== undefined) Object.assign(handle, { meta: head.PAGE_META[page], apply: head.applyHead });
      return { Component };
    },
  };
}

/**
 * The route of a page of the registry (./pages.ts), at its path: the export `<Page>Route` of
 * `src/routes/<page>.route.tsx` (`DashboardRoute` of dashboard.route.tsx) unless `file` and `name`
 * say otherwise. It gets its title and description (./pageMeta.ts) with its module. Each page's line
 * below is the one place it meets its code.
 */
const page = (pageName: PageName, load: Load, file = `${pageName}.route`, name = `${pageName[0]?.toUpperCase()}${pageName.slice(1)}Route`): RouteObject => ({
  path: pages[pageName].path,
  ...lazyRoute(file, load, name, pageName),
});

/**
 * Every screen is its own lazy chunk. The landing page loads only React, the router, Chakra and
 * the session store; the data layer (react-query, axios) arrives with the first route that needs it.
 * The public entry pages are prerendered (`prerender` in ./pages.ts; see src/delivery/prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    Component: RouteMeta,
    errorElement: <RouteError />,
    // While the first lazy route loads: an empty page (a spinner would only flash).
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100dvh' }} />,
    children: [
      page('landing', () => import('../routes/landing.route')),
      {
        ...lazyRoute('data.layout', () => import('../routes/data.layout'), 'DataLayout'),
        children: [
          {
            element: <GuestOnly />,
            children: [page('login', () => import('../routes/login.route')), page('register', () => import('../routes/register.route'))],
          },
          page('forgotPassword', () => import('../routes/forgotPassword.route')),
          page('resetPassword', () => import('../routes/resetPassword.route')),
          page('confirmEmail', () => import('../routes/emailLink.route'), 'emailLink.route'),
          page('undoEmailChange', () => import('../routes/emailLink.route'), 'emailLink.route'),
          page('removeLink', () => import('../routes/removeLink.route')),
          page('unsubscribe', () => import('../routes/unsubscribe.route')),
          {
            path: APP_AREA,
            element: <RequireSession />,
            children: [
              {
                ...lazyRoute('app.layout', () => import('../routes/app.layout'), 'AppLayoutRoute'),
                children: [
                  { index: true, element: <Navigate to={pages.dashboard.href()} replace /> },
                  page('dashboard', () => import('../routes/dashboard.route')),
                  page('paths', () => import('../routes/paths.route')),
                  page('pathDetail', () => import('../routes/pathDetail.route')),
                  page('project', () => import('../routes/project.route')),
                  page('browsePaths', () => import('../routes/browsePaths.route')),
                  page('xpBadges', () => import('../routes/xpBadges.route')),
                  page('xpHistory', () => import('../routes/xpHistory.route')),
                  page('leaderboard', () => import('../routes/leaderboard.route')),
                  page('settings', () => import('../routes/settings.route')),
                  // An unknown address in the app area: the not-found page inside the app's shell.
                  { ...page('notFound', () => import('../routes/notFound.route'), 'notFound.route', 'AppNotFoundRoute'), path: '*' },
                ],
              },
            ],
          },
        ],
      },
      page('notFound', () => import('../routes/notFound.route')),
    ],
  },
];
