/**
 * What the dashboard shows, from the learning API's answers only: the path list
 * and, for the learner's current path, its detail; the learner's XP summary and this week's
 * leaderboard come as they are from the API, and the rules below only pick and word them.
 * Nothing here is invented.
 */
import { formatDuration, formatXp } from './format';
import { PRIVATE_LEARNER_NAME } from './learning';
import type { LeaderboardView, XpSummary } from '../api/xp/contract';
import type { PathDetailView, PathProjectView, PathSummary } from '../api/learning/contract';

/** Every project of the path is completed (a path without projects is never "completed"). */
export const isPathCompleted = (path: PathSummary): boolean => path.progress.totalProjects > 0 && path.progress.completedProjects === path.progress.totalProjects;

/**
 * The path the learner is on: of the paths they started, the one not completed yet with the most
 * progress (percent of tasks, then projects completed; a tie keeps the catalogue's order). When
 * every started path is completed, the same rule picks among the completed ones, so the dashboard
 * can congratulate. Null: nothing started (a new learner).
 */
export function currentPathOf(paths: readonly PathSummary[]): PathSummary | null {
  const started = paths.filter((p) => p.started);
  const open = started.filter((p) => !isPathCompleted(p));
  const pool = open.length > 0 ? open : started;
  let best: PathSummary | null = null;
  for (const path of pool) {
    if (
      !best ||
      path.progress.percent > best.progress.percent ||
      (path.progress.percent === best.progress.percent && path.progress.completedProjects > best.progress.completedProjects)
    ) {
      best = path;
    }
  }
  return best;
}

/**
 * The best paths to start: rated paths first, by highest average, then most students (a tie keeps
 * the catalogue's order). Paths in `exclude` (the current path) and paths the learner completed
 * are left out: the card recommends what to do next.
 */
export function bestPathsOf(paths: readonly PathSummary[], exclude: readonly string[] = [], limit = 3): PathSummary[] {
  return paths
    .filter((p) => !exclude.includes(p.id) && !isPathCompleted(p))
    .map((path, index) => ({ path, index }))
    .sort(
      (a, b) =>
        Number(b.path.rating !== null) - Number(a.path.rating !== null) ||
        (b.path.rating?.average ?? 0) - (a.path.rating?.average ?? 0) ||
        b.path.students - a.path.students ||
        a.index - b.index,
    )
    .slice(0, limit)
    .map(({ path }) => path);
}

/** The learner's real figures so far, from the path list. */
export type LearnerTotals = {
  /** Projects completed across every path. */
  projectsCompleted: number;
  /** Paths with at least one project started. */
  pathsStarted: number;
  /** Paths with every project completed. */
  pathsCompleted: number;
};

export function learnerTotals(paths: readonly PathSummary[]): LearnerTotals {
  return {
    projectsCompleted: paths.reduce((n, p) => n + p.progress.completedProjects, 0),
    pathsStarted: paths.filter((p) => p.started).length,
    pathsCompleted: paths.filter(isPathCompleted).length,
  };
}

export type DashboardView = {
  /** The path the learner is on (currentPathOf), null for a new learner. */
  currentPath: PathSummary | null;
  /** The current path has every project completed. */
  pathCompleted: boolean;
  /** Its first project in progress, else its first one ready to start; null when there is none. */
  currentProject: PathProjectView | null;
  /** The path's other projects not completed yet, in the path's order (up to 3). */
  upcoming: PathProjectView[];
  /** bestPathsOf(paths), leaving out the current path. */
  bestPaths: PathSummary[];
  projectsCompleted: number;
};

/**
 * The dashboard from the path list and the current path's detail (`current`: the answer for
 * currentPathOf(paths), or null when there is no current path or it could not be found).
 */
export function dashboardView(paths: readonly PathSummary[], current: PathDetailView | null): DashboardView {
  const currentPath = currentPathOf(paths);
  const detail = currentPath && current?.id === currentPath.id ? current : null;
  const projects = detail ? detail.sections.flatMap((s) => s.projects) : [];
  const currentProject = projects.find((p) => p.status === 'in-progress') ?? projects.find((p) => p.status === 'available') ?? null;
  const upcoming = projects.filter((p) => p.status !== 'completed' && p.id !== currentProject?.id).slice(0, 3);
  return {
    currentPath,
    pathCompleted: currentPath ? isPathCompleted(currentPath) : false,
    currentProject,
    upcoming,
    bestPaths: bestPathsOf(paths, currentPath ? [currentPath.id] : []),
    projectsCompleted: learnerTotals(paths).projectsCompleted,
  };
}

// ---------------------------------------------------------------------------------------------
// XP, streak and Top Learners (from the learner's XP ledger)
// ---------------------------------------------------------------------------------------------

/** The daily streak as the banner's badge says it: "6-day streak", or a welcome to start one (again). */
export function streakLabel(daily: Pick<XpSummary['daily'], 'current' | 'longest'>): string {
  if (daily.current > 0) return `${daily.current}-day streak`;
  return daily.longest > 0 ? 'Start a new streak today' : 'Start your streak today';
}

/**
 * When the daily streak ends tonight unless the learner works today: what to do and the time left
 * (rounded down). Null when it is not at risk (no streak, or today already counts).
 */
export function streakAtRiskLine(daily: XpSummary['daily']): string | null {
  if (!daily.atRisk || daily.current === 0) return null;
  return `Work on a task today to keep your ${daily.current}-day streak (${formatDuration(daily.msLeftToday)} left).`;
}

export type LeaderboardRow = LeaderboardView['top'][number];

/** Another learner whose profile is private: shown unnamed (from the row's flag, never from its name). */
export const isUnnamed = (row: LeaderboardRow): boolean => row.private && !row.isMe;

/** The name a board shows for a row: the learner's, or "A PathForge learner" for another private one. */
export const boardName = (row: LeaderboardRow): string => (isUnnamed(row) || row.name === null ? PRIVATE_LEARNER_NAME : row.name);

/**
 * Which ranks are verified: a board ranks verified XP only; XP paid while verification
 * is switched off is self-reported, sent beside (`selfReportedXp`) and never ranked. Said under a
 * board only when one of its rows has some, so a board without any reads as it always did.
 */
export const VERIFIED_RANKS_NOTE =
  'Ranks count verified XP only. XP from projects completed while verification is switched off on this server is self-reported: it is shown under a learner’s points and not ranked.';

/** Whether a board shows self-reported XP on any of its rows (its top, or the learner's own row below it). */
export const showsSelfReported = (board: LeaderboardView): boolean =>
  board.top.some((row) => row.selfReportedXp > 0) || (board.me !== null && board.me.selfReportedXp > 0);

/** What a row says of its self-reported XP, in words ("+600 XP", "self-reported"); null when it has none. */
export function selfReportedLabel(row: LeaderboardRow): { amount: string; label: 'self-reported' } | null {
  return row.selfReportedXp > 0 ? { amount: `+${formatXp(row.selfReportedXp)}`, label: 'self-reported' } : null;
}

/** The dashboard's Top Learners: the board's first `limit` rows, and the learner's own row when it is not among them. */
export function topLearnersOf(board: LeaderboardView, limit = 5): { top: LeaderboardRow[]; myRow: LeaderboardRow | null } {
  const top = board.top.slice(0, limit);
  const myRow = board.me && !top.some((row) => row.isMe) ? board.me : null;
  return { top, myRow };
}
