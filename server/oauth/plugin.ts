/**
 * The `oauth` plugin: signing in with Google or GitHub (/auth/oauth) and the learner's linked
 * sign-ins (/account/identities), with the cleanup of expired sign-in transactions and links.
 */
import fp from 'fastify-plugin';
import { CLEANUP_INTERVAL_MS, every } from '../core/background.ts';
import { createProviders } from './providers.ts';
import { createOAuthRepository } from './repository.ts';
import { identityRoutes, oauthRoutes } from './routes.ts';

export default fp(
  async (app) => {
    const { config, authRepo, hasher, jwtSecret, now, authenticate, accountSecurity } = app;
    const repo = createOAuthRepository(app.db);
    every(app, 'expired sign-in cleanup', CLEANUP_INTERVAL_MS, () => repo.deleteExpired(new Date(now()).toISOString()), { now: true });
    const deps = { config, providers: createProviders(config.oauth), repo, authRepo, hasher, jwtSecret, now, authenticate, accountSecurity };
    await app.register(oauthRoutes, { prefix: '/auth/oauth', ...deps });
    await app.register(identityRoutes, { prefix: '/account/identities', ...deps });
    app.addHook('onReady', async () => {
      const signIns = (['google', 'github'] as const).map((name) => `${name} ${config.oauth[name] ? 'on' : 'off'}`).join(', ');
      app.log.info(
        `sign-in with ${signIns}${config.oauth.google && config.oauth.github ? '' : ' (to turn one on, set GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET or GITHUB_CLIENT_ID/GITHUB_CLIENT_SECRET: see docs/OPERATIONS.md)'}`,
      );
    });
  },
  { name: 'oauth', dependencies: ['config', 'database', 'background', 'http', 'authentication', 'account-security'] },
);
