/**
 * /learning/xp, /learning/xp/history, /learning/leaderboard and /learning/clock: what
 * the ledger says of the signed-in learner, and everyone's boards. Registered inside the learning
 * routes, behind their one `authenticate`.
 */
import type { FastifyInstance } from 'fastify';
import type { BadgeDefinition } from '../../src/domain/badges.ts';
import {
  leaderboardQuerySchema,
  xpHistoryQuerySchema,
  clockBodySchema,
  clockResponseSchema,
  leaderboardResponseSchema,
  xpHistoryResponseSchema,
  xpResponseSchema,
} from '../../src/api/xp/contract.ts';
import type { Catalog } from '../../src/domain/learningViews.ts';
import { DEFAULT_TIME_ZONE, isValidTimeZone, learnerDay, WEEKLY_GOAL, weekOf, xpMessages } from '../../src/domain/streaks.ts';
import { boardView, LEADERBOARD_TOP, xpHistory, xpSummary, type LearnerLedger, type LedgerEvent } from '../../src/domain/xpViews.ts';
import type { SessionClaims } from '../auth/authenticate.ts';
import type { UserRow } from '../auth/repository.ts';
import { HttpError } from '../http/errors.ts';
import { route, schema } from '../http/schema.ts';
import type { Boards } from './boards.ts';
import type { Ledger } from './ledger.ts';

/** A learner's time zone changes at most this often: moving it back and forth cannot stretch a streak. */
export const TIME_ZONE_CHANGE_HOURS = 24;

export type XpDeps = {
  ledger: Ledger;
  boards: Boards;
  catalog: Catalog;
  badges: readonly BadgeDefinition[];
  now: () => number;
  learnerOf: (request: { learner: UserRow | null }) => UserRow;
  /** A `sessionInQuery` route's claims, and the 401 it throws when its query finds the session ended. */
  sessionOf: (request: { session: SessionClaims | null }) => SessionClaims;
  ended: () => Error;
};

export function xpRoutes(app: FastifyInstance, { ledger, boards, catalog, badges, now, learnerOf, sessionOf, ended }: XpDeps) {
  async function clock(userId: string) {
    const row = await ledger.clockOf(userId);
    return { timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE, weeklyGoal: row?.weekly_goal ?? WEEKLY_GOAL.default, row };
  }

  async function ledgerOf(userId: string): Promise<LearnerLedger> {
    const [{ events, activeDays, badges: owned, weeklyGoals, verifiedProjects }, { timeZone, weeklyGoal, row }] = await Promise.all([
      ledger.summaryOf(userId),
      clock(userId),
    ]);
    return {
      events: events.map((e) => ({
        id: e.id,
        reason: e.reason as LedgerEvent['reason'],
        sourceId: e.source_id,
        pathId: e.path_id,
        amount: e.amount,
        earnedAt: e.earned_at,
        earnedOn: e.earned_on,
      })),
      verifiedProjects,
      activeDays,
      badgesEarned: owned.map((b) => ({ badgeId: b.badge_id, earnedAt: b.earned_at })),
      timeZone,
      weeklyGoal,
      weeklyGoals,
      dayFloor: row?.day_floor ?? null,
    };
  }

  route(app).get('/xp', { schema: schema({ response: { 200: xpResponseSchema } }) }, async (request) => {
    const user = learnerOf(request);
    return { xp: xpSummary(await ledgerOf(user.id), catalog, badges, new Date(now()).toISOString()) };
  });

  route(app).get(
    '/xp/history',
    {
      schema: schema({
        querystring: xpHistoryQuerySchema,
        response: { 200: xpHistoryResponseSchema },
      }),
    },
    async (request) => {
      const user = learnerOf(request);
      const filter = request.query.path;
      const pathId = filter === undefined ? undefined : (catalog.paths.find((p) => p.slug === filter || p.id === filter)?.id ?? '(none)');
      return { events: xpHistory((await ledgerOf(user.id)).events, catalog, badges, pathId) };
    },
  );

  route(app).get(
    '/leaderboard',
    {
      schema: schema({
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardResponseSchema },
      }),
      config: { sessionInQuery: true },
    },
    async (request) => {
      const session = sessionOf(request);
      const period = request.query.period ?? 'all';
      // The learner's own row is read with the session check, in one query.
      const { top, me, learners } = await boards.standings(period, session.userId, LEADERBOARD_TOP, now(), { session, ended });
      return boardView(top, me, learners, session.userId, period);
    },
  );

  route(app).put('/clock', { schema: schema({ body: clockBodySchema, response: { 200: clockResponseSchema } }) }, async (request) => {
    const user = learnerOf(request);
    const current = await clock(user.id);
    const at = new Date(now()).toISOString();
    let { timeZone } = current;
    let dayFloor = current.row?.day_floor ?? null;
    // A learner who never set a zone may set one at once.
    let changedAt = current.row?.time_zone_changed_at ?? new Date(0).toISOString();
    const asked = request.body.timeZone;
    if (asked !== undefined && asked !== current.timeZone) {
      if (!isValidTimeZone(asked)) throw new HttpError(400, xpMessages.timeZone);
      const last = current.row ? Date.parse(current.row.time_zone_changed_at) : Number.NEGATIVE_INFINITY;
      if (now() - last < TIME_ZONE_CHANGE_HOURS * 3_600_000) throw new HttpError(409, xpMessages.timeZoneTooSoon);
      // The day it is now in the zone left stays the learner's day until the new zone reaches
      // it, the first change included: a move west cannot bring back a day already over. A
      // learner with no day of work yet has no streak a held day could protect.
      if (await ledger.hasActivity(user.id)) dayFloor = learnerDay(at, timeZone, dayFloor);
      timeZone = asked;
      changedAt = at;
    }
    const weeklyGoal = request.body.weeklyGoal ?? current.weeklyGoal;
    // A goal applies from the learner's week now: the weeks before keep the goal they had.
    const goalWeek = request.body.weeklyGoal === undefined ? null : weekOf(learnerDay(at, timeZone, dayFloor));
    await ledger.setClock(user.id, { timeZone, weeklyGoal, changedAt, dayFloor }, goalWeek);
    return { timeZone, weeklyGoal };
  });
}
