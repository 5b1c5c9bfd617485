/**
 * The learner's settings (`user_settings`): the notification switches, dark mode, the public
 * profile, the reminders' pause and the learner's unsubscribe id. This module is the table's one
 * writer: Settings saves through `save`, the reminders pause and unsubscribe through the calls
 * below (server/README.md, "Who writes which table").
 */
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, type Preferences } from '../../src/api/account/contract.ts';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Executor } from '../mail/outbox.ts';

const COLUMN_OF = {
  streakEmail: 'streak_email',
  streakPush: 'streak_push',
  digestEmail: 'digest_email',
  updatesEmail: 'updates_email',
  newsletterEmail: 'newsletter_email',
} as const satisfies Record<keyof NotificationPreferences, string>;

const bit = (value: boolean) => (value ? 1 : 0);

export type LearnerSettings = ReturnType<typeof createSettings>;

export function createSettings(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /** The notification switches (the defaults for a learner who never saved any) and the reminders' pause. */
  async function notificationsOf(executor: Executor, userId: string): Promise<NotificationPreferences & { pausedAt: string | null; countedFrom: string | null }> {
    const row = await executor.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES, pausedAt: null, countedFrom: null };
    return {
      streakEmail: row.streak_email === 1,
      streakPush: row.streak_push === 1,
      digestEmail: row.digest_email === 1,
      updatesEmail: row.updates_email === 1,
      newsletterEmail: row.newsletter_email === 1,
      pausedAt: row.reminders_paused_at,
      countedFrom: row.reminders_counted_from,
    };
  }

  /** What Settings shows under Preferences. */
  async function preferencesOf(userId: string): Promise<Preferences> {
    const row = await db.selectFrom('user_settings').select(['dark_mode', 'public_profile']).where('user_id', '=', userId).executeTakeFirst();
    const { streakEmail, streakPush, digestEmail, updatesEmail, newsletterEmail } = await notificationsOf(db, userId);
    return {
      notifications: { streakEmail, streakPush, digestEmail, updatesEmail, newsletterEmail },
      darkMode: row?.dark_mode === 1,
      publicProfile: row?.public_profile === 1,
    };
  }

  /** The learner's settings row, made with the defaults if they never saved one. */
  async function ensureRow(executor: Executor, userId: string) {
    const d = DEFAULT_NOTIFICATION_PREFERENCES;
    await executor
      .insertInto('user_settings')
      .values({
        user_id: userId,
        streak_email: bit(d.streakEmail),
        streak_push: bit(d.streakPush),
        digest_email: bit(d.digestEmail),
        updates_email: bit(d.updatesEmail),
        newsletter_email: bit(d.newsletterEmail),
        dark_mode: 0,
        public_profile: 0,
        updated_at: iso(),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /**
   * Saves what Settings sends. Turning a streak switch on again resumes paused reminders: the
   * pause ends and reminders sent before now no longer count as ignored.
   */
  async function save(executor: Executor, userId: string, next: Preferences) {
    const before = await notificationsOf(executor, userId);
    const { notifications } = next;
    const resumed = (notifications.streakEmail && !before.streakEmail) || (notifications.streakPush && !before.streakPush);
    const values = {
      streak_email: bit(notifications.streakEmail),
      streak_push: bit(notifications.streakPush),
      digest_email: bit(notifications.digestEmail),
      updates_email: bit(notifications.updatesEmail),
      newsletter_email: bit(notifications.newsletterEmail),
      dark_mode: bit(next.darkMode),
      public_profile: bit(next.publicProfile),
      updated_at: iso(),
      ...(resumed ? { reminders_paused_at: null, reminders_counted_from: iso() } : {}),
    };
    await executor
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** The learner's random unsubscribe id (never the user id), made on first use. */
  async function unsubscribeIdOf(executor: Executor, userId: string): Promise<string> {
    await ensureRow(executor, userId);
    await executor
      .updateTable('user_settings')
      .set({ unsubscribe_id: randomBytes(16).toString('base64url') })
      .where('user_id', '=', userId)
      .where('unsubscribe_id', 'is', null)
      .execute();
    const { unsubscribe_id: id } = await executor.selectFrom('user_settings').select('unsubscribe_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return id as string;
  }

  /** Turns one switch off for the learner with this unsubscribe id; false when no learner has it. */
  async function switchOff(unsubscribeId: string, name: keyof NotificationPreferences): Promise<boolean> {
    const updated = await db
      .updateTable('user_settings')
      .set({ [COLUMN_OF[name]]: 0, updated_at: iso() })
      .where('unsubscribe_id', '=', unsubscribeId)
      .executeTakeFirst();
    return updated.numUpdatedRows === 1n;
  }

  /** Pauses streak reminders: the switches go off with the pause, so Settings shows what is true. */
  async function pauseStreakReminders(executor: Executor, userId: string, at: number) {
    await ensureRow(executor, userId);
    await executor
      .updateTable('user_settings')
      .set({ reminders_paused_at: iso(at), streak_email: 0, streak_push: 0, updated_at: iso(at) })
      .where('user_id', '=', userId)
      .execute();
  }

  return { notificationsOf, preferencesOf, save, unsubscribeIdOf, switchOff, pauseStreakReminders };
}
