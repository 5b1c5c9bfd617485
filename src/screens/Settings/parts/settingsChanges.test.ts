import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../domain/learningApi';
import { notSetUpReminders } from '../../../fixtures/settings';
import { emailChanged, settingsChanges, type SettingsValues } from './settingsChanges';

const saved: Settings = {
  profile: { username: 'Ada Lovelace', email: 'ada@example.com', emailConfirmed: true, pendingEmail: null, hasPassword: true },
  preferences: { notifications: { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: false, newsletterEmail: true }, darkMode: false, publicProfile: false },
  reminders: notSetUpReminders,
};
const values = (change: (v: SettingsValues) => void = () => {}): SettingsValues => {
  const v: SettingsValues = structuredClone({ profile: saved.profile, preferences: saved.preferences });
  change(v);
  return v;
};

describe('settingsChanges (Save Changes sends only what changed)', () => {
  it('is empty when nothing differs, ignoring surrounding spaces and the email’s case', () => {
    expect(settingsChanges(saved, values())).toEqual({});
    expect(
      settingsChanges(
        saved,
        values((v) => {
          v.profile = { username: '  Ada Lovelace ', email: ' ADA@example.com ' };
        }),
      ),
    ).toEqual({});
  });

  it('sends the profile, trimmed, when the name or the email changed', () => {
    expect(settingsChanges(saved, values((v) => (v.profile.username = ' Ada King ')))).toEqual({
      profile: { username: 'Ada King', email: 'ada@example.com' },
    });
    expect(settingsChanges(saved, values((v) => (v.profile.email = 'ada.king@example.com')))).toEqual({
      profile: { username: 'Ada Lovelace', email: 'ada.king@example.com' },
    });
  });

  it('sends every preference when one of them changed: a notification, Dark Mode or Public Profile', () => {
    const updates = settingsChanges(saved, values((v) => (v.preferences.notifications.updatesEmail = true)));
    expect(updates).toEqual({ preferences: { ...saved.preferences, notifications: { ...saved.preferences.notifications, updatesEmail: true } } });
    expect(settingsChanges(saved, values((v) => (v.preferences.darkMode = true)))).toEqual({
      preferences: { ...saved.preferences, darkMode: true },
    });
    expect(settingsChanges(saved, values((v) => (v.preferences.publicProfile = true))).preferences?.publicProfile).toBe(true);
  });

  it('sends both when both changed', () => {
    const both = settingsChanges(
      saved,
      values((v) => {
        v.profile.username = 'Ada King';
        v.preferences.notifications.newsletterEmail = false;
      }),
    );
    expect(Object.keys(both).sort()).toEqual(['preferences', 'profile']);
  });

  it('sends the weekly goal alone when the learner picked another one than the goal as kept', () => {
    expect(settingsChanges(saved, values((v) => (v.weeklyGoal = 5)), 3)).toEqual({ weeklyGoal: 5 });
    // Picked back to the goal as kept, or never picked: nothing to send.
    expect(settingsChanges(saved, values((v) => (v.weeklyGoal = 3)), 3)).toEqual({});
    expect(settingsChanges(saved, values(), 3)).toEqual({});
  });

  it('sends no weekly goal while the goal as kept is not known (it did not load)', () => {
    expect(settingsChanges(saved, values((v) => (v.weeklyGoal = 5)))).toEqual({});
  });

  it('counts an email as another address (the password is asked for) only when it differs beyond spaces and case', () => {
    expect(emailChanged(saved, ' ADA@example.com ')).toBe(false);
    expect(emailChanged(saved, 'ada.king@example.com')).toBe(true);
  });
});
