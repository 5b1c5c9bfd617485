/**
 * Versioned migrations, in code, applied at start by Kysely's Migrator. Each migration is
 * append-only: never edit one that has shipped, add the next number instead. Only portable DDL
 * (it must run unchanged on PostgreSQL). Timestamps are ISO 8601 UTC text, ids are UUID text.
 */
import { type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_auth': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('replaced_by', 'text')
        .execute();
      await db.schema.createIndex('refresh_tokens_user_id_idx').on('refresh_tokens').column('user_id').execute();
      await db.schema.createIndex('refresh_tokens_family_id_idx').on('refresh_tokens').column('family_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('refresh_tokens').execute();
      await db.schema.dropTable('users').execute();
    },
  },
};

/** Brings the schema up to the newest migration; throws (and changes nothing) when one fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return results ?? [];
}
