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
