/**
 * Migration 0014_verification keeps what learners earned: a project submitted (and paid) before
 * projects were verified shows "not verified" with its XP kept and still ranked, and checking it
 * now is allowed.
 */
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, newUser, postJson, tempDir, testConfig, testDatabase } from '../test/helpers.ts';
import { leaderboardResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { projectResponseSchema } from '../../src/api/learning/contract.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations.ts';

const MIGRATION = '0014_verification';
const NOW = Date.parse('2026-06-10T12:00:00.000Z');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const curriculum = loadCurriculumOnce();
const first = curriculum.projects.find((p) => p.prerequisites.length === 0)!;

describe(`migration ${MIGRATION}`, () => {
  it('turns every submission into a not-verified one that keeps its XP and its rank', async () => {
    const d = tempDir();
    dirs.push(d);
    const database = await testDatabase(d);
    // Before: a submission paid at once, as every submission was before verified projects.
    const config = { ...testConfig(d), database: database.target };
    let verification: 'on' | 'off' = 'off';
    const start = (): Promise<FastifyInstance> => buildApp({ ...config, verification }, { logger: false, now: () => NOW });
    const user = newUser();
    const as = async (app: FastifyInstance) => {
      const { token } = (await postJson(app, '/auth/login', { email: user.email, password: user.password })).json() as { token: string };
      const call = (method: 'PUT' | 'POST' | 'GET', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: { ...bearer(token), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
        });
      return {
        call,
        xp: async () => xpResponseSchema.parse((await call('GET', '/learning/xp')).json()).xp,
        project: async () => projectResponseSchema.parse((await call('GET', `/learning/projects/${first.slug}`)).json()).project,
        board: async () => leaderboardResponseSchema.parse((await call('GET', '/learning/leaderboard?period=all')).json()),
      };
    };

    const before = await start();
    expect((await postJson(before, '/auth/register', user)).statusCode).toBe(201);
    const learner = await as(before);
    expect((await learner.call('POST', `/learning/projects/${first.id}/start`)).statusCode).toBe(200);
    for (const task of first.tasks) expect((await learner.call('PUT', `/learning/tasks/${task.id}`)).statusCode).toBe(204);
    expect(
      (
        await learner.call('POST', `/learning/projects/${first.id}/submission`, {
          repositoryUrl: 'https://github.com/ada/old',
          liveUrl: 'https://ada.github.io/site/',
        })
      ).statusCode,
    ).toBe(202);
    const xpBefore = await learner.xp();
    expect(xpBefore.projectsCompleted).toBe(1);
    await before.close();

    // The same data as a database from before the migration had it.
    const db = (await openDatabase(database.target)) as unknown as Kysely<unknown>;
    const undone = Object.keys(migrations)
      .filter((name) => name >= MIGRATION)
      .sort()
      .reverse();
    expect(undone.at(-1)).toBe(MIGRATION);
    for (const name of undone) {
      await migrations[name]!.down!(db);
      await sql`delete from kysely_migration where name = ${name}`.execute(db);
    }
    await db.destroy();

    // After: the migration runs at start, with verification on.
    verification = 'on';
    const after = await start();
    try {
      const later = await as(after);
      expect(await later.xp()).toEqual(xpBefore);
      const project = await later.project();
      expect(project.status).toBe('completed');
      expect(project.submission).toMatchObject({
        repositoryUrl: 'https://github.com/ada/old',
        liveUrl: null,
        verification: { state: 'not-verified', xpPaid: true, recheck: { allowed: true, nextAt: null } },
      });
      // Earned before verification: ranked as it was, nothing labelled self-reported.
      expect((await later.board()).me).toMatchObject({ xp: xpBefore.totalXp, selfReportedXp: 0 });
    } finally {
      await after.close();
      await database.drop();
    }
  }, 120_000);
});
