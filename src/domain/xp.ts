/**
 * What pays XP, written once: the API awards by these rules, the XP page explains
 * them with `XP_RULES`. Every award is an event with a reason and an idempotency key
 * (`awardKey`): a learner holds at most one award per key, so nothing pays twice.
 *
 * - a task ticked for the first time: TASK_XP. Unticking does not take it back, and ticking it
 *   again does not pay again (same key);
 * - a completed project: its `xp`, computed from its hours and difficulty (projectXp);
 * - a badge, when earned: BADGE_XP.
 *
 * Pure, imported by Node directly: relative imports carry `.ts`.
 */
import { formatNumber } from './format.ts';

export const TASK_XP = 20;
export const BADGE_XP = 100;

export type Difficulty = 'beginner' | 'intermediate' | 'advanced';

/** A project pays 500 to 1,500 XP: content:check refuses hours whose XP falls outside. */
export const PROJECT_XP = { min: 500, max: 1500 } as const;

/**
 * A project's XP follows its effort: XP_PER_HOUR for each estimated hour, more per hour the harder
 * it is (an advanced hour asks more of a learner than a beginner's), rounded to the nearest 50.
 * The multipliers are in quarters so the sum stays in whole numbers.
 */
export const XP_PER_HOUR = 25;
export const DIFFICULTY_QUARTERS: Record<Difficulty, number> = { beginner: 4, intermediate: 5, advanced: 6 };

/** The XP a project pays for its hours and difficulty: the one formula content/ is held to. */
export function projectXp(hours: number, difficulty: Difficulty): number {
  return Math.round((hours * XP_PER_HOUR * DIFFICULTY_QUARTERS[difficulty]) / 4 / 50) * 50;
}

export const XP_REASONS = ['task', 'project', 'badge'] as const;
export type XpReason = (typeof XP_REASONS)[number];

/** One award as the ledger stores it. */
export type XpAward = { reason: XpReason; sourceId: string; key: string; amount: number };

/** The idempotency key of an award: 'task:task_ab12cd34', 'project:prj_…', 'badge:badge_…'. */
export function awardKey(reason: XpReason, sourceId: string): string {
  if (sourceId.trim() === '') throw new Error(`An XP award for a ${reason} needs the id it is for.`);
  return `${reason}:${sourceId}`;
}

/** A task ticked for the first time. */
export const taskAward = (taskId: string): XpAward => ({ reason: 'task', sourceId: taskId, key: awardKey('task', taskId), amount: TASK_XP });

/** A completed project: the XP its content gives it. */
export const projectAward = (project: { id: string; xp: number }): XpAward => ({
  reason: 'project',
  sourceId: project.id,
  key: awardKey('project', project.id),
  amount: project.xp,
});

/** A badge earned. */
export const badgeAward = (badgeId: string): XpAward => ({ reason: 'badge', sourceId: badgeId, key: awardKey('badge', badgeId), amount: BADGE_XP });

const REASON_LABELS: Record<XpReason, string> = {
  task: 'Task completed',
  project: 'Project completed',
  badge: 'Badge earned',
};

/** How a learner's XP history names an award's reason. */
export const reasonLabel = (reason: XpReason): string => REASON_LABELS[reason];

/** What pays XP, as learners read it. */
export const XP_RULES: string[] = [
  `Each task you tick for the first time earns ${TASK_XP} XP. Unticking it does not take the XP back, and ticking it again does not pay again.`,
  `Completing a project earns the XP shown on it, from ${formatNumber(PROJECT_XP.min)} to ${formatNumber(PROJECT_XP.max)} XP: ${XP_PER_HOUR} XP for each hour it takes, ${DIFFICULTY_QUARTERS.intermediate / 4}× for an intermediate project and ${DIFFICULTY_QUARTERS.advanced / 4}× for an advanced one.`,
  `Earning a badge adds ${BADGE_XP} XP.`,
];
