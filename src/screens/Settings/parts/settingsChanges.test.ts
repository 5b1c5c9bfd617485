import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../api/account/contract';
import { emailChanged, settingsChanges, shownNotifications, type SettingsValues } from './settingsChanges';

const saved: Settings = {
  profile: { username: 'Ada Lovelace', email: 'ada@example.com', emailConfirmed: true, pendingEmail: null, hasPassword: true },
  preferences: {
    notifications: { streakEmail: true, streakPush: true, digestEmail: true, updatesEmail: false, newsletterEmail: false },
    darkMode: false,
    publicProfile: false,
  },
  reminders: {
    pausedAt: null,
    nextStreakReminderAt: '2026-03-20T19:30:00.000Z',
    nextDigestAt: '2026-03-23T08:00:00.000Z',
    email: 'ready',
    push: 'ready',
    pushPublicKey: 'BKNudqKQLYaDSHzNL7aRiI-TmhQkqQJ2OrCDqY3eO4DG2PB4UuitKhCM-_KTMB_C-xNeixUhzWbwiLWhc0fffP8',
    pushDevices: 1,
  },
};
/** The form as it starts: the switches as they act. */
const values = (change: (v: SettingsValues) => void = () => {}, from: Settings = saved): SettingsValues => {
  const v: SettingsValues = structuredClone({ profile: from.profile, preferences: { ...from.preferences, notifications: shownNotifications(from) } });
  change(v);
  return v;
};

const paused: Settings = { ...saved, reminders: { ...saved.reminders, pausedAt: '2026-03-16T19:30:00.000Z', nextStreakReminderAt: null } };
const noMail: Settings = { ...saved, reminders: { ...saved.reminders, email: 'not-set-up', push: 'not-set-up', pushPublicKey: null } };

describe('the notification switches as the form shows them', () => {
  it('are the saved choices while the server can send and nothing is paused', () => {
    expect(shownNotifications(saved)).toEqual(saved.preferences.notifications);
  });

  it('are off while this server cannot send their channel, and nothing is saved by opening the form', () => {
    expect(Object.values(shownNotifications(noMail)).some(Boolean)).toBe(false);
    expect(settingsChanges(noMail, values(undefined, noMail))).toEqual({});
  });

  it('keep the choices for a channel the server cannot send when something else is saved', () => {
    const darkMode = settingsChanges(
      noMail,
      values((v) => (v.preferences.darkMode = true), noMail),
    );
    expect(darkMode.preferences?.notifications).toEqual(saved.preferences.notifications);
  });

  it('show paused streak reminders off; turning one on sends it on (resume), the other stays off', () => {
    expect(shownNotifications(paused)).toMatchObject({ streakEmail: false, streakPush: false, digestEmail: true });
    expect(settingsChanges(paused, values(undefined, paused))).toEqual({});
    const resumed = settingsChanges(
      paused,
      values((v) => (v.preferences.notifications.streakEmail = true), paused),
    );
    expect(resumed.preferences?.notifications).toMatchObject({ streakEmail: true, streakPush: false });
    // Saving something else while paused does not resume them.
    const renamed = settingsChanges(
      paused,
      values((v) => (v.preferences.publicProfile = true), paused),
    );
    expect(renamed.preferences?.notifications).toMatchObject({ streakEmail: false, streakPush: false });
  });
});

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
    expect(
      settingsChanges(
        saved,
        values((v) => (v.profile.username = ' Ada King ')),
      ),
    ).toEqual({
      profile: { username: 'Ada King', email: 'ada@example.com' },
    });
    expect(
      settingsChanges(
        saved,
        values((v) => (v.profile.email = 'ada.king@example.com')),
      ),
    ).toEqual({
      profile: { username: 'Ada Lovelace', email: 'ada.king@example.com' },
    });
  });

  it('sends every preference when one of them changed: a notification, Dark Mode or Public Profile', () => {
    const updates = settingsChanges(
      saved,
      values((v) => (v.preferences.notifications.updatesEmail = true)),
    );
    expect(updates).toEqual({ preferences: { ...saved.preferences, notifications: { ...saved.preferences.notifications, updatesEmail: true } } });
    expect(
      settingsChanges(
        saved,
        values((v) => (v.preferences.darkMode = true)),
      ),
    ).toEqual({
      preferences: { ...saved.preferences, darkMode: true },
    });
    expect(
      settingsChanges(
        saved,
        values((v) => (v.preferences.publicProfile = true)),
      ).preferences?.publicProfile,
    ).toBe(true);
  });

  it('sends both when both changed', () => {
    const both = settingsChanges(
      saved,
      values((v) => {
        v.profile.username = 'Ada King';
        v.preferences.notifications.newsletterEmail = true;
      }),
    );
    expect(Object.keys(both).sort()).toEqual(['preferences', 'profile']);
  });

  it('sends the weekly goal alone when the learner picked another one than the goal as kept', () => {
    expect(
      settingsChanges(
        saved,
        values((v) => (v.weeklyGoal = 5)),
        3,
      ),
    ).toEqual({ weeklyGoal: 5 });
    // Picked back to the goal as kept, or never picked: nothing to send.
    expect(
      settingsChanges(
        saved,
        values((v) => (v.weeklyGoal = 3)),
        3,
      ),
    ).toEqual({});
    expect(settingsChanges(saved, values(), 3)).toEqual({});
  });

  it('sends no weekly goal while the goal as kept is not known (it did not load)', () => {
    expect(
      settingsChanges(
        saved,
        values((v) => (v.weeklyGoal = 5)),
      ),
    ).toEqual({});
  });

  it('counts an email as another address (the password is asked for) only when it differs beyond spaces and case', () => {
    expect(emailChanged(saved, ' ADA@example.com ')).toBe(false);
    expect(emailChanged(saved, 'ada.king@example.com')).toBe(true);
  });
});
