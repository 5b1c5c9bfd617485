/**
 * The `reminders` plugin: streak reminders and weekly digests (./reminders.ts), looked for every
 * minute (on PostgreSQL by one instance at a time) and queued in the outbox with their last check
 * before sending; one-click unsubscribe (/unsubscribe) and the learner's push subscriptions
 * (/account/push-subscriptions).
 */
import fp from 'fastify-plugin';
import { every } from '../core/background.ts';
import { createReminders, type Reminders } from './reminders.ts';
import { pushSubscriptionRoutes, unsubscribeRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Streak reminders and digests: `await app.reminders.tick()` runs the scheduler once. */
    reminders: Reminders;
  }
}

/** How often the reminder scheduler looks for learners due a streak reminder or a digest. */
const REMINDER_TICK_MS = 60_000;

export default fp(
  async (app) => {
    const { config, db, outbox, settings, now, authenticate } = app;
    const reminders = createReminders({
      db,
      outbox,
      settings,
      now,
      log: app.log,
      secret: app.jwtSecret,
      webOrigin: config.webOrigins[0] as string,
      apiOrigin: config.oauth.apiOrigin,
      // False in production without SMTP_URL: no reminder or digest is queued by email.
      emailReady: outbox.emailReady,
      pushPublicKey: config.vapid?.publicKey ?? null,
    });
    for (const [kind, check] of Object.entries(reminders.checks)) outbox.addCheck(kind, check);
    app.decorate('reminders', reminders);
    every(app, 'reminders', REMINDER_TICK_MS, () => reminders.tick());
    await app.register(unsubscribeRoutes, { prefix: '/unsubscribe', reminders });
    await app.register(pushSubscriptionRoutes, {
      prefix: '/account/push-subscriptions',
      db,
      authenticate,
      now,
      perHour: config.rateLimits.pushSubscriptionsPerHour,
    });
  },
  { name: 'reminders', dependencies: ['config', 'database', 'background', 'http', 'authentication', 'outbox', 'settings'] },
);
