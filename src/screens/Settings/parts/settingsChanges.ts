import type { Preferences, Settings } from '../../../domain/learningApi';

/** What the form holds: the profile as typed, and every preference. */
export type SettingsValues = { profile: { username: string; email: string }; preferences: Preferences };

/** What Save Changes sends: only the parts that differ from the account as saved. */
export type SettingsChanges = { profile?: { username: string; email: string }; preferences?: Preferences };

const sameNotifications = (a: Preferences['notifications'], b: Preferences['notifications']) =>
  a.email === b.email && a.push === b.push && a.updates === b.updates && a.newsletter === b.newsletter;

/**
 * The changes between the saved settings and the form: the profile (name and email trimmed, the
 * email compared without case, as the API stores it) and the preferences, each whole or not at all.
 */
export function settingsChanges(saved: Settings, values: SettingsValues): SettingsChanges {
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
  return changes;
}
