import { describe, expect, it } from 'vitest';
import { formatDuration, formatLocalTime, formatTime } from './format';

const minute = 60_000;
const hour = 60 * minute;

describe('formatDuration (time left today)', () => {
  it('writes hours and minutes', () => {
    expect(formatDuration(5 * hour + 12 * minute)).toBe('5 h 12 min');
    expect(formatDuration(23 * hour + 59 * minute)).toBe('23 h 59 min');
  });

  it('leaves out a zero part', () => {
    expect(formatDuration(6 * hour)).toBe('6 h');
    expect(formatDuration(12 * minute)).toBe('12 min');
  });

  it('rounds down to the minute: never more time than there is', () => {
    expect(formatDuration(5 * hour + 12 * minute + 59_999)).toBe('5 h 12 min');
    expect(formatDuration(hour - 1)).toBe('59 min');
  });

  it('under a minute, or nothing left, says so', () => {
    expect(formatDuration(59_999)).toBe('less than a minute');
    expect(formatDuration(0)).toBe('less than a minute');
    expect(formatDuration(-5)).toBe('less than a minute');
  });
});

describe('formatTime (when something opens again)', () => {
  it('writes the day and the 24-hour time in the given time zone', () => {
    expect(formatTime('2026-03-20T18:40:00.000Z', 'UTC')).toBe('20 March at 18:40');
    expect(formatTime('2026-03-20T18:40:00.000Z', 'Europe/Berlin')).toBe('20 March at 19:40');
    expect(formatTime('2026-03-20T23:05:00.000Z', 'Asia/Tokyo')).toBe('21 March at 08:05');
  });
});

describe('formatLocalTime (the next reminder on the learner’s clock)', () => {
  it('writes the day, date and time in the learner’s zone, with the zone’s short name', () => {
    expect(formatLocalTime('2026-03-20T19:30:00.000Z', 'Europe/London')).toBe('Friday 20 March, 19:30 GMT');
    expect(formatLocalTime('2026-03-20T19:30:00.000Z', 'America/New_York')).toBe('Friday 20 March, 15:30 GMT-4');
  });

  it('follows daylight saving: the same local evening is a UTC hour apart across the change', () => {
    // London's clocks go forward on Sunday 29 March 2026 at 01:00 UTC.
    expect(formatLocalTime('2026-03-28T19:30:00.000Z', 'Europe/London')).toBe('Saturday 28 March, 19:30 GMT');
    expect(formatLocalTime('2026-03-29T18:30:00.000Z', 'Europe/London')).toBe('Sunday 29 March, 19:30 BST');
    // And back on Sunday 25 October.
    expect(formatLocalTime('2026-10-25T19:30:00.000Z', 'Europe/London')).toBe('Sunday 25 October, 19:30 GMT');
  });

  it('puts a time near midnight UTC on the learner’s own day, ahead of or behind UTC', () => {
    expect(formatLocalTime('2026-03-22T23:30:00.000Z', 'Asia/Kolkata')).toBe('Monday 23 March, 05:00 GMT+5:30');
    expect(formatLocalTime('2026-03-23T02:00:00.000Z', 'America/Los_Angeles')).toBe('Sunday 22 March, 19:00 GMT-7');
    expect(formatLocalTime('2026-03-23T00:00:00.000Z', 'Europe/London')).toBe('Monday 23 March, 00:00 GMT');
  });
});
