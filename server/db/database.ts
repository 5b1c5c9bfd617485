/**
 * The database: table types, opening (with migrations) and the one driver-specific check the
 * repositories need. Swapping to PostgreSQL later means another dialect here; nothing else.
 */
import { Kysely } from 'kysely';
import { nodeSqliteDialect } from './node-sqlite.ts';
import { migrateToLatest } from './migrations.ts';

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

/** Opens (creating if needed) the SQLite database at `path` and applies pending migrations. */
export async function openDatabase(path: string): Promise<Db> {
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(path) });
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** True for a unique-constraint violation: SQLite (errcode 2067, 1555) or PostgreSQL (23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errcode, code } = error as { errcode?: unknown; code?: unknown };
  return errcode === 2067 || errcode === 1555 || code === '23505';
}
