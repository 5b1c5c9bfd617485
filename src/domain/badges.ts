/**
 * Badges (issue 11 §3): the definitions are content (`content/badges.yaml`: title, icon, colour,
 * rule, target); the rules are here, once, for the API (which awards them) and the XP page (which
 * shows the progress). Pure: the caller gathers a learner's facts.
 *
 * An earned badge is kept for good (the caller stores the award): a streak badge stays after the
 * streak breaks, and the rules read the longest streak anyway.
 */
import type { BadgeDefinition, BadgeRule } from './content.ts';

export type { BadgeDefinition, BadgeRule } from './content.ts';

/** What the rules read about one learner. */
export type BadgeFacts = {
  /** Each completed project once, with the learner's local day it was completed on (YYYY-MM-DD) and its skills. */
  completedProjects: { id: string; completedOn: string; skills: string[] }[];
  longestDailyStreak: number;
  totalXp: number;
};

type BadgeShown = Pick<BadgeDefinition, 'id' | 'title' | 'description' | 'icon' | 'color' | 'target'>;

/**
 * One badge for one learner. `measured: false`: PathForge cannot measure the rule yet (lines of
 * code), so there is no progress at all, not a zero, and `note` says why (LINES_OF_CODE_NOTE).
 */
export type BadgeProgress = BadgeShown &
  (
    | { measured: true; current: number; /** 0-100, rounded down. */ percent: number; earned: boolean; note: null }
    | { measured: false; current: null; percent: null; earned: false; note: string }
  );

/** Why the lines-of-code badge shows no progress. */
export const LINES_OF_CODE_NOTE =
  'Lines of code will be measured from the repositories you submit, once PathForge reads them. Until then this badge shows no progress.';

/** Days in the window of `projects-in-a-week`: any 7 consecutive local days. */
export const BADGE_WEEK_DAYS = 7;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a day number (days since 1970-01-01), or null when it is not a real date. */
function dayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return time / DAY_MS;
}

/** Each project once (the earliest completion day when listed twice). */
function distinctProjects(facts: BadgeFacts): BadgeFacts['completedProjects'] {
  const byId = new Map<string, BadgeFacts['completedProjects'][number]>();
  for (const project of facts.completedProjects) {
    const earlier = byId.get(project.id);
    if (!earlier || project.completedOn < earlier.completedOn) byId.set(project.id, project);
  }
  return [...byId.values()];
}

/** The most projects completed within any 7 consecutive local days. */
export function mostProjectsInAWeek(facts: BadgeFacts): number {
  const days = distinctProjects(facts)
    .map((p) => dayNumber(p.completedOn))
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  let best = 0;
  let first = 0;
  for (let last = 0; last < days.length; last += 1) {
    while ((days[last] as number) - (days[first] as number) >= BADGE_WEEK_DAYS) first += 1;
    best = Math.max(best, last - first + 1);
  }
  return best;
}

/** Different skills across completed projects ("React" and "react" are one). */
export function distinctSkills(facts: BadgeFacts): number {
  const skills = new Set<string>();
  for (const project of distinctProjects(facts)) {
    for (const skill of project.skills) {
      const key = skill.trim().toLowerCase();
      if (key !== '') skills.add(key);
    }
  }
  return skills.size;
}

const count = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** How far a learner is on a rule; null: not measured yet. */
function measure(rule: BadgeRule, facts: BadgeFacts): number | null {
  switch (rule) {
    case 'projects-in-a-week':
      return mostProjectsInAWeek(facts);
    case 'daily-streak':
      return count(facts.longestDailyStreak);
    case 'total-xp':
      return count(facts.totalXp);
    case 'projects-completed':
      return distinctProjects(facts).length;
    case 'distinct-skills':
      return distinctSkills(facts);
    case 'lines-of-code':
      return null;
  }
}

/** One badge's progress for a learner's facts. */
export function badgeProgress(def: BadgeDefinition, facts: BadgeFacts): BadgeProgress {
  const shown: BadgeShown = { id: def.id, title: def.title, description: def.description, icon: def.icon, color: def.color, target: def.target };
  const current = measure(def.rule, facts);
  if (current === null) return { ...shown, measured: false, current: null, percent: null, earned: false, note: LINES_OF_CODE_NOTE };
  return {
    ...shown,
    measured: true,
    current,
    percent: def.target > 0 ? Math.floor((Math.min(current, def.target) * 100) / def.target) : 100,
    earned: current >= def.target,
    note: null,
  };
}

/** Every badge's progress, in the definitions' order. */
export function evaluateBadges(defs: readonly BadgeDefinition[], facts: BadgeFacts): BadgeProgress[] {
  return defs.map((def) => badgeProgress(def, facts));
}
