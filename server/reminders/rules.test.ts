/** The reminder rules on their own: local hours across daylight saving changes, and the pause rule. */
import { describe, expect, it } from 'vitest';
import { atLocalHour, nextDigest, shouldPause, streakReminderDue } from './rules.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('atLocalHour', () => {
  it('follows the zone’s offset on each side of a change', () => {
    expect(iso(atLocalHour('2026-03-28', 19, 'Europe/Berlin'))).toBe('2026-03-28T18:00:00.000Z');
    expect(iso(atLocalHour('2026-03-29', 19, 'Europe/Berlin'))).toBe('2026-03-29T17:00:00.000Z');
    expect(iso(atLocalHour('2026-10-31', 19, 'America/New_York'))).toBe('2026-10-31T23:00:00.000Z');
    expect(iso(atLocalHour('2026-11-01', 19, 'America/New_York'))).toBe('2026-11-02T00:00:00.000Z');
    expect(iso(atLocalHour('2026-11-23', 8, 'Asia/Tokyo'))).toBe('2026-11-22T23:00:00.000Z');
    // 02:00 does not exist in Berlin on 29 March 2026: read with the offset before the change (01:00 there).
    expect(iso(atLocalHour('2026-03-29', 2, 'Europe/Berlin'))).toBe('2026-03-29T00:00:00.000Z');
  });
});

describe('streakReminderDue', () => {
  const berlin = { timeZone: 'Europe/Berlin', dayFloor: null };
  it('is due from 19:00 local while the streak is at risk, for that local day', () => {
    expect(streakReminderDue(Date.parse('2026-11-23T17:59:59Z'), berlin, ['2026-11-22'])).toBeNull();
    expect(streakReminderDue(Date.parse('2026-11-23T18:00:00Z'), berlin, ['2026-11-22'])).toBe('2026-11-23');
    expect(streakReminderDue(Date.parse('2026-11-23T22:59:00Z'), berlin, ['2026-11-22'])).toBe('2026-11-23');
    expect(streakReminderDue(Date.parse('2026-11-23T18:00:00Z'), berlin, ['2026-11-22', '2026-11-23'])).toBeNull();
    expect(streakReminderDue(Date.parse('2026-11-23T18:00:00Z'), berlin, ['2026-11-21'])).toBeNull();
  });
});

describe('nextDigest', () => {
  it('is this Monday’s 08:00 until it went, else next Monday’s', () => {
    const tokyo = { timeZone: 'Asia/Tokyo', dayFloor: null };
    expect(iso(nextDigest(Date.parse('2026-11-22T20:00:00Z'), tokyo, false))).toBe('2026-11-22T23:00:00.000Z');
    expect(iso(nextDigest(Date.parse('2026-11-22T23:30:00Z'), tokyo, true))).toBe('2026-11-29T23:00:00.000Z');
  });
});

describe('shouldPause', () => {
  it('pauses after ignored reminders spanning two weeks, not after one, nor when one was acted on', () => {
    expect(shouldPause(['2026-11-02', '2026-11-10'], ['2026-11-01', '2026-11-09', '2026-11-16'], '2026-11-17')).toBe(true);
    expect(shouldPause(['2026-11-02', '2026-11-10'], [], '2026-11-15')).toBe(false);
    expect(shouldPause(['2026-11-02'], [], '2026-11-30')).toBe(false);
    expect(shouldPause(['2026-11-02', '2026-11-10'], ['2026-11-10'], '2026-11-30')).toBe(false);
    // After the acted-on reminder of 2 November, the ignored ones start on the 10th: two weeks on the 24th.
    expect(shouldPause(['2026-11-02', '2026-11-10', '2026-11-17'], ['2026-11-02'], '2026-11-23')).toBe(false);
    expect(shouldPause(['2026-11-02', '2026-11-10', '2026-11-17'], ['2026-11-02'], '2026-11-24')).toBe(true);
  });
});
