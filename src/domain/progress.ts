/**
 * A learner's progress through the curriculum: pure rules shared by the API (what it stores and
 * answers) and the browser (optimistic updates), so both always agree.
 *
 * Content and learner state are separate: the curriculum says which tasks a project has (each
 * `active` or `retired`); the learner's records say which tasks they completed and when they
 * started and submitted a project. Percentages count active tasks only: a retired task keeps its
 * completion in the learner's history but counts on neither side, and a task added after the
 * learner started counts as still to do (the project says what changed).
 */
import { progressPercent } from './learning.ts';

/**
 * - locked: a prerequisite is not completed yet;
 * - available: every prerequisite completed (or none), not started;
 * - in-progress: started, not submitted;
 * - completed: submitted (a submission completes the project; verifying the repository is not
 *   built yet, and the project says so rather than pretend).
 * A started project never locks again, even if its prerequisites change later.
 */
export type LearnerProjectStatus = 'locked' | 'available' | 'in-progress' | 'completed';

export type ContentTask = { id: string; status: 'active' | 'retired' };

/** What the learner did with a project; undefined when never started. */
export type ProjectRecord = { startedAt: string; completedAt: string | null };

export function missingPrerequisites(prerequisites: readonly string[], completedProjects: ReadonlySet<string>): string[] {
  return prerequisites.filter((id) => !completedProjects.has(id));
}

export function learnerProjectStatus(
  record: ProjectRecord | undefined,
  prerequisites: readonly string[],
  completedProjects: ReadonlySet<string>,
): LearnerProjectStatus {
  if (record?.completedAt) return 'completed';
  if (record) return 'in-progress';
  return missingPrerequisites(prerequisites, completedProjects).length === 0 ? 'available' : 'locked';
}

export type ActiveProgress = { completed: number; total: number; percent: number };

/** Done over active tasks; completions of retired tasks count on neither side. */
export function activeTaskProgress(tasks: readonly ContentTask[], completedTasks: ReadonlySet<string>): ActiveProgress {
  const active = tasks.filter((task) => task.status === 'active');
  const completed = active.filter((task) => completedTasks.has(task.id)).length;
  return { completed, total: active.length, percent: progressPercent(completed, active.length) };
}

/** The active tasks not done yet, in order: what a submission still needs. */
export function openTasks<T extends ContentTask>(tasks: readonly T[], completedTasks: ReadonlySet<string>): T[] {
  return tasks.filter((task) => task.status === 'active' && !completedTasks.has(task.id));
}

export type PathProgressSummary = { completedProjects: number; totalProjects: number; percent: number };

/**
 * A path's progress: its active projects completed, and the percent of its active projects'
 * active tasks done (a completed project counts whole, whatever tasks were added since).
 */
export function pathProgress(
  projects: readonly { id: string; tasks: readonly ContentTask[] }[],
  completedProjects: ReadonlySet<string>,
  completedTasks: ReadonlySet<string>,
): PathProgressSummary {
  let done = 0;
  let total = 0;
  for (const project of projects) {
    const progress = activeTaskProgress(project.tasks, completedTasks);
    total += progress.total;
    done += completedProjects.has(project.id) ? progress.total : progress.completed;
  }
  return {
    completedProjects: projects.filter((p) => completedProjects.has(p.id)).length,
    totalProjects: projects.length,
    percent: progressPercent(done, total),
  };
}

export type ContentChange = { added: string[]; retired: string[] };

/**
 * What changed in a project since the learner started it, from the task ids it had then: tasks
 * added since (active, not in the list) and tasks retired since (in the list, not active now).
 * Null when nothing changed.
 */
export function changesSinceStart(
  tasks: readonly (ContentTask & { title: string })[],
  taskIdsAtStart: readonly string[],
): { added: string[]; retired: string[] } | null {
  const before = new Set(taskIdsAtStart);
  const added = tasks.filter((t) => t.status === 'active' && !before.has(t.id)).map((t) => t.title);
  const retired = tasks.filter((t) => t.status === 'retired' && before.has(t.id)).map((t) => t.title);
  return added.length === 0 && retired.length === 0 ? null : { added, retired };
}
