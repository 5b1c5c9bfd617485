/**
 * The database: table types and opening (with migrations). Which database (SQLite or
 * PostgreSQL) and everything that differs between them: ./dialect.ts.
 */
import { Kysely } from 'kysely';
import { createDialect, describeTarget, type DatabaseTarget } from './dialect.ts';
import { migrateToLatest } from './migrations.ts';

export { isDatabaseUnavailable, isUniqueViolation } from './dialect.ts';

export type UsersTable = {
  id: string;
  username: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  password_hash: string;
  password_changed_at: string;
  created_at: string;
  updated_at: string;
};

export type RefreshTokensTable = {
  id: string;
  user_id: string;
  /** Every token rotated from one sign-in shares the family id. */
  family_id: string;
  /** SHA-256 of the opaque token (hex); the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The id of the token this one was rotated into. */
  replaced_by: string | null;
};

export type PasswordResetsTable = {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type Database = {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
};

export type Db = Kysely<Database>;

/**
 * Every table, parents before children (the order `npm run db:copy` fills them in). A table a
 * migration adds belongs here too: server/db/copy.test.ts fails until it is.
 */
export const TABLES: readonly (keyof Database)[] = ['users', 'refresh_tokens', 'password_resets'];

/** The database could not be reached or migrated at start-up: says which database, and where. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Opens the database (creating an SQLite file if needed) and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Db> {
  const db = new Kysely<Database>({ dialect: await createDialect(target) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy().catch(() => {});
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause);
    throw new DatabaseUnavailableError(`Cannot open the database (${describeTarget(target)}): ${reason}`, { cause: error });
  }
  return db;
}
