import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RouteError } from './error.route';

/** Every route module, loaded when its route is first visited: one chunk each. */
const modules = import.meta.glob<Record<string, ComponentType | undefined>>(['/src/routes/*.route.tsx', '/src/routes/*.layout.tsx', '!**/error.route.tsx']);

/** What the build reads on a route (src/prerender.tsx). */
export type RouteHandle = {
  /** The route's module, as the bundler names it ('/src/routes/login.route.tsx'). */
  module: string;
  /** Its page is rendered to HTML at build time and hydrated in the browser (a public entry page). */
  prerender?: boolean;
};

/** A route whose component is the export `name` of `src/routes/<file>.tsx`, loaded lazily. */
function page(file: string, name: string, options: { prerender?: true } = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const module = `/src/routes/${file}.tsx`;
  const handle: RouteHandle = { module, ...options };
  return {
    handle,
    lazy: async () => {
      const Component = (await modules[module]?.())?.[name];
      if (!Component) throw new Error(`${module}: no ${name}`);
      return { Component };
    },
  };
}

const prerender = { prerender: true } as const;

/**
 * Every screen is its own lazy chunk. The landing page loads only React, the router, Chakra and
 * the session store; the data layer (react-query, axios) arrives with the first route that needs it.
 * The public entry pages are prerendered (`prerender`; see src/prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // While the first lazy route loads: an empty page (a spinner would only flash).
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100dvh' }} />,
    children: [
      { path: '/', ...page('landing.route', 'LandingRoute', prerender) },
      {
        ...page('data.layout', 'DataLayout'),
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', ...page('login.route', 'LoginRoute', prerender) },
              { path: '/register', ...page('register.route', 'RegisterRoute', prerender) },
            ],
          },
          {
            path: '/forgotPassword',
            ...page('forgotPassword.route', 'ForgotPasswordRoute', prerender),
          },
          {
            path: '/resetPassword',
            ...page('resetPassword.route', 'ResetPasswordRoute'),
          },
          {
            path: '/app',
            element: <RequireSession />,
            children: [
              {
                ...page('app.layout', 'AppLayoutRoute'),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', ...page('dashboard.route', 'DashboardRoute') },
                  { path: 'paths', ...page('paths.route', 'PathsRoute') },
                  { path: 'paths/:pathId', ...page('pathDetail.route', 'PathDetailRoute') },
                  {
                    path: 'paths/:pathId/projects/:projectId',
                    ...page('project.route', 'ProjectRoute'),
                  },
                  { path: 'browse-paths', ...page('browsePaths.route', 'BrowsePathsRoute') },
                  { path: 'xp-badges', ...page('xpBadges.route', 'XpBadgesRoute') },
                  { path: 'xp-badges/history', ...page('xpHistory.route', 'XpHistoryRoute') },
                  { path: 'leaderboard', ...page('leaderboard.route', 'LeaderboardRoute') },
                  { path: 'settings', ...page('settings.route', 'SettingsRoute') },
                  { path: '*', ...page('notFound.route', 'AppNotFoundRoute') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', ...page('notFound.route', 'NotFoundRoute') },
    ],
  },
];
