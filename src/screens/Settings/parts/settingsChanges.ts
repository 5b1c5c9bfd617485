import type { Preferences, Settings } from '../../../domain/learningApi';

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

const sameNotifications = (a: Preferences['notifications'], b: Preferences['notifications']) =>
  (Object.keys(a) as (keyof Preferences['notifications'])[]).every((key) => a[key] === b[key]);

/**
 * The changes between the saved settings and the form: the profile (name and email trimmed, the
 * email compared without case, as the API stores it), the preferences, each whole or not at all,
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
  if (!sameNotifications(p.notifications, s.notifications) || p.darkMode !== s.darkMode || p.publicProfile !== s.publicProfile) {
    changes.preferences = { notifications: { ...p.notifications }, darkMode: p.darkMode, publicProfile: p.publicProfile };
  }
  if (values.weeklyGoal !== undefined && savedWeeklyGoal !== undefined && values.weeklyGoal !== savedWeeklyGoal) {
    changes.weeklyGoal = values.weeklyGoal;
  }
  return changes;
}
