import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVEL_CURVE_TEXT, levelFor, levelProgress, xpForLevel } from './levels';

describe('the level curve', () => {
  it('costs 400 XP for level 2 and 80 XP more for every level after it', () => {
    expect([1, 2, 3, 4, 5, 6].map(xpForLevel)).toEqual([0, 400, 880, 1440, 2080, 2800]);
    for (let level = 2; level < 200; level += 1) {
      expect(xpForLevel(level + 1) - xpForLevel(level) - (xpForLevel(level) - xpForLevel(level - 1))).toBe(80);
    }
    expect(xpForLevel(0)).toBe(0);
    expect(xpForLevel(-3)).toBe(0);
    expect(xpForLevel(Number.NaN)).toBe(0);
  });

  it('changes level exactly at the thresholds', () => {
    expect([0, 1, 399, 400, 879, 880, 1439, 1440, 2079, 2080].map(levelFor)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5]);
  });

  it('counts negative, fractional and non-numbers sensibly', () => {
    expect(levelFor(-1)).toBe(1);
    expect(levelFor(-Infinity)).toBe(1);
    expect(levelFor(Number.NaN)).toBe(1);
    expect(levelFor(399.99)).toBe(1);
    expect(levelProgress(Number.NaN)).toEqual({ level: 1, xpIntoLevel: 0, xpForNextLevel: 400, xpToNextLevel: 400, percent: 0 });
  });

  it('copes with huge totals', () => {
    const level = levelFor(Number.MAX_SAFE_INTEGER);
    expect(Number.isSafeInteger(level)).toBe(true);
    expect(xpForLevel(level)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    expect(xpForLevel(level + 1)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(levelFor(Infinity)).toBe(level);
    expect(levelFor(1e300)).toBe(level);
    const progress = levelProgress(Number.MAX_SAFE_INTEGER);
    expect(progress.xpForNextLevel).toBe(400 + 80 * (level - 1));
    expect(progress.xpIntoLevel + progress.xpToNextLevel).toBe(progress.xpForNextLevel);
    expect(levelFor(1_000_000)).toBe(154); // xpForLevel(154) = 991,440; xpForLevel(155) = 1,004,080
  });

  it('describes the way to the next level', () => {
    expect(levelProgress(0)).toEqual({ level: 1, xpIntoLevel: 0, xpForNextLevel: 400, xpToNextLevel: 400, percent: 0 });
    expect(levelProgress(399)).toEqual({ level: 1, xpIntoLevel: 399, xpForNextLevel: 400, xpToNextLevel: 1, percent: 99 });
    expect(levelProgress(400)).toEqual({ level: 2, xpIntoLevel: 0, xpForNextLevel: 480, xpToNextLevel: 480, percent: 0 });
    expect(levelProgress(640)).toEqual({ level: 2, xpIntoLevel: 240, xpForNextLevel: 480, xpToNextLevel: 240, percent: 50 });
    expect(levelProgress(1000)).toEqual({ level: 3, xpIntoLevel: 120, xpForNextLevel: 560, xpToNextLevel: 440, percent: 21 });
  });

  it('publishes the curve in a sentence', () => {
    expect(LEVEL_CURVE_TEXT).toContain('400 XP');
    expect(LEVEL_CURVE_TEXT).toContain('80 XP more');
    for (const level of [3, 4, 5]) expect(LEVEL_CURVE_TEXT).toContain(`level ${level} at ${xpForLevel(level).toLocaleString('en-US')} XP`);
  });

  it('is monotonic, and the level of x is the one whose step holds x (property)', () => {
    const xp = fc.oneof(fc.nat({ max: 100_000 }), fc.maxSafeNat());
    fc.assert(
      fc.property(xp, (x) => {
        const level = levelFor(x);
        expect(xpForLevel(level)).toBeLessThanOrEqual(x);
        expect(x).toBeLessThan(xpForLevel(level + 1));
        const progress = levelProgress(x);
        expect(progress.level).toBe(level);
        expect(progress.xpIntoLevel + progress.xpToNextLevel).toBe(progress.xpForNextLevel);
        expect(progress.percent).toBeGreaterThanOrEqual(0);
        expect(progress.percent).toBeLessThan(100);
      }),
    );
    fc.assert(fc.property(xp, xp, (a, b) => (a <= b ? levelFor(a) <= levelFor(b) : levelFor(a) >= levelFor(b))));
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 100_000 }), (level) => {
        expect(levelFor(xpForLevel(level))).toBe(level);
        expect(levelFor(xpForLevel(level) - 1)).toBe(level - 1);
      }),
    );
  });
});
