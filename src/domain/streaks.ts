/**
 * Streaks for project work: pure rules shared by the API, which computes a learner's
 * streaks (the browser never does so alone), and the browser, which shows them.
 *
 * Days are the learner's local days ('YYYY-MM-DD'). An activity (a task ticked for the first time
 * ever, a project started or submitted for the first time) is stored with the local day computed
 * when it happened, in the time zone the learner had then: travelling changes the days to come,
 * never the days already recorded, and never brings back a day already over (learnerDay).
 *
 * Nothing here reads the clock: every function takes the time it needs. Arithmetic on days is
 * done in UTC (Date.UTC), so it never depends on the machine's own time zone.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** How many active days a week the weekly goal asks for (projects last 1–4 weeks). */
export const WEEKLY_GOAL = { min: 1, max: 7, default: 3 } as const;

const MS_PER_DAY = 86_400_000;

// An IANA name ("Europe/Berlin", "Etc/GMT+5", "UTC"); offsets such as "+05:00" are not names
// (some engines accept them, others do not, and they know nothing of daylight saving time).
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;
const TIME_ZONE_MAX_LENGTH = 64;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per time zone: its parts are the wall clock there (24-hour, Gregorian, Latin digits). */
export function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name Intl knows (IANA, e.g. "Europe/Berlin"); false for '' and junk. */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length > TIME_ZONE_MAX_LENGTH || !TIME_ZONE_SHAPE.test(timeZone)) {
    return false;
  }
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function localParts(epochMs: number, timeZone: string): LocalParts {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${JSON.stringify(timeZone)}`);
  const parts: LocalParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type in parts) parts[part.type as keyof LocalParts] = Number(part.value);
  }
  return parts;
}

function parseInstant(instantIso: string): number {
  const epochMs = Date.parse(instantIso);
  if (Number.isNaN(epochMs)) throw new RangeError(`Not an instant: ${JSON.stringify(instantIso)}`);
  return epochMs;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

function formatDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The local day ('YYYY-MM-DD') of an instant in a time zone. Throws a RangeError on a bad instant or zone. */
export function localDay(instantIso: string, timeZone: string): string {
  const { year, month, day } = localParts(parseInstant(instantIso), timeZone);
  return formatDay(year, month, day);
}

function localDayOf(epochMs: number, timeZone: string): string {
  const { year, month, day } = localParts(epochMs, timeZone);
  return formatDay(year, month, day);
}

/**
 * The learner's day at an instant: the local day in their time zone, but never before `notBefore`,
 * the day it was where they were when they last changed time zone. Moving west puts the clock
 * back; the day it was stays until the new zone reaches it, so a move never brings back a day that
 * was already over (and had no work): a time zone change cannot create a day.
 */
export function learnerDay(instantIso: string, timeZone: string, notBefore: string | null = null): string {
  const day = localDay(instantIso, timeZone);
  return notBefore !== null && notBefore > day ? notBefore : day;
}

/** Milliseconds until the learner's day (learnerDay) ends: after the day `notBefore` where they are now. */
export function msLeftInLearnerDay(nowIso: string, timeZone: string, notBefore: string | null = null): number {
  let left = msLeftToday(nowIso, timeZone);
  let day = localDay(nowIso, timeZone);
  // A zone is at most about a day behind the one left: a couple of steps at most.
  while (notBefore !== null && day < notBefore) {
    const next = new Date(parseInstant(nowIso) + left).toISOString();
    left += msLeftToday(next, timeZone);
    day = localDay(next, timeZone);
  }
  return left;
}

/**
 * Milliseconds from `nowIso` until the learner's day ends (the next local midnight, or the first
 * instant of the next local day where midnight is skipped). Daylight saving time is respected: a
 * day can last 23 or 25 hours.
 */
export function msLeftToday(nowIso: string, timeZone: string): number {
  const now = parseInstant(nowIso);
  const local = localParts(now, timeZone);
  const today = formatDay(local.year, local.month, local.day);
  const startsNextDay = (epochMs: number) => localDayOf(epochMs, timeZone) !== today;

  // Usually the clock does not change before midnight: what the wall clock says is left.
  const wallMsToday = ((local.hour * 60 + local.minute) * 60 + local.second) * 1000 + (((now % 1000) + 1000) % 1000);
  const guess = now + MS_PER_DAY - wallMsToday;
  if (guess > now && startsNextDay(guess) && !startsNextDay(guess - 1)) return guess - now;

  // The clock changes before midnight: find the first instant of the next day (within 48 h).
  let before = now;
  let after = now + 2 * MS_PER_DAY;
  while (after - before > 1) {
    const middle = before + Math.floor((after - before) / 2);
    if (startsNextDay(middle)) after = middle;
    else before = middle;
  }
  return after - now;
}

// ---- Days as numbers (days since 1970-01-01, in UTC) ----

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(day: string): number {
  const match = DAY_SHAPE.exec(day);
  if (match) {
    const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const epochMs = Date.UTC(year, month - 1, date);
    const back = new Date(epochMs);
    if (back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date) {
      return epochMs / MS_PER_DAY;
    }
  }
  throw new RangeError(`Not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
}

function dayFromNumber(number: number): string {
  const date = new Date(number * MS_PER_DAY);
  return formatDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** The day `days` days after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return dayFromNumber(dayNumber(day) + days);
}

function mondayOf(number: number): number {
  // 1970-01-01 was a Thursday: three days after a Monday.
  return number - ((((number + 3) % 7) + 7) % 7);
}

/** The Monday ('YYYY-MM-DD') of the week (Monday to Sunday) that holds `day`. */
export function weekOf(day: string): string {
  return dayFromNumber(mondayOf(dayNumber(day)));
}

/** Distinct day numbers up to and including today (later days come from clock skew and are ignored), ascending. */
function activeDayNumbers(activityDays: readonly string[], todayNumber: number): number[] {
  const numbers = new Set<number>();
  for (const day of activityDays) {
    const number = dayNumber(day);
    if (number <= todayNumber) numbers.add(number);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** The longest run of consecutive values (each `step` after the previous one) in ascending distinct numbers. */
function longestRun(sorted: readonly number[], step: number): number {
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const value of sorted) {
    run = value - previous === step ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = value;
  }
  return longest;
}

/** How many consecutive values of `active`, stepping back by `step`, end at `last`. */
function runEndingAt(active: ReadonlySet<number>, last: number, step: number): number {
  let run = 0;
  while (active.has(last - run * step)) run += 1;
  return run;
}

export type DailyStreak = {
  /** Consecutive active days ending today, or ending yesterday while today is not active yet. */
  current: number;
  /** The longest run of consecutive active days ever (at least `current`). */
  longest: number;
  activeToday: boolean;
  /** The streak is alive but ends with today unless the learner is active before midnight. */
  atRisk: boolean;
  lastActiveDay: string | null;
};

/**
 * The daily streak from the learner's active days (they may repeat and come in any order) and the
 * learner's today. A streak lives until today ends; one whole missed day breaks it.
 */
export function dailyStreak(activityDays: readonly string[], today: string): DailyStreak {
  const todayNumber = dayNumber(today);
  const sorted = activeDayNumbers(activityDays, todayNumber);
  const active = new Set(sorted);
  const activeToday = active.has(todayNumber);
  const current = runEndingAt(active, activeToday ? todayNumber : todayNumber - 1, 1);
  const last = sorted.at(-1);
  return {
    current,
    longest: longestRun(sorted, 1),
    activeToday,
    atRisk: !activeToday && current > 0,
    lastActiveDay: last === undefined ? null : dayFromNumber(last),
  };
}

export type WeeklyStreak = {
  /** Consecutive weeks that met the goal, ending this week if met, else ending last week. */
  current: number;
  /** The longest run of consecutive weeks that met the goal (at least `current`). */
  longest: number;
  /** Distinct active days so far this week (Monday to today). */
  daysThisWeek: number;
  goal: number;
  metThisWeek: boolean;
  /** The streak is alive but ends with this week unless the goal is met by Sunday. */
  atRisk: boolean;
};

function checkGoal(goal: number): void {
  if (!Number.isInteger(goal) || goal < WEEKLY_GOAL.min || goal > WEEKLY_GOAL.max) {
    throw new RangeError(`The weekly goal is ${WEEKLY_GOAL.min} to ${WEEKLY_GOAL.max} days, not ${goal}`);
  }
}

/**
 * A weekly goal the learner set, and the week it applies from: the Monday ('YYYY-MM-DD') of the
 * week it was set in (or any earlier day, for a goal that applies to every week before later ones).
 */
export type WeeklyGoalChange = { from: string; goal: number };

/**
 * The goal of each week (by its Monday's number): the last goal set in or before that week; the
 * default before the first. A goal applies from the week it is set, so changing it never rewrites
 * whether a past week was met.
 */
function goalOfWeek(goals: number | readonly WeeklyGoalChange[]): (monday: number) => number {
  if (typeof goals === 'number') {
    checkGoal(goals);
    return () => goals;
  }
  const changes = [...goals].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (const change of changes) checkGoal(change.goal);
  return (monday) => {
    const day = dayFromNumber(monday);
    let goal: number = WEEKLY_GOAL.default;
    for (const change of changes) {
      if (change.from > day) break;
      goal = change.goal;
    }
    return goal;
  };
}

/**
 * The weekly streak: weeks run Monday to Sunday (local), and a week counts when it has at least
 * as many distinct active days as its goal: one goal for every week, or the goals the learner set
 * (each from the week it was set). This week can still be met until Sunday ends.
 */
export function weeklyStreak(activityDays: readonly string[], today: string, goals: number | readonly WeeklyGoalChange[]): WeeklyStreak {
  const goalOf = goalOfWeek(goals);
  const todayNumber = dayNumber(today);
  const daysPerWeek = new Map<number, number>();
  for (const number of activeDayNumbers(activityDays, todayNumber)) {
    const monday = mondayOf(number);
    daysPerWeek.set(monday, (daysPerWeek.get(monday) ?? 0) + 1);
  }
  const metWeeks = [...daysPerWeek].filter(([monday, days]) => days >= goalOf(monday)).map(([monday]) => monday);
  const met = new Set(metWeeks);
  const thisWeek = mondayOf(todayNumber);
  const goal = goalOf(thisWeek);
  const metThisWeek = met.has(thisWeek);
  const current = runEndingAt(met, metThisWeek ? thisWeek : thisWeek - 7, 7);
  return {
    current,
    longest: longestRun(
      metWeeks.sort((a, b) => a - b),
      7,
    ),
    daysThisWeek: daysPerWeek.get(thisWeek) ?? 0,
    goal,
    metThisWeek,
    atRisk: !metThisWeek && current > 0,
  };
}

/** The rules in the learner's words, for the weekly goal `goal` (the UI shows them). */
export function streakRules(goal: number = WEEKLY_GOAL.default): string[] {
  checkGoal(goal);
  return [
    'A day counts when you do something for the first time: tick a task, start a project or submit one. Unticking a task and ticking it again, or submitting a project again, does not count a new day.',
    'Days follow your own time zone: a day ends at midnight where you are.',
    'If you move to another time zone, only the days to come follow it; days already counted stay as they were, and a day that is already over does not come back.',
    'Your daily streak is the number of days in a row you were active. It stays alive until the end of today.',
    'Miss a whole day and the daily streak starts again.',
    `The weekly goal counts weeks (Monday to Sunday) with at least ${goal} active ${goal === 1 ? 'day' : 'days'}.`,
    'A new weekly goal counts from the week you set it; past weeks keep the goal they had.',
  ];
}

/** The rules for the default weekly goal. */
export const STREAK_RULES: string[] = streakRules();

/** PUT /learning/clock's refusals. */
export const xpMessages = {
  timeZone: 'That is not a time zone PathForge knows.',
  timeZoneTooSoon: 'Your time zone can change once a day; it stays as it is for now.',
} as const;
