/**
 * When reminders go out, as pure rules on the learner's clock (their IANA time zone, and the day
 * floor a time zone change leaves: src/domain/streaks.ts). Nothing here reads the clock or the
 * database. Days are the learner's local days; instants are epoch milliseconds.
 *
 * - Streak at risk: the learner's daily streak would end at their local midnight (it is alive and
 *   they have not worked today): one reminder from STREAK_REMINDER_HOUR local time until
 *   midnight, at most one per local day (period key `streak:<day>`), per channel switched on.
 * - Pausing: reminders that are ignored (no work on the day one was sent) for two weeks pause the
 *   streak reminders: the run of ignored reminders since the last one acted on holds at least
 *   PAUSE_AFTER_IGNORED of them and its first was sent PAUSE_AFTER_DAYS or more days ago.
 * - Weekly digest: from DIGEST_HOUR on the learner's local Monday (period key `digest:<monday>`),
 *   about the week that ended on Sunday; only for a learner who has done some work ever.
 */
import { addDays, dailyStreak, formatterFor, learnerDay, weekOf } from '../../src/domain/streaks.ts';

export const STREAK_REMINDER_HOUR = 19;
export const DIGEST_HOUR = 8;
export const PAUSE_AFTER_DAYS = 14;
export const PAUSE_AFTER_IGNORED = 2;

export type LearnerClock = { timeZone: string; dayFloor: string | null };

function wallClock(epochMs: number, timeZone: string) {
  const formatter = formatterFor(timeZone);
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

/**
 * The instant a local day reaches `hour`:00 in a time zone (daylight saving time respected; an
 * hour the clock skips, which the reminder hours never are, is read with the offset before the change).
 */
export function atLocalHour(day: string, hour: number, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hour);
  let guess = wall;
  // Two corrections settle every zone: the offset at the guess, then at the corrected instant.
  for (let i = 0; i < 3; i += 1) {
    const seen = wallClock(guess, timeZone);
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    const next = guess + (wall - seenWall);
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The learner's day now and the local hour. */
export function learnerNow(nowMs: number, clock: LearnerClock) {
  const nowIso = new Date(nowMs).toISOString();
  return { today: learnerDay(nowIso, clock.timeZone, clock.dayFloor), hour: wallClock(nowMs, clock.timeZone).hour };
}

/** Whether a streak reminder is due now, and for which day: the streak would end tonight and the evening has come. */
export function streakReminderDue(nowMs: number, clock: LearnerClock, activeDays: readonly string[]): string | null {
  const { today } = learnerNow(nowMs, clock);
  if (!dailyStreak(activeDays, today).atRisk) return null;
  return nowMs >= atLocalHour(today, STREAK_REMINDER_HOUR, clock.timeZone) ? today : null;
}

/**
 * When the next streak reminder would go out, or null when none would (no streak alive). Today's
 * evening while the streak is at risk and today's reminder has not gone; else tomorrow's (for a
 * learner who keeps the streak today).
 */
export function nextStreakReminder(nowMs: number, clock: LearnerClock, activeDays: readonly string[], remindedToday: boolean): number | null {
  const { today } = learnerNow(nowMs, clock);
  const streak = dailyStreak(activeDays, today);
  if (streak.current === 0) return null;
  if (streak.atRisk && !remindedToday) return Math.max(nowMs, atLocalHour(today, STREAK_REMINDER_HOUR, clock.timeZone));
  return atLocalHour(addDays(today, 1), STREAK_REMINDER_HOUR, clock.timeZone);
}

/**
 * Which time zones a reminder can be due in now, so a scheduler pass looks only at their learners:
 * the streak reminder from STREAK_REMINDER_HOUR until local midnight, the digest on the local
 * Monday from DIGEST_HOUR. Both read the zone's calendar day; a learner's day floor only moves
 * their day later, which never makes anything due sooner, so nobody due is left out.
 */
export function zonesDueNow(nowMs: number, timeZones: Iterable<string>): { streak: string[]; digest: string[] } {
  const streak: string[] = [];
  const digest: string[] = [];
  for (const zone of new Set(timeZones)) {
    const wall = wallClock(nowMs, zone);
    if (wall.hour >= STREAK_REMINDER_HOUR) streak.push(zone);
    const monday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() === 1;
    if (monday && wall.hour >= DIGEST_HOUR) digest.push(zone);
  }
  return { streak, digest };
}

/** The Monday whose digest is due now (from DIGEST_HOUR on the learner's Monday until it ends), or null. */
export function digestDue(nowMs: number, clock: LearnerClock): string | null {
  const { today } = learnerNow(nowMs, clock);
  if (weekOf(today) !== today) return null;
  return nowMs >= atLocalHour(today, DIGEST_HOUR, clock.timeZone) ? today : null;
}

/** When the next digest would go out: this Monday's morning if it has not gone yet, else next Monday's. */
export function nextDigest(nowMs: number, clock: LearnerClock, sentThisWeek: boolean): number {
  const { today } = learnerNow(nowMs, clock);
  const monday = weekOf(today);
  if (!sentThisWeek && monday === today) return Math.max(nowMs, atLocalHour(today, DIGEST_HOUR, clock.timeZone));
  return atLocalHour(addDays(monday, 7), DIGEST_HOUR, clock.timeZone);
}

/**
 * Whether streak reminders should pause: the reminded days (local days a reminder went out for,
 * before today) since the last one the learner acted on (worked that day) were all ignored, there
 * are at least PAUSE_AFTER_IGNORED of them, and the first is PAUSE_AFTER_DAYS or more days ago.
 */
export function shouldPause(remindedDays: readonly string[], activeDays: readonly string[], today: string): boolean {
  const active = new Set(activeDays);
  const past = [...new Set(remindedDays)].filter((day) => day < today).sort();
  const lastActedOn = past.findLastIndex((day) => active.has(day));
  const ignored = past.slice(lastActedOn + 1);
  const first = ignored[0];
  return ignored.length >= PAUSE_AFTER_IGNORED && first !== undefined && first <= addDays(today, -PAUSE_AFTER_DAYS);
}
