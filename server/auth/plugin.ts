/**
 * The sign-in plugins.
 * - `authentication`: who a request is (`app.authenticate`), the password hasher and the auth
 *   repository (users, sessions, reset links), with the hourly cleanup of expired sessions and links.
 * - `account-security`: what is mailed about an account: security notices and identity-removal
 *   links (./accountSecurity.ts), password links (./passwordLinks.ts), email confirmation links
 *   (../account/emailLinks.ts); with the cleanup of expired links.
 * - `auth`: the /auth routes (./routes.ts).
 */
import fp from 'fastify-plugin';
import { createEmailLinks, type EmailLinks } from '../account/emailLinks.ts';
import { CLEANUP_INTERVAL_MS, every } from '../core/background.ts';
import { createAccountSecurity, type AccountSecurity } from './accountSecurity.ts';
import { createAuthenticate, type Authenticate } from './authenticate.ts';
import { createPasswordLinks, type PasswordLinks } from './passwordLinks.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createAuthRepository, type AuthRepository } from './repository.ts';
import { authRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in learner of a request (a 401 otherwise): server/auth/authenticate.ts. */
    authenticate: Authenticate;
    hasher: PasswordHasher;
    authRepo: AuthRepository;
    accountSecurity: AccountSecurity;
    passwordLinks: PasswordLinks;
    emailLinks: EmailLinks;
  }
}

const isoNow = (now: () => number) => new Date(now()).toISOString();

export const authentication = fp(
  async (app) => {
    const authRepo = createAuthRepository(app.db);
    app.decorate('authRepo', authRepo);
    app.decorate('hasher', await createPasswordHasher(app.config.argon2));
    app.decorate('authenticate', createAuthenticate(authRepo, app.jwtSecret, app.now));
    every(app, 'expired session cleanup', CLEANUP_INTERVAL_MS, () => authRepo.deleteExpired(isoNow(app.now)), { now: true });
  },
  { name: 'authentication', dependencies: ['config', 'database', 'background'] },
);

export const accountSecurity = fp(
  async (app) => {
    const { db, outbox, background, config, now } = app;
    const webOrigin = config.webOrigins[0] as string;
    const security = createAccountSecurity({ db, outbox, webOrigin, now });
    const emailLinks = createEmailLinks({
      db,
      outbox,
      background,
      webOrigin,
      now,
      log: app.log,
      // A confirmed change ends every session and tells the new address which sign-ins are linked.
      afterEmailChange: async (tx, user, at) => {
        await security.endEverySession(tx, user.id, at);
        await security.changed(tx, user, 'email-changed', at);
      },
    });
    app.decorate('accountSecurity', security);
    app.decorate('emailLinks', emailLinks);
    app.decorate('passwordLinks', createPasswordLinks({ config, db, outbox, now }));
    every(
      app,
      'expired link cleanup',
      CLEANUP_INTERVAL_MS,
      async () => {
        const at = isoNow(now);
        await emailLinks.deleteExpired(at);
        await security.deleteExpired(at);
      },
      { now: true },
    );
  },
  { name: 'account-security', dependencies: ['config', 'database', 'background', 'outbox'] },
);

export const auth = fp(
  async (app) => {
    const { config, authRepo: repo, hasher, background, jwtSecret, now, authenticate, emailLinks, passwordLinks } = app;
    await app.register(authRoutes, {
      prefix: '/auth',
      config,
      repo,
      hasher,
      background,
      jwtSecret,
      now,
      authenticate,
      emailLinks,
      passwordLinks,
      accountSecurity: app.accountSecurity,
    });
  },
  { name: 'auth', dependencies: ['config', 'background', 'http', 'authentication', 'account-security'] },
);
