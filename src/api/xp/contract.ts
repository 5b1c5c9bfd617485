/**
 * The XP API's shapes (GET /learning/xp, /learning/xp/history, /learning/leaderboard, PUT /learning/clock):
 * XP, levels, streaks, badges and leaderboards, derived from the learner's ledger (src/domain/xpViews.ts
 * assembles them). Zod schemas the server serialises through and the browser parses with.
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '../../domain/learning.ts';
import { WEEKLY_GOAL } from '../../domain/streaks.ts';
import { XP_REASONS } from '../../domain/xp.ts';

export const xpReasonSchema = z.enum(XP_REASONS);

export const badgeViewSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  color: z.string(),
  target: z.int(),
  current: z.int().min(0),
  percent: z.int().min(0).max(100),
  earned: z.boolean(),
  /** The date it was earned (kept; taken back only by a reset or the account's deletion). */
  earnedAt: z.string().nullable(),
  /** No longer awarded: listed only for those who earned it. */
  retired: z.boolean(),
});

export const streakViewSchema = z.strictObject({
  current: z.int().min(0),
  longest: z.int().min(0),
  activeToday: z.boolean(),
  atRisk: z.boolean(),
  /** Milliseconds until the learner's local midnight: the time left today to keep the daily streak. */
  msLeftToday: z.int().min(0),
});

export const weeklyStreakViewSchema = z.strictObject({
  current: z.int().min(0),
  longest: z.int().min(0),
  daysThisWeek: z.int().min(0).max(7),
  goal: z.int().min(1).max(7),
  metThisWeek: z.boolean(),
  atRisk: z.boolean(),
});

export const xpSummarySchema = z.strictObject({
  totalXp: z.int().min(0),
  level: z.strictObject({
    level: z.int().min(1),
    xpIntoLevel: z.int().min(0),
    xpForNextLevel: z.int().min(0),
    xpToNextLevel: z.int().min(0),
    percent: z.int().min(0).max(100),
  }),
  projectsCompleted: z.int().min(0),
  /** The estimated hours of the projects completed (content's `hours`), not time measured in the workspace. */
  hoursSpent: z.int().min(0),
  daily: streakViewSchema,
  weekly: weeklyStreakViewSchema,
  timeZone: z.string(),
  badges: z.array(badgeViewSchema),
  rules: z.strictObject({ xp: z.array(z.string()), level: z.string(), streak: z.array(z.string()) }),
});

export const xpEventViewSchema = z.strictObject({
  id: z.string(),
  reason: xpReasonSchema,
  /** What earned it, in words: the task, project or badge title. */
  title: z.string(),
  amount: z.int(),
  earnedAt: z.string(),
  earnedOn: z.string(),
  path: z.strictObject({ id: z.string(), slug: z.string(), title: z.string() }).nullable(),
});

export const leaderboardRowSchema = z
  .strictObject({
    rank: z.int().min(1),
    /**
     * The learner's Public Profile is off. Privacy is this flag, never a name: a private learner's
     * name never leaves the server (null), except on their own row, which they see with their name.
     */
    private: z.boolean(),
    /** The learner's name; null for another learner whose profile is private. */
    name: z.string().nullable(),
    /** Verified XP: what the board ranks by. */
    xp: z.int().min(0),
    /** XP paid without verification (a server with it switched off): shown beside, never ranked. */
    selfReportedXp: z.int().min(0),
    level: z.int().min(1),
    isMe: z.boolean(),
  })
  .refine((row) => (row.name === null) === (row.private && !row.isMe), {
    message: 'A row has a name unless it is another learner’s private one',
    path: ['name'],
  });

/** GET /learning/xp/history?path=: one path's awards (its slug or id), or every award. */
export const xpHistoryQuerySchema = z.strictObject({ path: z.string().max(120).optional() });
/** GET /learning/leaderboard?period= (all time when absent). */
export const leaderboardQuerySchema = z.strictObject({ period: z.enum(LEADERBOARD_PERIODS).optional() });

export const xpResponseSchema = z.strictObject({ xp: xpSummarySchema });
export const xpHistoryResponseSchema = z.strictObject({ events: z.array(xpEventViewSchema) });
export const leaderboardResponseSchema = z.strictObject({
  period: z.enum(LEADERBOARD_PERIODS),
  top: z.array(leaderboardRowSchema),
  /** The signed-in learner's own row, even outside the top (null: no XP in this window yet). */
  me: leaderboardRowSchema.nullable(),
  learners: z.int().min(0),
});
const weeklyGoalSchema = z.int().min(WEEKLY_GOAL.min).max(WEEKLY_GOAL.max);
export const clockBodySchema = z.strictObject({ timeZone: z.string().max(64).optional(), weeklyGoal: weeklyGoalSchema.optional() });
/** PUT /learning/clock answers the learner's clock as kept: their time zone and weekly goal. */
export const clockResponseSchema = z.strictObject({ timeZone: z.string(), weeklyGoal: weeklyGoalSchema });

export type XpSummary = z.infer<typeof xpSummarySchema>;
export type XpEventView = z.infer<typeof xpEventViewSchema>;
export type LeaderboardView = z.infer<typeof leaderboardResponseSchema>;
export type BadgeView = z.infer<typeof badgeViewSchema>;
