import { describe, expect, it } from 'vitest';
import type { PaletteName } from '../theme/palette';
import { badgeProgress, badgeReach, evaluateBadges, type BadgeContentProject, type BadgeFacts } from './badges';
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
const done = (id: string, completedOn: string, skills: string[] = [], verified = true) => ({ id, completedOn, skills, verified });
const on = (...days: string[]): BadgeFacts => ({ ...none, completedProjects: days.map((day, i) => done(`prj_${i}`, day)) });

describe('verified projects', () => {
  it('counts each project once, and only those whose checks passed', () => {
    const facts: BadgeFacts = {
      ...none,
      completedProjects: [done('prj_a', '2026-11-01'), done('prj_b', '2026-11-02', [], false), done('prj_a', '2026-11-03'), done('prj_c', '2026-11-04')],
    };
    expect(badgeProgress(def('verified-projects', 5), facts)).toMatchObject({ current: 2, percent: 40, earned: false });
    expect(badgeProgress(def('verified-projects', 2), facts)).toMatchObject({ current: 2, percent: 100, earned: true });
    // Self-reported work still counts as completed.
    expect(badgeProgress(def('projects-completed', 3), facts)).toMatchObject({ current: 3, earned: true });
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

  it('a retired badge is earned by nobody any more, whatever the facts', () => {
    const retired = { ...def('projects-in-a-week', 1), retiredOn: '2026-11-27' };
    expect(badgeProgress(retired, on('2026-11-01', '2026-11-02'))).toMatchObject({ current: 0, percent: 0, earned: false, retired: true });
    expect(badgeProgress({ ...def('total-xp', 10), retiredOn: '2026-11-27' }, { ...none, totalXp: 500 })).toMatchObject({ earned: false, retired: true });
  });
});

describe('what the content lets a learner reach', () => {
  const projects: BadgeContentProject[] = [
    { skills: ['HTML', 'CSS'], xp: 500, tasks: 5, machineChecked: true },
    { skills: ['css', 'JavaScript', 'DOM events'], xp: 750, tasks: 8, machineChecked: false },
    { skills: ['React'], xp: 1_000, tasks: 10, machineChecked: true },
  ];
  it('gives the most the whole content allows and what one project alone gives', () => {
    expect(badgeReach('verified-projects', projects, 4)).toEqual({ most: 2, oneProject: 1 });
    expect(badgeReach('projects-completed', projects, 4)).toEqual({ most: 3, oneProject: 1 });
    expect(badgeReach('distinct-skills', projects, 4)).toEqual({ most: 5, oneProject: 3 });
    // Projects and their tasks (20 XP each), and the other badges (100 XP each).
    expect(badgeReach('total-xp', projects, 4)).toEqual({ most: 2_250 + 23 * 20 + 3 * 100, oneProject: 1_200 });
    expect(badgeReach('daily-streak', projects, 4)).toEqual({ most: null, oneProject: 1 });
    expect(badgeReach('projects-in-a-week', projects, 4)).toBeNull();
  });
});

describe('evaluateBadges', () => {
  it('gives every badge in order, with what the card shows', () => {
    const defs = [def('total-xp', 100), { ...def('daily-streak', 7), id: 'badge_0000000b', icon: 'flame' as const, color: 'red' as const }];
    expect(evaluateBadges(defs, { ...none, totalXp: 250, longestDailyStreak: 1 })).toEqual([
      {
        id: 'badge_0000000a',
        title: 'A badge',
        description: 'Do the thing',
        icon: 'star',
        color: 'purple',
        target: 100,
        current: 250,
        percent: 100,
        earned: true,
        retired: false,
      },
      {
        id: 'badge_0000000b',
        title: 'A badge',
        description: 'Do the thing',
        icon: 'flame',
        color: 'red',
        target: 7,
        current: 1,
        percent: 14,
        earned: false,
        retired: false,
      },
    ]);
    expect(evaluateBadges([], none)).toEqual([]);
  });
});
