import { describe, expect, it } from 'vitest';
import { projectsOf } from '../fixtures/curriculum';
import { midwayFrontendPath, midwayRecords, newLearnerRecords, noPathStats, pathCompletedRecords, pathFor, pathsFor, recordsFor } from '../fixtures/progress';
import {
  emptyBoard,
  lookalikeBoard,
  midwayBoard,
  midwayXp,
  newLearnerXp,
  notOnTheBoard,
  offTheBoard,
  selfReportedBoard,
  selfReportedOffTheBoard,
  streakAtRiskXp,
  streakBrokenXp,
  topOfBoard,
} from '../fixtures/xp';
import {
  bestPathsOf,
  boardName,
  currentPathOf,
  dashboardView,
  isUnnamed,
  learnerTotals,
  selfReportedLabel,
  showsSelfReported,
  streakAtRiskLine,
  streakLabel,
  topLearnersOf,
} from './dashboard';
import { leaderboardRowSchema } from '../api/xp/contract';
import { PRIVATE_LEARNER_NAME } from './learning';
import type { PathSummary } from '../api/learning/contract';

const summary = (id: string, o: Partial<PathSummary> = {}): PathSummary => ({
  id,
  slug: id,
  title: id,
  summary: '',
  level: 'beginner',
  category: 'web',
  durationWeeks: 4,
  totalHours: 40,
  color: '#4F46E5',
  image: null,
  progress: { completedProjects: 0, totalProjects: 4, percent: 0 },
  started: false,
  students: 0,
  rating: null,
  myRating: null,
  canRate: false,
  ...o,
});
const progress = (completedProjects: number, percent: number, totalProjects = 4) => ({ completedProjects, totalProjects, percent });

describe('the dashboard of a new learner', () => {
  const view = dashboardView(pathsFor(newLearnerRecords), null);

  it('has no current path or project and honest zeros', () => {
    expect(view).toMatchObject({ currentPath: null, pathCompleted: false, currentProject: null, upcoming: [], projectsCompleted: 0 });
  });

  it('offers the three best rated paths to start', () => {
    const paths = pathsFor(newLearnerRecords);
    const expected = [...paths]
      .filter((p) => p.rating)
      .sort((a, b) => (b.rating?.average ?? 0) - (a.rating?.average ?? 0))
      .slice(0, 3);
    expect(view.bestPaths.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
  });

  it('on a platform nobody has rated yet, still offers three paths, in the catalogue’s order', () => {
    const paths = pathsFor(newLearnerRecords, noPathStats);
    expect(dashboardView(paths, null).bestPaths.map((p) => p.slug)).toEqual(paths.slice(0, 3).map((p) => p.slug));
  });
});

describe('the dashboard of a learner mid-way', () => {
  const paths = pathsFor(midwayRecords);
  const view = dashboardView(paths, midwayFrontendPath);
  const frontend = projectsOf('frontend-development');

  it('is on the started path, working on its project in progress', () => {
    expect(view.currentPath?.slug).toBe('frontend-development');
    expect(view.pathCompleted).toBe(false);
    expect(view.currentProject).toMatchObject({ slug: frontend[3]?.slug, status: 'in-progress' });
    expect(view.projectsCompleted).toBe(3);
  });

  it('lists the path’s next projects not completed yet (up to 3), without the current one', () => {
    expect(view.upcoming.map((p) => p.slug)).toEqual(frontend.slice(4, 7).map((p) => p.slug));
    expect(view.upcoming.every((p) => p.status !== 'completed')).toBe(true);
  });

  it('recommends other paths than the current one', () => {
    expect(view.bestPaths).toHaveLength(3);
    expect(view.bestPaths.map((p) => p.slug)).not.toContain('frontend-development');
  });

  it('with no project in progress, the current project is the first one ready to start', () => {
    const records = recordsFor('frontend-development', 2, -1);
    const next = dashboardView(pathsFor(records), pathFor('frontend-development', records));
    expect(next.currentProject).toMatchObject({ slug: frontend[2]?.slug, status: 'available' });
  });

  it('ignores a detail that is not the current path’s', () => {
    const other = pathFor('backend-development', midwayRecords);
    expect(dashboardView(paths, other)).toMatchObject({ currentProject: null, upcoming: [] });
  });
});

describe('the dashboard of a learner who completed their path', () => {
  const view = dashboardView(pathsFor(pathCompletedRecords), pathFor('frontend-development', pathCompletedRecords));

  it('says the path is completed, with nothing left to do on it', () => {
    expect(view.currentPath?.slug).toBe('frontend-development');
    expect(view.pathCompleted).toBe(true);
    expect(view.currentProject).toBeNull();
    expect(view.upcoming).toEqual([]);
    expect(view.projectsCompleted).toBe(projectsOf('frontend-development').length);
    expect(view.bestPaths.map((p) => p.slug)).not.toContain('frontend-development');
  });
});

describe('the rules', () => {
  it('current path: the started, not completed path with the most progress; completed ones only when nothing else is open', () => {
    const a = summary('a', { started: true, progress: progress(1, 40) });
    const b = summary('b', { started: true, progress: progress(2, 60) });
    const done = summary('done', { started: true, progress: progress(4, 100) });
    const untouched = summary('untouched', { progress: progress(0, 0) });
    expect(currentPathOf([a, done, b, untouched])?.id).toBe('b');
    expect(currentPathOf([done, untouched])?.id).toBe('done');
    expect(currentPathOf([untouched])).toBeNull();
    // Every task ticked but the last project not submitted yet: not completed.
    const ticked = summary('ticked', { started: true, progress: progress(3, 100) });
    expect(currentPathOf([done, ticked])?.id).toBe('ticked');
  });

  it('current path ties: more projects completed first, then the catalogue’s order', () => {
    const a = summary('a', { started: true, progress: progress(1, 50) });
    const b = summary('b', { started: true, progress: progress(2, 50) });
    const c = summary('c', { started: true, progress: progress(2, 50) });
    expect(currentPathOf([a, b, c])?.id).toBe('b');
  });

  it('best paths: rated first, highest average, then most students; never a completed one', () => {
    const rated = (average: number, students: number) => ({ rating: { average, count: 3 }, students });
    const paths = [
      summary('unrated-popular', { students: 900 }),
      summary('good', rated(4.5, 10)),
      summary('best', rated(4.9, 5)),
      summary('good-popular', rated(4.5, 50)),
      summary('completed', { ...rated(5, 100), started: true, progress: progress(4, 100) }),
    ];
    expect(bestPathsOf(paths).map((p) => p.id)).toEqual(['best', 'good-popular', 'good']);
    expect(bestPathsOf(paths, ['best'], 5).map((p) => p.id)).toEqual(['good-popular', 'good', 'unrated-popular']);
  });

  it('totals: projects completed across paths, paths started and completed', () => {
    expect(learnerTotals(pathsFor(midwayRecords))).toEqual({ projectsCompleted: 3, pathsStarted: 1, pathsCompleted: 0 });
    expect(learnerTotals(pathsFor(newLearnerRecords))).toEqual({ projectsCompleted: 0, pathsStarted: 0, pathsCompleted: 0 });
    expect(learnerTotals(pathsFor(pathCompletedRecords))).toMatchObject({ pathsStarted: 1, pathsCompleted: 1 });
  });
});

describe('the streak and Top Learners', () => {
  it('names the daily streak, or welcomes a learner without one (again after a broken one)', () => {
    expect(streakLabel(streakAtRiskXp.daily)).toBe('6-day streak');
    expect(streakLabel({ current: 1, longest: 1 })).toBe('1-day streak');
    expect(streakLabel(newLearnerXp.daily)).toBe('Start your streak today');
    expect(streakLabel(streakBrokenXp.daily)).toBe('Start a new streak today');
  });

  it('says what keeps a streak at risk alive and the time left today, and nothing otherwise', () => {
    expect(streakAtRiskLine(streakAtRiskXp.daily)).toBe('Work on a task today to keep your 6-day streak (6 h left).');
    expect(streakAtRiskLine({ ...streakAtRiskXp.daily, msLeftToday: 5 * 3_600_000 + 12 * 60_000 + 30_000 })).toBe(
      'Work on a task today to keep your 6-day streak (5 h 12 min left).',
    );
    expect(streakAtRiskLine(midwayXp.daily)).toBeNull();
    expect(streakAtRiskLine(streakBrokenXp.daily)).toBeNull();
    expect(streakAtRiskLine(newLearnerXp.daily)).toBeNull();
  });

  it('shows the top 5, and the learner’s own row only when it is not among them', () => {
    const midway = topLearnersOf(midwayBoard);
    expect(midway.top.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(midway.myRow).toEqual(midwayBoard.me);
    expect(midway.myRow?.rank).toBeGreaterThan(5);
    const top = topLearnersOf(topOfBoard);
    expect(top.top[0]).toMatchObject({ rank: 1, isMe: true });
    expect(top.myRow).toBeNull();
    expect(topLearnersOf(emptyBoard)).toEqual({ top: [], myRow: null });
  });
});

describe('who is private on a board', () => {
  const row = (over: Partial<Parameters<typeof boardName>[0]>) => ({
    rank: 1,
    private: false,
    name: 'Mei Tanaka',
    xp: 10,
    selfReportedXp: 0,
    level: 1,
    isMe: false,
    ...over,
  });

  it('is told by the flag, never by the name', () => {
    const lookalike = row({ name: PRIVATE_LEARNER_NAME });
    expect(isUnnamed(lookalike)).toBe(false);
    expect(boardName(lookalike)).toBe(PRIVATE_LEARNER_NAME);
    const hidden = row({ private: true, name: null });
    expect(isUnnamed(hidden)).toBe(true);
    expect(boardName(hidden)).toBe(PRIVATE_LEARNER_NAME);
  });

  it('the learner sees their own name, private or not', () => {
    const mine = row({ private: true, isMe: true, name: 'Ada Lovelace' });
    expect(isUnnamed(mine)).toBe(false);
    expect(boardName(mine)).toBe('Ada Lovelace');
  });

  it('the API never sends another private learner’s name', () => {
    expect(leaderboardRowSchema.safeParse(row({ private: true, name: 'Mei Tanaka' })).success).toBe(false);
    expect(leaderboardRowSchema.safeParse(row({ private: false, name: null })).success).toBe(false);
    expect(leaderboardRowSchema.safeParse(row({ private: true, name: null })).success).toBe(true);
  });
});

describe('which ranks are verified', () => {
  const row = (selfReportedXp: number) => ({ rank: 1, private: false, name: 'Mei Tanaka', xp: 10, selfReportedXp, level: 1, isMe: false });

  it('says so only on a board with self-reported XP: boards without any read as before', () => {
    for (const board of [midwayBoard, topOfBoard, offTheBoard, notOnTheBoard, lookalikeBoard, emptyBoard]) expect(showsSelfReported(board)).toBe(false);
    expect(showsSelfReported(selfReportedBoard)).toBe(true);
    // The learner's own row below the top counts too.
    expect(selfReportedOffTheBoard.top.some((r) => r.selfReportedXp > 0)).toBe(false);
    expect(showsSelfReported(selfReportedOffTheBoard)).toBe(true);
  });

  it('labels a row’s self-reported XP in words, and nothing when it has none', () => {
    expect(selfReportedLabel(row(0))).toBeNull();
    expect(selfReportedLabel(row(1_200))).toEqual({ amount: '+1,200 XP', label: 'self-reported' });
  });

  it('ranks verified XP only: a learner with more XP in all but less of it verified ranks below', () => {
    const ranked = selfReportedBoard.top.map((r) => r.xp);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    const mine = selfReportedBoard.top.find((r) => r.isMe)!;
    expect(mine.selfReportedXp).toBeGreaterThan(0);
    expect(mine.xp + mine.selfReportedXp).toBeGreaterThan(selfReportedBoard.top[0]!.xp);
    expect(mine.rank).toBe(selfReportedBoard.top.length);
  });
});
