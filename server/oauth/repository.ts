/**
 * Every query of provider sign-in: identities, the single-use transactions and the pending links.
 * Single use is a conditional update (`used_at is null`), so two requests racing with one cookie
 * or one link cannot both win.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Database, Db, OAuthIdentitiesTable, OAuthPendingLinksTable, OAuthTransactionsTable, UsersTable } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import { accountRows } from '../auth/repository.ts';
import type { Provider } from '../../src/domain/oauth.ts';

export type IdentityRow = OAuthIdentitiesTable;
export type TransactionRow = OAuthTransactionsTable;
export type PendingLinkRow = OAuthPendingLinksTable;
export type OAuthRepository = ReturnType<typeof createOAuthRepository>;

type Executor = Db | Transaction<Database>;

// The statements on `oauth_identities` that other modules run in their own transactions (a
// password reset, a removal link): this module is the table's one writer.

/** Removes the identities linked while the learner's address was unconfirmed (a reset proves it): the rows removed. */
export function removeUnconfirmedIdentities(executor: Executor, userId: string) {
  return executor
    .deleteFrom('oauth_identities')
    .where('user_id', '=', userId)
    .where('email_confirmed', '=', 0)
    .returning(['provider', 'subject', 'email', 'login'])
    .execute();
}

/** Removes one identity of the learner; true when it was linked. */
export async function removeIdentity(executor: Executor, userId: string, provider: string, subject: string): Promise<boolean> {
  const deleted = await executor
    .deleteFrom('oauth_identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return deleted.numDeletedRows === 1n;
}

export function createOAuthRepository(db: Db) {
  return {
    async insertTransaction(row: TransactionRow): Promise<void> {
      await db.insertInto('oauth_transactions').values(row).execute();
    },

    /** Marks the transaction used and returns it; undefined when unknown or already used. */
    consumeTransaction(tokenHash: string, at: string): Promise<TransactionRow | undefined> {
      return db
        .updateTable('oauth_transactions')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    findIdentity(provider: Provider, subject: string): Promise<IdentityRow | undefined> {
      return db.selectFrom('oauth_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    },

    identitiesOf(userId: string): Promise<IdentityRow[]> {
      return db.selectFrom('oauth_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    },

    async touchIdentity(id: string, at: string): Promise<void> {
      await db.updateTable('oauth_identities').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /**
     * Links an identity and runs `then` (the owner's notice) in the same transaction. Throws a
     * unique violation when the identity, or this provider for this learner, is taken.
     */
    async insertIdentity(row: IdentityRow, then: (tx: Transaction<Database>) => Promise<void> = async () => {}): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('oauth_identities').values(row).execute();
        await then(tx);
      });
    },

    /** How and when a session (refresh family) of the learner began; undefined for an unknown one. */
    sessionOrigin(familyId: string, userId: string): Promise<{ signed_in_with: string | null; signed_in_at: string | null } | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .select(['signed_in_with', 'signed_in_at'])
        .where('family_id', '=', familyId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
    },

    /** The learner a provider created and their identity, together or not at all. */
    async insertUserWithIdentity(user: Insertable<UsersTable>, identity: IdentityRow): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await accountRows.insertUser(tx, user);
        await tx.insertInto('oauth_identities').values(identity).execute();
      });
    },

    async insertPendingLink(row: PendingLinkRow): Promise<void> {
      await db.insertInto('oauth_pending_links').values(row).execute();
    },

    findPendingLink(tokenHash: string): Promise<PendingLinkRow | undefined> {
      return db.selectFrom('oauth_pending_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Uses the pending link (once) and links its identity to its account, in one transaction.
     * 'used' when it was used meanwhile; 'taken' when the identity (or the provider for this
     * account) got linked otherwise meanwhile: nothing is written then.
     */
    completePendingLink(
      link: PendingLinkRow,
      identity: IdentityRow,
      at: string,
      then: (tx: Transaction<Database>) => Promise<void> = async () => {},
    ): Promise<'linked' | 'used' | 'taken'> {
      return db.transaction().execute(async (tx) => {
        const used = await tx.updateTable('oauth_pending_links').set({ used_at: at }).where('id', '=', link.id).where('used_at', 'is', null).executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return 'used';
        const clash = await tx
          .selectFrom('oauth_identities')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('provider', '=', identity.provider), eb('subject', '=', identity.subject)]),
              eb.and([eb('user_id', '=', identity.user_id), eb('provider', '=', identity.provider)]),
            ]),
          )
          .executeTakeFirst();
        if (clash) return 'taken';
        await tx.insertInto('oauth_identities').values(identity).execute();
        await then(tx);
        return 'linked';
      });
    },

    /**
     * Unlinks the learner's identity of `provider` unless it is their last way to sign in (no
     * password, no other identity). On PostgreSQL the learner's row is locked first, so two
     * unlinks at once take turns and the second sees the first.
     */
    unlink(userId: string, provider: Provider): Promise<'unlinked' | 'last' | 'missing'> {
      return db.transaction().execute(async (tx) => {
        if (isPostgres(tx)) await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const user = await tx.selectFrom('users').select('has_password').where('id', '=', userId).executeTakeFirst();
        const identities = await tx.selectFrom('oauth_identities').select('provider').where('user_id', '=', userId).execute();
        if (!user || !identities.some((row) => row.provider === provider)) return 'missing';
        if (user.has_password !== 1 && identities.length === 1) return 'last';
        await tx.deleteFrom('oauth_identities').where('user_id', '=', userId).where('provider', '=', provider).execute();
        return 'unlinked';
      });
    },

    /** Drops transactions and pending links that expired before `at`. */
    async deleteExpired(at: string): Promise<void> {
      await db.deleteFrom('oauth_transactions').where('expires_at', '<', at).execute();
      await db.deleteFrom('oauth_pending_links').where('expires_at', '<', at).execute();
    },
  };
}
