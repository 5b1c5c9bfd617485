import type { NotificationPreferences, Preferences, Settings } from '../../../api/account/contract';

/**
 * What the form holds: the profile as typed, every preference, and the weekly goal the learner
 * picked (undefined until they pick one: the field shows the goal as kept).
 */
export type SettingsValues = { profile: { username: string; email: string }; preferences: Preferences; weeklyGoal?: number };

/**
 * What Save Changes sends: only the parts that differ from the account as saved. A new email
 * carries the current password (the screen adds it): it waits for the new address's link.
 */
export type SettingsChanges = { profile?: { username: string; email: string; currentPassword?: string }; preferences?: Preferences; weeklyGoal?: number };

/** True when the typed email is another address than the account's (spaces and case aside). */
export const emailChanged = (saved: Settings, typed: string) => typed.trim().toLowerCase() !== saved.profile.email.toLowerCase();

const NOTIFICATION_KEYS = ['streakEmail', 'streakPush', 'digestEmail', 'updatesEmail', 'newsletterEmail'] as const;

/**
 * The notification switches as they act, which is how the form shows them: off while this server
 * cannot send their channel, and the streak ones off while streak reminders are paused.
 */
export function shownNotifications({ preferences, reminders }: Settings): NotificationPreferences {
  const n = preferences.notifications;
  const email = reminders.email === 'ready';
  const streak = reminders.pausedAt === null;
  return {
    streakEmail: email && streak && n.streakEmail,
    streakPush: reminders.push === 'ready' && streak && n.streakPush,
    digestEmail: email && n.digestEmail,
    updatesEmail: email && n.updatesEmail,
    newsletterEmail: email && n.newsletterEmail,
  };
}

/**
 * The notification switches a save sends: each one the learner changed as they left it; the rest
 * as kept (a channel this server cannot send keeps the learner's choice for when it can), except
 * that paused streak reminders are sent off, so a streak switch that arrives on means "resume".
 */
export function notificationsToSend(saved: Settings, changed: Partial<NotificationPreferences> = {}): NotificationPreferences {
  const kept = { ...saved.preferences.notifications };
  if (saved.reminders.pausedAt !== null) {
    kept.streakEmail = false;
    kept.streakPush = false;
  }
  return { ...kept, ...changed };
}

/**
 * The changes between the saved settings and the form: the profile (name and email trimmed, the
 * email compared without case, as the API stores it), the preferences, each whole or not at all
 * (the notification switches compared as the form shows them: `shownNotifications`),
 * and the weekly goal when the learner picked one other than `savedWeeklyGoal` (the goal as kept;
 * undefined while it is not known, and then nothing about it is sent).
 */
export function settingsChanges(saved: Settings, values: SettingsValues, savedWeeklyGoal?: number): SettingsChanges {
  const username = values.profile.username.trim();
  const email = values.profile.email.trim();
  const changes: SettingsChanges = {};
  if (username !== saved.profile.username || email.toLowerCase() !== saved.profile.email.toLowerCase()) {
    changes.profile = { username, email };
  }
  const p = values.preferences;
  const s = saved.preferences;
  const shown = shownNotifications(saved);
  const changed: Partial<NotificationPreferences> = {};
  for (const key of NOTIFICATION_KEYS) if (p.notifications[key] !== shown[key]) changed[key] = p.notifications[key];
  if (Object.keys(changed).length > 0 || p.darkMode !== s.darkMode || p.publicProfile !== s.publicProfile) {
    changes.preferences = { notifications: notificationsToSend(saved, changed), darkMode: p.darkMode, publicProfile: p.publicProfile };
  }
  if (values.weeklyGoal !== undefined && savedWeeklyGoal !== undefined && values.weeklyGoal !== savedWeeklyGoal) {
    changes.weeklyGoal = values.weeklyGoal;
  }
  return changes;
}
