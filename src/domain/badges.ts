/**
 * Badges: the definitions are content (`content/badges.yaml`: title, icon, colour, rule, target);
 * the rules are here, once, for the API (which awards them), the XP page (which shows the
 * progress) and content:check (which makes sure each badge can be earned, and not by one project).
 * Pure: the caller gathers a learner's facts.
 *
 * An earned badge is kept for good (the caller stores the award): a streak badge stays after the
 * streak breaks, and the rules read the longest streak anyway. A retired badge (`retiredOn`) is
 * no longer awarded; those who earned it keep it.
 */
import type { BadgeDefinition, BadgeRule } from './content.ts';
import { BADGE_XP, TASK_XP } from './xp.ts';

export type { BadgeDefinition, BadgeRule };

/** What the rules read about one learner. */
export type BadgeFacts = {
  /**
   * Each completed project once, with the learner's local day it was completed on (YYYY-MM-DD),
   * its skills, and whether its automatic checks passed (false: self-reported).
   */
  completedProjects: { id: string; completedOn: string; skills: string[]; verified: boolean }[];
  longestDailyStreak: number;
  totalXp: number;
};

type BadgeShown = Pick<BadgeDefinition, 'id' | 'title' | 'description' | 'icon' | 'color' | 'target'>;

/** One badge for one learner: how far they are, and whether it is still awarded. */
export type BadgeProgress = BadgeShown & {
  current: number;
  /** 0-100, rounded down. */
  percent: number;
  earned: boolean;
  /** No longer awarded: shown only to those who earned it. */
  retired: boolean;
};

/** Each project once (the earliest completion day when listed twice). */
function distinctProjects(facts: BadgeFacts): BadgeFacts['completedProjects'] {
  const byId = new Map<string, BadgeFacts['completedProjects'][number]>();
  for (const project of facts.completedProjects) {
    const earlier = byId.get(project.id);
    if (!earlier || project.completedOn < earlier.completedOn) byId.set(project.id, project);
  }
  return [...byId.values()];
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

/** How far a learner is on a rule; null: a retired rule, no longer measured. */
function measure(rule: BadgeRule, facts: BadgeFacts): number | null {
  switch (rule) {
    case 'verified-projects':
      return distinctProjects(facts).filter((p) => p.verified).length;
    case 'daily-streak':
      return count(facts.longestDailyStreak);
    case 'total-xp':
      return count(facts.totalXp);
    case 'projects-completed':
      return distinctProjects(facts).length;
    case 'distinct-skills':
      return distinctSkills(facts);
    case 'projects-in-a-week':
      return null;
  }
}

/** One badge's progress for a learner's facts. A retired badge is never earned by the rules (its earners keep it). */
export function badgeProgress(def: BadgeDefinition, facts: BadgeFacts): BadgeProgress {
  const shown: BadgeShown = { id: def.id, title: def.title, description: def.description, icon: def.icon, color: def.color, target: def.target };
  const current = def.retiredOn === undefined ? measure(def.rule, facts) : null;
  if (current === null) return { ...shown, current: 0, percent: 0, earned: false, retired: true };
  return {
    ...shown,
    current,
    percent: def.target > 0 ? Math.floor((Math.min(current, def.target) * 100) / def.target) : 100,
    earned: current >= def.target,
    retired: false,
  };
}

/** Every badge's progress, in the definitions' order. */
export function evaluateBadges(defs: readonly BadgeDefinition[], facts: BadgeFacts): BadgeProgress[] {
  return defs.map((def) => badgeProgress(def, facts));
}

/** What content:check knows of a project to judge the badges. */
export type BadgeContentProject = { skills: readonly string[]; xp: number; tasks: number; machineChecked: boolean };

/**
 * The most a learner can reach on a rule through the whole content (null: no bound, a streak can
 * always go on), and what one project alone gives: a badge's target must be within the first and
 * above the second, so it can be earned and asks for more than a single project. Null: a retired
 * rule.
 */
export function badgeReach(rule: BadgeRule, projects: readonly BadgeContentProject[], badges: number): { most: number | null; oneProject: number } | null {
  const skills = (list: readonly BadgeContentProject[]) => new Set(list.flatMap((p) => p.skills.map((s) => s.toLowerCase()))).size;
  const xpOf = (p: BadgeContentProject) => p.xp + p.tasks * TASK_XP;
  switch (rule) {
    case 'verified-projects':
      return { most: projects.filter((p) => p.machineChecked).length, oneProject: 1 };
    case 'daily-streak':
      // A project's tasks can all be ticked on one day.
      return { most: null, oneProject: 1 };
    case 'total-xp':
      return {
        most: projects.reduce((n, p) => n + xpOf(p), 0) + Math.max(0, badges - 1) * BADGE_XP,
        oneProject: Math.max(0, ...projects.map(xpOf)),
      };
    case 'projects-completed':
      return { most: projects.length, oneProject: 1 };
    case 'distinct-skills':
      return { most: skills(projects), oneProject: Math.max(0, ...projects.map((p) => skills([p]))) };
    case 'projects-in-a-week':
      return null;
  }
}
