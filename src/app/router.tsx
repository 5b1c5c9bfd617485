import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RouteError } from '../routes/error.route';
import type { PagePath } from './pageMeta';
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
  /** Its page is rendered to HTML at build time and hydrated in the browser (a public entry page). */
  prerender?: boolean;
};

/**
 * A route whose component is the export `name` of `src/routes/<file>.tsx` (`load` imports it: one
 * chunk each, loaded when the route is first visited); a page (`meta`: its entry of PAGE_META)
 * gets its title and description with it. (A literal import per route, not import.meta.glob: the
 * end-to-end specs read this table in Node, where only Vite knows glob imports.)
 */
function page(
  file: string,
  load: () => Promise<Record<string, unknown>>,
  name: string,
  meta: PagePath | null,
  options: { prerender?: true } = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  const module = `/src/routes/${file}.tsx`;
  const handle: RouteHandle = { module, ...options };
  return {
    handle,
    lazy: async () => {
      const [loaded, head] = await Promise.all([load(), meta === null ? null : import('./documentHead')]);
      const Component = loaded[name] as ComponentType | undefined;
      if (!Component) throw new Error(`${module}: no ${name}`);
      if (head && meta !== null) Object.assign(handle, { meta: head.PAGE_META[meta], apply: head.applyHead });
      return { Component };
    },
  };
}

const prerender = { prerender: true } as const;

/**
 * Every screen is its own lazy chunk. The landing page loads only React, the router, Chakra and
 * the session store; the data layer (react-query, axios) arrives with the first route that needs it.
 * The public entry pages are prerendered (`prerender`; see src/delivery/prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    Component: RouteMeta,
    errorElement: <RouteError />,
    // While the first lazy route loads: an empty page (a spinner would only flash).
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100dvh' }} />,
    children: [
      { path: '/', ...page('landing.route', () => import('../routes/landing.route'), 'LandingRoute', '/', prerender) },
      {
        ...page('data.layout', () => import('../routes/data.layout'), 'DataLayout', null),
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', ...page('login.route', () => import('../routes/login.route'), 'LoginRoute', '/login', prerender) },
              { path: '/register', ...page('register.route', () => import('../routes/register.route'), 'RegisterRoute', '/register', prerender) },
            ],
          },
          {
            path: '/forgotPassword',
            ...page('forgotPassword.route', () => import('../routes/forgotPassword.route'), 'ForgotPasswordRoute', '/forgotPassword', prerender),
          },
          {
            path: '/resetPassword',
            ...page('resetPassword.route', () => import('../routes/resetPassword.route'), 'ResetPasswordRoute', '/resetPassword'),
          },
          {
            path: '/confirm-email',
            ...page('emailLink.route', () => import('../routes/emailLink.route'), 'ConfirmEmailRoute', '/confirm-email'),
          },
          {
            path: '/undo-email-change',
            ...page('emailLink.route', () => import('../routes/emailLink.route'), 'UndoEmailChangeRoute', '/undo-email-change'),
          },
          {
            path: '/remove-link',
            ...page('removeLink.route', () => import('../routes/removeLink.route'), 'RemoveLinkRoute', '/remove-link'),
          },
          {
            path: '/unsubscribe/:token',
            ...page('unsubscribe.route', () => import('../routes/unsubscribe.route'), 'UnsubscribeRoute', '/unsubscribe/:token'),
          },
          {
            path: '/app',
            element: <RequireSession />,
            children: [
              {
                ...page('app.layout', () => import('../routes/app.layout'), 'AppLayoutRoute', null),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', ...page('dashboard.route', () => import('../routes/dashboard.route'), 'DashboardRoute', '/app/dashboard') },
                  { path: 'paths', ...page('paths.route', () => import('../routes/paths.route'), 'PathsRoute', '/app/paths') },
                  { path: 'paths/:pathId', ...page('pathDetail.route', () => import('../routes/pathDetail.route'), 'PathDetailRoute', '/app/paths/:pathId') },
                  {
                    path: 'paths/:pathId/projects/:projectId',
                    ...page('project.route', () => import('../routes/project.route'), 'ProjectRoute', '/app/paths/:pathId/projects/:projectId'),
                  },
                  { path: 'browse-paths', ...page('browsePaths.route', () => import('../routes/browsePaths.route'), 'BrowsePathsRoute', '/app/browse-paths') },
                  { path: 'xp-badges', ...page('xpBadges.route', () => import('../routes/xpBadges.route'), 'XpBadgesRoute', '/app/xp-badges') },
                  { path: 'xp-badges/history', ...page('xpHistory.route', () => import('../routes/xpHistory.route'), 'XpHistoryRoute', '/app/xp-badges/history') },
                  { path: 'leaderboard', ...page('leaderboard.route', () => import('../routes/leaderboard.route'), 'LeaderboardRoute', '/app/leaderboard') },
                  { path: 'settings', ...page('settings.route', () => import('../routes/settings.route'), 'SettingsRoute', '/app/settings') },
                  { path: '*', ...page('notFound.route', () => import('../routes/notFound.route'), 'AppNotFoundRoute', '*') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page('notFound.route', () => import('../routes/notFound.route'), 'NotFoundRoute', '*') },
    ],
  },
];
