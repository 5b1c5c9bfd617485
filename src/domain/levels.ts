/**
 * Levels from XP: one published curve, the same everywhere (Boot.dev's).
 * Level 2 takes 400 XP and each level after that costs 80 XP more than the one before, so the
 * total XP to reach level L is 400·(L−1) + 40·(L−1)·(L−2): 0, 400, 880, 1440, 2080 …
 *
 * Pure. XP totals are whole numbers: a fraction is rounded down, anything below 0 or not a number
 * counts as 0 (level 1), and totals beyond Number.MAX_SAFE_INTEGER (where whole numbers stop being
 * exact) count as that.
 */

/** XP from level 1 to level 2. */
export const FIRST_LEVEL_XP = 400;
/** How much more each level costs than the one before. */
export const LEVEL_STEP_XP = 80;

/** What learners read about levels (the XP page). */
export const LEVEL_CURVE_TEXT =
  'Level 2 takes 400 XP, and every level after that takes 80 XP more than the one before: ' +
  'level 3 at 880 XP in total, level 4 at 1,440 XP, level 5 at 2,080 XP, and so on.';

export type LevelProgress = {
  /** The level reached, from 1. */
  level: number;
  /** XP earned since reaching this level. */
  xpIntoLevel: number;
  /** The size of this level's step: XP from this level to the next. */
  xpForNextLevel: number;
  /** XP still to earn for the next level. */
  xpToNextLevel: number;
  /** How far through this level, 0-99 (rounded down: 100 would be the next level). */
  percent: number;
};

const wholeXp = (totalXp: number): number => (Number.isNaN(totalXp) || totalXp <= 0 ? 0 : Math.min(Math.floor(totalXp), Number.MAX_SAFE_INTEGER));

/** Total XP it takes to reach `level` (level 1 and anything below it: 0). */
export function xpForLevel(level: number): number {
  if (Number.isNaN(level) || level <= 1) return 0;
  const steps = Math.floor(level) - 1;
  return FIRST_LEVEL_XP * steps + (LEVEL_STEP_XP / 2) * steps * (steps - 1);
}

/** The level a total of XP reaches. */
export function levelFor(totalXp: number): number {
  const xp = wholeXp(totalXp);
  // xpForLevel(n + 1) = 40n² + 360n ≤ xp: the positive root, then exact integer corrections for
  // the floating-point square root (at most a step or two; n stays below 2^25 here).
  let steps = Math.max(0, Math.floor((-9 + Math.sqrt(81 + xp / 10)) / 2));
  while (steps > 0 && xpForLevel(steps + 1) > xp) steps -= 1;
  while (xpForLevel(steps + 2) <= xp) steps += 1;
  return steps + 1;
}

/** Where a total of XP stands on the curve: the level and the way to the next one. */
export function levelProgress(totalXp: number): LevelProgress {
  const xp = wholeXp(totalXp);
  const level = levelFor(xp);
  const start = xpForLevel(level);
  const xpForNextLevel = FIRST_LEVEL_XP + LEVEL_STEP_XP * (level - 1);
  const xpIntoLevel = xp - start;
  return {
    level,
    xpIntoLevel,
    xpForNextLevel,
    xpToNextLevel: xpForNextLevel - xpIntoLevel,
    percent: Math.min(99, Math.floor((xpIntoLevel * 100) / xpForNextLevel)),
  };
}
