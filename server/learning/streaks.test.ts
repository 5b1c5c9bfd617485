/**
 * Streaks that cannot be gamed, through the API: a day of work is the first tick of a task ever
 * (an untick and a retick earn none, nor does a second submission or a start after a reset); a
 * time zone change cannot bring back a day already over, the first change included; a weekly goal
 * applies from the week it is set, so a lower goal does not rewrite the weeks before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, newUser, postJson, register, type TestApp, type TestUser } from '../test/helpers.ts';
import { xpResponseSchema } from '../../src/api/xp/contract.ts';

let clock = 0;
let t: TestApp;
beforeAll(async () => {
  // Verification off: a submission pays at once, as before verified projects.
  t = await createTestApp({ verification: 'off' }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const curriculum = loadCurriculumOnce();
const first = curriculum.projects.find((p) => p.prerequisites.length === 0 && p.tasks.length >= 4)!;
const [taskA, taskB, taskC, taskD] = first.tasks.map((task) => task.id) as [string, string, string, string];

/** A learner at a moment (UTC): signed in then (an access token lives minutes). */
async function at(iso: string, user: TestUser) {
  clock = Date.parse(iso);
  const response = await postJson(t.app, '/auth/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  const token = (response.json() as { token: string }).token;
  const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? (method === 'POST' ? { payload: '{}' } : {}) : { payload: JSON.stringify(body) }),
    });
  return {
    tick: async (task: string) => expect((await call('PUT', `/learning/tasks/${task}`)).statusCode).toBe(204),
    untick: async (task: string) => expect((await call('DELETE', `/learning/tasks/${task}`)).statusCode).toBe(204),
    start: async () => expect((await call('POST', `/learning/projects/${first.id}/start`)).statusCode).toBe(200),
    submit: async (repositoryUrl: string) =>
      expect((await call('POST', `/learning/projects/${first.id}/submission`, { repositoryUrl, liveUrl: 'https://ada.github.io/site/' })).statusCode).toBe(202),
    reset: async () => expect((await call('POST', `/learning/paths/${first.pathId}/reset`)).statusCode).toBe(200),
    clock: async (body: { timeZone?: string; weeklyGoal?: number }) => {
      const response = await call('PUT', '/learning/clock', body);
      expect(response.statusCode).toBe(200);
    },
    xp: async () => xpResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/learning/xp', headers: bearer(token) })).json()).xp,
  };
}

async function newLearner() {
  const user = newUser();
  await register(t.app, user);
  return user;
}

describe('a day of work is the first tick of a task', () => {
  it('unticking and ticking again the next day earns no day; a new task does', async () => {
    const user = await newLearner();
    const monday = await at('2026-06-01T12:00:00Z', user);
    await monday.start();
    await monday.tick(taskA);
    const tuesday = await at('2026-06-02T12:00:00Z', user);
    await tuesday.untick(taskA);
    await tuesday.tick(taskA);
    expect((await tuesday.xp()).daily).toMatchObject({ current: 1, activeToday: false, atRisk: true });
    await tuesday.tick(taskB);
    expect((await tuesday.xp()).daily).toMatchObject({ current: 2, activeToday: true });
  });

  it('a task ticked before a path reset earns no day when ticked again; a task never ticked does', async () => {
    const user = await newLearner();
    const monday = await at('2026-06-01T12:00:00Z', user);
    await monday.start();
    await monday.tick(taskA);
    const tuesday = await at('2026-06-02T12:00:00Z', user);
    await tuesday.reset();
    await tuesday.start();
    await tuesday.tick(taskA);
    // The reset took Monday's day with it; starting again and reticking earn nothing.
    expect((await tuesday.xp()).daily).toMatchObject({ current: 0, activeToday: false });
    await tuesday.tick(taskB);
    expect((await tuesday.xp()).daily).toMatchObject({ current: 1, activeToday: true });
  });

  it('submitting the project again, with another repository, earns no day', async () => {
    const user = await newLearner();
    const monday = await at('2026-06-01T12:00:00Z', user);
    await monday.start();
    for (const task of first.tasks) await monday.tick(task.id);
    await monday.submit('https://github.com/ada/first');
    const tuesday = await at('2026-06-02T12:00:00Z', user);
    await tuesday.submit('https://github.com/ada/second');
    expect((await tuesday.xp()).daily).toMatchObject({ current: 1, activeToday: false, atRisk: true });
  });
});

describe('a time zone change cannot create a day', () => {
  it('the first change, west past midnight, does not bring back the day just over', async () => {
    const user = await newLearner();
    // Work on Tuesday 9 June (UTC, the default), none on Wednesday 10.
    const tuesday = await at('2026-06-09T12:00:00Z', user);
    await tuesday.start();
    await tuesday.tick(taskA);
    // 00:30 UTC on Thursday 11: in Los Angeles it is still 17:30 on Wednesday 10.
    const moved = await at('2026-06-11T00:30:00Z', user);
    await moved.clock({ timeZone: 'America/Los_Angeles' });
    await moved.tick(taskB);
    const xp = await moved.xp();
    // The work counts on Thursday 11; Wednesday 10 stays a day without work: the streak broke.
    expect(xp.daily).toMatchObject({ current: 1, longest: 1, activeToday: true });
    expect(xp.timeZone).toBe('America/Los_Angeles');
    // Thursday lasts until midnight in Los Angeles: 30.5 hours from now.
    expect(xp.daily.msLeftToday).toBe(30.5 * 3_600_000);
    // The next morning in Los Angeles is still Thursday: already counted.
    const nextMorning = await at('2026-06-11T16:00:00Z', user);
    await nextMorning.tick(taskC);
    expect((await nextMorning.xp()).daily).toMatchObject({ current: 1, activeToday: true });
    // Friday in Los Angeles is a new day.
    const friday = await at('2026-06-12T16:00:00Z', user);
    await friday.tick(taskD);
    expect((await friday.xp()).daily).toMatchObject({ current: 2, activeToday: true });
  });

  it('a later change west, a day after the first, cannot bring one back either', async () => {
    const user = await newLearner();
    const monday = await at('2026-06-01T10:00:00Z', user);
    await monday.clock({ timeZone: 'Asia/Tokyo' });
    await monday.start();
    await monday.tick(taskA); // Monday 1 June in Tokyo (19:00)
    // Wednesday 3 June, 09:00 in Tokyo (00:00 UTC): Tuesday had no work. Honolulu is still at Tuesday 14:00.
    const wednesday = await at('2026-06-03T00:00:00Z', user);
    await wednesday.clock({ timeZone: 'Pacific/Honolulu' });
    await wednesday.tick(taskB);
    expect((await wednesday.xp()).daily).toMatchObject({ current: 1, longest: 1, activeToday: true });
  });

  it('a learner with no work yet moves freely: their first day is the new zone’s', async () => {
    const user = await newLearner();
    const evening = await at('2026-06-11T00:30:00Z', user);
    await evening.clock({ timeZone: 'America/Los_Angeles' });
    await evening.start();
    const xp = await evening.xp();
    expect(xp.daily).toMatchObject({ current: 1, activeToday: true });
    expect(xp.daily.msLeftToday).toBe(6.5 * 3_600_000);
  });
});

describe('the weekly goal applies from the week it is set', () => {
  it('a lower goal this week does not make last week met', async () => {
    const user = await newLearner();
    // Two days of work in the week of 1 June, under the default goal of 3: not met.
    const monday = await at('2026-06-01T12:00:00Z', user);
    await monday.start();
    await (await at('2026-06-02T12:00:00Z', user)).tick(taskA);
    // Two days in the week of 8 June; then the goal goes down to 2.
    await (await at('2026-06-08T12:00:00Z', user)).tick(taskB);
    const tuesday = await at('2026-06-09T12:00:00Z', user);
    await tuesday.tick(taskC);
    expect((await tuesday.xp()).weekly).toMatchObject({ goal: 3, current: 0, longest: 0 });
    await tuesday.clock({ weeklyGoal: 2 });
    expect((await tuesday.xp()).weekly).toEqual({ current: 1, longest: 1, daysThisWeek: 2, goal: 2, metThisWeek: true, atRisk: false });
  });

  it('a higher goal this week does not take back last week', async () => {
    const user = await newLearner();
    const monday = await at('2026-06-01T12:00:00Z', user);
    await monday.clock({ weeklyGoal: 1 });
    await monday.start();
    const nextWeek = await at('2026-06-08T12:00:00Z', user);
    await nextWeek.tick(taskA);
    expect((await nextWeek.xp()).weekly).toMatchObject({ current: 2, metThisWeek: true });
    await nextWeek.clock({ weeklyGoal: 5 });
    expect((await nextWeek.xp()).weekly).toMatchObject({ goal: 5, current: 1, longest: 1, metThisWeek: false, atRisk: true });
  });
});
