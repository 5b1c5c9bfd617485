/**
 * Outgoing mail. With SMTP_URL set, messages go out through nodemailer. Without it (development
 * only: production refuses to start without SMTP_URL), each message is written to
 * `<data dir>/outbox/` so a developer (or an end-to-end test) can open the link: one `.eml` file
 * per message, newest file name sorts last. The log says where the file is, never its links.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = {
  /** Where the messages go, for the start-up log. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  let host = 'SMTP';
  try {
    host = `SMTP (${new URL(smtpUrl).host})`;
  } catch {
    /* nodemailer reports a bad URL when sending */
  }
  return {
    description: host,
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  return {
    description: `the log and ${outboxDir}`,
    async send({ to, subject, text }) {
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      const eml = [
        `From: ${from}`,
        `To: ${to}`,
        `Subject: ${subject}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '',
      ].join('\r\n');
      await writeFile(file, eml, { mode: 0o600 });
      // Where to find it, never what it says: a mail's links (a password reset) are keys to an
      // account, and logs are read and kept by more people and systems than an outbox folder.
      log.info({ to, file }, `Mail to ${to} (no SMTP_URL set, saved in the outbox): ${subject}`);
    },
    close: () => {},
  };
}
