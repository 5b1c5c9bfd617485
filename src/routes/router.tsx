import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RouteError } from './error.route';

/**
 * Every screen is its own lazy chunk. The landing page loads only React, the router, Chakra and
 * the session store; the data layer (react-query, axios) arrives with the first route that needs it.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // While the first lazy route loads: an empty page (a spinner would only flash).
    hydrateFallbackElement: <div aria-busy="true" style={{ minHeight: '100dvh' }} />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('./landing.route')).LandingRoute }) },
      {
        lazy: async () => ({ Component: (await import('./data.layout')).DataLayout }),
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', lazy: async () => ({ Component: (await import('./login.route')).LoginRoute }) },
              { path: '/register', lazy: async () => ({ Component: (await import('./register.route')).RegisterRoute }) },
            ],
          },
          {
            path: '/forgotPassword',
            lazy: async () => ({ Component: (await import('./forgotPassword.route')).ForgotPasswordRoute }),
          },
          {
            path: '/resetPassword',
            lazy: async () => ({ Component: (await import('./resetPassword.route')).ResetPasswordRoute }),
          },
          {
            path: '/app',
            element: <RequireSession />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./app.layout')).AppLayoutRoute }),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', lazy: async () => ({ Component: (await import('./dashboard.route')).DashboardRoute }) },
                  { path: 'paths', lazy: async () => ({ Component: (await import('./paths.route')).PathsRoute }) },
                  { path: 'paths/:pathId', lazy: async () => ({ Component: (await import('./pathDetail.route')).PathDetailRoute }) },
                  {
                    path: 'paths/:pathId/projects/:projectId',
                    lazy: async () => ({ Component: (await import('./project.route')).ProjectRoute }),
                  },
                  { path: 'browse-paths', lazy: async () => ({ Component: (await import('./browsePaths.route')).BrowsePathsRoute }) },
                  { path: 'xp-badges', lazy: async () => ({ Component: (await import('./xpBadges.route')).XpBadgesRoute }) },
                  { path: 'xp-badges/history', lazy: async () => ({ Component: (await import('./xpHistory.route')).XpHistoryRoute }) },
                  { path: 'leaderboard', lazy: async () => ({ Component: (await import('./leaderboard.route')).LeaderboardRoute }) },
                  { path: 'settings', lazy: async () => ({ Component: (await import('./settings.route')).SettingsRoute }) },
                  { path: '*', lazy: async () => ({ Component: (await import('./notFound.route')).AppNotFoundRoute }) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./notFound.route')).NotFoundRoute }) },
    ],
  },
];
