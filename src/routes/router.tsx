import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RouteError } from './error.route';
import type { PagePath } from './pageMeta';
import { RouteMeta, type RouteHandle } from './RouteMeta';

/**
 * A page's lazy loader: its component, and as its `handle` its title and description
 * (src/routes/pageMeta.ts) with the code that applies them (documentHead.ts), fetched beside the
 * first page's chunk rather than in the landing page's entry; RouteMeta applies them.
 */
function lazyPage(path: PagePath, load: () => Promise<ComponentType>) {
  return async () => {
    const component = load(); // (both chunks at once)
    const { PAGE_META, applyHead } = await import('./documentHead');
    const handle: RouteHandle = { meta: PAGE_META[path], apply: applyHead };
    return { Component: await component, handle };
  };
}

/**
 * Every screen is its own lazy chunk. The landing page loads only React, the router, Chakra and
 * the session store; the data layer (react-query, axios) arrives with the first route that needs it.
 */
export const routes: RouteObject[] = [
  {
    Component: RouteMeta,
    errorElement: <RouteError />,
    // While the first lazy route loads: an empty page (a spinner would only flash).
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100dvh' }} />,
    children: [
      { path: '/', lazy: lazyPage('/', async () => (await import('./landing.route')).LandingRoute) },
      {
        lazy: async () => ({ Component: (await import('./data.layout')).DataLayout }),
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', lazy: lazyPage('/login', async () => (await import('./login.route')).LoginRoute) },
              { path: '/register', lazy: lazyPage('/register', async () => (await import('./register.route')).RegisterRoute) },
            ],
          },
          {
            path: '/forgotPassword',
            lazy: lazyPage('/forgotPassword', async () => (await import('./forgotPassword.route')).ForgotPasswordRoute),
          },
          {
            path: '/resetPassword',
            lazy: lazyPage('/resetPassword', async () => (await import('./resetPassword.route')).ResetPasswordRoute),
          },
          {
            path: '/app',
            element: <RequireSession />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./app.layout')).AppLayoutRoute }),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', lazy: lazyPage('/app/dashboard', async () => (await import('./dashboard.route')).DashboardRoute) },
                  { path: 'paths', lazy: lazyPage('/app/paths', async () => (await import('./paths.route')).PathsRoute) },
                  { path: 'paths/:pathId', lazy: lazyPage('/app/paths/:pathId', async () => (await import('./pathDetail.route')).PathDetailRoute) },
                  {
                    path: 'paths/:pathId/projects/:projectId',
                    lazy: lazyPage('/app/paths/:pathId/projects/:projectId', async () => (await import('./project.route')).ProjectRoute),
                  },
                  { path: 'browse-paths', lazy: lazyPage('/app/browse-paths', async () => (await import('./browsePaths.route')).BrowsePathsRoute) },
                  { path: 'xp-badges', lazy: lazyPage('/app/xp-badges', async () => (await import('./xpBadges.route')).XpBadgesRoute) },
                  { path: 'xp-badges/history', lazy: lazyPage('/app/xp-badges/history', async () => (await import('./xpHistory.route')).XpHistoryRoute) },
                  { path: 'leaderboard', lazy: lazyPage('/app/leaderboard', async () => (await import('./leaderboard.route')).LeaderboardRoute) },
                  { path: 'settings', lazy: lazyPage('/app/settings', async () => (await import('./settings.route')).SettingsRoute) },
                  { path: '*', lazy: lazyPage('*', async () => (await import('./notFound.route')).AppNotFoundRoute) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage('*', async () => (await import('./notFound.route')).NotFoundRoute) },
    ],
  },
];
