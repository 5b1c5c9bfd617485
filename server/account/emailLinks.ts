/**
 * Links mailed about an email address: confirming the account's address (after registration),
 * confirming a new address (an email change takes effect only when that link is opened), and
 * undoing a change (sent to the address being replaced). Tokens are single use and kept as a
 * SHA-256 only (./../auth/tokens.ts); using one is a conditional update, so two requests racing
 * with the same link cannot both win.
 *
 * What an opened link proves and ends:
 * - confirm: the account's address is confirmed (`email_verified_at`), if it is still the address
 *   the link went to.
 * - change: the account's address becomes the new one, confirmed; every reset link (sent to the
 *   old address) and every other confirm or change link is spent; every session ends and the new
 *   address is told which sign-ins are linked (`afterEmailChange`). Undo links stay: the old
 *   address's owner may still want to undo it.
 * - undo: the address the link went to is the account's again, confirmed; every session ends and
 *   every outstanding reset and email link is spent.
 *
 * What spends a link besides its own use (checked when it is opened: `endedByLaterEvent`): a
 * password change or reset after a change or undo link was made; a later email change for an
 * undo link. The answer is the same "invalid or spent" sentence as for a used link.
 *
 * On a server that sends no email (production without SMTP_URL) no link is made: registration
 * makes no confirmation link, and asking for a change or another link is refused (503).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Background } from '../background.ts';
import { isUniqueViolation, type Db, type EmailLinkPurpose } from '../db/database.ts';
import { HttpError, mailNotSetUp } from '../http/errors.ts';
import type { Executor, Outbox } from '../mail/outbox.ts';
import { accountRows } from '../auth/repository.ts';
import { hashToken, newOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../auth/tokens.ts';
import { authApiMessages } from '../../src/domain/auth.ts';
import { CONFIRM_LINK_HOURS, emailLinkMessages, UNDO_LINK_DAYS } from '../../src/domain/account.ts';
import type { EmailLinkResult } from '../../src/api/auth/contract.ts';

const HOUR_MS = 60 * 60 * 1000;
const LIFETIME_MS: Record<EmailLinkPurpose, number> = {
  confirm: CONFIRM_LINK_HOURS * HOUR_MS,
  change: CONFIRM_LINK_HOURS * HOUR_MS,
  undo: UNDO_LINK_DAYS * 24 * HOUR_MS,
};

export type EmailLinks = ReturnType<typeof createEmailLinks>;

type Account = { id: string; username: string; email: string };

/**
 * Spends the learner's links of these purposes not used yet, in the caller's transaction (a
 * password reset spends waiting changes too): this module is the one writer of email_links.
 */
export async function spendEmailLinks(executor: Executor, userId: string, purposes: EmailLinkPurpose[], at: string): Promise<void> {
  await executor
    .updateTable('email_links')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

export function createEmailLinks(deps: {
  db: Db;
  outbox: Outbox;
  background: Background;
  webOrigin: string;
  now: () => number;
  log: FastifyBaseLogger;
  /** Runs in the transaction of a confirmed change, the account as it is now (server/auth/accountSecurity.ts). */
  afterEmailChange?: (tx: Db, account: Account, at: string) => Promise<void>;
}) {
  const { db, outbox, background, webOrigin, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /** Stores a new link and returns its token (the only copy) and the link's id. */
  async function newLink(executor: Executor, userId: string, purpose: EmailLinkPurpose, email: string): Promise<{ token: string; id: string }> {
    const token = newOpaqueToken();
    const id = randomUUID();
    const at = now();
    await executor
      .insertInto('email_links')
      .values({
        id,
        user_id: userId,
        purpose,
        email,
        token_hash: hashToken(token),
        created_at: iso(at),
        expires_at: iso(at + LIFETIME_MS[purpose]),
        used_at: null,
      })
      .execute();
    return { token, id };
  }

  /** Marks the learner's outstanding links of these purposes used. */
  const spend = spendEmailLinks;

  const linkUrl = (page: string, token: string) => `${webOrigin}/${page}?token=${token}`;

  /**
   * Queues the confirmation of `email` to it, in the transaction that made the link. When another
   * account has that address, its owner is told someone tried to use it instead, with no link:
   * the learner who asked sees the same answer either way.
   */
  async function mailConfirmation(tx: Executor, account: Account, email: string, link: { token: string; id: string }, purpose: 'confirm' | 'change') {
    const owner = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (owner && owner.id !== account.id) {
      await outbox.enqueue(tx, {
        userId: owner.id,
        kind: 'email-taken',
        periodKey: link.id,
        channel: 'email',
        payload: {
          to: email,
          subject: 'Someone tried to use your address on PathForge',
          text: [
            'Hello,',
            '',
            'Someone asked to move another PathForge account to this email address. It already belongs to',
            'your account, so nothing changed and nothing is needed from you.',
            '',
            'If you forgot your password, you can reset it from the sign-in page.',
          ].join('\n'),
        },
      });
      return;
    }
    const url = linkUrl('confirm-email', link.token);
    await outbox.enqueue(tx, {
      userId: account.id,
      kind: `email-${purpose}`,
      periodKey: link.id,
      channel: 'email',
      payload: {
        to: email,
        subject: 'Confirm your email address for PathForge',
        text: [
          `Hi ${account.username},`,
          '',
          purpose === 'change'
            ? 'You asked to use this address for your PathForge account. It takes effect when you open this link:'
            : 'Welcome to PathForge! Open this link to confirm your email address:',
          '',
          url,
          '',
          `The link works once, within ${CONFIRM_LINK_HOURS} hours. If you did not ask for this, ignore this email.`,
        ].join('\n'),
      },
    });
  }

  /**
   * Whether something that happened after the link was made has spent it, read here, where every
   * link is checked, so no other module has to remember to revoke links:
   * - a change or undo link made before the account's last password change (or reset): whoever
   *   changed the password meant to shut out anyone holding older links;
   * - an undo link made before another email change was asked for (every request makes one undo
   *   link, so a newer undo link means a later change, confirmed or not).
   * A registration's confirm link only proves the address it went to and is left alone.
   */
  async function endedByLaterEvent(row: { id: string; user_id: string; purpose: EmailLinkPurpose; created_at: string }): Promise<boolean> {
    if (row.purpose === 'confirm') return false;
    const user = await db.selectFrom('users').select('password_changed_at').where('id', '=', row.user_id).executeTakeFirst();
    if (!user || user.password_changed_at > row.created_at) return true;
    if (row.purpose !== 'undo') return false;
    const newer = await db
      .selectFrom('email_links')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where('purpose', '=', 'undo')
      .where('id', '!=', row.id)
      .where('created_at', '>=', row.created_at)
      .executeTakeFirst();
    return newer !== undefined;
  }

  async function useLink(token: string, purposes: EmailLinkPurpose[]) {
    const invalid = () => new HttpError(400, emailLinkMessages.invalid);
    if (!OPAQUE_TOKEN_PATTERN.test(token)) throw invalid();
    const row = await db.selectFrom('email_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row || !purposes.includes(row.purpose) || row.used_at !== null || Date.parse(row.expires_at) <= now()) throw invalid();
    if (await endedByLaterEvent(row)) throw invalid();
    return { row, invalid };
  }

  /** Runs `work` in a transaction after spending the link; false when it was spent meanwhile. */
  async function withLink(linkId: string, at: string, work: (tx: Db) => Promise<void>): Promise<boolean> {
    try {
      return await db.transaction().execute(async (tx) => {
        const used = await tx.updateTable('email_links').set({ used_at: at }).where('id', '=', linkId).where('used_at', 'is', null).executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return false;
        await work(tx);
        return true;
      });
    } catch (error) {
      // The address went to another account since the link was sent.
      if (isUniqueViolation(error)) throw new HttpError(409, authApiMessages.emailTaken);
      throw error;
    }
  }

  /**
   * The newest outstanding change (the address Settings shows as waiting, and the one a resend
   * mails again), or null. A change asked for before the last password change is not waiting any
   * more: its link is spent (`endedByLaterEvent`), and it must not be sent again.
   */
  async function pendingEmail(userId: string): Promise<string | null> {
    const row = await db
      .selectFrom('email_links')
      .innerJoin('users', 'users.id', 'email_links.user_id')
      .select('email_links.email')
      .where('email_links.user_id', '=', userId)
      .where('email_links.purpose', '=', 'change')
      .where('email_links.used_at', 'is', null)
      .where('email_links.expires_at', '>', iso())
      .whereRef('email_links.created_at', '>=', 'users.password_changed_at')
      .orderBy('email_links.created_at', 'desc')
      .orderBy('email_links.id')
      .executeTakeFirst();
    return row?.email ?? null;
  }

  return {
    /** False when this server sends no email: no link is made, and requests for one are refused. */
    ready: outbox.emailReady,

    /**
     * After registration: a link to confirm the account's address, made and mailed after the
     * response (the account exists whether or not this works; the banner can send another).
     * None on a server that sends no email: the banner says so.
     */
    sendRegistrationConfirmation(account: Account): void {
      if (!outbox.emailReady) return;
      background.run('registration confirmation', async () => {
        await db.transaction().execute(async (tx) => {
          const link = await newLink(tx, account.id, 'confirm', account.email);
          await mailConfirmation(tx, account, account.email, link, 'confirm');
        });
        outbox.kick();
      });
    },

    pendingEmail,

    /**
     * The learner (whose password was checked) asked to use `newEmail`: any earlier change is
     * replaced, the new address gets a link (or, if taken, its owner a notice), the current one a
     * notice with a link to undo it. Nothing about the account changes yet.
     */
    async requestChange(account: Account, newEmail: string): Promise<void> {
      if (!outbox.emailReady) throw mailNotSetUp();
      const at = iso();
      await db.transaction().execute(async (tx) => {
        await spend(tx, account.id, ['change'], at);
        const change = await newLink(tx, account.id, 'change', newEmail);
        const undo = await newLink(tx, account.id, 'undo', account.email);
        await mailConfirmation(tx, account, newEmail, change, 'change');
        const undoUrl = linkUrl('undo-email-change', undo.token);
        await outbox.enqueue(tx, {
          userId: account.id,
          kind: 'email-undo',
          periodKey: undo.id,
          channel: 'email',
          payload: {
            to: account.email,
            subject: 'Your PathForge email address is being changed',
            text: [
              `Hi ${account.username},`,
              '',
              `Someone signed in to your PathForge account asked to change its email address to ${newEmail}.`,
              'It changes when a link sent to that address is opened. Until then you sign in with this address.',
              '',
              `If this was not you, open this link within ${UNDO_LINK_DAYS} days: it keeps (or puts back) this address,`,
              'signs out every device and cancels every link sent. Then reset your password from the sign-in page.',
              '',
              undoUrl,
            ].join('\n'),
          },
        });
      });
      outbox.kick();
    },

    /** Sends the waiting change's link again, or else the account's confirmation; the address, or null when neither is due. */
    async resend(account: Account & { emailConfirmed: boolean }): Promise<string | null> {
      const at = iso();
      const pending = await pendingEmail(account.id);
      const purpose: 'change' | 'confirm' | null = pending ? 'change' : account.emailConfirmed ? null : 'confirm';
      if (purpose === null) return null;
      if (!outbox.emailReady) throw mailNotSetUp();
      const email = pending ?? account.email;
      await db.transaction().execute(async (tx) => {
        await spend(tx, account.id, [purpose], at);
        await mailConfirmation(tx, account, email, await newLink(tx, account.id, purpose, email), purpose);
      });
      outbox.kick();
      return email;
    },

    async cancelChange(userId: string): Promise<void> {
      await spend(db, userId, ['change'], iso());
    },

    /** POST /auth/confirm-email: a registration's or a change's link. */
    async confirm(token: string): Promise<EmailLinkResult> {
      const { row, invalid } = await useLink(token, ['confirm', 'change']);
      const at = iso();
      const done = await withLink(row.id, at, async (tx) => {
        if (row.purpose === 'confirm') {
          // The account has another address now: this link proves nothing about it.
          if (!(await accountRows.confirmEmail(tx, row.user_id, row.email, at))) throw invalid();
          return;
        }
        await accountRows.setEmail(tx, row.user_id, row.email, at);
        await accountRows.spendResetLinks(tx, row.user_id, at);
        await spend(tx, row.user_id, ['confirm', 'change'], at);
        const account = await tx.selectFrom('users').select(['id', 'username', 'email']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
        await deps.afterEmailChange?.(tx, account, at);
      });
      if (!done) throw invalid();
      if (row.purpose === 'change') outbox.kick();
      deps.log.info({ userId: row.user_id, purpose: row.purpose }, 'email address confirmed');
      return { message: emailLinkMessages.confirmed, email: row.email };
    },

    /** POST /auth/undo-email-change: the old address back, every session and link ended. */
    async undo(token: string): Promise<EmailLinkResult> {
      const { row, invalid } = await useLink(token, ['undo']);
      const at = iso();
      const done = await withLink(row.id, at, async (tx) => {
        await accountRows.setEmail(tx, row.user_id, row.email, at);
        await accountRows.endEverySession(tx, row.user_id, at);
        await accountRows.spendResetLinks(tx, row.user_id, at);
        await spend(tx, row.user_id, ['confirm', 'change', 'undo'], at);
      });
      if (!done) throw invalid();
      deps.log.warn({ userId: row.user_id }, 'email change undone; every session revoked');
      return { message: emailLinkMessages.undone, email: row.email };
    },

    /** Drops links that expired before `at`. */
    async deleteExpired(at: string): Promise<void> {
      await db.deleteFrom('email_links').where('expires_at', '<', at).execute();
    },
  };
}
