/**
 * Every query of the learning API: the curriculum as seeded (active items; retired ones only where
 * a learner's history needs them) and one learner's progress, always by that learner's id.
 */
import type { Db, ProjectsTable } from '../db/database.ts';
import { toNumber } from '../db/dialect.ts';

export type TaskRow = { id: string; project_id: string; title: string; position: number; status: 'active' | 'retired' };
export type ProjectRow = Omit<ProjectsTable, 'content_hash'>;

export function createLearningRepository(db: Db) {
  return {
    activePaths() {
      return db.selectFrom('paths').selectAll().where('status', '=', 'active').orderBy('position').execute();
    },
    /** The active path with this slug, or the one a former slug now names. */
    async pathBySlug(slug: string) {
      const path = await db.selectFrom('paths').selectAll().where('slug', '=', slug).where('status', '=', 'active').executeTakeFirst();
      if (path) return path;
      const redirect = await db
        .selectFrom('slug_redirects')
        .innerJoin('paths', 'paths.id', 'slug_redirects.target_id')
        .selectAll('paths')
        .where('slug_redirects.kind', '=', 'path')
        .where('slug_redirects.old_slug', '=', slug)
        .where('paths.status', '=', 'active')
        .executeTakeFirst();
      return redirect;
    },
    async projectBySlug(slug: string): Promise<ProjectRow | undefined> {
      const columns = [
        'projects.id', 'projects.slug', 'projects.path_id', 'projects.section_id', 'projects.position', 'projects.title',
        'projects.summary', 'projects.brief', 'projects.difficulty', 'projects.duration_weeks', 'projects.hours', 'projects.xp',
        'projects.objectives', 'projects.skills', 'projects.requirements', 'projects.resources', 'projects.status',
      ] as const;
      const project = await db.selectFrom('projects').select(columns).where('slug', '=', slug).where('status', '=', 'active').executeTakeFirst();
      if (project) return project;
      return db
        .selectFrom('slug_redirects')
        .innerJoin('projects', 'projects.id', 'slug_redirects.target_id')
        .select(columns)
        .where('slug_redirects.kind', '=', 'project')
        .where('slug_redirects.old_slug', '=', slug)
        .where('projects.status', '=', 'active')
        .executeTakeFirst();
    },
    projectById(id: string) {
      return db.selectFrom('projects').select(['id', 'slug', 'path_id', 'title', 'status']).where('id', '=', id).executeTakeFirst();
    },
    /** Active projects (of one path, or all), in path order. */
    activeProjects(pathId?: string) {
      let query = db
        .selectFrom('projects')
        .select(['id', 'slug', 'path_id', 'section_id', 'position', 'title', 'summary', 'difficulty', 'duration_weeks', 'hours', 'xp'])
        .where('status', '=', 'active');
      if (pathId !== undefined) query = query.where('path_id', '=', pathId);
      return query.orderBy('position').execute();
    },
    /** Every task (active and retired) of these projects, in order. */
    tasksOf(projectIds: string[]): Promise<TaskRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('tasks')
        .select(['id', 'project_id', 'title', 'position', 'status'])
        .where('project_id', 'in', projectIds)
        .orderBy('position')
        .execute();
    },
    taskById(id: string) {
      return db.selectFrom('tasks').select(['id', 'project_id', 'status']).where('id', '=', id).executeTakeFirst();
    },
    prerequisitesOf(projectIds: string[]) {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('project_prerequisites')
        .innerJoin('projects', 'projects.id', 'project_prerequisites.requires_id')
        .select(['project_prerequisites.project_id', 'projects.id', 'projects.slug', 'projects.title'])
        .where('project_prerequisites.project_id', 'in', projectIds)
        .execute();
    },
    activeSections(pathId: string) {
      return db.selectFrom('path_sections').selectAll().where('path_id', '=', pathId).where('status', '=', 'active').orderBy('position').execute();
    },

    // --- one learner ------------------------------------------------------------------------
    progressOf(userId: string) {
      return db.selectFrom('project_progress').selectAll().where('user_id', '=', userId).execute();
    },
    completedTaskIds(userId: string, projectIds?: string[]) {
      let query = db.selectFrom('task_completions').select('task_id').where('user_id', '=', userId);
      if (projectIds !== undefined) {
        if (projectIds.length === 0) return Promise.resolve([]);
        query = query.where('project_id', 'in', projectIds);
      }
      return query.execute().then((rows) => rows.map((r) => r.task_id));
    },
    /**
     * Starts a project once: a second start (another tab, a retry) changes nothing. The learner
     * becomes one of the path's students in the same transaction.
     */
    async startProject(userId: string, projectId: string, pathId: string, taskIds: string[], at: string) {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('project_progress')
          .values({ user_id: userId, project_id: projectId, started_at: at, completed_at: null, task_ids_at_start: JSON.stringify(taskIds) })
          .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
          .execute();
        await tx
          .insertInto('path_learners')
          .values({ path_id: pathId, user_id: userId, started_at: at })
          .onConflict((oc) => oc.columns(['path_id', 'user_id']).doNothing())
          .execute();
      });
    },
    /** Idempotent: ticking a ticked task keeps its first time. */
    async completeTask(userId: string, taskId: string, projectId: string, at: string) {
      await db
        .insertInto('task_completions')
        .values({ user_id: userId, task_id: taskId, project_id: projectId, completed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'task_id']).doNothing())
        .execute();
    },
    async uncompleteTask(userId: string, taskId: string) {
      await db.deleteFrom('task_completions').where('user_id', '=', userId).where('task_id', '=', taskId).execute();
    },
    submissionOf(userId: string, projectId: string) {
      return db
        .selectFrom('submissions')
        .select(['repository_url', 'submitted_at'])
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },
    /**
     * Records the repository (replacing an earlier one) and completes the project, in one
     * transaction: both happen, or neither. A project completed before keeps its first date.
     */
    async submit(userId: string, projectId: string, repositoryUrl: string, at: string) {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('submissions')
          .values({ user_id: userId, project_id: projectId, repository_url: repositoryUrl, submitted_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ repository_url: repositoryUrl, submitted_at: at }))
          .execute();
        await tx
          .updateTable('project_progress')
          .set({ completed_at: at })
          .where('user_id', '=', userId)
          .where('project_id', '=', projectId)
          .where('completed_at', 'is', null)
          .execute();
      });
    },
    /** Learners who started a project of each path (or of one), counted through the path's key. */
    async studentsPerPath(pathId?: string): Promise<Map<string, number>> {
      let query = db
        .selectFrom('path_learners')
        .select((eb) => ['path_id', eb.fn.countAll<number>().as('students')])
        .groupBy('path_id');
      if (pathId !== undefined) query = query.where('path_id', '=', pathId);
      const rows = await query.execute();
      return new Map(rows.map((r) => [r.path_id, toNumber(r.students)]));
    },
    async ratingsPerPath(pathId?: string): Promise<Map<string, { average: number; count: number }>> {
      let query = db
        .selectFrom('path_ratings')
        .select((eb) => ['path_id', eb.fn.avg<number>('stars').as('average'), eb.fn.count<number>('stars').as('count')])
        .groupBy('path_id');
      if (pathId !== undefined) query = query.where('path_id', '=', pathId);
      const rows = await query.execute();
      return new Map(rows.map((r) => [r.path_id, { average: Math.round(toNumber(r.average) * 10) / 10, count: toNumber(r.count) }]));
    },
    ratingsBy(userId: string) {
      return db.selectFrom('path_ratings').select(['path_id', 'stars']).where('user_id', '=', userId).execute();
    },
    async ratePath(userId: string, pathId: string, stars: number, at: string) {
      await db
        .insertInto('path_ratings')
        .values({ user_id: userId, path_id: pathId, stars, rated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'path_id']).doUpdateSet({ stars, rated_at: at }))
        .execute();
    },
    /** A learner's progress on a path gone in one transaction: starts, ticks and submissions. */
    async resetPath(userId: string, pathId: string) {
      await db.transaction().execute(async (tx) => {
        const ids = (await tx.selectFrom('projects').select('id').where('path_id', '=', pathId).execute()).map((r) => r.id);
        if (ids.length === 0) return;
        await tx.deleteFrom('task_completions').where('user_id', '=', userId).where('project_id', 'in', ids).execute();
        await tx.deleteFrom('submissions').where('user_id', '=', userId).where('project_id', 'in', ids).execute();
        await tx.deleteFrom('project_progress').where('user_id', '=', userId).where('project_id', 'in', ids).execute();
        await tx.deleteFrom('path_learners').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
      });
    },
    pathById(id: string) {
      return db.selectFrom('paths').select(['id', 'slug', 'status']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
