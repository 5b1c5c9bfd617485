import { describe, expect, it } from 'vitest';
import { BADGE_XP, TASK_XP, XP_REASONS, XP_RULES, awardKey, badgeAward, projectAward, projectXp, reasonLabel, taskAward } from './xp';

describe('what pays XP', () => {
  it("pays 20 XP a task, the project's own XP, and 100 XP a badge", () => {
    expect(TASK_XP).toBe(20);
    expect(BADGE_XP).toBe(100);
    expect(taskAward('task_ab12cd34')).toEqual({ reason: 'task', sourceId: 'task_ab12cd34', key: 'task:task_ab12cd34', amount: 20 });
    expect(projectAward({ id: 'prj_0a1b2c3d', xp: 750 })).toEqual({ reason: 'project', sourceId: 'prj_0a1b2c3d', key: 'project:prj_0a1b2c3d', amount: 750 });
    expect(badgeAward('badge_7eadc5e0')).toEqual({ reason: 'badge', sourceId: 'badge_7eadc5e0', key: 'badge:badge_7eadc5e0', amount: 100 });
  });

  it('keys an award by its reason and source, so ticking a task again gives the same key', () => {
    expect(awardKey('task', 'task_ab12cd34')).toBe('task:task_ab12cd34');
    expect(taskAward('task_ab12cd34').key).toBe(taskAward('task_ab12cd34').key);
    expect(awardKey('project', 'x')).not.toBe(awardKey('badge', 'x'));
    expect(() => awardKey('task', ' ')).toThrow(/needs the id/);
  });

  it('pays a project for its effort: 25 XP an hour, more for harder work, to the nearest 50', () => {
    expect(projectXp(20, 'beginner')).toBe(500);
    expect(projectXp(30, 'intermediate')).toBe(950); // 937.5
    expect(projectXp(36, 'intermediate')).toBe(1_150); // 1,125: halves go up
    expect(projectXp(40, 'advanced')).toBe(1_500);
    // The same hours pay more the harder the work.
    expect(projectXp(24, 'beginner')).toBeLessThan(projectXp(24, 'intermediate'));
    expect(projectXp(24, 'intermediate')).toBeLessThan(projectXp(24, 'advanced'));
  });

  it('labels every reason and explains every rule to learners', () => {
    expect(XP_REASONS.map(reasonLabel)).toEqual(['Task completed', 'Project completed', 'Badge earned']);
    expect(XP_RULES).toEqual([
      'Each task you tick for the first time earns 20 XP. Unticking it does not take the XP back, and ticking it again does not pay again.',
      'Completing a project earns the XP shown on it, from 500 to 1,500 XP: 25 XP for each hour it takes, 1.25× for an intermediate project and 1.5× for an advanced one.',
      'Earning a badge adds 100 XP.',
    ]);
  });
});
