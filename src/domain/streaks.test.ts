import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  STREAK_RULES,
  WEEKLY_GOAL,
  addDays,
  dailyStreak,
  isDay,
  isValidTimeZone,
  learnerDay,
  localDay,
  msLeftInLearnerDay,
  msLeftToday,
  streakRules,
  weekOf,
  weeklyStreak,
} from './streaks';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('time zones', () => {
  it('accepts real time zone names and UTC by default', () => {
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata', 'Etc/GMT+5']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses an empty name, made-up places and offsets that are not names', () => {
    for (const zone of ['', ' ', 'Mars/Olympus', 'not a zone', 'UTC+5', '+05:00', ' Europe/Berlin', 'Europe/Berlin ', 'x'.repeat(100)]) {
      expect(isValidTimeZone(zone), JSON.stringify(zone)).toBe(false);
    }
  });

  it('will not compute a day in an unknown time zone or from a broken time', () => {
    expect(() => localDay('2026-06-10T12:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => localDay('2026-06-10T12:00:00Z', '')).toThrow(RangeError);
    expect(() => localDay('yesterday-ish', 'UTC')).toThrow(RangeError);
    expect(() => msLeftToday('2026-06-10T12:00:00Z', 'Nowhere/Land')).toThrow(RangeError);
  });
});

describe('a day ends at midnight where the learner is', () => {
  // 23:30 and 00:30 in Berlin (summer time, UTC+2).
  const lateEvening = '2026-06-10T21:30:00Z';
  const justAfterMidnight = '2026-06-10T22:30:00Z';

  it('an event at 23:30 and one at 00:30 local time are two days', () => {
    expect(localDay(lateEvening, 'Europe/Berlin')).toBe('2026-06-10');
    expect(localDay(justAfterMidnight, 'Europe/Berlin')).toBe('2026-06-11');
    const days = [lateEvening, justAfterMidnight].map((at) => localDay(at, 'Europe/Berlin'));
    expect(dailyStreak(days, '2026-06-11')).toMatchObject({ current: 2, activeToday: true });
  });

  it('the same two moments in New York fall on one day', () => {
    const days = [lateEvening, justAfterMidnight].map((at) => localDay(at, 'America/New_York'));
    expect(days).toEqual(['2026-06-10', '2026-06-10']);
    expect(dailyStreak(days, '2026-06-10')).toMatchObject({ current: 1, longest: 1 });
  });

  it('in UTC the day changes at midnight UTC', () => {
    expect(localDay('2026-06-10T23:59:59.999Z', 'UTC')).toBe('2026-06-10');
    expect(localDay('2026-06-11T00:00:00Z', 'UTC')).toBe('2026-06-11');
    expect(localDay('2026-06-11T02:00:00+05:00', 'UTC')).toBe('2026-06-10');
  });

  it('tells how long is left of an ordinary day', () => {
    expect(msLeftToday('2026-06-10T21:30:00Z', 'Europe/Berlin')).toBe(30 * MINUTE);
    expect(msLeftToday('2026-06-10T22:00:00Z', 'Europe/Berlin')).toBe(24 * HOUR);
    expect(msLeftToday('2026-06-10T21:59:59.999Z', 'Europe/Berlin')).toBe(1);
    expect(msLeftToday('2026-06-10T12:00:00Z', 'UTC')).toBe(12 * HOUR);
    expect(msLeftToday('2026-06-10T12:00:00Z', 'Asia/Kolkata')).toBe(6.5 * HOUR);
  });
});

describe('daylight saving time', () => {
  describe('New York springs forward on 8 March 2026 (a 23-hour day)', () => {
    it('the day starts at midnight EST and ends at midnight EDT', () => {
      expect(localDay('2026-03-08T04:59:59.999Z', 'America/New_York')).toBe('2026-03-07');
      expect(localDay('2026-03-08T05:00:00Z', 'America/New_York')).toBe('2026-03-08');
      expect(localDay('2026-03-09T03:59:59.999Z', 'America/New_York')).toBe('2026-03-08');
      expect(localDay('2026-03-09T04:00:00Z', 'America/New_York')).toBe('2026-03-09');
    });

    it('at midnight 23 hours are left, and the lost hour is counted once the clocks change', () => {
      expect(msLeftToday('2026-03-08T05:00:00Z', 'America/New_York')).toBe(23 * HOUR);
      // 01:30 EST, before the change: 22.5 hours on the wall clock, 21.5 really.
      expect(msLeftToday('2026-03-08T06:30:00Z', 'America/New_York')).toBe(21.5 * HOUR);
      // 03:30 EDT, after the change.
      expect(msLeftToday('2026-03-08T07:30:00Z', 'America/New_York')).toBe(20.5 * HOUR);
      // The evening before is an ordinary day.
      expect(msLeftToday('2026-03-08T04:00:00Z', 'America/New_York')).toBe(1 * HOUR);
    });
  });

  describe('New York falls back on 1 November 2026 (a 25-hour day)', () => {
    it('the day starts at midnight EDT and ends at midnight EST', () => {
      expect(localDay('2026-11-01T03:59:59.999Z', 'America/New_York')).toBe('2026-10-31');
      expect(localDay('2026-11-01T04:00:00Z', 'America/New_York')).toBe('2026-11-01');
      expect(localDay('2026-11-02T04:59:59.999Z', 'America/New_York')).toBe('2026-11-01');
      expect(localDay('2026-11-02T05:00:00Z', 'America/New_York')).toBe('2026-11-02');
    });

    it('at midnight 25 hours are left; during the repeated hour the extra hour is still ahead', () => {
      expect(msLeftToday('2026-11-01T04:00:00Z', 'America/New_York')).toBe(25 * HOUR);
      // 01:30 EDT, the first time round.
      expect(msLeftToday('2026-11-01T05:30:00Z', 'America/New_York')).toBe(23.5 * HOUR);
      // 01:30 EST, the second time round.
      expect(msLeftToday('2026-11-01T06:30:00Z', 'America/New_York')).toBe(22.5 * HOUR);
    });
  });

  describe('Berlin springs forward on 29 March 2026 (a 23-hour day)', () => {
    it('the day starts at midnight CET and ends at midnight CEST', () => {
      expect(localDay('2026-03-28T22:59:59.999Z', 'Europe/Berlin')).toBe('2026-03-28');
      expect(localDay('2026-03-28T23:00:00Z', 'Europe/Berlin')).toBe('2026-03-29');
      expect(localDay('2026-03-29T21:59:59.999Z', 'Europe/Berlin')).toBe('2026-03-29');
      expect(localDay('2026-03-29T22:00:00Z', 'Europe/Berlin')).toBe('2026-03-30');
    });

    it('at midnight 23 hours are left', () => {
      expect(msLeftToday('2026-03-28T23:00:00Z', 'Europe/Berlin')).toBe(23 * HOUR);
      // 01:59:59 CET, one second before the clocks jump to 03:00.
      expect(msLeftToday('2026-03-29T00:59:59Z', 'Europe/Berlin')).toBe(21 * HOUR + 1000);
      expect(msLeftToday('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe(21 * HOUR);
    });
  });

  describe('Berlin falls back on 25 October 2026 (a 25-hour day)', () => {
    it('the day starts at midnight CEST and ends at midnight CET', () => {
      expect(localDay('2026-10-24T21:59:59.999Z', 'Europe/Berlin')).toBe('2026-10-24');
      expect(localDay('2026-10-24T22:00:00Z', 'Europe/Berlin')).toBe('2026-10-25');
      expect(localDay('2026-10-25T22:59:59.999Z', 'Europe/Berlin')).toBe('2026-10-25');
      expect(localDay('2026-10-25T23:00:00Z', 'Europe/Berlin')).toBe('2026-10-26');
    });

    it('at midnight 25 hours are left', () => {
      expect(msLeftToday('2026-10-24T22:00:00Z', 'Europe/Berlin')).toBe(25 * HOUR);
      // 02:30 CEST, before the clocks go back to 02:00 CET.
      expect(msLeftToday('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe(22.5 * HOUR);
      // 02:30 CET, after.
      expect(msLeftToday('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe(21.5 * HOUR);
    });
  });

  it('a streak across a short or a long day counts each day once', () => {
    const events = ['2026-03-07T23:00:00Z', '2026-03-08T05:00:00Z', '2026-03-09T03:59:00Z', '2026-03-09T04:00:00Z'];
    const days = events.map((at) => localDay(at, 'America/New_York'));
    expect(days).toEqual(['2026-03-07', '2026-03-08', '2026-03-08', '2026-03-09']);
    expect(dailyStreak(days, '2026-03-09')).toMatchObject({ current: 3, longest: 3, activeToday: true });
  });
});

describe('travelling across time zones', () => {
  it('Tokyo then New York keeps the streak when the local days follow each other', () => {
    // 22:00 on 10 May in Tokyo, then 20:00 on 11 May in New York (already 12 May in UTC).
    const inTokyo = localDay('2026-05-10T13:00:00Z', 'Asia/Tokyo');
    const inNewYork = localDay('2026-05-12T00:00:00Z', 'America/New_York');
    expect([inTokyo, inNewYork]).toEqual(['2026-05-10', '2026-05-11']);
    const today = localDay('2026-05-12T00:30:00Z', 'America/New_York');
    expect(dailyStreak([inTokyo, inNewYork], today)).toMatchObject({ current: 2, activeToday: true, atRisk: false });
    // Counted in UTC alone, the same two moments would be two days apart.
    expect(
      dailyStreak(
        ['2026-05-10T13:00:00Z', '2026-05-12T00:00:00Z'].map((at) => localDay(at, 'UTC')),
        '2026-05-12',
      ).current,
    ).toBe(1);
  });

  it('days already recorded stay as they were after a move; only the new today follows the new zone', () => {
    // Recorded in Berlin: 23:30 on 1, 2 and 3 June.
    const recorded = ['2026-06-01T21:30:00Z', '2026-06-02T21:30:00Z', '2026-06-03T21:30:00Z'].map((at) => localDay(at, 'Europe/Berlin'));
    expect(recorded).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
    // The learner is now in Los Angeles, where it is still 3 June.
    const today = localDay('2026-06-04T05:00:00Z', 'America/Los_Angeles');
    expect(today).toBe('2026-06-03');
    expect(dailyStreak(recorded, today)).toMatchObject({ current: 3, activeToday: true, lastActiveDay: '2026-06-03' });
  });
});

describe('a time zone change cannot create a day', () => {
  // Worked on 1 June (UTC), nothing on 2 June; at 00:30 UTC on 3 June the learner moves to Los
  // Angeles, where it is still 2 June (17:30).
  const moved = '2026-06-03T00:30:00Z';
  const floor = learnerDay(moved, 'UTC');

  it('the day it was stays the learner’s day until the new zone reaches it', () => {
    expect(floor).toBe('2026-06-03');
    expect(localDay(moved, 'America/Los_Angeles')).toBe('2026-06-02');
    expect(learnerDay(moved, 'America/Los_Angeles', floor)).toBe('2026-06-03');
    // Work that evening counts on 3 June: 2 June, over and without work, does not come back.
    expect(dailyStreak(['2026-06-01', learnerDay(moved, 'America/Los_Angeles', floor)], '2026-06-03')).toMatchObject({ current: 1 });
    // The next morning in Los Angeles is 3 June too; the day after, the zone has caught up.
    expect(learnerDay('2026-06-03T16:00:00Z', 'America/Los_Angeles', floor)).toBe('2026-06-03');
    expect(learnerDay('2026-06-04T16:00:00Z', 'America/Los_Angeles', floor)).toBe('2026-06-04');
  });

  it('the held day ends when the new zone’s day of the same date ends', () => {
    // From 17:30 on 2 June in Los Angeles to the end of 3 June there: 30.5 hours.
    expect(msLeftInLearnerDay(moved, 'America/Los_Angeles', floor)).toBe(30.5 * 3_600_000);
    expect(msLeftInLearnerDay(moved, 'America/Los_Angeles', null)).toBe(msLeftToday(moved, 'America/Los_Angeles'));
  });

  it('moving east changes nothing: the new zone is already past the held day', () => {
    expect(learnerDay(moved, 'Asia/Tokyo', floor)).toBe(localDay(moved, 'Asia/Tokyo'));
  });
});

describe('the daily streak', () => {
  it('is zero with no activity at all', () => {
    expect(dailyStreak([], '2026-06-10')).toEqual({ current: 0, longest: 0, activeToday: false, atRisk: false, lastActiveDay: null });
  });

  it('counts consecutive days ending today', () => {
    expect(dailyStreak(['2026-06-08', '2026-06-09', '2026-06-10'], '2026-06-10')).toEqual({
      current: 3,
      longest: 3,
      activeToday: true,
      atRisk: false,
      lastActiveDay: '2026-06-10',
    });
  });

  it('stays alive until today ends, and says it is at risk', () => {
    expect(dailyStreak(['2026-06-08', '2026-06-09'], '2026-06-10')).toEqual({
      current: 2,
      longest: 2,
      activeToday: false,
      atRisk: true,
      lastActiveDay: '2026-06-09',
    });
  });

  it('a whole missed day breaks it', () => {
    expect(dailyStreak(['2026-06-07', '2026-06-08'], '2026-06-10')).toMatchObject({ current: 0, longest: 2, atRisk: false });
    // Active on D and D+2: two separate runs of one day.
    expect(dailyStreak(['2026-06-08', '2026-06-10'], '2026-06-10')).toMatchObject({ current: 1, longest: 1 });
  });

  it('a day with many activities counts once, in whatever order they come', () => {
    const days = ['2026-06-10', '2026-06-09', '2026-06-10', '2026-06-09', '2026-06-10'];
    expect(dailyStreak(days, '2026-06-10')).toMatchObject({ current: 2, longest: 2, lastActiveDay: '2026-06-10' });
  });

  it('remembers the longest streak after the current one broke', () => {
    const days = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05', '2026-06-09', '2026-06-10'];
    expect(dailyStreak(days, '2026-06-10')).toMatchObject({ current: 2, longest: 5 });
  });

  it('runs across the end of a month and of a year, and through 29 February', () => {
    expect(dailyStreak(['2027-12-31', '2028-01-01', '2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01')).toMatchObject({
      current: 3,
      longest: 3,
    });
    expect(dailyStreak(['2026-12-30', '2026-12-31', '2027-01-01'], '2027-01-01').current).toBe(3);
  });

  it('ignores days after today (a clock running ahead)', () => {
    expect(dailyStreak(['2026-06-09', '2026-06-11', '2026-06-12'], '2026-06-10')).toEqual({
      current: 1,
      longest: 1,
      activeToday: false,
      atRisk: true,
      lastActiveDay: '2026-06-09',
    });
  });

  it('refuses something that is not a day', () => {
    expect(() => dailyStreak(['2026-02-30'], '2026-03-01')).toThrow(RangeError);
    expect(() => dailyStreak([], '10/06/2026')).toThrow(RangeError);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-6-1')).toBe(false);
  });
});

describe('weeks run Monday to Sunday', () => {
  it('every day of a week belongs to its Monday', () => {
    // 8 June 2026 is a Monday, 14 June a Sunday.
    for (let i = 0; i < 7; i += 1) expect(weekOf(addDays('2026-06-08', i))).toBe('2026-06-08');
    expect(weekOf('2026-06-07')).toBe('2026-06-01');
    expect(weekOf('2026-06-15')).toBe('2026-06-15');
  });

  it('a week can span two months or two years', () => {
    expect(weekOf('2027-01-01')).toBe('2026-12-28');
    expect(weekOf('2026-03-01')).toBe('2026-02-23');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('the weekly goal', () => {
  // Weeks of 25 May, 1 June and 8 June 2026 (Mondays); today is Wednesday 10 June.
  const today = '2026-06-10';

  it('is 1 to 7 active days a week, 3 unless the learner chooses', () => {
    expect(WEEKLY_GOAL).toEqual({ min: 1, max: 7, default: 3 });
    expect(() => weeklyStreak([], today, 0)).toThrow(RangeError);
    expect(() => weeklyStreak([], today, 8)).toThrow(RangeError);
    expect(() => weeklyStreak([], today, 2.5)).toThrow(RangeError);
  });

  it('is zero with no activity at all', () => {
    expect(weeklyStreak([], today, 3)).toEqual({ current: 0, longest: 0, daysThisWeek: 0, goal: 3, metThisWeek: false, atRisk: false });
  });

  it('counts this week once it has enough active days', () => {
    const days = ['2026-06-01', '2026-06-03', '2026-06-05', '2026-06-08', '2026-06-09', '2026-06-10'];
    expect(weeklyStreak(days, today, 3)).toEqual({ current: 2, longest: 2, daysThisWeek: 3, goal: 3, metThisWeek: true, atRisk: false });
  });

  it('not met yet this week: the streak lives on from last week, at risk', () => {
    const days = ['2026-05-25', '2026-05-26', '2026-05-27', '2026-06-01', '2026-06-03', '2026-06-05', '2026-06-08'];
    expect(weeklyStreak(days, today, 3)).toEqual({ current: 2, longest: 2, daysThisWeek: 1, goal: 3, metThisWeek: false, atRisk: true });
  });

  it('a week short of the goal breaks it', () => {
    const days = ['2026-05-25', '2026-05-26', '2026-05-27', '2026-06-01', '2026-06-02', '2026-06-08'];
    expect(weeklyStreak(days, today, 3)).toMatchObject({ current: 0, longest: 1, metThisWeek: false, atRisk: false });
  });

  it('the same day twice counts once towards the goal', () => {
    const days = ['2026-06-08', '2026-06-08', '2026-06-09', '2026-06-09'];
    expect(weeklyStreak(days, today, 3)).toMatchObject({ daysThisWeek: 2, metThisWeek: false, current: 0 });
  });

  it('Sunday closes a week and Monday starts a new one', () => {
    // Goal 2: Saturday and Sunday 6-7 June meet it; Monday 8 June is a new week.
    const days = ['2026-06-06', '2026-06-07', '2026-06-08'];
    expect(weeklyStreak(days, '2026-06-07', 2)).toMatchObject({ current: 1, daysThisWeek: 2, metThisWeek: true });
    expect(weeklyStreak(days, '2026-06-08', 2)).toMatchObject({ current: 1, daysThisWeek: 1, metThisWeek: false, atRisk: true });
    // Sunday and the next Monday are two weeks with one day each.
    expect(weeklyStreak(['2026-06-07', '2026-06-08'], '2026-06-08', 2)).toMatchObject({ current: 0, longest: 0, daysThisWeek: 1 });
  });

  it('remembers the longest run of weeks', () => {
    const days = ['2026-04-06', '2026-04-13', '2026-04-20', '2026-04-27', '2026-06-08'];
    expect(weeklyStreak(days, today, 1)).toMatchObject({ current: 1, longest: 4, metThisWeek: true });
  });

  it('ignores days after today', () => {
    expect(weeklyStreak(['2026-06-08', '2026-06-11', '2026-06-12'], today, 2)).toMatchObject({ daysThisWeek: 1, metThisWeek: false });
  });
  it('applies from the week it is set: a lower goal does not rewrite past weeks', () => {
    // Two active days in each of the weeks of 25 May and 1 June, under the default goal of 3: not met.
    const days = ['2026-05-25', '2026-05-26', '2026-06-01', '2026-06-02', '2026-06-08', '2026-06-09'];
    expect(weeklyStreak(days, today, 3)).toMatchObject({ current: 0, longest: 0 });
    // Goal 2 set this week: this week is met, the two before stay unmet.
    expect(weeklyStreak(days, today, [{ from: '2026-06-08', goal: 2 }])).toEqual({
      current: 1,
      longest: 1,
      daysThisWeek: 2,
      goal: 2,
      metThisWeek: true,
      atRisk: false,
    });
    // The same goal for every week (what a constant goal means) would have rewritten them.
    expect(weeklyStreak(days, today, 2)).toMatchObject({ current: 3, longest: 3 });
  });

  it('a higher goal does not take back weeks already met', () => {
    const days = ['2026-05-25', '2026-06-01', '2026-06-08'];
    const goals = [
      { from: '0001-01-01', goal: 1 },
      { from: '2026-06-08', goal: 5 },
    ];
    expect(weeklyStreak(days, today, goals)).toMatchObject({ current: 2, longest: 2, goal: 5, metThisWeek: false, atRisk: true });
  });

  it('the last goal set in a week is that week’s; weeks before the first use the default', () => {
    const days = ['2026-05-25', '2026-05-26', '2026-05-27', '2026-06-01', '2026-06-08'];
    const goals = [
      { from: '2026-06-01', goal: 1 },
      { from: '2026-06-08', goal: 7 },
      { from: '2026-06-08', goal: 1 },
    ];
    expect(weeklyStreak(days, today, goals)).toMatchObject({ current: 3, longest: 3, goal: 1 });
    expect(() => weeklyStreak(days, today, [{ from: '2026-06-08', goal: 9 }])).toThrow(RangeError);
  });
});

describe('the rules the learner reads', () => {
  it('say what counts, whose time zone, what breaks a streak and what the weekly goal is', () => {
    expect(STREAK_RULES).toContain(
      'A day counts when you do something for the first time: tick a task, start a project or submit one. Unticking a task and ticking it again, or submitting a project again, does not count a new day.',
    );
    expect(STREAK_RULES).toContain('A new weekly goal counts from the week you set it; past weeks keep the goal they had.');
    expect(STREAK_RULES.some((rule) => rule.includes('a day that is already over does not come back'))).toBe(true);
    expect(STREAK_RULES).toContain('Miss a whole day and the daily streak starts again.');
    expect(STREAK_RULES.some((rule) => rule.startsWith('Days follow your own time zone'))).toBe(true);
    expect(STREAK_RULES).toContain('The weekly goal counts weeks (Monday to Sunday) with at least 3 active days.');
    expect(streakRules(1)).toContain('The weekly goal counts weeks (Monday to Sunday) with at least 1 active day.');
    expect(streakRules(5)).toContain('The weekly goal counts weeks (Monday to Sunday) with at least 5 active days.');
  });
});
