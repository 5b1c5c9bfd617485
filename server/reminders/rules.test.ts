/** The reminder rules on their own: local hours across daylight saving changes, and the pause rule. */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/streaks.ts';
import { atLocalHour, digestDue, learnerNow, nextDigest, shouldPause, streakReminderDue, zonesDueNow } from './rules.ts';

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

describe('zonesDueNow', () => {
  const zones = ['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'Australia/Lord_Howe'];
  it('never leaves out a learner who is due (every quarter hour of two weeks with clock changes, with and without a day floor), and looks at few zones', () => {
    const start = Date.parse('2026-10-19T00:00:00Z'); // two weeks across the end of summer time in Europe and America
    const looked = { streak: 0, digest: 0 };
    let seen = 0;
    for (let at = start; at < start + 14 * 86_400_000; at += 15 * 60_000) {
      const due = zonesDueNow(at, zones);
      looked.streak += due.streak.length;
      looked.digest += due.digest.length;
      seen += zones.length;
      for (const timeZone of zones) {
        for (const dayFloor of [null, learnerNow(at + 86_400_000, { timeZone, dayFloor: null }).today]) {
          const clock = { timeZone, dayFloor };
          const today = learnerNow(at, clock).today;
          if (streakReminderDue(at, clock, [addDays(today, -1)]) !== null) expect(due.streak, `${timeZone} ${iso(at)}`).toContain(timeZone);
          if (digestDue(at, clock) !== null) expect(due.digest, `${timeZone} ${iso(at)}`).toContain(timeZone);
        }
      }
    }
    // An evening of five hours a day (5/24 of the time) and sixteen hours of one Monday a week (16/168).
    expect(looked.streak / seen).toBeCloseTo(5 / 24, 2);
    expect(looked.digest / seen).toBeCloseTo(16 / 168, 2);
  });

  it('names the zones in their evening and on their Monday morning', () => {
    // Monday 23 November 2026, 18:30 UTC: 19:30 in Berlin, 03:30 on Tuesday in Tokyo, 13:30 in New York.
    expect(zonesDueNow(Date.parse('2026-11-23T18:30:00Z'), ['Europe/Berlin', 'Asia/Tokyo', 'America/New_York'])).toEqual({
      streak: ['Europe/Berlin'],
      digest: ['Europe/Berlin', 'America/New_York'],
    });
  });
});
