/** How the product writes numbers (one place: the same figure never looks different on two screens). */
const integer = new Intl.NumberFormat('en-US');

/** 12450 → "12,450". */
export const formatNumber = (value: number): string => integer.format(value);

/** 1200 → "1,200 XP". */
export const formatXp = (value: number): string => `${integer.format(value)} XP`;

/** 1 → "1 week", 3 → "3 weeks". */
export const formatWeeks = (weeks: number): string => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;

/** An ISO time as a date a learner reads: "20 March 2026" (UTC, so every screen and screenshot agrees). */
export const formatDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/**
 * A time left, rounded down to the minute (never more time than there is): 18720000 → "5 h 12 min",
 * 21600000 → "6 h", 720000 → "12 min", under a minute → "less than a minute".
 */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes === 0) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** An ISO time as the day and clock time in a time zone: "20 March at 19:40" (24-hour clock). */
export const formatTime = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
const localTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO time as the learner reads it on their own clock: "Friday 20 March, 19:30 GMT" in
 * Europe/London, "Sunday 29 March, 20:30 BST" once summer time has begun. The zone's short name
 * comes last so a learner away from home sees which clock it means.
 */
export function formatLocalTime(iso: string, timeZone: string): string {
  let formatter = localTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    localTimeFormatters.set(timeZone, formatter);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatter.formatToParts(new Date(iso))) part[type] = value;
  return `${part.weekday} ${part.day} ${part.month}, ${part.hour}:${part.minute} ${part.timeZoneName}`;
}
