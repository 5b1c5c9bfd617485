/**
 * The `verification` plugin: verified projects. A submission queues its checks (./queue.ts); this
 * process's worker (./worker.ts) runs due ones: every API instance with workers has one, and every
 * `npm run worker` process (the queue hands each run to one of them). The worker stops first when
 * the app closes: a check in progress goes back to the queue.
 */
import fp from 'fastify-plugin';
import { createLearningRepository } from '../learning/repository.ts';
import { createVerificationParts } from './parts.ts';
import { createVerificationQueue, type VerificationQueue } from './queue.ts';
import { createVerificationWorker, UNAVAILABLE_PARTS, type VerificationParts, type VerificationWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The verification worker: `await app.verification.drain()` runs every due check now (tests). */
    verification: VerificationWorker;
    verificationQueue: VerificationQueue;
    /** Tells this process's worker a run was queued (nothing when it does not run here). */
    wakeVerification: () => void;
  }
}

/**
 * The parts verification runs use (GitHub, the guarded fetch, the HTTP and page checkers; none
 * given: the real ones, built from the configuration), its worker's timing, and `manual: true`
 * for a worker that runs only when a test calls `app.verification.drain()`.
 */
export type VerificationOptions = Partial<VerificationParts> & {
  intervalMs?: number;
  runDeadlineMs?: number;
  leaseMs?: number;
  checkTimeoutMs?: number;
  manual?: boolean;
};

export default fp<{ verification?: VerificationOptions | undefined }>(
  async (app, options) => {
    const { config, db, ledger, now } = app;
    const learningRepo = createLearningRepository(db);
    const queue = createVerificationQueue(db);
    let catalogOnce: ReturnType<typeof learningRepo.catalog> | null = null;
    const { manual = false, intervalMs, runDeadlineMs, leaseMs, checkTimeoutMs, ...given } = options.verification ?? {};
    // The real parts, unless a test gives its own (server/test/helpers.ts gives parts that reach nothing).
    const realParts = Object.keys(given).length === 0 ? createVerificationParts(config, db) : null;
    const worker = createVerificationWorker({
      db,
      queue,
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
    app.decorate('verificationQueue', queue);
    app.decorate('wakeVerification', manual || !app.worksHere ? () => {} : worker.wake);
    // Shutting down (SIGTERM): the worker hands its check back to the queue before anything else closes.
    app.addHook('preClose', async () => {
      await worker.stop();
    });
    app.addHook('onClose', async () => {
      // Stopped in preClose already once the app was ready: a check in progress is back in the queue.
      await worker.stop();
      await realParts?.close();
    });
    if (!manual && app.worksHere && config.verification === 'on') worker.start();
  },
  { name: 'verification', dependencies: ['config', 'database', 'xp'] },
);
