/**
 * What the learning API answers, assembled from the curriculum and one learner's records: the
 * path list, a path with its projects, a project with its tasks. Pure, so the
 * browser's fixtures and mock API (src/fixtures) build exactly the shapes the server serialises,
 * through the same rules (src/domain/progress.ts).
 *
 * The curriculum here is a `Catalog`: the active paths and projects, each project's tasks with
 * their status (a retired task stays for the learner's history: it counts on neither side, and
 * a project says it was retired since the learner started).
 */
import type { Curriculum } from './content.ts';
import type { PathDetailView, PathProjectView, PathSummary, ProjectDetailView } from '../api/learning/contract.ts';
import { needsLiveUrl, type Requirement } from './verification.ts';
import type { Verification } from '../api/learning/contract.ts';
import { activeTaskProgress, changesSinceStart, learnerProjectStatus, missingPrerequisites, pathProgress, type ProjectRecord } from './progress.ts';

export type CatalogTask = { id: string; title: string; status: 'active' | 'retired' };
export type CatalogProject = Pick<
  ProjectDetailView,
  'id' | 'slug' | 'title' | 'summary' | 'brief' | 'difficulty' | 'durationWeeks' | 'hours' | 'xp' | 'objectives' | 'skills' | 'resources'
> & {
  /** Each requirement with how it is checked (the API answers their texts). */
  requirements: Requirement[];
  pathId: string;
  sectionId: string;
  prerequisites: string[];
  tasks: CatalogTask[];
};
export type CatalogPath = Pick<PathSummary, 'id' | 'slug' | 'title' | 'summary' | 'level' | 'category' | 'durationWeeks' | 'color' | 'image'> & {
  sections: { id: string; title: string; summary: string; projectIds: string[] }[];
};
/** The active curriculum, paths and projects in the order learners see them. */
export type Catalog = { paths: CatalogPath[]; projects: CatalogProject[] };

/** One learner's records: what they started, ticked, submitted and rated. */
export type LearnerRecords = {
  projects: Record<string, ProjectRecord & { taskIdsAtStart: string[] }>;
  completedTasks: string[];
  /**
   * The latest submission per project, and its report when the records carry one (the server
   * assembles it from the latest verification run); without one it is a submission from before
   * projects were verified.
   */
  submissions: Record<string, { repositoryUrl: string; submittedAt: string; liveUrl?: string | null; verification?: Verification }>;
  /** Stars per path id. */
  ratings: Record<string, number>;
};

export const NO_RECORDS: LearnerRecords = { projects: {}, completedTasks: [], submissions: {}, ratings: {} };

/** Everyone's figures per path: learners who started it, and the average of their ratings. */
export type PathStats = Record<string, { students: number; rating: PathSummary['rating'] }>;

/** The curriculum of `content/` as a catalog (every item in it is active). */
export function catalogFromCurriculum(curriculum: Curriculum): Catalog {
  return {
    paths: curriculum.paths.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      level: p.level,
      category: p.category,
      durationWeeks: p.durationWeeks,
      color: p.color,
      image: p.image ?? null,
      sections: p.sections.map((s) => ({ id: s.id, title: s.title, summary: s.summary, projectIds: s.projectIds })),
    })),
    projects: curriculum.projects.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      brief: p.brief,
      difficulty: p.difficulty,
      durationWeeks: p.durationWeeks,
      hours: p.hours,
      xp: p.xp,
      objectives: p.objectives,
      skills: p.skills,
      requirements: p.requirements,
      resources: p.resources,
      pathId: p.pathId,
      sectionId: p.sectionId,
      prerequisites: p.prerequisites,
      tasks: p.tasks.map((t) => ({ id: t.id, title: t.title, status: 'active' as const })),
    })),
  };
}

function learnerState(records: LearnerRecords) {
  const completedProjects = new Set(
    Object.entries(records.projects)
      .filter(([, r]) => r.completedAt !== null)
      .map(([id]) => id),
  );
  return { completedProjects, completedTasks: new Set(records.completedTasks) };
}

export function pathSummaries(catalog: Catalog, records: LearnerRecords, stats: PathStats): PathSummary[] {
  const { completedProjects, completedTasks } = learnerState(records);
  return catalog.paths.map((path) => {
    const own = catalog.projects.filter((p) => p.pathId === path.id);
    return {
      id: path.id,
      slug: path.slug,
      title: path.title,
      summary: path.summary,
      level: path.level,
      category: path.category,
      durationWeeks: path.durationWeeks,
      totalHours: own.reduce((n, p) => n + p.hours, 0),
      color: path.color,
      image: path.image,
      progress: pathProgress(own, completedProjects, completedTasks),
      started: own.some((p) => records.projects[p.id] !== undefined),
      students: stats[path.id]?.students ?? 0,
      rating: stats[path.id]?.rating ?? null,
      myRating: records.ratings[path.id] ?? null,
      canRate: own.some((p) => completedProjects.has(p.id)),
    };
  });
}

/** A project another one builds on: in any path, so it carries its path to link to it. */
function prerequisiteRefs(catalog: Catalog, ids: readonly string[]) {
  return ids.flatMap((id) => {
    const required = catalog.projects.find((p) => p.id === id);
    const path = catalog.paths.find((p) => p.id === required?.pathId);
    return required && path ? [{ id: required.id, slug: required.slug, title: required.title, path: { id: path.id, slug: path.slug, title: path.title } }] : [];
  });
}

export function pathDetail(catalog: Catalog, records: LearnerRecords, stats: PathStats, pathId: string): PathDetailView | null {
  const path = catalog.paths.find((p) => p.id === pathId);
  const summary = pathSummaries({ ...catalog, paths: path ? [path] : [] }, records, stats)[0];
  if (!path || !summary) return null;
  const { completedProjects, completedTasks } = learnerState(records);
  const byId = new Map(catalog.projects.map((p) => [p.id, p]));
  const view = (p: CatalogProject): PathProjectView => {
    const missing = missingPrerequisites(p.prerequisites, completedProjects);
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      difficulty: p.difficulty,
      durationWeeks: p.durationWeeks,
      hours: p.hours,
      xp: p.xp,
      status: learnerProjectStatus(records.projects[p.id], p.prerequisites, completedProjects),
      progress: activeTaskProgress(p.tasks, completedTasks),
      missingPrerequisites: prerequisiteRefs(catalog, missing),
    };
  };
  return {
    ...summary,
    sections: path.sections.map((s) => ({
      id: s.id,
      title: s.title,
      summary: s.summary,
      projects: s.projectIds.flatMap((id) => {
        const project = byId.get(id);
        return project ? [view(project)] : [];
      }),
    })),
  };
}

export function projectDetail(catalog: Catalog, records: LearnerRecords, projectId: string): ProjectDetailView | null {
  const project = catalog.projects.find((p) => p.id === projectId);
  const path = catalog.paths.find((p) => p.id === project?.pathId);
  if (!project || !path) return null;
  const { completedProjects, completedTasks } = learnerState(records);
  const record = records.projects[project.id];
  const submission = records.submissions[project.id];
  return {
    id: project.id,
    slug: project.slug,
    path: { id: path.id, slug: path.slug, title: path.title },
    title: project.title,
    summary: project.summary,
    brief: project.brief,
    difficulty: project.difficulty,
    durationWeeks: project.durationWeeks,
    hours: project.hours,
    xp: project.xp,
    objectives: project.objectives,
    skills: project.skills,
    requirements: project.requirements.map((r) => r.text),
    resources: project.resources,
    status: learnerProjectStatus(record, project.prerequisites, completedProjects),
    progress: activeTaskProgress(project.tasks, completedTasks),
    tasks: project.tasks.filter((t) => t.status === 'active').map((t) => ({ id: t.id, title: t.title, completed: completedTasks.has(t.id) })),
    prerequisites: prerequisiteRefs(catalog, project.prerequisites).map((ref) => ({ ...ref, completed: completedProjects.has(ref.id) })),
    startedAt: record?.startedAt ?? null,
    completedAt: record?.completedAt ?? null,
    submission: submission
      ? {
          repositoryUrl: submission.repositoryUrl,
          liveUrl: submission.liveUrl ?? null,
          submittedAt: submission.submittedAt,
          verification: submission.verification ?? notVerified(),
        }
      : null,
    liveUrlRequired: needsLiveUrl(project.requirements),
    changesSinceStart: record ? changesSinceStart(project.tasks, record.taskIdsAtStart) : null,
  };
}

/** The report of a submission made before projects were verified: nothing checked, its XP kept. */
export function notVerified(): Verification {
  return {
    state: 'not-verified',
    commit: null,
    startedAt: null,
    finishedAt: null,
    submission: [],
    requirements: [],
    recheck: { allowed: true, nextAt: null },
    xpPaid: true,
    queue: null,
  };
}

/**
 * The project with one task ticked or unticked and its progress recounted by the shared rule: the
 * browser's optimistic update, which the server's next answer then confirms.
 */
export function withTick(project: ProjectDetailView, taskId: string, completed: boolean): ProjectDetailView {
  const tasks = project.tasks.map((t) => (t.id === taskId ? { ...t, completed } : t));
  const progress = activeTaskProgress(
    tasks.map((t) => ({ id: t.id, status: 'active' as const })),
    new Set(tasks.filter((t) => t.completed).map((t) => t.id)),
  );
  return { ...project, tasks, progress };
}
