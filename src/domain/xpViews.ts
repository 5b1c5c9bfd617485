/**
 * What the XP API answers, assembled from a learner's ledger: the summary (total,
 * level, streaks, badges, rules), the history of every award in words, and a leaderboard. Pure,
 * so the server and the browser's fixtures and mock API build exactly the same answers.
 */
import { evaluateBadges, type BadgeDefinition } from './badges.ts';
import type { LeaderboardView, XpEventView, XpSummary } from '../api/xp/contract.ts';
import type { Catalog } from './learningViews.ts';
import { LEVEL_CURVE_TEXT, levelFor, levelProgress } from './levels.ts';
import { dailyStreak, learnerDay, msLeftInLearnerDay, streakRules, weeklyStreak, type WeeklyGoalChange } from './streaks.ts';
import { XP_RULES, type XpReason } from './xp.ts';

/** One award as the ledger keeps it. */
export type LedgerEvent = {
  id: string;
  reason: XpReason;
  sourceId: string;
  pathId: string | null;
  amount: number;
  earnedAt: string;
  /** The learner's local day when it was earned. */
  earnedOn: string;
};

export type LearnerLedger = {
  events: readonly LedgerEvent[];
  /** Local days with real work (a streak's days). */
  activeDays: readonly string[];
  badgesEarned: readonly { badgeId: string; earnedAt: string }[];
  /** The projects whose automatic checks passed (absent: none). */
  verifiedProjects?: readonly string[];
  timeZone: string;
  /** The learner's goal now. */
  weeklyGoal: number;
  /** The goals the learner set, each from the week it was set (absent: `weeklyGoal` for every week). */
  weeklyGoals?: readonly WeeklyGoalChange[];
  /** The day it was when the learner last changed time zone: their day is never before it (learnerDay). */
  dayFloor?: string | null;
};

export function xpSummary(ledger: LearnerLedger, catalog: Catalog, badges: readonly BadgeDefinition[], now: string): XpSummary {
  const projects = new Map(catalog.projects.map((p) => [p.id, p]));
  const floor = ledger.dayFloor ?? null;
  const today = learnerDay(now, ledger.timeZone, floor);
  const totalXp = ledger.events.reduce((sum, e) => sum + e.amount, 0);
  const completed = ledger.events.filter((e) => e.reason === 'project');
  const daily = dailyStreak(ledger.activeDays, today);
  const earnedAt = new Map(ledger.badgesEarned.map((b) => [b.badgeId, b.earnedAt]));
  const judged = evaluateBadges(badges, {
    completedProjects: completed.map((e) => ({
      id: e.sourceId,
      completedOn: e.earnedOn,
      skills: projects.get(e.sourceId)?.skills ?? [],
      verified: ledger.verifiedProjects?.includes(e.sourceId) ?? false,
    })),
    longestDailyStreak: daily.longest,
    totalXp,
  });
  return {
    totalXp,
    level: levelProgress(totalXp),
    projectsCompleted: completed.length,
    hoursSpent: completed.reduce((sum, e) => sum + (projects.get(e.sourceId)?.hours ?? 0), 0),
    daily: {
      current: daily.current,
      longest: daily.longest,
      activeToday: daily.activeToday,
      atRisk: daily.atRisk,
      msLeftToday: Math.max(0, Math.round(msLeftInLearnerDay(now, ledger.timeZone, floor))),
    },
    weekly: weeklyStreak(ledger.activeDays, today, ledger.weeklyGoals ?? ledger.weeklyGoal),
    timeZone: ledger.timeZone,
    // An earned badge stays earned, with its date, whatever its rule says today; a retired one
    // shows only to those who earned it.
    badges: judged.flatMap((b) => {
      const when = earnedAt.get(b.id) ?? null;
      if (b.retired && when === null) return [];
      return [{ ...b, earned: when !== null, percent: when !== null ? 100 : b.percent, earnedAt: when }];
    }),
    rules: { xp: XP_RULES, level: LEVEL_CURVE_TEXT, streak: streakRules(ledger.weeklyGoal) },
  };
}

/** Every award in words, newest first; `pathId` keeps one path's. */
export function xpHistory(events: readonly LedgerEvent[], catalog: Catalog, badges: readonly BadgeDefinition[], pathId?: string): XpEventView[] {
  const projects = new Map(catalog.projects.map((p) => [p.id, p]));
  const paths = new Map(catalog.paths.map((p) => [p.id, p]));
  const tasks = new Map(catalog.projects.flatMap((p) => p.tasks.map((t) => [t.id, t.title] as const)));
  const badgeTitles = new Map(badges.map((b) => [b.id, b.title]));
  const titleOf = (e: LedgerEvent) =>
    e.reason === 'task'
      ? (tasks.get(e.sourceId) ?? 'A task since retired')
      : e.reason === 'project'
        ? (projects.get(e.sourceId)?.title ?? 'A project since retired')
        : (badgeTitles.get(e.sourceId) ?? 'A badge');
  return [...events]
    .filter((e) => pathId === undefined || e.pathId === pathId)
    .sort((a, b) => (a.earnedAt === b.earnedAt ? b.id.localeCompare(a.id) : a.earnedAt < b.earnedAt ? 1 : -1))
    .map((e) => {
      const path = e.pathId ? paths.get(e.pathId) : undefined;
      return {
        id: e.id,
        reason: e.reason,
        title: titleOf(e),
        amount: e.amount,
        earnedAt: e.earnedAt,
        earnedOn: e.earnedOn,
        path: path ? { id: path.id, slug: path.slug, title: path.title } : null,
      };
    });
}

/** A board's rows, already ranked (XP in the window descending, then who got there first). */
export type BoardRow = {
  userId: string;
  username: string;
  publicProfile: boolean;
  /** Verified XP earned in the board's window: what ranks. */
  xp: number;
  /** Self-reported XP in the window (verification switched off): shown beside, never ranked. */
  selfReportedXp: number;
  /** All-time XP: the learner's level, whatever the window. */
  totalXp: number;
};

export const LEADERBOARD_TOP = 50;

/** A board as the API answers it: its top rows, the learner's own row and rank, and its size. */
export function boardView(
  top: readonly BoardRow[],
  mine: { row: BoardRow; rank: number } | null,
  learners: number,
  me: string,
  period: LeaderboardView['period'],
): LeaderboardView {
  const view = (row: BoardRow, rank: number) => ({
    rank,
    private: !row.publicProfile,
    // A private learner's name stays on the server; they see their own.
    name: row.publicProfile || row.userId === me ? row.username : null,
    xp: row.xp,
    selfReportedXp: row.selfReportedXp,
    level: levelFor(row.totalXp),
    isMe: row.userId === me,
  });
  return {
    period,
    top: top.slice(0, LEADERBOARD_TOP).map((row, index) => view(row, index + 1)),
    me: mine === null ? null : view(mine.row, mine.rank),
    learners,
  };
}

/** The same from every row of a board, already ranked (the fixtures and the mock API). */
export function leaderboard(rows: readonly BoardRow[], me: string, period: LeaderboardView['period']): LeaderboardView {
  const mine = rows.findIndex((r) => r.userId === me);
  return boardView(rows.slice(0, LEADERBOARD_TOP), mine === -1 ? null : { row: rows[mine] as BoardRow, rank: mine + 1 }, rows.length, me, period);
}

/** What a moment celebrates: XP from one total to another, levels, and badges newly earned. */
export type XpMomentView = {
  fromXp: number;
  toXp: number;
  fromLevel: number;
  toLevel: number;
  badges: readonly { id: string; title: string }[];
};

/** The moment between two answers of the XP API (before and after some work); null when nothing was earned. */
export function xpMoment(before: XpSummary, after: XpSummary): XpMomentView | null {
  if (after.totalXp <= before.totalXp) return null;
  const had = new Set(before.badges.filter((b) => b.earned).map((b) => b.id));
  return {
    fromXp: before.totalXp,
    toXp: after.totalXp,
    fromLevel: before.level.level,
    toLevel: after.level.level,
    badges: after.badges.filter((b) => b.earned && !had.has(b.id)).map((b) => ({ id: b.id, title: b.title })),
  };
}
