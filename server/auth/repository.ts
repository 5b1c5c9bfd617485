/**
 * Every query the auth routes make, through the portable query builder. Handlers never see SQL.
 * Multi-step changes run in a transaction and use conditional updates, so two requests racing
 * for the same single-use token cannot both win.
 */
import type { ExpressionBuilder, Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db, PasswordResetsTable, RefreshTokensTable, UsersTable } from '../db/database.ts';
import { precompiled } from '../db/precompiled.ts';
import { spendEmailLinks } from '../account/emailLinks.ts';
import { removeUnconfirmedIdentities } from '../oauth/repository.ts';

export type UserRow = Selectable<UsersTable>;
export type RefreshTokenRow = RefreshTokensTable;
export type PasswordResetRow = PasswordResetsTable;

export type AuthRepository = ReturnType<typeof createAuthRepository>;
type Executor = Db | Transaction<Database>;

/**
 * The statements on `users`, `refresh_tokens` and `password_resets` that other modules run in
 * their own transactions (email changes, Settings, sign-in with a provider, account security):
 * this module is those tables' one writer (server/README.md, "Who writes which table").
 */
export const accountRows = {
  /** Throws a unique violation (see isUniqueViolation) when the email is taken. */
  async insertUser(executor: Executor, user: Insertable<UsersTable>): Promise<void> {
    await executor.insertInto('users').values(user).execute();
  },
  async rename(executor: Executor, userId: string, username: string, at: string): Promise<void> {
    await executor.updateTable('users').set({ username, updated_at: at }).where('id', '=', userId).execute();
  },
  async setPassword(executor: Executor, userId: string, passwordHash: string, at: string): Promise<void> {
    await executor.updateTable('users').set({ password_hash: passwordHash, password_changed_at: at, updated_at: at }).where('id', '=', userId).execute();
  },
  /** The address as the learner's, confirmed now (a confirmed change, or one undone). */
  async setEmail(executor: Executor, userId: string, email: string, at: string): Promise<void> {
    await executor.updateTable('users').set({ email, email_verified_at: at, updated_at: at }).where('id', '=', userId).execute();
  },
  /** Confirms the learner's address if it is still `email`; false when the account has another one now. */
  async confirmEmail(executor: Executor, userId: string, email: string, at: string): Promise<boolean> {
    const confirmed = await executor
      .updateTable('users')
      .set({ email_verified_at: at, updated_at: at })
      .where('id', '=', userId)
      .where('email', '=', email)
      .executeTakeFirst();
    return confirmed.numUpdatedRows === 1n;
  },
  /** Deletes the learner; everything of theirs goes with the row (foreign keys cascade). */
  async deleteUser(executor: Executor, userId: string): Promise<void> {
    await executor.deleteFrom('users').where('id', '=', userId).execute();
  },
  /** Ends every session of the learner as of `at`. */
  async endEverySession(executor: Executor, userId: string, at: string): Promise<void> {
    await executor.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  },
  async insertResetLink(executor: Executor, reset: PasswordResetRow): Promise<void> {
    await executor.insertInto('password_resets').values(reset).execute();
  },
  /** Spends every reset link of the learner not used yet (one asked for before a change must not work after it). */
  async spendResetLinks(executor: Executor, userId: string, at: string): Promise<void> {
    await executor.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  },
};
/** An identity a reset removed (linked while the address was unconfirmed). */
export type RemovedIdentity = { provider: string; subject: string; email: string | null; login: string | null };

/**
 * True while the session (refresh-token family) of this user has a live token at `at`: not signed
 * out, not revoked (a password reset, a reused refresh token), not expired; never for a deleted
 * account (its tokens go with it). Every check of a session is this expression.
 */
export function activeSession<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, session: { familyId: string; userId: string; at: string }) {
  const inner = eb as unknown as ExpressionBuilder<Database, never>;
  return inner.exists(
    inner
      .selectFrom('refresh_tokens')
      .select('refresh_tokens.id')
      .where('refresh_tokens.family_id', '=', session.familyId)
      .where('refresh_tokens.user_id', '=', session.userId)
      .where('refresh_tokens.revoked_at', 'is', null)
      .where('refresh_tokens.expires_at', '>', session.at),
  );
}

export function createAuthRepository(db: Db) {
  // What every authenticated request asks first: built once (see server/db/precompiled.ts).
  const sessionUser = precompiled<'userId' | 'familyId' | 'at', UserRow>((param) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .where('users.id', '=', param('userId'))
      .where((eb) => activeSession(eb, { familyId: param('familyId'), userId: param('userId'), at: param('at') })),
  );

  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Throws a unique violation (see isUniqueViolation) when the email is taken. */
    async insertUser(user: UserRow): Promise<void> {
      await accountRows.insertUser(db, user);
    },

    async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },

    async insertRefreshToken(token: RefreshTokenRow): Promise<void> {
      await db.insertInto('refresh_tokens').values(token).execute();
    },

    findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Revokes `oldId` and stores its successor, atomically. False when `oldId` was revoked in the
     * meantime (a concurrent reuse): nothing is written then.
     */
    rotateRefreshToken(oldId: string, next: RefreshTokenRow, at: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('refresh_tokens')
          .set({ revoked_at: at, replaced_by: next.id })
          .where('id', '=', oldId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return false;
        await tx.insertInto('refresh_tokens').values(next).execute();
        return true;
      });
    },

    /**
     * The user of a session that is still active (its family not revoked, not expired), in one
     * query: what every authenticated request asks first.
     */
    async activeSessionUser(familyId: string, userId: string, at: string): Promise<UserRow | undefined> {
      return (await sessionUser(db, { userId, familyId, at }))[0];
    },

    /** Ends a session: every refresh token of the family (only `userId`'s, when given) revoked as of `at`. */
    async revokeFamily(familyId: string, at: string, userId?: string): Promise<void> {
      let query = db.updateTable('refresh_tokens').set({ revoked_at: at }).where('family_id', '=', familyId).where('revoked_at', 'is', null);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      await query.execute();
    },

    async insertPasswordReset(reset: PasswordResetRow): Promise<void> {
      await accountRows.insertResetLink(db, reset);
    },

    findPasswordReset(tokenHash: string): Promise<PasswordResetRow | undefined> {
      return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Uses the reset (once), sets the new password and signs the user out everywhere: every
     * refresh token revoked, every other outstanding reset link spent, a waiting email change
     * cancelled, and every provider identity linked while the address was unconfirmed removed.
     * The link was mailed to the account's address, so opening it confirms that address. False
     * when the reset was used meanwhile.
     */
    completePasswordReset(
      resetId: string,
      userId: string,
      passwordHash: string,
      at: string,
      /** Runs last in the same transaction, told the identities removed (the owner's notice). */
      then: (tx: Transaction<Database>, removed: RemovedIdentity[]) => Promise<void> = async () => {},
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const used = await tx.updateTable('password_resets').set({ used_at: at }).where('id', '=', resetId).where('used_at', 'is', null).executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return false;
        // Pre-account takeover: whoever registered this address before its owner, and linked their
        // own provider while it was unconfirmed, loses that way in when the owner proves the address.
        const removed = await removeUnconfirmedIdentities(tx, userId);
        await tx
          .updateTable('users')
          .set((eb) => ({
            password_hash: passwordHash,
            has_password: 1,
            password_changed_at: at,
            updated_at: at,
            email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)),
          }))
          .where('id', '=', userId)
          .execute();
        await spendEmailLinks(tx, userId, ['change'], at);
        await accountRows.endEverySession(tx, userId, at);
        await accountRows.spendResetLinks(tx, userId, at);
        await then(tx, removed);
        return true;
      });
    },

    /** Drops refresh tokens and reset links that expired before `at`. */
    async deleteExpired(at: string): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', at).execute();
      await db.deleteFrom('password_resets').where('expires_at', '<', at).execute();
    },
  };
}
