/**
 * The XP ledger through the API: awards paid once whatever is retried or
 * toggled, totals and levels derived from the ledger, a reset that takes its path's events back
 * (and pays again, once, when the path is done again), rolling boards with private names, and
 * the learner's time zone whose changes are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, errorMessage, newUser, signIn, type TestApp } from '../test/helpers.ts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../src/api/account/contract.ts';
import { leaderboardResponseSchema, xpHistoryResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { PRIVATE_LEARNER_NAME } from '../../src/domain/learning.ts';
import { xpMessages } from '../../src/domain/streaks.ts';
import { levelFor } from '../../src/domain/levels.ts';
import { streakRules, WEEKLY_GOAL } from '../../src/domain/streaks.ts';
import { TASK_XP } from '../../src/domain/xp.ts';

let clock = Date.parse('2026-06-10T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  // Verification off: a submission pays at once (self-reported); verified payment is server/verify's.
  t = await createTestApp({ verification: 'off' }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const curriculum = loadCurriculumOnce();
const frontend = curriculum.paths.find((p) => p.slug === 'frontend-development')!;
const first = curriculum.projects.find((p) => p.pathId === frontend.id && p.prerequisites.length === 0)!;

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (app: FastifyInstance, method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(body === undefined ? (method === 'POST' ? { payload: '{}' } : {}) : { payload: JSON.stringify(body) }),
  });
const xpOf = async (token: string) => xpResponseSchema.parse((await get(t.app, '/learning/xp', token)).json()).xp;
const board = async (token: string, period = 'week') => leaderboardResponseSchema.parse((await get(t.app, `/learning/leaderboard?period=${period}`, token)).json());

/** A fresh access token for a learner (after the test clock moved past the old one's lifetime). */
async function signInAgain(user: { email: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: user.email, password: user.password }),
  });
  return (response.json() as { token: string }).token;
}

async function completeFirstProject(token: string) {
  expect((await send(t.app, 'POST', `/learning/projects/${first.id}/start`, token)).statusCode).toBe(200);
  for (const task of first.tasks) expect((await send(t.app, 'PUT', `/learning/tasks/${task.id}`, token)).statusCode).toBe(204);
  const submitted = await send(t.app, 'POST', `/learning/projects/${first.id}/submission`, token, {
    repositoryUrl: 'https://github.com/ada/portfolio',
    liveUrl: 'https://ada.github.io/site/',
  });
  expect(submitted.statusCode).toBe(202);
}

const projectXp = first.xp + first.tasks.length * TASK_XP;

describe('the ledger', () => {
  it('starts a new learner at zero, level 1, no streak, no badge', async () => {
    const { token } = await signIn(t.app);
    const xp = await xpOf(token);
    expect(xp).toMatchObject({ totalXp: 0, projectsCompleted: 0, hoursSpent: 0, level: { level: 1 } });
    expect(xp.daily).toMatchObject({ current: 0, longest: 0 });
    expect(xp.badges.some((b) => b.earned)).toBe(false);
    expect((await get(t.app, '/learning/xp/history', token)).json()).toEqual({ events: [] });
  });

  it('pays a completed project its XP and each task once, and says why in the history', async () => {
    const { token } = await signIn(t.app);
    await completeFirstProject(token);
    const xp = await xpOf(token);
    const badgeXp = xp.totalXp - projectXp;
    expect(badgeXp % 100).toBe(0); // only badges pay on top, 100 each
    expect(xp).toMatchObject({ projectsCompleted: 1, hoursSpent: first.hours, level: { level: levelFor(xp.totalXp) } });
    expect(xp.daily).toMatchObject({ current: 1, activeToday: true });
    const { events } = xpHistoryResponseSchema.parse((await get(t.app, '/learning/xp/history', token)).json());
    expect(events.reduce((sum, e) => sum + e.amount, 0)).toBe(xp.totalXp);
    expect(events.find((e) => e.reason === 'project')).toMatchObject({ title: first.title, amount: first.xp, path: { slug: frontend.slug } });
    expect(events.filter((e) => e.reason === 'task')).toHaveLength(first.tasks.length);
  });

  it('never pays twice: ticking on and off, a retried tick, a second submission', async () => {
    const { token } = await signIn(t.app);
    await completeFirstProject(token);
    const before = (await xpOf(token)).totalXp;
    // The project is completed: its tasks can no longer change, and submitting again replaces the repository only.
    expect(
      (
        await send(t.app, 'POST', `/learning/projects/${first.id}/submission`, token, {
          repositoryUrl: 'https://github.com/ada/portfolio-2',
          liveUrl: 'https://ada.github.io/site/',
        })
      ).statusCode,
    ).toBe(202);
    expect((await xpOf(token)).totalXp).toBe(before);

    const other = await signIn(t.app);
    await send(t.app, 'POST', `/learning/projects/${first.id}/start`, other.token);
    const task = first.tasks[0]!.id;
    await send(t.app, 'PUT', `/learning/tasks/${task}`, other.token);
    await send(t.app, 'PUT', `/learning/tasks/${task}`, other.token);
    await send(t.app, 'DELETE', `/learning/tasks/${task}`, other.token);
    await send(t.app, 'PUT', `/learning/tasks/${task}`, other.token);
    expect((await xpOf(other.token)).totalXp).toBe(TASK_XP);
  });

  it('a reset takes the path’s XP back, and completing it again pays exactly once more', async () => {
    const { token } = await signIn(t.app);
    await completeFirstProject(token);
    expect((await board(token)).me?.xp).toBeGreaterThan(0);
    expect((await send(t.app, 'POST', `/learning/paths/${frontend.id}/reset`, token)).statusCode).toBe(200);
    const reset = await xpOf(token);
    expect(reset).toMatchObject({ totalXp: 0, projectsCompleted: 0 });
    expect(reset.badges.some((b) => b.earned)).toBe(false);
    expect((await board(token)).me).toBeNull();
    await completeFirstProject(token);
    const again = await xpOf(token);
    const { events } = xpHistoryResponseSchema.parse((await get(t.app, '/learning/xp/history', token)).json());
    expect(events.filter((e) => e.reason === 'project')).toHaveLength(1);
    expect(again.totalXp).toBe(events.reduce((sum, e) => sum + e.amount, 0));
  });
});

describe('the leaderboard', () => {
  it('ranks this week’s XP, shows private learners without their name, and always shows my own row', async () => {
    const publicOne = await signIn(t.app);
    await send(t.app, 'PUT', '/account/preferences', publicOne.token, {
      notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES },
      darkMode: false,
      publicProfile: true,
    });
    await completeFirstProject(publicOne.token);
    const privateOne = await signIn(t.app);
    await completeFirstProject(privateOne.token);
    const seen = await board(publicOne.token);
    const rows = seen.top.filter((r) => r.xp > 0);
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
    expect(seen.me).toMatchObject({ isMe: true, name: publicOne.user.username });
    const fromOther = await board(privateOne.token);
    expect(fromOther.me?.name).toBe(privateOne.user.username);
    expect(fromOther.top.find((r) => !r.isMe && r.xp === seen.me?.xp && r.name === publicOne.user.username)).toBeDefined();
    expect(seen.top.some((r) => r.name === privateOne.user.username)).toBe(false);
    // A private learner is flagged and unnamed: the name never leaves the server.
    expect(seen.top.some((r) => r.private && r.name === null && !r.isMe)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(privateOne.user.username);
    expect(fromOther.me).toMatchObject({ private: true, name: privateOne.user.username });
  });

  it('says who is private by a flag, never by a name: a public learner named "A PathForge learner" is public, with that name', async () => {
    const lookalike = await signIn(t.app, newUser({ username: PRIVATE_LEARNER_NAME }));
    await send(t.app, 'PUT', '/account/preferences', lookalike.token, {
      notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES },
      darkMode: false,
      publicProfile: true,
    });
    await completeFirstProject(lookalike.token);
    const hidden = await signIn(t.app);
    await completeFirstProject(hidden.token);
    const seen = await board(hidden.token, 'day');
    const rowOf = (xpRank: (r: (typeof seen.top)[number]) => boolean) => seen.top.filter(xpRank);
    // The lookalike's own view and everyone else's agree that they are public.
    expect((await board(lookalike.token, 'day')).me).toMatchObject({ private: false, name: PRIVATE_LEARNER_NAME, isMe: true });
    const publicLookalikes = rowOf((r) => !r.isMe && !r.private && r.name === PRIVATE_LEARNER_NAME);
    expect(publicLookalikes.length).toBeGreaterThanOrEqual(1);
    // Private rows carry no name at all, so nothing can pass a name off as private.
    for (const row of rowOf((r) => r.private && !r.isMe)) expect(row.name).toBeNull();
    expect(seen.me).toMatchObject({ private: true, name: hidden.user.username });
  });

  it('moves its rolling windows: XP from 8 days ago counts all time and this month, not this week or today', async () => {
    clock -= 8 * 24 * 3_600_000;
    const { token: then, user } = await signIn(t.app);
    await completeFirstProject(then);
    clock += 8 * 24 * 3_600_000;
    const token = await signInAgain(user);
    expect((await board(token, 'all')).me?.xp).toBeGreaterThan(0);
    expect((await board(token, 'month')).me?.xp).toBeGreaterThan(0);
    expect((await board(token, 'week')).me).toBeNull();
    expect((await board(token, 'day')).me).toBeNull();
  });
});

describe('the learner’s time zone', () => {
  it('is set once freely, then changes at most once a day; an unknown zone is refused', async () => {
    const { token: first, user } = await signIn(t.app);
    let token = first;
    expect((await send(t.app, 'PUT', '/learning/clock', token, { timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await send(t.app, 'PUT', '/learning/clock', token, { timeZone: 'Asia/Tokyo' })).json()).toMatchObject({ timeZone: 'Asia/Tokyo' });
    const tooSoon = await send(t.app, 'PUT', '/learning/clock', token, { timeZone: 'America/New_York' });
    expect(tooSoon.statusCode).toBe(409);
    expect(errorMessage(tooSoon)).toBe(xpMessages.timeZoneTooSoon);
    expect((await xpOf(token)).timeZone).toBe('Asia/Tokyo');
    clock += 25 * 3_600_000;
    token = await signInAgain(user);
    expect((await send(t.app, 'PUT', '/learning/clock', token, { timeZone: 'America/New_York', weeklyGoal: 4 })).json()).toEqual({
      timeZone: 'America/New_York',
      weeklyGoal: 4,
    });
    expect((await xpOf(token)).weekly.goal).toBe(4);
  });
});

describe('the weekly goal', () => {
  it('changes whenever the learner likes, within the domain’s bounds, and the streak rules say the learner’s goal', async () => {
    const { token } = await signIn(t.app);
    const before = await xpOf(token);
    expect(before.weekly.goal).toBe(WEEKLY_GOAL.default);
    expect(before.rules.streak).toEqual(streakRules(WEEKLY_GOAL.default));
    for (const weeklyGoal of [WEEKLY_GOAL.min - 1, WEEKLY_GOAL.max + 1, 2.5]) {
      expect((await send(t.app, 'PUT', '/learning/clock', token, { weeklyGoal })).statusCode).toBe(400);
    }
    // A time zone set just now does not hold the goal back: only the zone changes at most once a day.
    await send(t.app, 'PUT', '/learning/clock', token, { timeZone: 'Asia/Tokyo' });
    expect((await send(t.app, 'PUT', '/learning/clock', token, { weeklyGoal: 5 })).json()).toEqual({ timeZone: 'Asia/Tokyo', weeklyGoal: 5 });
    expect((await send(t.app, 'PUT', '/learning/clock', token, { weeklyGoal: 6 })).statusCode).toBe(200);
    const after = await xpOf(token);
    expect(after.weekly.goal).toBe(6);
    expect(after.timeZone).toBe('Asia/Tokyo');
    expect(after.rules.streak).toContain('The weekly goal counts weeks (Monday to Sunday) with at least 6 active days.');
  });
});

describe('the leaderboard’s level column', () => {
  it('shows the learner’s level from all their XP, not from the window’s', async () => {
    clock -= 10 * 24 * 3_600_000;
    const { token: then, user } = await signIn(t.app);
    await completeFirstProject(then);
    clock += 10 * 24 * 3_600_000;
    const token = await signInAgain(user);
    // Another task this week: a small weekly XP, the level of everything.
    const second = curriculum.projects.find((p) => p.prerequisites.includes(first.id))!;
    await send(t.app, 'POST', `/learning/projects/${second.id}/start`, token);
    await send(t.app, 'PUT', `/learning/tasks/${second.tasks[0]!.id}`, token);
    const week = await board(token, 'week');
    const total = (await xpOf(token)).totalXp;
    expect(week.me).toMatchObject({ xp: TASK_XP, level: levelFor(total) });
    expect(levelFor(total)).toBeGreaterThan(levelFor(TASK_XP));
  });
});
