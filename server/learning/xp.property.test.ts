/**
 * Random sequences of tick, untick, start, submit, reset and time travel through the
 * real API. After every sequence the ledger must add up: the total equals the sum of the history,
 * no award is paid twice, the level is the curve's level for the total, and the daily streak
 * equals a brute-force recount of the days the model says work happened (a day of work is the
 * first tick of a task, start or submission of a project ever: not an untick and retick).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/helpers.ts';
import { LEADERBOARD_PERIODS, LEADERBOARD_WINDOW_HOURS } from '../../src/domain/learning.ts';
import { leaderboardResponseSchema, xpHistoryResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { levelFor } from '../../src/domain/levels.ts';
import { addDays, localDay } from '../../src/domain/streaks.ts';
import { TASK_XP } from '../../src/domain/xp.ts';

let now = Date.parse('2026-05-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  // Access tokens that outlive the time travelled (20 days at most) in one sequence.
  // Verification off: a submission pays at once (self-reported), as the model expects.
  t = await createTestApp({ accessTokenTtlSeconds: 60 * 24 * 3600, verification: 'off' }, { now: () => now });
});
afterAll(async () => {
  await t.close();
});

const curriculum = loadCurriculumOnce();
const frontend = curriculum.paths.find((p) => p.slug === 'frontend-development')!;
const [first, second] = curriculum.projects.filter((p) => p.pathId === frontend.id);
const projects = [first!, second!];

/**
 * Whether a badge (by its title in the history) is earned on completed projects alone: here, where
 * every project is self-reported, such a badge is self-reported too. A streak badge is earned on
 * days of work, which tasks make verified; 10,000 XP is out of reach with two projects.
 */
function earnedOnProjects(title: string): boolean {
  const badge = curriculum.badges.find((b) => b.title === title);
  if (!badge) throw new Error(`no badge titled ${title}`);
  if (badge.rule === 'daily-streak') return false;
  if (badge.rule === 'total-xp') throw new Error(`${title} was not expected here`);
  return true;
}

type Action =
  | { kind: 'start'; project: number }
  | { kind: 'tick' | 'untick'; project: number; task: number }
  | { kind: 'tickAll' | 'submit'; project: number }
  | { kind: 'reset' }
  | { kind: 'travel'; hours: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('start' as const), project: fc.integer({ min: 0, max: 1 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom('tick' as const, 'untick' as const),
      project: fc.integer({ min: 0, max: 1 }),
      task: fc.integer({ min: 0, max: 2 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('tickAll' as const, 'submit' as const), project: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('travel' as const), hours: fc.integer({ min: 1, max: 60 }) }) },
);

const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });

/** The longest and current run of consecutive days, recounted one day at a time. */
function bruteStreak(days: Set<string>, today: string) {
  const sorted = [...days].filter((d) => d <= today).sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of sorted) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  let current = 0;
  let cursor = days.has(today) ? today : addDays(today, -1);
  while (days.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return { longest, current };
}

describe('the ledger under random learning', () => {
  it('always adds up, never pays twice, and agrees with a recount of the streak', { timeout: 120_000 }, async () => {
    await fc.assert(
      // Every sequence begins with the first project started, so most steps do real work.
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (rest) => {
        const actions: Action[] = [{ kind: 'start', project: 0 }, ...rest];
        const { token } = await signIn(t.app);
        // The model: what the learner did, by the XP rules (server/README.md), written out here.
        const started = new Set<number>();
        const completed = new Set<number>();
        const ticked = new Set<string>();
        const paid = new Set<string>();
        const days = new Set<string>();
        // Only a first counts as a day of work, ever: kept through unticks and resets.
        const firsts = new Set<string>();
        const first = (key: string) => {
          if (firsts.has(key)) return false;
          firsts.add(key);
          return true;
        };
        const day = () => localDay(new Date(now).toISOString(), 'UTC');
        const unlocked = (p: number) => p === 0 || completed.has(0) || started.has(p);
        for (const step of actions) {
          if (step.kind === 'travel') {
            now += step.hours * 3_600_000;
            continue;
          }
          if (step.kind === 'reset') {
            await call(t.app, 'POST', `/learning/paths/${frontend.id}/reset`, token);
            started.clear();
            completed.clear();
            ticked.clear();
            paid.clear();
            days.clear();
            continue;
          }
          const project = projects[step.project]!;
          const open = started.has(step.project) && !completed.has(step.project);
          if (step.kind === 'start') {
            const response = await call(t.app, 'POST', `/learning/projects/${project.id}/start`, token);
            expect(response.statusCode).toBe(unlocked(step.project) ? 200 : 409);
            if (unlocked(step.project) && !started.has(step.project)) {
              started.add(step.project);
              if (first(`start:${project.id}`)) days.add(day());
            }
            continue;
          }
          const tasks = step.kind === 'tick' || step.kind === 'untick' ? [project.tasks[step.task % project.tasks.length]!] : project.tasks;
          if (step.kind === 'tick' || step.kind === 'tickAll' || step.kind === 'untick') {
            for (const task of tasks) {
              const response = await call(t.app, step.kind === 'untick' ? 'DELETE' : 'PUT', `/learning/tasks/${task.id}`, token);
              expect(response.statusCode).toBe(open ? 204 : 409);
              if (!open) continue;
              if (step.kind === 'untick') ticked.delete(task.id);
              else {
                ticked.add(task.id);
                paid.add(`task:${task.id}`);
                if (first(`task:${task.id}`)) days.add(day());
              }
            }
            continue;
          }
          // submit
          const response = await call(t.app, 'POST', `/learning/projects/${project.id}/submission`, token, {
            repositoryUrl: 'https://github.com/ada/work',
            liveUrl: 'https://ada.github.io/site/',
          });
          const allTicked = project.tasks.every((task) => ticked.has(task.id));
          const accepted = started.has(step.project) && (completed.has(step.project) || allTicked);
          expect(response.statusCode).toBe(accepted ? 202 : 409);
          if (accepted) {
            completed.add(step.project);
            paid.add(`project:${project.id}`);
            if (first(`submit:${project.id}`)) days.add(day());
          }
        }
        const xp = xpResponseSchema.parse((await call(t.app, 'GET', '/learning/xp', token)).json()).xp;
        const { events } = xpHistoryResponseSchema.parse((await call(t.app, 'GET', '/learning/xp/history', token)).json());
        const sum = events.reduce((total, e) => total + e.amount, 0);
        expect(xp.totalXp).toBe(sum);
        expect(xp.level.level).toBe(levelFor(xp.totalXp));
        // Every task and project award the model expects, once; badges on top, each once.
        const earned = events.filter((e) => e.reason !== 'badge');
        expect(earned).toHaveLength(paid.size);
        const expectedNonBadge = [...paid].reduce((total, key) => {
          if (key.startsWith('task:')) return total + TASK_XP;
          return total + (projects.find((p) => `project:${p.id}` === key)?.xp ?? 0);
        }, 0);
        expect(earned.reduce((total, e) => total + e.amount, 0)).toBe(expectedNonBadge);
        const badgeIds = events.filter((e) => e.reason === 'badge').map((e) => e.title);
        expect(new Set(badgeIds).size).toBe(badgeIds.length);
        // Every board agrees with the ledger: the learner's XP in each rolling window, ranked.
        for (const period of LEADERBOARD_PERIODS) {
          const hours = LEADERBOARD_WINDOW_HOURS[period];
          const since = hours === null ? '' : new Date(now - hours * 3_600_000).toISOString();
          const inWindow = events.filter((e) => e.earnedAt >= since).reduce((total, e) => total + e.amount, 0);
          // Projects pay self-reported XP here (verification off): shown beside the row, not ranked;
          // so do the badges only projects earn (no project is verified here).
          const selfReported = events
            .filter((e) => e.earnedAt >= since && (e.reason === 'project' || (e.reason === 'badge' && earnedOnProjects(e.title))))
            .reduce((total, e) => total + e.amount, 0);
          const board = leaderboardResponseSchema.parse((await call(t.app, 'GET', `/learning/leaderboard?period=${period}`, token)).json());
          expect(board.me?.xp ?? 0).toBe(inWindow - selfReported);
          expect(board.me?.selfReportedXp ?? 0).toBe(selfReported);
          if (inWindow > 0) expect(board.me?.level).toBe(xp.level.level);
        }
        const brute = bruteStreak(days, day());
        expect({ longest: xp.daily.longest, current: xp.daily.current }).toEqual(brute);
      }),
      { numRuns: 40 },
    );
  });
});
