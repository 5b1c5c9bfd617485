/**
 * The PathForge API as a Fastify instance, built from a ServerConfig: tests drive it with
 * `app.inject`, server/main.ts makes it listen, server/worker-main.ts runs it as a worker.
 *
 * The app is a list of plugins, in order. Each declares its name and the plugins it needs
 * (fastify-plugin checks they were registered before it), decorates the app with what it
 * provides, owns its routes and its timers, and stops them when the app closes; plugins close in
 * the reverse order, so the database closes last. docs/ARCHITECTURE.md draws the list;
 * docs/CONVENTIONS.md says how to add a plugin.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { LoadedCurriculum } from './content/load.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PushTransport } from './reminders/push.ts';
import type { Redis } from './redis.ts';
import type { VerificationOptions } from './verify/plugin.ts';
import configPlugin from './core/config.ts';
import database from './core/database.ts';
import redis from './core/redis.ts';
import mailer from './core/mailer.ts';
import background from './core/background.ts';
import http, { serverOptions } from './core/http.ts';
import outbox from './mail/plugin.ts';
import { accountSecurity, auth, authentication } from './auth/plugin.ts';
import oauth from './oauth/plugin.ts';
import { learning, xp } from './learning/plugin.ts';
import verification from './verify/plugin.ts';
import { account, settings } from './account/plugin.ts';
import reminders from './reminders/plugin.ts';
import health from './health/plugin.ts';

export type { HealthReport } from './health/plugin.ts';

export type AppOptions = {
  /** The clock for token lifetimes (default Date.now). The rate limits read Date.now directly. */
  now?: () => number;
  /** Fastify's logger option; default: JSON lines at config.logLevel, secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMTP / outbox mailer (also in production without SMTP_URL). */
  mailer?: Mailer;
  /** A Redis client for the rate limits instead of connecting to config.redisUrl (tests); not closed by the app. */
  redis?: Redis;
  /** The curriculum to seed instead of the repository's content/ (tests of content changes). */
  curriculum?: LoadedCurriculum;
  /** The verification worker's parts and timing (server/verify/plugin.ts); `manual: true` runs only on `app.verification.drain()`. */
  verification?: VerificationOptions;
  /** Posts Web Push requests instead of HTTPS to the push service (tests: a loopback fake). */
  pushTransport?: PushTransport;
  /**
   * 'worker': this process is a worker (`npm run worker`, server/worker-main.ts): it runs the
   * verification worker and the outbox sender whatever WORKERS says, and looks for due messages
   * every POLL_INTERVAL_MS (no API kicks it). Default 'api'.
   */
  role?: 'api' | 'worker';
};

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options.logger));
  try {
    // Infrastructure: what every feature reads from the app.
    await app.register(configPlugin, { config, now: options.now, role: options.role }); // config, now, jwtSecret, worksHere
    await app.register(database, { curriculum: options.curriculum }); // db, curriculum (migrated, seeded)
    await app.register(redis, { redis: options.redis }); // redis (or null)
    await app.register(mailer, { mailer: options.mailer }); // mailer (or null)
    await app.register(background); // background, every(…)
    await app.register(http); // headers, CORS, cookies, rate limits, JSON, errors
    await app.register(outbox, { pushTransport: options.pushTransport }); // outbox (sender starts when ready)
    await app.register(authentication); // authenticate, hasher, authRepo
    await app.register(accountSecurity); // accountSecurity, passwordLinks, emailLinks
    // Features: each its routes, timers and shutdown.
    await app.register(auth); // /auth
    await app.register(oauth); // /auth/oauth, /account/identities
    await app.register(xp); // ledger, boards (+ their windows every minute)
    await app.register(verification, { verification: options.verification }); // verification worker, queue
    await app.register(learning); // /learning
    await app.register(settings); // settings (user_settings' one writer)
    await app.register(reminders); // reminders (+ their tick), /unsubscribe, /account/push-subscriptions
    await app.register(account); // /account
    await app.register(health); // /health, /ready
  } catch (error) {
    // Whatever was opened closes again (each plugin's onClose): a failed start leaves nothing running.
    await app.close();
    throw error;
  }
  return app;
}
