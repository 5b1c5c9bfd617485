/**
 * /learning: the curriculum with the signed-in learner's progress; starting projects, ticking
 * tasks, submitting, rating and resetting a path (issue 10 §2). Every route authenticates first
 * and reads and writes the token's learner only: no learner id ever comes from the request.
 * Shapes: src/domain/learningApi.ts; rules: src/domain/progress.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateRepoUrl } from '../../src/domain/learning.ts';
import {
  learningMessages,
  pathResponseSchema,
  pathsResponseSchema,
  pathSummaryResponseSchema,
  projectResponseSchema,
  ratingBodySchema,
  slugParam,
  submissionBodySchema,
  type PathProjectView,
  type PathSummary,
  type ProjectDetailView,
} from '../../src/domain/learningApi.ts';
import {
  activeTaskProgress,
  changesSinceStart,
  learnerProjectStatus,
  missingPrerequisites,
  openTasks,
  pathProgress,
} from '../../src/domain/progress.ts';
import type { Authenticate } from '../auth/authenticate.ts';
import type { UserRow } from '../auth/repository.ts';
import { HttpError } from '../http/errors.ts';
import type { LearningRepository, TaskRow } from './repository.ts';

export type LearningDeps = { repo: LearningRepository; authenticate: Authenticate; now: () => number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in learner of a /learning request (set before anything else runs). */
    learner: UserRow | null;
  }
}

const responseSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
const slugParams = { type: 'object', required: ['slug'], properties: { slug: { type: 'string', maxLength: 200 } } } as const;
const noFields = { type: 'object', additionalProperties: false, properties: {} } as const;

export async function learningRoutes(app: FastifyInstance, deps: LearningDeps) {
  const { repo, authenticate, now } = deps;
  const iso = () => new Date(now()).toISOString();

  // Every route here is a signed-in learner's: authenticated first, before the body is even read,
  // so a request without a valid session gets its 401 whatever else is wrong with it.
  app.decorateRequest('learner', null);
  app.addHook('onRequest', async (request) => {
    request.learner = await authenticate(request);
  });
  const learnerOf = (request: { learner: UserRow | null }): UserRow => {
    if (!request.learner) throw new Error('the learning routes run after authentication');
    return request.learner;
  };

  /** One learner's state: started projects, completed projects and completed tasks. */
  async function learnerState(userId: string, projectIds?: string[]) {
    const [records, completedTasks] = await Promise.all([repo.progressOf(userId), repo.completedTaskIds(userId, projectIds)]);
    const byProject = new Map(records.map((r) => [r.project_id, r]));
    const completedProjects = new Set(records.filter((r) => r.completed_at !== null).map((r) => r.project_id));
    return { byProject, completedProjects, completedTasks: new Set(completedTasks) };
  }

  const tasksByProject = (tasks: TaskRow[]) => {
    const map = new Map<string, TaskRow[]>();
    for (const task of tasks) map.set(task.project_id, [...(map.get(task.project_id) ?? []), task]);
    return map;
  };

  /**
   * Every active path (or one) with this learner's progress, and what it was built from: the
   * paths' active projects, their tasks and the learner's state on them.
   */
  async function loadPaths(userId: string, onlyPathId?: string) {
    const [allPaths, projects, students, ratings, mine] = await Promise.all([
      repo.activePaths(),
      repo.activeProjects(onlyPathId),
      repo.studentsPerPath(onlyPathId),
      repo.ratingsPerPath(onlyPathId),
      repo.ratingsBy(userId),
    ]);
    const paths = onlyPathId === undefined ? allPaths : allPaths.filter((p) => p.id === onlyPathId);
    const ids = projects.map((p) => p.id);
    const [tasks, state] = await Promise.all([repo.tasksOf(ids), learnerState(userId, ids)]);
    const byProject = tasksByProject(tasks);
    const summaries: PathSummary[] = paths.map((path) => {
      const own = projects.filter((p) => p.path_id === path.id);
      return {
        students: students.get(path.id) ?? 0,
        rating: ratings.get(path.id) ?? null,
        myRating: mine.find((r) => r.path_id === path.id)?.stars ?? null,
        canRate: own.some((p) => state.completedProjects.has(p.id)),
        id: path.id,
        slug: path.slug,
        title: path.title,
        summary: path.summary,
        level: path.level as PathSummary['level'],
        category: path.category as PathSummary['category'],
        durationWeeks: path.duration_weeks,
        totalHours: own.reduce((n, p) => n + p.hours, 0),
        color: path.color,
        image: path.image,
        progress: pathProgress(
          own.map((p) => ({ id: p.id, tasks: byProject.get(p.id) ?? [] })),
          state.completedProjects,
          state.completedTasks,
        ),
        started: own.some((p) => state.byProject.has(p.id)),
      };
    });
    return { summaries, projects, byProject, state };
  }

  const pathSummaries = async (userId: string, onlyPathId?: string) => (await loadPaths(userId, onlyPathId)).summaries;

  async function projectView(userId: string, slug: string): Promise<ProjectDetailView> {
    const project = await repo.projectBySlug(slug);
    if (!project) throw new HttpError(404, learningMessages.noSuchProject);
    const [tasks, prerequisites, state, paths, submission] = await Promise.all([
      repo.tasksOf([project.id]),
      repo.prerequisitesOf([project.id]),
      learnerState(userId),
      repo.activePaths(),
      repo.submissionOf(userId, project.id),
    ]);
    const record = state.byProject.get(project.id);
    const path = paths.find((p) => p.id === project.path_id);
    const requires = prerequisites.map((p) => p.id);
    const active = tasks.filter((t) => t.status === 'active');
    return {
      id: project.id,
      slug: project.slug,
      path: { id: project.path_id, slug: path?.slug ?? '', title: path?.title ?? '' },
      title: project.title,
      summary: project.summary,
      brief: project.brief,
      difficulty: project.difficulty as ProjectDetailView['difficulty'],
      durationWeeks: project.duration_weeks,
      hours: project.hours,
      xp: project.xp,
      objectives: JSON.parse(project.objectives) as string[],
      skills: JSON.parse(project.skills) as string[],
      requirements: JSON.parse(project.requirements) as string[],
      resources: JSON.parse(project.resources) as ProjectDetailView['resources'],
      status: learnerProjectStatus(
        record ? { startedAt: record.started_at, completedAt: record.completed_at } : undefined,
        requires,
        state.completedProjects,
      ),
      progress: activeTaskProgress(tasks, state.completedTasks),
      tasks: active.map((t) => ({ id: t.id, title: t.title, completed: state.completedTasks.has(t.id) })),
      prerequisites: prerequisites.map((p) => ({ id: p.id, slug: p.slug, title: p.title, completed: state.completedProjects.has(p.id) })),
      submission: submission ? { repositoryUrl: submission.repository_url, submittedAt: submission.submitted_at, verified: false } : null,
      startedAt: record?.started_at ?? null,
      completedAt: record?.completed_at ?? null,
      changesSinceStart: record ? changesSinceStart(tasks, JSON.parse(record.task_ids_at_start) as string[]) : null,
    };
  }

  app.get('/paths', { schema: { response: { 200: responseSchema(pathsResponseSchema) } } }, async (request) => {
    const user = learnerOf(request);
    return { paths: await pathSummaries(user.id) };
  });

  app.get<{ Params: { slug: string } }>(
    '/paths/:slug',
    { schema: { params: slugParams, response: { 200: responseSchema(pathResponseSchema) } } },
    async (request) => {
      const user = learnerOf(request);
      const slug = slugParam.safeParse(request.params.slug);
      const path = slug.success ? await repo.pathBySlug(slug.data) : undefined;
      if (!path) throw new HttpError(404, learningMessages.noSuchPath);
      const { summaries, projects, byProject, state } = await loadPaths(user.id, path.id);
      const summary = summaries[0];
      if (!summary) throw new HttpError(404, learningMessages.noSuchPath);
      const [sections, prerequisites] = await Promise.all([repo.activeSections(path.id), repo.prerequisitesOf(projects.map((p) => p.id))]);
      const view = (p: (typeof projects)[number]): PathProjectView => {
        const requires = prerequisites.filter((r) => r.project_id === p.id);
        const record = state.byProject.get(p.id);
        const missing = new Set(missingPrerequisites(requires.map((r) => r.id), state.completedProjects));
        return {
          id: p.id,
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          difficulty: p.difficulty as PathProjectView['difficulty'],
          durationWeeks: p.duration_weeks,
          hours: p.hours,
          xp: p.xp,
          status: learnerProjectStatus(
            record ? { startedAt: record.started_at, completedAt: record.completed_at } : undefined,
            requires.map((r) => r.id),
            state.completedProjects,
          ),
          progress: activeTaskProgress(byProject.get(p.id) ?? [], state.completedTasks),
          missingPrerequisites: requires.filter((r) => missing.has(r.id)).map((r) => ({ id: r.id, slug: r.slug, title: r.title })),
        };
      };
      return {
        path: {
          ...summary,
          sections: sections.map((s) => ({
            id: s.id,
            title: s.title,
            summary: s.summary,
            projects: projects.filter((p) => p.section_id === s.id).map(view),
          })),
        },
      };
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/projects/:slug',
    { schema: { params: slugParams, response: { 200: responseSchema(projectResponseSchema) } } },
    async (request) => {
      const user = learnerOf(request);
      const slug = slugParam.safeParse(request.params.slug);
      if (!slug.success) throw new HttpError(404, learningMessages.noSuchProject);
      return { project: await projectView(user.id, slug.data) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/projects/:id/start',
    { schema: { params: idParam, body: noFields, response: { 200: responseSchema(projectResponseSchema) } } },
    async (request) => {
      const user = learnerOf(request);
      const project = await repo.projectById(request.params.id);
      if (!project || project.status !== 'active') throw new HttpError(404, learningMessages.noSuchProject);
      const current = await projectView(user.id, project.slug);
      if (current.status === 'locked') {
        throw new HttpError(409, learningMessages.locked(current.prerequisites.filter((p) => !p.completed).map((p) => p.title)));
      }
      if (current.status === 'available') {
        await repo.startProject(user.id, project.id, project.path_id, current.tasks.map((t) => t.id), iso());
        return { project: await projectView(user.id, project.slug) };
      }
      return { project: current };
    },
  );

  app.post<{ Params: { id: string }; Body: { repositoryUrl: string } }>(
    '/projects/:id/submission',
    {
      schema: { params: idParam, body: responseSchema(submissionBodySchema), response: { 200: responseSchema(projectResponseSchema) } },
    },
    async (request) => {
      const user = learnerOf(request);
      const project = await repo.projectById(request.params.id);
      if (!project || project.status !== 'active') throw new HttpError(404, learningMessages.noSuchProject);
      const view = await projectView(user.id, project.slug);
      if (view.status === 'locked') {
        throw new HttpError(409, learningMessages.locked(view.prerequisites.filter((p) => !p.completed).map((p) => p.title)));
      }
      if (view.status === 'available') throw new HttpError(409, learningMessages.notStarted);
      const problem = validateRepoUrl(request.body.repositoryUrl);
      if (problem) throw new HttpError(400, problem);
      const open = openTasks(
        view.tasks.map((t) => ({ ...t, status: 'active' as const })),
        new Set(view.tasks.filter((t) => t.completed).map((t) => t.id)),
      );
      // A completed project may replace its repository whatever tasks were added since.
      if (view.status !== 'completed' && open.length > 0) throw new HttpError(409, learningMessages.openTasks(open.map((t) => t.title)));
      await repo.submit(user.id, project.id, request.body.repositoryUrl.trim(), iso());
      return { project: await projectView(user.id, project.slug) };
    },
  );

  app.put<{ Params: { id: string }; Body: { stars: number } }>(
    '/paths/:id/rating',
    { schema: { params: idParam, body: responseSchema(ratingBodySchema), response: { 200: responseSchema(pathSummaryResponseSchema) } } },
    async (request) => {
      const user = learnerOf(request);
      const path = await repo.pathById(request.params.id);
      if (!path || path.status !== 'active') throw new HttpError(404, learningMessages.noSuchPath);
      const [before] = await pathSummaries(user.id, path.id);
      if (!before?.canRate) throw new HttpError(409, learningMessages.cannotRate);
      await repo.ratePath(user.id, path.id, request.body.stars, iso());
      return { path: (await pathSummaries(user.id, path.id))[0] };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/paths/:id/reset',
    { schema: { params: idParam, body: noFields, response: { 200: responseSchema(pathSummaryResponseSchema) } } },
    async (request) => {
      const user = learnerOf(request);
      const path = await repo.pathById(request.params.id);
      if (!path || path.status !== 'active') throw new HttpError(404, learningMessages.noSuchPath);
      await repo.resetPath(user.id, path.id);
      return { path: (await pathSummaries(user.id, path.id))[0] };
    },
  );

  /** The task, in a project this learner has started and not completed; else why not. */
  async function tickable(userId: string, taskId: string) {
    const task = await repo.taskById(taskId);
    if (!task || task.status !== 'active') throw new HttpError(404, learningMessages.noSuchTask);
    const project = await repo.projectById(task.project_id);
    if (!project || project.status !== 'active') throw new HttpError(404, learningMessages.noSuchTask);
    const view = await projectView(userId, project.slug);
    if (view.status === 'locked') {
      throw new HttpError(409, learningMessages.locked(view.prerequisites.filter((p) => !p.completed).map((p) => p.title)));
    }
    if (view.status === 'available') throw new HttpError(409, learningMessages.notStarted);
    if (view.status === 'completed') throw new HttpError(409, learningMessages.completed);
    return task;
  }

  // PUT and DELETE carry no body (an empty JSON object is accepted too).
  app.put<{ Params: { id: string } }>('/tasks/:id', { schema: { params: idParam } }, async (request, reply) => {
    const user = learnerOf(request);
    const task = await tickable(user.id, request.params.id);
    await repo.completeTask(user.id, task.id, task.project_id, iso());
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/tasks/:id', { schema: { params: idParam } }, async (request, reply) => {
    const user = learnerOf(request);
    const task = await tickable(user.id, request.params.id);
    await repo.uncompleteTask(user.id, task.id);
    return reply.code(204).send();
  });
}
