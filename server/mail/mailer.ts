/**
 * Outgoing mail. With SMTP_URL set, messages go out through nodemailer. Without it in development,
 * each message is written to `<data dir>/outbox/` so a developer (or an end-to-end test) can open
 * the link: one `.eml` file per message, newest file name sorts last. The log says where the file
 * is, never its links. Production without SMTP_URL has no mailer at all: it sends no mail and
 * writes none to that folder (server/app.ts, ./outbox.ts).
 *
 * Messages reach a mailer through the notification outbox (./outbox.ts), which retries a failure
 * the mail server calls temporary and records one it calls permanent (`isPermanentMailError`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, beside `text` (multipart/alternative). */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** `<id@domain>`: the same on every attempt, so a receiver can tell a repeat. */
  messageId?: string;
};

export type Mailer = {
  /** Where the messages go, for the start-up log. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * True when the mail server refused the message for good (an SMTP 5xx reply): sending it again
 * would be refused again, and mailbox providers count retried 5xx against the sender. Anything
 * else (a 4xx reply, a refused or dropped connection, a time-out) is temporary.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** How long a mail server may take before the attempt counts as a (temporary) failure. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  let host = 'SMTP';
  try {
    host = `SMTP (${new URL(smtpUrl).host})`;
  } catch {
    /* nodemailer reports a bad URL when sending */
  }
  return {
    description: host,
    async send({ to, subject, text, html, headers, messageId }) {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}), ...(headers ? { headers } : {}), ...(messageId ? { messageId } : {}) });
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  return {
    description: `the log and ${outboxDir}`,
    async send({ to, subject, text, html, headers, messageId }) {
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      const head = [
        `From: ${from}`,
        `To: ${to}`,
        `Subject: ${subject}`,
        `Date: ${new Date().toUTCString()}`,
        ...(messageId ? [`Message-ID: ${messageId}`] : []),
        ...Object.entries(headers ?? {}).map(([key, value]) => `${key}: ${value}`),
        'MIME-Version: 1.0',
      ];
      // Written as is (8bit), so a developer can read and open the links in any editor.
      let body: string[];
      if (html) {
        const boundary = `pathforge-${randomBytes(8).toString('hex')}`;
        body = [
          `Content-Type: multipart/alternative; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          text,
          `--${boundary}`,
          'Content-Type: text/html; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          html,
          `--${boundary}--`,
        ];
      } else {
        body = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', text];
      }
      await writeFile(file, [...head, ...body, ''].join('\r\n'), { mode: 0o600 });
      // Where to find it, never what it says: a mail's links (a password reset) are keys to an
      // account, and logs are read and kept by more people and systems than an outbox folder.
      log.info({ to, file }, `Mail to ${to} (no SMTP_URL set, saved in the outbox): ${subject}`);
    },
    close: () => {},
  };
}
