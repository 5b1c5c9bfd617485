/**
 * The `mailer` plugin: where email goes. SMTP_URL; without it the outbox folder in development,
 * and in production no mail at all (the folder is for development only): every flow that needs a
 * mailed link then says so. AppOptions.mailer replaces both.
 */
import fp from 'fastify-plugin';
import { join } from 'node:path';
import { MAIL_OFF_WARNING } from '../config.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** null: this server sends no email (production without SMTP_URL). */
    mailer: Mailer | null;
  }
}

const OUTBOX_DIR = 'outbox';

export default fp<{ mailer?: Mailer | undefined }>(
  async (app, options) => {
    const { config } = app;
    const mailer =
      options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : config.production
          ? null
          : createOutboxMailer(join(config.dataDir, OUTBOX_DIR), config.mailFrom, app.log));
    app.decorate('mailer', mailer);
    // Closed after the background work that may still be sending (registered after this plugin, closed before it).
    app.addHook('onClose', async () => {
      mailer?.close();
    });
    app.addHook('onReady', async () => {
      if (!mailer) app.log.warn(MAIL_OFF_WARNING);
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
