import { describe, expect, it } from 'vitest';
import type { PaletteName } from '../theme/palette';
import { LINES_OF_CODE_NOTE, badgeProgress, evaluateBadges, mostProjectsInAWeek, type BadgeFacts } from './badges';
import { BADGE_COLORS, type BadgeDefinition, type BadgeRule } from './content';

// Every colour a badge may name is a palette the app has (a type error otherwise).
export const _colors: readonly (PaletteName | 'brand')[] = BADGE_COLORS;

const def = (rule: BadgeRule, target: number): BadgeDefinition => ({
  id: 'badge_0000000a',
  title: 'A badge',
  description: 'Do the thing',
  icon: 'star',
  color: 'purple',
  rule,
  target,
});
const none: BadgeFacts = { completedProjects: [], longestDailyStreak: 0, totalXp: 0 };
const done = (id: string, completedOn: string, skills: string[] = []) => ({ id, completedOn, skills });
const on = (...days: string[]): BadgeFacts => ({ ...none, completedProjects: days.map((day, i) => done(`prj_${i}`, day)) });

describe('projects in a week: any 7 consecutive local days', () => {
  it('counts projects whose days are at most 6 days apart', () => {
    expect(mostProjectsInAWeek(on('2026-11-01', '2026-11-07'))).toBe(2); // first and seventh day
    expect(mostProjectsInAWeek(on('2026-11-01', '2026-11-08'))).toBe(1); // eight days
    expect(mostProjectsInAWeek(on('2026-11-01', '2026-11-02', '2026-11-07', '2026-11-08', '2026-11-09'))).toBe(3);
    expect(mostProjectsInAWeek(on('2026-11-01', '2026-11-03', '2026-11-07', '2026-11-08', '2026-11-09'))).toBe(4); // 3rd to 9th
    expect(mostProjectsInAWeek(on('2026-11-03', '2026-11-03', '2026-11-03'))).toBe(3); // the same day
    expect(mostProjectsInAWeek(none)).toBe(0);
  });

  it('crosses months and years, in any order, and counts a project once', () => {
    expect(mostProjectsInAWeek(on('2027-01-02', '2026-12-27', '2026-12-30'))).toBe(3);
    expect(mostProjectsInAWeek(on('2024-02-27', '2024-03-04'))).toBe(2); // leap year: 7 days inclusive
    expect(mostProjectsInAWeek(on('2025-02-27', '2025-03-05'))).toBe(2);
    expect(mostProjectsInAWeek(on('2025-02-26', '2025-03-05'))).toBe(1);
    const twice: BadgeFacts = { ...none, completedProjects: [done('prj_a', '2026-11-01'), done('prj_a', '2026-11-02')] };
    expect(mostProjectsInAWeek(twice)).toBe(1);
  });

  it('ignores a day that is not a date', () => {
    expect(mostProjectsInAWeek(on('2026-11-01', '2026-02-30', 'yesterday', '2026-11-02'))).toBe(2);
  });

  it('earns the badge at the target', () => {
    const five = on('2026-11-01', '2026-11-02', '2026-11-04', '2026-11-06', '2026-11-07');
    expect(badgeProgress(def('projects-in-a-week', 5), five)).toMatchObject({ current: 5, percent: 100, earned: true, measured: true });
    const spread = on('2026-11-01', '2026-11-02', '2026-11-04', '2026-11-06', '2026-11-08');
    expect(badgeProgress(def('projects-in-a-week', 5), spread)).toMatchObject({ current: 4, percent: 80, earned: false });
  });
});

describe('the other rules', () => {
  it('daily streak reads the longest streak (kept after a streak breaks)', () => {
    expect(badgeProgress(def('daily-streak', 7), { ...none, longestDailyStreak: 3 })).toMatchObject({ current: 3, percent: 42, earned: false });
    expect(badgeProgress(def('daily-streak', 7), { ...none, longestDailyStreak: 7 })).toMatchObject({ current: 7, percent: 100, earned: true });
    expect(badgeProgress(def('daily-streak', 7), { ...none, longestDailyStreak: Number.NaN })).toMatchObject({ current: 0, percent: 0 });
  });

  it('total XP', () => {
    expect(badgeProgress(def('total-xp', 10_000), { ...none, totalXp: 9_999 })).toMatchObject({ current: 9_999, percent: 99, earned: false });
    expect(badgeProgress(def('total-xp', 10_000), { ...none, totalXp: 12_345 })).toMatchObject({ current: 12_345, percent: 100, earned: true });
    expect(badgeProgress(def('total-xp', 10_000), { ...none, totalXp: -5 })).toMatchObject({ current: 0, percent: 0 });
  });

  it('projects completed counts each project once', () => {
    const facts = on(...Array.from({ length: 19 }, () => '2026-11-01'));
    expect(badgeProgress(def('projects-completed', 20), facts)).toMatchObject({ current: 19, percent: 95, earned: false });
    facts.completedProjects.push(done('prj_0', '2026-11-02'));
    expect(badgeProgress(def('projects-completed', 20), facts)).toMatchObject({ current: 19, earned: false });
    facts.completedProjects.push(done('prj_new', '2026-11-02'));
    expect(badgeProgress(def('projects-completed', 20), facts)).toMatchObject({ current: 20, percent: 100, earned: true });
  });

  it('distinct skills ignore case and blanks', () => {
    const facts: BadgeFacts = {
      ...none,
      completedProjects: [done('prj_a', '2026-11-01', ['HTML', 'CSS']), done('prj_b', '2026-11-05', ['html', ' css ', '']), done('prj_c', '2026-11-09', ['React'])],
    };
    expect(badgeProgress(def('distinct-skills', 3), facts)).toMatchObject({ current: 3, percent: 100, earned: true });
    expect(badgeProgress(def('distinct-skills', 3), { ...facts, completedProjects: facts.completedProjects.slice(0, 2) })).toMatchObject({
      current: 2,
      percent: 66,
      earned: false,
    });
  });

  it('lines of code is not measured: no progress at all, and a note that says why', () => {
    const facts: BadgeFacts = { completedProjects: [done('prj_a', '2026-11-01', ['HTML'])], longestDailyStreak: 30, totalXp: 50_000 };
    expect(badgeProgress(def('lines-of-code', 10_000), facts)).toEqual({
      id: 'badge_0000000a',
      title: 'A badge',
      description: 'Do the thing',
      icon: 'star',
      color: 'purple',
      target: 10_000,
      measured: false,
      current: null,
      percent: null,
      earned: false,
      note: LINES_OF_CODE_NOTE,
    });
    expect(LINES_OF_CODE_NOTE).toMatch(/repositories you submit/);
  });
});

describe('evaluateBadges', () => {
  it('gives every badge in order, with what the card shows', () => {
    const defs = [def('total-xp', 100), { ...def('daily-streak', 7), id: 'badge_0000000b', icon: 'flame' as const, color: 'red' as const }];
    expect(evaluateBadges(defs, { ...none, totalXp: 250, longestDailyStreak: 1 })).toEqual([
      { id: 'badge_0000000a', title: 'A badge', description: 'Do the thing', icon: 'star', color: 'purple', target: 100, current: 250, percent: 100, earned: true, measured: true, note: null },
      { id: 'badge_0000000b', title: 'A badge', description: 'Do the thing', icon: 'flame', color: 'red', target: 7, current: 1, percent: 14, earned: false, measured: true, note: null },
    ]);
    expect(evaluateBadges([], none)).toEqual([]);
  });
});
