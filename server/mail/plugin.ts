/**
 * The `outbox` plugin: every outgoing message (email and Web Push) is queued in the outbox
 * (./outbox.ts) and sent by its sender, which starts once the app is ready (every feature has
 * given its send checks by then) where this process runs the workers; with the cleanup of old records.
 */
import fp from 'fastify-plugin';
import { CLEANUP_INTERVAL_MS, every } from '../core/background.ts';
import { createPushSender, type PushTransport } from '../reminders/push.ts';
import { POLL_INTERVAL_MS } from '../verify/worker.ts';
import { createOutbox, type Outbox } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every outgoing message: `await app.outbox.sendDue()` sends what is due now. */
    outbox: Outbox;
  }
}

/** How long the record of a sent (or given-up) message is kept. */
const OUTBOX_RECORD_DAYS = 60;

export default fp<{ pushTransport?: PushTransport | undefined }>(
  async (app, options) => {
    const { config, db, mailer, background, now } = app;
    const push = config.vapid
      ? createPushSender({ db, vapid: config.vapid, log: app.log, ...(options.pushTransport ? { transport: options.pushTransport } : {}) })
      : null;
    const outbox = createOutbox({
      db,
      mailer,
      push,
      background,
      now,
      log: app.log,
      messageDomain: /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'pathforge.local',
      sending: app.worksHere,
    });
    app.decorate('outbox', outbox);
    every(app, 'old message cleanup', CLEANUP_INTERVAL_MS, () => outbox.deleteOlderThan(new Date(now() - OUTBOX_RECORD_DAYS * 24 * 60 * 60 * 1000).toISOString()), {
      now: true,
    });
    // Anything left by a restart goes at once; then every few seconds (a worker process looks more
    // often: no API kicks it).
    app.addHook('onReady', async () => {
      outbox.start(app.role === 'worker' ? POLL_INTERVAL_MS : undefined);
      outbox.kick();
    });
    app.addHook('onClose', async () => {
      outbox.stop();
    });
  },
  { name: 'outbox', dependencies: ['config', 'database', 'mailer', 'background'] },
);
