import { describe, expect, it } from 'vitest';
import { customSettings, pausedRemindersSettings, sampleSettings } from '../fixtures';
import { preferencesForPushOn } from './usePushSwitch';

describe('what turning push on saves besides the subscription', () => {
  it('nothing when the account already sends streak reminders by push', () => {
    expect(preferencesForPushOn(sampleSettings)).toBeNull();
  });

  it('the streak push switch on, the other choices as kept, when it was off', () => {
    const off = {
      ...customSettings,
      preferences: { ...customSettings.preferences, notifications: { ...customSettings.preferences.notifications, streakPush: false } },
    };
    expect(preferencesForPushOn(off)).toEqual({ ...customSettings.preferences, notifications: { ...customSettings.preferences.notifications, streakPush: true } });
  });

  it('resumes paused reminders by push only: the email one stays off as the learner sees it', () => {
    expect(preferencesForPushOn(pausedRemindersSettings)?.notifications).toMatchObject({ streakPush: true, streakEmail: false, digestEmail: true });
  });
});
