/**
 * The account plugins.
 * - `settings`: the learner's settings (./settings.ts), the one writer of user_settings: Settings
 *   saves through it, the reminders pause and unsubscribe through it.
 * - `account`: the /account routes (./routes.ts): profile, email, preferences, password, deletion.
 */
import fp from 'fastify-plugin';
import { startSession } from '../auth/sessions.ts';
import { accountRoutes } from './routes.ts';
import { createSettings, type LearnerSettings } from './settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: LearnerSettings;
  }
}

export const settings = fp(
  async (app) => {
    app.decorate('settings', createSettings({ db: app.db, now: app.now }));
  },
  { name: 'settings', dependencies: ['config', 'database'] },
);

export const account = fp(
  async (app) => {
    const { config, db, authRepo: repo, hasher, jwtSecret, now, authenticate, emailLinks, passwordLinks, accountSecurity, reminders } = app;
    await app.register(accountRoutes, {
      prefix: '/account',
      db,
      authenticate,
      hasher,
      now,
      passwordAttemptsPerMinute: config.rateLimits.loginPerMinutePerEmail,
      emailLinks,
      emailsPerHour: config.rateLimits.forgotPasswordPerHour,
      passwordLinks,
      emailCancelsPerHour: config.rateLimits.emailCancelsPerHour,
      settings: app.settings,
      reminders,
      accountSecurity,
      startSession: (reply, userId, signedInWith) => startSession({ config, repo, jwtSecret, at: now() }, reply, userId, signedInWith),
    });
  },
  { name: 'account', dependencies: ['config', 'database', 'http', 'authentication', 'account-security', 'settings', 'reminders'] },
);
