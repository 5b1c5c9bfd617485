import { describe, expect, it } from 'vitest';
import { formatDuration, formatTime } from './format';

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
