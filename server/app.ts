/**
 * The PathForge API as a Fastify instance, built from a ServerConfig: tests drive it with
 * `app.inject`, server/main.ts makes it listen. Opening the app opens the database and applies
 * its migrations; closing the app finishes background work and closes the database.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'kysely';
import { join } from 'node:path';
import { MAIL_OFF_WARNING, type ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { describeTarget } from './db/dialect.ts';
import { createAuthRepository } from './auth/repository.ts';
import { createAuthenticate } from './auth/authenticate.ts';
import { loadCurriculumOnce, type LoadedCurriculum } from './content/load.ts';
import { seedCurriculum, type SeedResult } from './content/seed.ts';
import { createPasswordHasher } from './auth/passwords.ts';
import { authRoutes } from './auth/routes.ts';
import { createBoards, WINDOW_STEP_MS } from './learning/boards.ts';
import { createLedger } from './learning/ledger.ts';
import { createPathStats } from './learning/pathStats.ts';
import { createLearningRepository } from './learning/repository.ts';
import { learningRoutes } from './learning/routes.ts';
import { accountRoutes } from './account/routes.ts';
import { createPasswordLinks } from './auth/passwordLinks.ts';
import { createAccountSecurity } from './auth/accountSecurity.ts';
import { startSession } from './auth/sessions.ts';
import { createEmailLinks } from './account/emailLinks.ts';
import { createProviders } from './oauth/providers.ts';
import { createOAuthRepository } from './oauth/repository.ts';
import { identityRoutes, oauthRoutes } from './oauth/routes.ts';
import { createBackground, type Background } from './background.ts';
import { createVerificationParts } from './verify/parts.ts';
import { createVerificationQueue } from './verify/queue.ts';
import { createVerificationWorker, POLL_INTERVAL_MS, UNAVAILABLE_PARTS, type VerificationParts, type VerificationWorker } from './verify/worker.ts';
import { frameworkErrors, HttpError, httpMessages, registerErrorHandling } from './http/errors.ts';
import { withRequestSerializer } from './http/logging.ts';
import { connectionDrainer } from './http/shutdown.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { createOutbox, type Outbox, type SendCheck } from './mail/outbox.ts';
import { createPushSender, type PushTransport } from './reminders/push.ts';
import { createReminders, type Reminders } from './reminders/reminders.ts';
import { pushSubscriptionRoutes, unsubscribeRoutes } from './reminders/routes.ts';
import { describeRedis, openRedis, type Redis } from './redis.ts';
import { resolveJwtSecret } from './secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work still running after its response (emails): `await app.background.drain()`. */
    background: Background;
    db: Db;
    /** The verification worker: `await app.verification.drain()` runs every due check now (tests). */
    verification: VerificationWorker;
    /** Every outgoing message: `await app.outbox.sendDue()` sends what is due now. */
    outbox: Outbox;
    /** Streak reminders and digests: `await app.reminders.tick()` runs the scheduler once. */
    reminders: Reminders;
  }
}

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
  /**
   * The parts verification runs use (GitHub, the guarded fetch, the HTTP and page checkers; none
   * given: the real ones, built from the configuration), its worker's timing, and
   * `manual: true` for a worker that runs only when a test calls `app.verification.drain()`.
   */
  verification?: Partial<VerificationParts> & {
    intervalMs?: number;
    runDeadlineMs?: number;
    leaseMs?: number;
    checkTimeoutMs?: number;
    manual?: boolean;
  };
  /** Posts Web Push requests instead of HTTPS to the push service (tests: a loopback fake). */
  pushTransport?: PushTransport;
  /**
   * 'worker': this process is a worker (`npm run worker`, server/worker-main.ts): it runs the
   * verification worker and the outbox sender whatever WORKERS says, and looks for due messages
   * every POLL_INTERVAL_MS (no API kicks it). Default 'api'.
   */
  role?: 'api' | 'worker';
};

type Reachability = 'reachable' | 'unreachable';
/** What /health and /ready report. */
export type HealthReport = { database: Reachability; redis: Reachability | 'not configured' };

/** A dependency that does not answer within this is reported unreachable. */
const HEALTH_CHECK_TIMEOUT_MS = 2000;

async function reachable(check: () => Promise<unknown>): Promise<Reachability> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'reachable';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OUTBOX_DIR = 'outbox';
/** How often expired refresh tokens and reset links are deleted. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** How often the reminder scheduler looks for learners due a streak reminder or a digest. */
const REMINDER_TICK_MS = 60_000;
/** How long the record of a sent (or given-up) message is kept. */
const OUTBOX_RECORD_DAYS = 60;

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? (() => Date.now());
  const app = Fastify({
    // No token in a logged URL (./http/logging.ts), whichever logger options are given.
    logger: withRequestSerializer(
      options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
    ),
    bodyLimit: config.bodyLimitBytes,
    // Slow clients: a request whose headers, or whole body, have not arrived in time is answered
    // 408 and its connection closed. Node checks its connections every connectionsCheckingInterval
    // (30 s by default, which would let a 10 s time-out run to 40 s), so check at a quarter of the
    // shorter time-out, at most every second.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(config.headersTimeoutMs / 4))),
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Strict validation: no coercion, nothing removed or filled in.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
    frameworkErrors,
  });

  // At most this many open connections: one more is closed as soon as it is accepted.
  app.server.maxConnections = config.maxConnections;

  const { secret: jwtSecret, source: secretSource } = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const curriculum = options.curriculum ?? loadCurriculumOnce();
  const db = await openDatabase(config.database);
  let seeded: SeedResult;
  try {
    seeded = await seedCurriculum(db, curriculum, new Date(now()).toISOString());
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let redis: Redis | null = options.redis ?? null;
  if (redis === null && config.redisUrl !== null) {
    try {
      redis = await openRedis(config.redisUrl, app.log);
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  const ownsRedis = options.redis === undefined && redis !== null;
  const background = createBackground(app.log);
  // Without SMTP_URL: the outbox folder in development; in production no mail at all (the
  // folder is for development only), and every flow that needs a mailed link says so.
  const mailer: Mailer | null =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : config.production
        ? null
        : createOutboxMailer(join(config.dataDir, OUTBOX_DIR), config.mailFrom, app.log));
  const repo = createAuthRepository(db);
  // The background workers (verification, the outbox sender) run here unless this is an API
  // started with WORKERS=off: then `npm run worker` processes run them.
  const worksHere = options.role === 'worker' || config.workers === 'on';
  const sendChecks: Record<string, SendCheck> = {};
  const outbox = createOutbox({
    db,
    mailer,
    push: config.vapid ? createPushSender({ db, vapid: config.vapid, log: app.log, ...(options.pushTransport ? { transport: options.pushTransport } : {}) }) : null,
    background,
    now,
    log: app.log,
    messageDomain: /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'pathforge.local',
    checks: sendChecks,
    sending: worksHere,
  });
  const accountSecurity = createAccountSecurity({ db, outbox, webOrigin: config.webOrigins[0] as string, now });
  const emailLinks = createEmailLinks({
    db,
    outbox,
    background,
    webOrigin: config.webOrigins[0] as string,
    now,
    log: app.log,
    // A confirmed change ends every session and tells the new address which sign-ins are linked.
    afterEmailChange: async (tx, user, at) => {
      await accountSecurity.endEverySession(tx, user.id, at);
      await accountSecurity.changed(tx, user, 'email-changed', at);
    },
  });

  const oauthRepo = createOAuthRepository(db);
  const cleanup = () =>
    background.run('expired token cleanup', async () => {
      const at = new Date(now()).toISOString();
      await repo.deleteExpired(at);
      await emailLinks.deleteExpired(at);
      await oauthRepo.deleteExpired(at);
      await accountSecurity.deleteExpired(at);
      await outbox.deleteOlderThan(new Date(now() - OUTBOX_RECORD_DAYS * 24 * 60 * 60 * 1000).toISOString());
    });
  const cleanupTimer = setInterval(cleanup, CLEANUP_INTERVAL_MS);
  cleanupTimer.unref();
  let windowsTimer: ReturnType<typeof setInterval> | undefined;
  let worker: VerificationWorker | undefined;
  let closeParts: (() => Promise<void>) | undefined;
  let remindersTimer: ReturnType<typeof setInterval> | undefined;

  app.decorate('background', background);
  app.decorate('db', db);
  app.decorate('outbox', outbox);
  // Shutting down (SIGTERM): the worker hands its check back to the queue first, then no idle
  // connection is waited on (./http/shutdown.ts): the server's close ends with the last request in
  // flight, well inside main.ts's 10 s.
  const connections = connectionDrainer(app.server);
  app.addHook('preClose', async () => {
    await worker?.stop();
    connections.drain();
  });
  app.addHook('onClose', async () => {
    clearInterval(cleanupTimer);
    clearInterval(windowsTimer);
    // Stopped in preClose already once the app was ready: a check in progress is back in the queue.
    await worker?.stop();
    await closeParts?.();
    clearInterval(remindersTimer);
    outbox.stop();
    await background.drain();
    mailer?.close();
    if (ownsRedis) redis?.disconnect();
    await db.destroy();
  });

  try {
    const hasher = await createPasswordHasher(config.argon2);
    const authenticate = createAuthenticate(repo, jwtSecret, now);
    cleanup();

    registerErrorHandling(app, config.bodyLimitBytes);

    await app.register(helmet, {
      // An API serves no documents: nothing may be loaded, framed or submitted from its responses.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    const allowedOrigins = new Set(config.webOrigins);
    await app.register(cors, {
      // Only the web app, with credentials; any other origin gets no grant at all.
      origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
      credentials: true,
      strictPreflight: false,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      // So the web app can read how long a 429 asks it to wait.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
    await app.register(cookie);
    await app.register(rateLimit, {
      global: false,
      // Shared by every instance through Redis, or kept in this process (one instance only).
      ...(redis ? { redis, nameSpace: 'pathforge:rate-limit:' } : { cache: 50_000 }),
    });

    // JSON only. An empty body counts as `{}` (for calls without fields: refresh, logout).
    app.removeContentTypeParser(['application/json', 'text/plain']);
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') {
        done(null, {});
        return;
      }
      parseJson(request, body as string, done);
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!STATE_CHANGING.has(request.method) || request.is404) return;
      // PUT and DELETE are never "simple" requests (a foreign page cannot send them without a
      // preflight CORS refuses), so they may come without a body; POST always carries JSON.
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if (request.method !== 'POST' && !hasBody) return;
      const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      // One-click unsubscribe takes the form mailbox providers post (RFC 8058) as well.
      const formAccepted = request.routeOptions.config?.acceptsForm === true;
      if (formAccepted && mediaType === 'application/x-www-form-urlencoded') return;
      if (mediaType !== 'application/json') throw new HttpError(415, httpMessages.mediaType);
    });

    const healthReport = async (): Promise<HealthReport> => {
      const [database, redisState] = await Promise.all([
        reachable(() => sql`select 1`.execute(db)),
        redis ? reachable(() => (redis as Redis).ping()) : Promise.resolve('not configured' as const),
      ]);
      return { database, redis: redisState };
    };
    const unreachable = (report: HealthReport) =>
      [report.database === 'unreachable' && 'the database', report.redis === 'unreachable' && 'Redis'].filter((name): name is string => typeof name === 'string');
    // Liveness and a report: 200 while this process serves, whatever its dependencies say.
    app.get('/health', async () => {
      const report = await healthReport();
      return { status: unreachable(report).length === 0 ? 'ok' : 'degraded', ...report };
    });
    // Readiness: 200 when this instance can serve requests, else a 503 that says why (never a stack trace).
    app.get('/ready', async (_request, reply) => {
      const report = await healthReport();
      const down = unreachable(report);
      if (down.length === 0) return { status: 'ready', ...report };
      app.log.warn(`not ready: ${down.join(' and ')} unreachable`);
      return reply.code(503).send({ status: 'unavailable', message: `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} unreachable.`, ...report });
    });

    const passwordLinks = createPasswordLinks({ config, db, outbox, now });
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
      accountSecurity,
    });

    const oauthDeps = { config, providers: createProviders(config.oauth), repo: oauthRepo, authRepo: repo, hasher, jwtSecret, now, authenticate, accountSecurity };
    await app.register(oauthRoutes, { prefix: '/auth/oauth', ...oauthDeps });
    await app.register(identityRoutes, { prefix: '/account/identities', ...oauthDeps });

    // The leaderboards, one instance: the ledger rewrites its rows, /learning/leaderboard reads them
    // from its copies. Built from the ledger on the first start, their rolling windows moved every
    // minute (on PostgreSQL by one instance at a time).
    const boards = createBoards(db);
    const ledger = createLedger(db, curriculum.badges, new Map(curriculum.projects.map((p) => [p.id, p.skills])), boards);
    await boards.moveWindows(now());
    windowsTimer = setInterval(() => background.run('leaderboard windows', () => boards.moveWindows(now()).then(() => {})), WINDOW_STEP_MS);
    windowsTimer.unref();
    // Verified projects: a submission queues its checks; this instance's worker runs due ones
    // (every instance with workers has one, and every worker process: the queue hands each run to one of them).
    const learningRepo = createLearningRepository(db);
    const verificationQueue = createVerificationQueue(db);
    let catalogOnce: ReturnType<typeof learningRepo.catalog> | null = null;
    const { manual = false, intervalMs, runDeadlineMs, leaseMs, checkTimeoutMs, ...given } = options.verification ?? {};
    // The real parts, unless a test gives its own (server/test/helpers.ts gives parts that reach nothing).
    const realParts = Object.keys(given).length === 0 ? createVerificationParts(config, db) : null;
    closeParts = realParts ? () => realParts.close() : undefined;
    worker = createVerificationWorker({
      db,
      queue: verificationQueue,
      ledger,
      catalog: () => (catalogOnce ??= learningRepo.catalog()),
      parts: { ...(realParts ?? UNAVAILABLE_PARTS), ...given },
      githubSignIn: config.oauth.github !== null,
      now,
      log: app.log,
      ...(intervalMs === undefined ? {} : { intervalMs }),
      ...(runDeadlineMs === undefined ? {} : { runDeadlineMs }),
      ...(leaseMs === undefined ? {} : { leaseMs }),
      ...(checkTimeoutMs === undefined ? {} : { checkTimeoutMs }),
    });
    app.decorate('verification', worker);
    if (!manual && worksHere && config.verification === 'on') worker.start();
    // Everyone's figures per path (students, rating), cached for every /learning answer of this app.
    const pathStats = createPathStats(() => learningRepo.pathStats(), now);
    await app.register(learningRoutes, {
      prefix: '/learning',
      repo: learningRepo,
      ledger,
      boards,
      pathStats,
      badges: curriculum.badges,
      authenticate,
      now,
      verification: {
        queue: verificationQueue,
        wake: manual || !worksHere ? () => {} : worker.wake,
        on: config.verification === 'on',
        production: config.production,
      },
    });
    const reminders = createReminders({
      db,
      outbox,
      now,
      log: app.log,
      secret: jwtSecret,
      webOrigin: config.webOrigins[0] as string,
      apiOrigin: config.oauth.apiOrigin,
      // False in production without SMTP_URL: no reminder or digest is queued by email.
      emailReady: outbox.emailReady,
      pushPublicKey: config.vapid?.publicKey ?? null,
    });
    Object.assign(sendChecks, reminders.checks);
    app.decorate('reminders', reminders);
    // Streak reminders and digests: every minute (on PostgreSQL by one instance at a time); the
    // outbox sends what they queue, and anything left by a restart, every few seconds.
    remindersTimer = setInterval(() => background.run('reminders', () => reminders.tick()), REMINDER_TICK_MS);
    remindersTimer.unref();
    outbox.start(options.role === 'worker' ? POLL_INTERVAL_MS : undefined);
    outbox.kick();
    await app.register(unsubscribeRoutes, { prefix: '/unsubscribe', reminders });
    await app.register(pushSubscriptionRoutes, {
      prefix: '/account/push-subscriptions',
      db,
      authenticate,
      now,
      perHour: config.rateLimits.pushSubscriptionsPerHour,
    });
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
      reminders,
      accountSecurity,
      startSession: (reply, userId, signedInWith) => startSession({ config, repo, jwtSecret, at: now() }, reply, userId, signedInWith),
    });

    app.addHook('onReady', async () => {
      app.log.info(
        seeded.applied
          ? `curriculum ${seeded.version.slice(0, 12)} seeded: ${seeded.paths} paths, ${seeded.projects} projects, ${seeded.tasks} tasks; ${seeded.retired} retired, ${seeded.redirects} redirects`
          : `curriculum ${seeded.version.slice(0, 12)} already seeded`,
      );
      const signIns = (['google', 'github'] as const).map((name) => `${name} ${config.oauth[name] ? 'on' : 'off'}`).join(', ');
      app.log.info(
        `sign-in with ${signIns}${config.oauth.google && config.oauth.github ? '' : ' (to turn one on, set GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET or GITHUB_CLIENT_ID/GITHUB_CLIENT_SECRET: see docs/OPERATIONS.md)'}`,
      );
      if (!mailer) app.log.warn(MAIL_OFF_WARNING);
      if (!worksHere) app.log.info('workers off (WORKERS=off): project checks and mail wait for `npm run worker` processes on the same database');
      if (options.role === 'worker') app.log.info('worker: running project checks and sending mail, serving no requests');
      app.log.info(
        `database: ${describeTarget(config.database)}; rate limits ${redis ? `in ${config.redisUrl ? describeRedis(config.redisUrl) : 'Redis'}` : 'in this process only (one instance)'}; mail ${mailer ? `to ${mailer.description}` : 'off (no SMTP_URL)'}; push ${config.vapid ? 'on' : 'off (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn it on)'}; JWT secret from ${secretSource}; CORS for ${config.webOrigins.join(', ')}`,
      );
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
