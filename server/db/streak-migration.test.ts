/**
 * Migration 0012_streak_integrity keeps every learner's data as it was: a database written before
 * it (ticks, an untick, a start, a submission, a time zone, a weekly goal) shows the same XP,
 * streaks and history after it, and what it fills in from that data holds at once (a task ticked
 * before the migration earns no new day when ticked again; the goal set before applies to the
 * weeks before).
 */
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, newUser, postJson, tempDir, testConfig, testDatabase } from '../test/helpers.ts';
import { xpHistoryResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations.ts';

const MIGRATION = '0012_streak_integrity';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const curriculum = loadCurriculumOnce();
const first = curriculum.projects.find((p) => p.prerequisites.length === 0 && p.tasks.length >= 4)!;
const tasks = first.tasks.map((t) => t.id);

describe(`migration ${MIGRATION}`, () => {
  it('keeps ticks, streaks, XP and the weekly goal as they were, and fills in what keeps them honest', async () => {
    const d = tempDir();
    dirs.push(d);
    const database = await testDatabase(d);
    const config = { ...testConfig(d), database: database.target };
    let clock = 0;
    const start = (): Promise<FastifyInstance> => buildApp(config, { logger: false, now: () => clock });
    const user = newUser();

    const as = async (app: FastifyInstance, iso: string) => {
      clock = Date.parse(iso);
      const login = await postJson(app, '/auth/login', { email: user.email, password: user.password });
      const { token } = login.json() as { token: string };
      const call = (method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: { ...bearer(token), ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(body === undefined ? (method === 'POST' ? { payload: '{}' } : {}) : { payload: JSON.stringify(body) }),
        });
      return {
        call,
        xp: async () => xpResponseSchema.parse((await call('GET', '/learning/xp')).json()).xp,
        history: async () => xpHistoryResponseSchema.parse((await call('GET', '/learning/xp/history')).json()).events,
      };
    };

    // Before: the learner works on Monday and Tuesday 1-2 June with a goal of 2 days in Tokyo.
    const before = await start();
    expect((await postJson(before, '/auth/register', user)).statusCode).toBe(201);
    const monday = await as(before, '2026-06-01T03:00:00Z');
    expect((await monday.call('PUT', '/learning/clock', { timeZone: 'Asia/Tokyo', weeklyGoal: 2 })).statusCode).toBe(200);
    expect((await monday.call('POST', `/learning/projects/${first.id}/start`)).statusCode).toBe(200);
    expect((await monday.call('PUT', `/learning/tasks/${tasks[0]}`)).statusCode).toBe(204);
    const tuesday = await as(before, '2026-06-02T03:00:00Z');
    expect((await tuesday.call('DELETE', `/learning/tasks/${tasks[0]}`)).statusCode).toBe(204);
    expect((await tuesday.call('PUT', `/learning/tasks/${tasks[1]}`)).statusCode).toBe(204);
    const wednesday = await as(before, '2026-06-03T03:00:00Z');
    const xpBefore = await wednesday.xp();
    const historyBefore = await wednesday.history();
    expect(xpBefore.daily).toMatchObject({ current: 2, activeToday: false });
    expect(xpBefore.weekly).toMatchObject({ goal: 2, current: 1, metThisWeek: true });
    await before.close();

    // The same data as a database from before the migration had it.
    const db = (await openDatabase(database.target)) as unknown as Kysely<unknown>;
    // It and every later migration undone, newest first (the later ones hold no data here).
    const undone = Object.keys(migrations)
      .filter((name) => name >= MIGRATION)
      .sort()
      .reverse();
    expect(undone.at(-1)).toBe(MIGRATION);
    for (const name of undone) {
      const migration = migrations[name];
      if (!migration?.down) throw new Error(`no down for migration ${name}`);
      await migration.down(db);
      await sql`delete from kysely_migration where name = ${name}`.execute(db);
    }
    await db.destroy();

    // After: the migration runs at start; nothing the learner sees has changed.
    const after = await start();
    try {
      const later = await as(after, '2026-06-03T03:00:00Z');
      expect(await later.xp()).toEqual(xpBefore);
      expect(await later.history()).toEqual(historyBefore);
      // Monday's task, unticked on Tuesday, ticked again on Wednesday: no new day of work.
      expect((await later.call('PUT', `/learning/tasks/${tasks[0]}`)).statusCode).toBe(204);
      expect((await later.xp()).daily).toMatchObject({ current: 2, activeToday: false });
      // A task never ticked is a day of work.
      expect((await later.call('PUT', `/learning/tasks/${tasks[2]}`)).statusCode).toBe(204);
      expect((await later.xp()).daily).toMatchObject({ current: 3, activeToday: true });
      // The goal of 2 set before the migration still holds, for the weeks before a new one.
      expect((await later.xp()).weekly).toMatchObject({ goal: 2, current: 1, daysThisWeek: 3 });
    } finally {
      await after.close();
      await database.drop();
    }
  });
});
