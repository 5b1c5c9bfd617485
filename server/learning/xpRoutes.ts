/**
 * /learning/xp, /learning/xp/history, /learning/leaderboard and /learning/clock (issue 11): what
 * the ledger says of the signed-in learner, and everyone's boards. Registered inside the learning
 * routes, behind their one `authenticate`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { evaluateBadges, type BadgeDefinition } from '../../src/domain/badges.ts';
import {
  clockBodySchema,
  LEADERBOARD_PERIOD_VALUES,
  LEADERBOARD_WINDOW_HOURS,
  leaderboardResponseSchema,
  PRIVATE_LEARNER_NAME,
  xpHistoryResponseSchema,
  xpMessages,
  xpResponseSchema,
  type XpEventView,
} from '../../src/domain/learningApi.ts';
import type { Catalog } from '../../src/domain/learningViews.ts';
import { LEVEL_CURVE_TEXT, levelFor, levelProgress } from '../../src/domain/levels.ts';
import { dailyStreak, DEFAULT_TIME_ZONE, isValidTimeZone, localDay, msLeftToday, STREAK_RULES, WEEKLY_GOAL, weeklyStreak } from '../../src/domain/streaks.ts';
import { XP_RULES } from '../../src/domain/xp.ts';
import type { UserRow } from '../auth/repository.ts';
import { HttpError } from '../http/errors.ts';
import type { Ledger } from './ledger.ts';

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
/** A learner's time zone changes at most this often: moving it back and forth cannot stretch a streak. */
export const TIME_ZONE_CHANGE_HOURS = 24;
const TOP = 50;

export type XpDeps = {
  ledger: Ledger;
  catalog: Catalog;
  badges: readonly BadgeDefinition[];
  now: () => number;
  learnerOf: (request: { learner: UserRow | null }) => UserRow;
};

export function xpRoutes(app: FastifyInstance, { ledger, catalog, badges, now, learnerOf }: XpDeps) {
  const projects = new Map(catalog.projects.map((p) => [p.id, p]));
  const paths = new Map(catalog.paths.map((p) => [p.id, p]));
  const tasks = new Map(catalog.projects.flatMap((p) => p.tasks.map((t) => [t.id, t.title] as const)));
  const badgeTitles = new Map(badges.map((b) => [b.id, b.title]));

  async function clock(userId: string) {
    const row = await ledger.clockOf(userId);
    return { timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE, weeklyGoal: row?.weekly_goal ?? WEEKLY_GOAL.default, row };
  }

  app.get('/xp', { schema: { response: { 200: schemaOf(xpResponseSchema) } } }, async (request) => {
    const user = learnerOf(request);
    const [{ events, activeDays, badges: owned }, { timeZone, weeklyGoal }] = await Promise.all([ledger.summaryOf(user.id), clock(user.id)]);
    const at = new Date(now()).toISOString();
    const today = localDay(at, timeZone);
    const totalXp = events.reduce((sum, e) => sum + e.amount, 0);
    const completed = events.filter((e) => e.reason === 'project');
    const daily = dailyStreak(activeDays, today);
    const earnedAt = new Map(owned.map((b) => [b.badge_id, b.earned_at]));
    const judged = evaluateBadges(badges, {
      completedProjects: completed.map((e) => ({ id: e.source_id, completedOn: e.earned_on, skills: projects.get(e.source_id)?.skills ?? [] })),
      longestDailyStreak: daily.longest,
      totalXp,
    });
    return {
      xp: {
        totalXp,
        level: levelProgress(totalXp),
        projectsCompleted: completed.length,
        hoursSpent: completed.reduce((sum, e) => sum + (projects.get(e.source_id)?.hours ?? 0), 0),
        daily: {
          current: daily.current,
          longest: daily.longest,
          activeToday: daily.activeToday,
          atRisk: daily.atRisk,
          msLeftToday: Math.max(0, Math.round(msLeftToday(at, timeZone))),
        },
        weekly: weeklyStreak(activeDays, today, weeklyGoal),
        timeZone,
        // An earned badge stays earned (with its date) whatever its rule says today.
        badges: judged.map((b) => {
          const when = earnedAt.get(b.id) ?? null;
          return {
            ...b,
            earned: when !== null,
            percent: when !== null ? 100 : b.percent,
            earnedAt: when,
            note: b.note ?? null,
          };
        }),
        rules: { xp: XP_RULES, level: LEVEL_CURVE_TEXT, streak: STREAK_RULES },
      },
    };
  });

  app.get<{ Querystring: { path?: string } }>(
    '/xp/history',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { path: { type: 'string', maxLength: 120 } } },
        response: { 200: schemaOf(xpHistoryResponseSchema) },
      },
    },
    async (request) => {
      const user = learnerOf(request);
      const { events } = await ledger.summaryOf(user.id);
      const filter = request.query.path;
      const pathId = filter === undefined ? undefined : catalog.paths.find((p) => p.slug === filter || p.id === filter)?.id ?? '(none)';
      const views: XpEventView[] = events
        .filter((e) => pathId === undefined || e.path_id === pathId)
        .map((e) => {
          const path = e.path_id ? paths.get(e.path_id) : undefined;
          const title =
            e.reason === 'task'
              ? (tasks.get(e.source_id) ?? 'A task since retired')
              : e.reason === 'project'
                ? (projects.get(e.source_id)?.title ?? 'A project since retired')
                : (badgeTitles.get(e.source_id) ?? 'A badge');
          return {
            id: e.id,
            reason: e.reason as XpEventView['reason'],
            title,
            amount: e.amount,
            earnedAt: e.earned_at,
            earnedOn: e.earned_on,
            path: path ? { id: path.id, slug: path.slug, title: path.title } : null,
          };
        });
      return { events: views };
    },
  );

  app.get<{ Querystring: { period?: string } }>(
    '/leaderboard',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { period: { type: 'string', enum: [...LEADERBOARD_PERIOD_VALUES] } } },
        response: { 200: schemaOf(leaderboardResponseSchema) },
      },
    },
    async (request) => {
      const user = learnerOf(request);
      const period = (request.query.period ?? 'all') as (typeof LEADERBOARD_PERIOD_VALUES)[number];
      const hours = LEADERBOARD_WINDOW_HOURS[period];
      const since = hours === null ? null : new Date(now() - hours * 3_600_000).toISOString();
      const rows = await ledger.board(since);
      const view = (row: (typeof rows)[number], index: number) => ({
        rank: index + 1,
        name: row.publicProfile || row.userId === user.id ? row.username : PRIVATE_LEARNER_NAME,
        xp: row.xp,
        level: levelFor(row.xp),
        isMe: row.userId === user.id,
      });
      const mine = rows.findIndex((r) => r.userId === user.id);
      return {
        period,
        top: rows.slice(0, TOP).map(view),
        me: mine === -1 ? null : view(rows[mine] as (typeof rows)[number], mine),
        learners: rows.length,
      };
    },
  );

  app.put<{ Body: { timeZone?: string; weeklyGoal?: number } }>(
    '/clock',
    { schema: { body: schemaOf(clockBodySchema) } },
    async (request) => {
      const user = learnerOf(request);
      const current = await clock(user.id);
      const at = new Date(now()).toISOString();
      let { timeZone } = current;
      // A learner who never set a zone may set one at once.
      let changedAt = current.row?.time_zone_changed_at ?? new Date(0).toISOString();
      const asked = request.body.timeZone;
      if (asked !== undefined && asked !== current.timeZone) {
        if (!isValidTimeZone(asked)) throw new HttpError(400, xpMessages.timeZone);
        const last = current.row ? Date.parse(current.row.time_zone_changed_at) : Number.NEGATIVE_INFINITY;
        if (now() - last < TIME_ZONE_CHANGE_HOURS * 3_600_000) throw new HttpError(409, xpMessages.timeZoneTooSoon);
        timeZone = asked;
        changedAt = at;
      }
      const weeklyGoal = request.body.weeklyGoal ?? current.weeklyGoal;
      await ledger.setClock(user.id, { timeZone, weeklyGoal, changedAt });
      return { timeZone, weeklyGoal };
    },
  );
}
