/**
 * Property tests (fast-check): over random sets of active days and a random today, the streak rules
 * agree with a plain day-by-day recomputation written here, independently of src/domain/streaks.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyStreak, learnerDay, localDay, msLeftToday, WEEKLY_GOAL, weekOf, weeklyStreak, type WeeklyGoalChange } from './streaks';

const NUM_RUNS = 300;
const MS_PER_DAY = 86_400_000;
// A window of about two years, starting on Monday 6 January 2025; today may fall a little after it.
const WINDOW_START = Date.UTC(2025, 0, 6);
const WINDOW_DAYS = 730;

const dayAt = (offset: number) => new Date(WINDOW_START + offset * MS_PER_DAY).toISOString().slice(0, 10);

/** Walks from the start of the window to today, one day at a time. */
function eachDayUntil(today: string): string[] {
  const days: string[] = [];
  const date = new Date(WINDOW_START);
  for (;;) {
    const day = date.toISOString().slice(0, 10);
    if (day > today) return days;
    days.push(day);
    date.setUTCDate(date.getUTCDate() + 1);
  }
}

function bruteDaily(activityDays: string[], today: string) {
  const active = new Set(activityDays.filter((day) => day <= today));
  let run = 0;
  let longest = 0;
  let lastActiveDay: string | null = null;
  for (const day of eachDayUntil(today)) {
    if (active.has(day)) {
      run += 1;
      lastActiveDay = day;
    } else {
      run = 0;
    }
    longest = Math.max(longest, run);
  }
  const activeToday = active.has(today);
  // Walk back from today (or from yesterday while today is not active yet).
  const walk = eachDayUntil(today).reverse();
  if (!activeToday) walk.shift();
  let current = 0;
  for (const day of walk) {
    if (!active.has(day)) break;
    current += 1;
  }
  return { current, longest, activeToday, atRisk: !activeToday && current > 0, lastActiveDay };
}

/** The goal of the week starting on `monday`: the last one set on or before it (a list in the order set), else the default. */
function goalOn(goals: number | WeeklyGoalChange[], monday: string): number {
  if (typeof goals === 'number') return goals;
  let goal: number = WEEKLY_GOAL.default;
  let from = '';
  for (const change of goals) {
    if (change.from <= monday && change.from >= from) {
      goal = change.goal;
      from = change.from;
    }
  }
  return goal;
}

function bruteWeekly(activityDays: string[], today: string, goals: number | WeeklyGoalChange[]) {
  const active = new Set(activityDays.filter((day) => day <= today));
  // Weeks as counts of active days, a new week on every Monday (the window starts on one).
  const weeks: number[] = [];
  const mondays: string[] = [];
  for (const day of eachDayUntil(today)) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1) {
      weeks.push(0);
      mondays.push(day);
    }
    if (active.has(day)) weeks[weeks.length - 1] = (weeks[weeks.length - 1] ?? 0) + 1;
  }
  const met = weeks.map((days, i) => days >= goalOn(goals, mondays[i] as string));
  const goal = goalOn(goals, mondays.at(-1) as string);
  let run = 0;
  let longest = 0;
  for (const ok of met) {
    run = ok ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const metThisWeek = met.at(-1) ?? false;
  let current = 0;
  for (let i = met.length - (metThisWeek ? 1 : 2); i >= 0 && met[i]; i -= 1) current += 1;
  return { current, longest, daysThisWeek: weeks.at(-1) ?? 0, goal, metThisWeek, atRisk: !metThisWeek && current > 0 };
}

// Dense clusters make long runs likely; repeats and any order are allowed.
const activity = fc.oneof(
  fc.array(fc.integer({ min: 0, max: WINDOW_DAYS }), { maxLength: 120 }),
  fc
    .tuple(fc.integer({ min: 0, max: WINDOW_DAYS - 60 }), fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 80 }))
    .map(([start, offsets]) => offsets.map((offset) => start + offset)),
);
const todayOffset = fc.oneof(fc.integer({ min: 0, max: WINDOW_DAYS + 30 }), fc.integer({ min: 0, max: 90 }));

describe('streaks agree with a day-by-day count', () => {
  it('the daily streak', () => {
    fc.assert(
      fc.property(activity, todayOffset, (offsets, todayAt) => {
        const days = offsets.map(dayAt);
        const today = dayAt(todayAt);
        const streak = dailyStreak(days, today);
        expect(streak).toEqual(bruteDaily(days, today));
        expect(streak.longest).toBeGreaterThanOrEqual(streak.current);
        expect(streak.current).toBeLessThanOrEqual(new Set(days).size);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('the weekly streak, for every goal', () => {
    fc.assert(
      fc.property(activity, todayOffset, fc.integer({ min: 1, max: 7 }), (offsets, todayAt, goal) => {
        const days = offsets.map(dayAt);
        const today = dayAt(todayAt);
        const streak = weeklyStreak(days, today, goal);
        expect(streak).toEqual(bruteWeekly(days, today, goal));
        expect(streak.longest).toBeGreaterThanOrEqual(streak.current);
        expect(streak.current).toBeLessThanOrEqual(new Set(days).size);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('the weekly streak, for goals set over time (each from the week it was set)', () => {
    const changes = fc.array(fc.record({ week: fc.integer({ min: 0, max: Math.floor(WINDOW_DAYS / 7) }), goal: fc.integer({ min: 1, max: 7 }) }), { maxLength: 8 });
    fc.assert(
      fc.property(activity, todayOffset, changes, (offsets, todayAt, set) => {
        const days = offsets.map(dayAt);
        const today = dayAt(todayAt);
        const goals = set.map(({ week, goal }) => ({ from: dayAt(week * 7), goal }));
        expect(weeklyStreak(days, today, goals)).toEqual(bruteWeekly(days, today, goals));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('a goal set this week leaves the streak as it stood at the end of last week', () => {
    fc.assert(
      fc.property(
        activity,
        fc.integer({ min: 7, max: WINDOW_DAYS }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        (offsets, todayAt, before, after) => {
          const days = offsets.map(dayAt);
          const today = dayAt(todayAt);
          const lastSunday = dayAt(todayAt - ((todayAt % 7) + 1));
          const earlier = [{ from: '0001-01-01', goal: before }];
          const changed = [...earlier, { from: weekOf(today), goal: after }];
          expect(weeklyStreak(days, lastSunday, changed)).toEqual(weeklyStreak(days, lastSunday, earlier));
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('a time zone change never gives the learner a day before the one it was when they moved', () => {
    const zones = ['UTC', 'Pacific/Kiritimati', 'Etc/GMT+12', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Chatham', 'America/St_Johns'];
    fc.assert(
      fc.property(
        fc.integer({ min: WINDOW_START, max: WINDOW_START + WINDOW_DAYS * MS_PER_DAY }),
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        fc.array(fc.integer({ min: 0, max: 3 * MS_PER_DAY }), { minLength: 1, maxLength: 6 }),
        (movedAt, from, to, laters) => {
          const floor = learnerDay(new Date(movedAt).toISOString(), from);
          const after = [...laters].sort((a, b) => a - b).map((later) => learnerDay(new Date(movedAt + later).toISOString(), to, floor));
          for (const [i, day] of after.entries()) {
            expect(day >= floor).toBe(true);
            // Days never go backwards as time goes on.
            if (i > 0) expect(day >= (after[i - 1] as string)).toBe(true);
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('a week starts on the Monday on or before the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: WINDOW_DAYS }), (offset) => {
        const day = dayAt(offset);
        const monday = weekOf(day);
        const gap = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / MS_PER_DAY;
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(7);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('around the moments the clocks change', () => {
    // [zone, the moment its clocks change]; Santiago skips midnight itself (00:00 → 01:00).
    const changes: [string, string][] = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Europe/Berlin', '2026-03-29T01:00:00Z'],
      ['Europe/Berlin', '2026-10-25T01:00:00Z'],
      ['America/Santiago', '2025-09-07T04:00:00Z'],
      ['America/Santiago', '2026-04-05T03:00:00Z'],
      ['Australia/Lord_Howe', '2025-10-04T15:30:00Z'],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...changes), fc.integer({ min: -36 * 3_600_000, max: 36 * 3_600_000 }), ([zone, change], shift) => {
        const now = Date.parse(change) + shift;
        const nowIso = new Date(now).toISOString();
        const left = msLeftToday(nowIso, zone);
        expect(left).toBeGreaterThan(0);
        expect(localDay(new Date(now + left - 1).toISOString(), zone)).toBe(localDay(nowIso, zone));
        expect(localDay(new Date(now + left).toISOString(), zone) > localDay(nowIso, zone)).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('the time left today ends exactly where the local day changes', () => {
  const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Chatham'];

  it('in many zones and at any moment, including the days the clocks change', () => {
    fc.assert(
      fc.property(fc.integer({ min: WINDOW_START, max: WINDOW_START + WINDOW_DAYS * MS_PER_DAY }), fc.constantFrom(...zones), (now, zone) => {
        const nowIso = new Date(now).toISOString();
        const left = msLeftToday(nowIso, zone);
        const today = localDay(nowIso, zone);
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(25 * 3_600_000);
        expect(localDay(new Date(now + left - 1).toISOString(), zone)).toBe(today);
        expect(localDay(new Date(now + left).toISOString(), zone) > today).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
