import { describe, expect, it } from 'vitest';
import { REPO_URL_MAX_LENGTH, repoUrlMessages, validateRepoUrl } from './learning';
import { activeTaskProgress, changesSinceStart, learnerProjectStatus, missingPrerequisites, openTasks, pathProgress } from './progress';

const t = (id: string, status: 'active' | 'retired' = 'active') => ({ id, status, title: `Task ${id}` });

describe('project status and unlocking', () => {
  const started = { startedAt: '2026-11-20T10:00:00.000Z', completedAt: null };

  it('locked until every prerequisite is completed, then available', () => {
    expect(learnerProjectStatus(undefined, ['a', 'b'], new Set(['a']))).toBe('locked');
    expect(learnerProjectStatus(undefined, ['a', 'b'], new Set(['a', 'b']))).toBe('available');
    expect(learnerProjectStatus(undefined, [], new Set())).toBe('available');
    expect(missingPrerequisites(['a', 'b', 'c'], new Set(['b']))).toEqual(['a', 'c']);
  });

  it('started is in progress, submitted is completed, and a started project never locks again', () => {
    expect(learnerProjectStatus(started, ['a'], new Set())).toBe('in-progress');
    expect(learnerProjectStatus({ ...started, completedAt: '2026-11-22T10:00:00.000Z' }, ['a'], new Set())).toBe('completed');
  });
});

describe('percentages count active tasks only', () => {
  it('a retired task counts on neither side, a new one counts as still to do', () => {
    const tasks = [t('1'), t('2'), t('3', 'retired'), t('4')];
    expect(activeTaskProgress(tasks, new Set(['1', '3']))).toEqual({ completed: 1, total: 3, percent: 33 });
    expect(activeTaskProgress(tasks, new Set(['1', '2', '4']))).toEqual({ completed: 3, total: 3, percent: 100 });
    expect(activeTaskProgress([t('9', 'retired')], new Set(['9']))).toEqual({ completed: 0, total: 0, percent: 0 });
    expect(openTasks(tasks, new Set(['1'])).map((task) => task.id)).toEqual(['2', '4']);
  });

  it("a path's percent is its active tasks done; a completed project counts whole", () => {
    const projects = [
      { id: 'p1', tasks: [t('1'), t('2')] },
      { id: 'p2', tasks: [t('3'), t('4'), t('5'), t('6', 'retired')] },
    ];
    expect(pathProgress(projects, new Set(), new Set())).toEqual({ completedProjects: 0, totalProjects: 2, percent: 0 });
    expect(pathProgress(projects, new Set(), new Set(['1', '3', '6']))).toEqual({ completedProjects: 0, totalProjects: 2, percent: 40 });
    // p1 completed before task 2 existed: it still counts whole.
    expect(pathProgress(projects, new Set(['p1']), new Set(['1']))).toEqual({ completedProjects: 1, totalProjects: 2, percent: 40 });
    expect(pathProgress(projects, new Set(['p1', 'p2']), new Set())).toEqual({ completedProjects: 2, totalProjects: 2, percent: 100 });
  });
});

describe('what changed since the learner started', () => {
  it('names added and retired tasks, and nothing when nothing changed', () => {
    const now = [t('1'), t('2', 'retired'), t('3')];
    expect(changesSinceStart(now, ['1', '2'])).toEqual({ added: ['Task 3'], retired: ['Task 2'] });
    expect(changesSinceStart([t('1'), t('2')], ['1', '2'])).toBeNull();
  });
});

describe('the repository URL rule', () => {
  it('accepts a GitHub repository URL up to 1024 characters, and says why otherwise', () => {
    expect(validateRepoUrl('https://github.com/ada/portfolio')).toBeNull();
    const long = `https://github.com/ada/${'r'.repeat(REPO_URL_MAX_LENGTH)}`;
    expect(validateRepoUrl(long)).toBe(repoUrlMessages.tooLong);
    expect(validateRepoUrl('https://gitlab.com/ada/portfolio')).toBe(repoUrlMessages.invalid);
  });
});
