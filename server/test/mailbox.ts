/**
 * TEST ONLY: every message an app sends, kept in memory (give it as `mailer` to createTestApp), and
 * reading the links in them.
 */
import type { FastifyInstance } from 'fastify';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { postJson } from './helpers.ts';

export type Mailbox = Mailer & { sent: MailMessage[] };

export function memoryMailer(): Mailbox {
  const sent: MailMessage[] = [];
  return { description: 'memory', sent, send: async (message) => void sent.push(message), close: () => {} };
}

/** The messages sent to `to` so far, once the work after the responses and the outbox are done. */
export async function mailTo(app: FastifyInstance, mail: Mailbox, to: string): Promise<MailMessage[]> {
  await app.background.drain();
  await app.outbox.sendDue();
  return mail.sent.filter((message) => message.to === to);
}

/** The tokens of the links to `page` mailed to `to`, oldest first. */
export async function linksTo(app: FastifyInstance, mail: Mailbox, to: string, page: string): Promise<string[]> {
  return (await mailTo(app, mail, to)).flatMap((message) =>
    [...message.text.matchAll(new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`, 'g'))].map((m) => m[1] as string),
  );
}

/** Opens the confirmation link mailed to `email` (after registration). */
export async function confirmEmail(app: FastifyInstance, mail: Mailbox, email: string): Promise<void> {
  const token = (await linksTo(app, mail, email, 'confirm-email')).at(-1);
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  const opened = await postJson(app, '/auth/confirm-email', { token });
  if (opened.statusCode !== 200) throw new Error(`confirming ${email} failed: ${opened.statusCode} ${opened.body}`);
}
