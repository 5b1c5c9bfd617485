/**
 * What happens around an account's ways in, wherever they change:
 * - `linked`: a provider was linked; the account's address gets a mail saying which and when, with
 *   a single-use link (REMOVE_LINK_DAYS) that removes that identity and ends every session.
 * - `changed`: a password change, a reset or a confirmed email change; the address gets a notice
 *   listing the linked sign-ins (so an owner spots a link they did not make).
 * - `endEverySession`: every refresh family of the learner revoked (their access tokens die with it).
 * - `removeWithToken`: what the mailed link does, once.
 * Mails are rows of the outbox written in the caller's transaction; call `kick()` after it commits.
 * Texts: src/domain/accountNotices.ts.
 */
import { randomUUID } from 'node:crypto';
import { linkedMail, REMOVE_LINK_DAYS, removeLinkTexts, securityNoticeMail, type SecurityEvent } from '../../src/domain/accountNotices.ts';
import { isProvider, type Provider } from '../../src/domain/oauth.ts';
import type { Db } from '../db/database.ts';
import type { Executor, Outbox } from '../mail/outbox.ts';
import { removeIdentity } from '../oauth/repository.ts';
import { accountRows } from './repository.ts';
import { hashToken, newOpaqueToken, OPAQUE_TOKEN_PATTERN } from './tokens.ts';

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
type Account = { id: string; username: string; email: string };
type IdentityLike = { provider: string; subject: string; email: string | null; login: string | null };

/** How Settings and the mails name an identity: the provider's email when it was linked, else the login. */
export const identityLabel = (row: IdentityLike) => row.email ?? row.login ?? row.subject;

const DAY_MS = 24 * 60 * 60 * 1000;

export function createAccountSecurity(deps: { db: Db; outbox: Pick<Outbox, 'enqueue' | 'kick'>; webOrigin: string; now: () => number }) {
  const { db, outbox, webOrigin, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  async function identitiesOf(executor: Executor, userId: string): Promise<{ provider: Provider; label: string }[]> {
    const rows = await executor
      .selectFrom('oauth_identities')
      .select(['provider', 'subject', 'email', 'login'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.flatMap((row) => (isProvider(row.provider) ? [{ provider: row.provider, label: identityLabel(row) }] : []));
  }

  async function endEverySession(executor: Executor, userId: string, at: string): Promise<void> {
    await accountRows.endEverySession(executor, userId, at);
  }

  return {
    identitiesOf,
    endEverySession,
    kick: () => outbox.kick(),

    /** Queues the "linked" mail with its removal link, in the transaction that linked `identity`. */
    async linked(executor: Executor, account: Account, identity: IdentityLike & { provider: Provider }, at: string): Promise<void> {
      const token = newOpaqueToken();
      const id = randomUUID();
      const label = identityLabel(identity);
      await executor
        .insertInto('identity_removal_links')
        .values({
          id,
          token_hash: hashToken(token),
          user_id: account.id,
          provider: identity.provider,
          subject: identity.subject,
          label,
          created_at: at,
          expires_at: iso(Date.parse(at) + REMOVE_LINK_DAYS * DAY_MS),
          used_at: null,
        })
        .execute();
      const mail = linkedMail({
        username: account.username,
        identity: { provider: identity.provider, label },
        at,
        removeUrl: `${webOrigin}/remove-link?token=${token}`,
      });
      await outbox.enqueue(executor, { userId: account.id, kind: 'identity-linked', periodKey: id, channel: 'email', payload: { to: account.email, ...mail } });
    },

    /** Queues the notice of a password change, a reset or an email change, listing the linked sign-ins as they are now. */
    async changed(executor: Executor, account: Account, event: SecurityEvent, at: string, removed: { provider: Provider; label: string }[] = []): Promise<void> {
      const linked = await identitiesOf(executor, account.id);
      const mail = securityNoticeMail({ username: account.username, event, at, linked, removed });
      await outbox.enqueue(executor, {
        userId: account.id,
        kind: `security-${event}`,
        periodKey: randomUUID(),
        channel: 'email',
        payload: { to: account.email, ...mail },
      });
    },

    /**
     * Removes what a "linked" mail named (if it is still linked) and ends every session of its
     * learner, once. Null when the link is unknown, used or expired.
     */
    async removeWithToken(token: string): Promise<{ userId: string; message: string } | null> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) return null;
      const row = await db.selectFrom('identity_removal_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
      const at = iso();
      if (!row || row.used_at !== null || row.expires_at <= at || !isProvider(row.provider)) return null;
      const provider = row.provider;
      const wasLinked = await db.transaction().execute(async (tx) => {
        const used = await tx.updateTable('identity_removal_links').set({ used_at: at }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return null;
        const removed = await removeIdentity(tx, row.user_id, provider, row.subject);
        await endEverySession(tx, row.user_id, at);
        return removed;
      });
      if (wasLinked === null) return null;
      return { userId: row.user_id, message: `${removeLinkTexts.done({ provider, label: row.label }, wasLinked)} ${removeLinkTexts.next}` };
    },

    /** Drops removal links that expired before `at`. */
    async deleteExpired(at: string): Promise<void> {
      await db.deleteFrom('identity_removal_links').where('expires_at', '<', at).execute();
    },
  };
}
