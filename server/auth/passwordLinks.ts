/**
 * Reset links: a single-use token (SHA-256 at rest) mailed to the account's address, opened on
 * /resetPassword, where POST /auth/reset-password sets the password. Forgot-password mails one to
 * "reset" a password; Settings mails one to "set" the first password of an account a provider
 * made. Either way only the address's owner can open it, so a session alone never sets a password.
 */
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { mailNotSetUp } from '../http/errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import { accountRows } from './repository.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export type PasswordLinkPurpose = 'reset' | 'set';
export type PasswordLinks = {
  /** False when this server sends no email: `mail` would refuse (503), so routes refuse first. */
  readonly ready: boolean;
  /**
   * Stores a new reset link for the learner and queues its mail to `email` (their current
   * address), in one transaction; a 503 (nothing stored) on a server that sends no email.
   */
  mail(user: { id: string; username: string; email: string }, purpose: PasswordLinkPurpose): Promise<void>;
};

const iso = (ms: number) => new Date(ms).toISOString();

export function createPasswordLinks(deps: {
  config: Pick<ServerConfig, 'webOrigins' | 'resetTokenTtlSeconds'>;
  db: Db;
  outbox: Pick<Outbox, 'enqueue' | 'kick' | 'emailReady'>;
  now: () => number;
}): PasswordLinks {
  const { config, db, outbox, now } = deps;
  return {
    ready: outbox.emailReady,
    async mail(user, purpose) {
      // A link nobody can receive would only wait, unused, for someone to claim it was sent.
      if (!outbox.emailReady) throw mailNotSetUp();
      const token = newOpaqueToken();
      const at = now();
      const row = {
        id: randomUUID(),
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: iso(at),
        expires_at: iso(at + config.resetTokenTtlSeconds * 1000),
        used_at: null,
      };
      const link = `${config.webOrigins[0]}/resetPassword?token=${token}`;
      const minutes = Math.round(config.resetTokenTtlSeconds / 60);
      const text =
        purpose === 'reset'
          ? [
              'Someone (hopefully you) asked to reset the password of your PathForge account.',
              `Open this link within ${minutes} minutes to choose a new password. It works once:`,
              '',
              link,
              '',
              'If you did not ask for this, ignore this email: your password stays the same.',
            ]
          : [
              'Someone signed in to your PathForge account asked to give it a password, so that you can also sign in',
              'with your email address, change your email, or delete the account.',
              `Open this link within ${minutes} minutes to choose a password. It works once:`,
              '',
              link,
              '',
              'If you did not ask for this, ignore this email: your account stays as it is.',
            ];
      const message = {
        to: user.email,
        subject: purpose === 'reset' ? 'Reset your PathForge password' : 'Set a password for your PathForge account',
        text: [`Hi ${user.username},`, '', ...text].join('\n'),
      };
      await db.transaction().execute(async (tx) => {
        await accountRows.insertResetLink(tx, row);
        await outbox.enqueue(tx, { userId: user.id, kind: `password-${purpose}`, periodKey: row.id, channel: 'email', payload: message });
      });
      outbox.kick();
    },
  };
}
