/**
 * A badge's XP is of the kind of the work that earns it. Earned on verified work
 * alone, it ranks; earned only with self-reported work (VERIFICATION=off), it is self-reported too
 * and ranked apart, like the project XP that earned it, and kept all the same. A self-reported
 * badge ranks from the moment verified work earns it too; one that ranks never stops ranking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadCurriculumOnce } from '../content/load.ts';
import type { Db } from '../db/database.ts';
import { bearer, createTestApp, register, signIn, type TestApp } from '../test/helpers.ts';
import { evaluateBadges, type BadgeDefinition } from '../../src/domain/badges.ts';
import { leaderboardResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { BADGE_XP, TASK_XP } from '../../src/domain/xp.ts';
import { createLedger, type Moment } from './ledger.ts';

const clock = Date.parse('2026-06-10T12:00:00.000Z');
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ verification: 'off' }, { now: () => clock });
  db = t.app.db as Db;
});
afterAll(async () => {
  await t.close();
});

const curriculum = loadCurriculumOnce();
const frontend = curriculum.paths.find((p) => p.slug === 'frontend-development')!;
const frontendProjects = curriculum.projects.filter((p) => p.pathId === frontend.id);

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, token: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });

const badgeEvents = (userId: string) =>
  db
    .selectFrom('xp_events')
    .select(['source_id', 'amount', 'self_reported'])
    .where('user_id', '=', userId)
    .where('reason', '=', 'badge')
    .orderBy('source_id')
    .execute();
const boardRow = (userId: string) =>
  db.selectFrom('xp_board').select(['xp', 'self_reported_xp', 'total']).where('user_id', '=', userId).where('period', '=', 'all').executeTakeFirstOrThrow();

describe('VERIFICATION=off', () => {
  it('a badge earned on self-reported projects is self-reported too: kept, shown beside, not ranked', async () => {
    // The frontend path's projects in order, until their skills earn a badge (Well Rounded).
    const done: typeof frontendProjects = [];
    const earnedWith = (projects: typeof frontendProjects) =>
      evaluateBadges(curriculum.badges, {
        completedProjects: projects.map((p) => ({ id: p.id, completedOn: '2026-06-10', skills: [...p.skills], verified: false })),
        longestDailyStreak: 1,
        totalXp: projects.reduce((n, p) => n + p.xp + p.tasks.length * TASK_XP, 0),
      }).filter((b) => b.earned);
    for (const project of frontendProjects) {
      done.push(project);
      if (earnedWith(done).length > 0) break;
    }
    const expected = earnedWith(done);
    expect(expected.length).toBeGreaterThan(0);

    const { token, id } = await signIn(t.app);
    for (const project of done) {
      expect((await send('POST', `/learning/projects/${project.id}/start`, token)).statusCode).toBe(200);
      for (const task of project.tasks) expect((await send('PUT', `/learning/tasks/${task.id}`, token)).statusCode).toBe(204);
      const submitted = await send('POST', `/learning/projects/${project.id}/submission`, token, {
        repositoryUrl: `https://github.com/hal/${project.slug}`,
        liveUrl: `https://hal.github.io/${project.slug}/`,
      });
      expect(submitted.statusCode).toBe(202);
    }

    const tasksXp = done.reduce((n, p) => n + p.tasks.length * TASK_XP, 0);
    const projectsXp = done.reduce((n, p) => n + p.xp, 0);
    const badgesXp = expected.length * BADGE_XP;
    // Nothing is taken away: the XP page counts every award, badges earned with their dates.
    const xp = xpResponseSchema.parse((await get(t.app, '/learning/xp', token)).json()).xp;
    expect(xp.totalXp).toBe(tasksXp + projectsXp + badgesXp);
    expect(xp.badges.filter((b) => b.earned).map((b) => b.id)).toEqual(expected.map((b) => b.id));
    // The badge's XP is self-reported, like the projects' that earned it.
    expect(await badgeEvents(id)).toEqual(
      expected.map((b) => ({ source_id: b.id, amount: BADGE_XP, self_reported: 1 })).sort((a, b) => a.source_id.localeCompare(b.source_id)),
    );
    const board = leaderboardResponseSchema.parse((await get(t.app, '/learning/leaderboard?period=all', token)).json());
    expect(board.me).toMatchObject({ xp: tasksXp, selfReportedXp: projectsXp + badgesXp });
  });
});

describe('the ledger', () => {
  /** One badge at 100 XP in all, so a few awards decide it. */
  const hundred: BadgeDefinition = {
    id: 'badge_0000test',
    title: 'Test Hundred',
    description: 'Earn 100 XP',
    icon: 'star',
    color: 'purple',
    rule: 'total-xp',
    target: 100,
  };
  const ledger = () => createLedger(db, [hundred], new Map());
  const moment = (minutes: number): Moment => {
    const at = new Date(clock + minutes * 60_000).toISOString();
    return { at, localDay: at.slice(0, 10) };
  };
  const pay = (userId: string, sourceId: string, amount: number, selfReported: boolean, minutes: number) =>
    db
      .transaction()
      .execute((tx) => ledger().award(tx, userId, { reason: selfReported ? 'project' : 'task', sourceId, pathId: null, amount, selfReported }, moment(minutes)));
  const settle = (userId: string, minutes: number) => db.transaction().execute((tx) => ledger().settleBadges(tx, userId, moment(minutes)));

  it('pays a badge earned only with self-reported work as self-reported, and ranks it once verified work earns it too', async () => {
    const { id } = await register(t.app);
    await pay(id, 'prj_selfreported', 500, true, 1);
    await settle(id, 1);
    expect(await badgeEvents(id)).toEqual([{ source_id: hundred.id, amount: BADGE_XP, self_reported: 1 }]);
    expect(await boardRow(id)).toEqual({ xp: 0, self_reported_xp: 500 + BADGE_XP, total: 500 + BADGE_XP });

    // Verified work alone reaches 100 XP: the badge ranks from now on, still paid once.
    for (let i = 0; i < 100 / TASK_XP; i += 1) await pay(id, `task_verified${i}`, TASK_XP, false, 2);
    await settle(id, 2);
    expect(await badgeEvents(id)).toEqual([{ source_id: hundred.id, amount: BADGE_XP, self_reported: 0 }]);
    expect(await boardRow(id)).toEqual({ xp: 100 + BADGE_XP, self_reported_xp: 500, total: 600 + BADGE_XP });
  });

  it('pays a badge earned on verified work as ranked XP', async () => {
    const { id } = await register(t.app);
    await pay(id, 'prj_selfreported', 500, true, 1);
    await pay(id, 'task_verified', 100, false, 1);
    await settle(id, 1);
    expect(await badgeEvents(id)).toEqual([{ source_id: hundred.id, amount: BADGE_XP, self_reported: 0 }]);
    expect(await boardRow(id)).toEqual({ xp: 100 + BADGE_XP, self_reported_xp: 500, total: 600 + BADGE_XP });
  });

  it('never turns a badge that ranks into a self-reported one (paid before this rule: it stays as it was)', async () => {
    const { id } = await register(t.app);
    await pay(id, 'prj_selfreported', 500, true, 1);
    // As a badge was paid before badges followed their work's kind: ranked.
    await db
      .insertInto('user_badges')
      .values({ user_id: id, badge_id: hundred.id, earned_at: moment(1).at })
      .execute();
    await db.transaction().execute((tx) => ledger().award(tx, id, { reason: 'badge', sourceId: hundred.id, pathId: null, amount: BADGE_XP }, moment(1)));
    await settle(id, 3);
    expect(await badgeEvents(id)).toEqual([{ source_id: hundred.id, amount: BADGE_XP, self_reported: 0 }]);
    expect(await boardRow(id)).toEqual({ xp: BADGE_XP, self_reported_xp: 500, total: 500 + BADGE_XP });
  });
});
