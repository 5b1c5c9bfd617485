/**
 * Migration 0015_outbox keeps what each learner chose: the old email switch becomes the streak
 * and digest email switches, push the streak push switch, updates and the newsletter stay as they
 * were; a learner who never saved settings gets the new defaults (newsletter off).
 */
import { rmSync } from 'node:fs';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, testDatabase } from '../test/helpers.ts';
import { createDialect } from './dialect.ts';
import { migrateToLatest, migrations } from './migrations.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('migration 0015_outbox', () => {
  it('maps the old four switches onto the per-kind ones', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const database = await testDatabase(dir);
    const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: await createDialect(database.target) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0013_oauth');
      expect(before.error).toBeUndefined();
      const at = '2026-11-01T00:00:00.000Z';
      for (const id of ['a', 'b', 'c']) {
        await db
          .insertInto('users')
          .values({ id, username: id, email: `${id}@example.com`, password_hash: 'x', password_changed_at: at, created_at: at, updated_at: at })
          .execute();
      }
      const old = (user_id: string, email: number, push: number, updates: number, newsletter: number) => ({
        user_id,
        notify_email: email,
        notify_push: push,
        notify_updates: updates,
        notify_newsletter: newsletter,
        dark_mode: 1,
        public_profile: 0,
        updated_at: at,
      });
      await db
        .insertInto('user_settings')
        .values([old('a', 0, 1, 1, 1), old('b', 1, 0, 0, 0)])
        .execute();

      await migrateToLatest(db as Kysely<unknown>);
      const rows = await db
        .selectFrom('user_settings')
        .select(['user_id', 'streak_email', 'streak_push', 'digest_email', 'updates_email', 'newsletter_email', 'dark_mode', 'reminders_paused_at'])
        .orderBy('user_id')
        .execute();
      expect(rows).toEqual([
        { user_id: 'a', streak_email: 0, streak_push: 1, digest_email: 0, updates_email: 1, newsletter_email: 1, dark_mode: 1, reminders_paused_at: null },
        { user_id: 'b', streak_email: 1, streak_push: 0, digest_email: 1, updates_email: 0, newsletter_email: 0, dark_mode: 1, reminders_paused_at: null },
      ]);
      // The old columns are gone: nothing can read a switch that no longer means anything.
      await expect(db.selectFrom('user_settings').select('notify_email').execute()).rejects.toThrow();
      // A learner without a row ('c') reads the defaults (server/reminders/reminders.ts): nothing to migrate.
      expect(await db.selectFrom('user_settings').select('user_id').where('user_id', '=', 'c').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
