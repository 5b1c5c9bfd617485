/**
 * Every query of the learning API: the curriculum as seeded (active items; retired ones only where
 * a learner's history needs them) and one learner's progress, always by that learner's id.
 */
import type { Catalog, CatalogProject, LearnerRecords, PathStats } from '../../src/domain/learningViews.ts';
import type { Requirement } from '../../src/domain/verification.ts';
import { expressionBuilder, sql, type Transaction } from 'kysely';
import type { SessionClaims } from '../auth/authenticate.ts';
import { activeSession } from '../auth/repository.ts';
import type { Database, Db } from '../db/database.ts';
import { toNumber } from '../db/dialect.ts';
import { precompiled } from '../db/precompiled.ts';
import { dropRuns } from '../verify/queue.ts';

const parseList = (json: string) => JSON.parse(json) as string[];
/**
 * A project's requirements as seeded: each with its check. A row seeded before requirements had
 * checks holds plain texts until the next seed: those read as self-checked.
 */
const parseRequirements = (json: string): Requirement[] =>
  (JSON.parse(json) as (Requirement | string)[]).map((r) => (typeof r === 'string' ? { text: r, check: { kind: 'review' } } : r));

/** What else a change writes in its transaction (the XP ledger's awards, active days, badges). */
export type Effects = (tx: Transaction<Database>) => Promise<void>;
const none: Effects = async () => {};

type RecordRow = { kind: 'p' | 't' | 'r' | 's' | 'z'; id: string; a: string | null; b: string | null; c: string | null };

export function createLearningRepository(db: Db) {
  // Every page asks for the learner's records: built once, with and without submissions (see
  // server/db/precompiled.ts).
  // With `inSession`, one more row ('z') when the learner's session is active (see
  // server/auth/authenticate.ts): the path page's one query.
  const recordsQuery = (submissions: boolean, inSession: boolean) =>
    precompiled<'userId' | 'familyId' | 'at', RecordRow>((param) => {
      const userId = param('userId');
      const withSubmissions = submissions
        ? sql`union all select 's', project_id, repository_url, submitted_at, live_url from submissions where user_id = ${userId}`
        : sql``;
      const session = inSession
        ? sql`union all select 'z', '', null, null, null from users where id = ${userId} and ${activeSession(expressionBuilder<Database, 'users'>(), { familyId: param('familyId'), userId, at: param('at') })}`
        : sql``;
      const query = sql<RecordRow>`
        select 'p' as kind, project_id as id, started_at as a, completed_at as b, task_ids_at_start as c
          from project_progress where user_id = ${userId}
        union all select 't', task_id, null, null, null from task_completions where user_id = ${userId}
        union all select 'r', path_id, cast(stars as text), null, null from path_ratings where user_id = ${userId}
        ${withSubmissions}
        ${session}`;
      return { compile: () => query.compile(db) };
    });
  const recordsWith = recordsQuery(true, false);
  const recordsWithout = recordsQuery(false, false);
  const recordsInSession = recordsQuery(false, true);

  async function records(userId: string, options: { submissions: boolean; session?: SessionClaims }): Promise<LearnerRecords | null> {
    const { session } = options;
    const rows = session
      ? await recordsInSession(db, { userId, familyId: session.sessionId, at: session.at })
      : await (options.submissions ? recordsWith : recordsWithout)(db, { userId, familyId: null, at: null });
    if (session && !rows.some((row) => row.kind === 'z')) return null;
    const found: LearnerRecords = { projects: {}, completedTasks: [], ratings: {}, submissions: {} };
    for (const row of rows) {
      if (row.kind === 'p') found.projects[row.id] = { startedAt: row.a ?? '', completedAt: row.b, taskIdsAtStart: parseList(row.c ?? '[]') };
      else if (row.kind === 't') found.completedTasks.push(row.id);
      else if (row.kind === 'r') found.ratings[row.id] = Number(row.a);
      else if (row.kind === 's') found.submissions[row.id] = { repositoryUrl: row.a ?? '', submittedAt: row.b ?? '', liveUrl: row.c };
    }
    return found;
  }

  return {
    /**
     * The active curriculum as seeded, with every task of its projects (retired ones too: they
     * stay in learners' history). Read once per content version: the seeder runs before the API
     * serves, and content changes only with a deploy.
     */
    async catalog(): Promise<Catalog> {
      const [paths, sections, projects, tasks, prerequisites] = await Promise.all([
        db.selectFrom('paths').selectAll().where('status', '=', 'active').orderBy('position').execute(),
        db.selectFrom('path_sections').selectAll().where('status', '=', 'active').orderBy('position').execute(),
        db.selectFrom('projects').selectAll().where('status', '=', 'active').orderBy('position').execute(),
        db.selectFrom('tasks').select(['id', 'project_id', 'title', 'status']).orderBy('position').execute(),
        db.selectFrom('project_prerequisites').selectAll().execute(),
      ]);
      const activePaths = new Set(paths.map((p) => p.id));
      const catalogProjects: CatalogProject[] = projects
        .filter((p) => activePaths.has(p.path_id))
        .map((p) => ({
          id: p.id,
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          brief: p.brief,
          difficulty: p.difficulty as CatalogProject['difficulty'],
          durationWeeks: p.duration_weeks,
          hours: p.hours,
          xp: p.xp,
          objectives: parseList(p.objectives),
          skills: parseList(p.skills),
          requirements: parseRequirements(p.requirements),
          resources: JSON.parse(p.resources) as CatalogProject['resources'],
          pathId: p.path_id,
          sectionId: p.section_id,
          prerequisites: prerequisites.filter((r) => r.project_id === p.id).map((r) => r.requires_id),
          tasks: tasks.filter((t) => t.project_id === p.id).map((t) => ({ id: t.id, title: t.title, status: t.status })),
        }));
      return {
        paths: paths.map((p) => ({
          id: p.id,
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          level: p.level as Catalog['paths'][number]['level'],
          category: p.category as Catalog['paths'][number]['category'],
          durationWeeks: p.duration_weeks,
          color: p.color,
          image: p.image,
          sections: sections
            .filter((s) => s.path_id === p.id)
            .map((s) => ({
              id: s.id,
              title: s.title,
              summary: s.summary,
              projectIds: catalogProjects.filter((x) => x.sectionId === s.id).map((x) => x.id),
            })),
        })),
        projects: catalogProjects,
      };
    },
    /** The id a former slug of a path or project now names, if any. */
    async redirect(kind: 'path' | 'project', slug: string): Promise<string | undefined> {
      const row = await db.selectFrom('slug_redirects').select('target_id').where('kind', '=', kind).where('old_slug', '=', slug).executeTakeFirst();
      return row?.target_id;
    },
    /**
     * One learner's records: starts, ticks, ratings and (when asked) submissions, in one query (a
     * union of the learner's rows of each table, by their indexed user_id): every page needs them,
     * so one round trip to the database instead of four.
     */
    records: records as {
      (userId: string, options: { submissions: boolean }): Promise<LearnerRecords>;
      /** With the session check: null when the learner's session is no longer active. */
      (userId: string, options: { submissions: false; session: SessionClaims }): Promise<LearnerRecords | null>;
    },
    /** Everyone's figures per path: students and the average rating. */
    async pathStats(): Promise<PathStats> {
      const [students, ratings] = await Promise.all([this.studentsPerPath(), this.ratingsPerPath()]);
      const ids = new Set([...students.keys(), ...ratings.keys()]);
      return Object.fromEntries([...ids].map((id) => [id, { students: students.get(id) ?? 0, rating: ratings.get(id) ?? null }]));
    },

    // --- one learner ------------------------------------------------------------------------
    /**
     * Starts a project once: a second start (another tab, a retry) changes nothing. The learner
     * becomes one of the path's students in the same transaction.
     */
    async startProject(userId: string, projectId: string, pathId: string, taskIds: string[], at: string, effects: Effects = none) {
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
        await effects(tx);
      });
    },
    /** Idempotent: ticking a ticked task keeps its first time. */
    async completeTask(userId: string, taskId: string, projectId: string, at: string, effects: Effects = none) {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('task_completions')
          .values({ user_id: userId, task_id: taskId, project_id: projectId, completed_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'task_id']).doNothing())
          .execute();
        await effects(tx);
      });
    },
    async uncompleteTask(userId: string, taskId: string) {
      await db.deleteFrom('task_completions').where('user_id', '=', userId).where('task_id', '=', taskId).execute();
    },
    /**
     * Records the repository (replacing an earlier one) and completes the project, in one
     * transaction: both happen, or neither. A project completed before keeps its first date.
     */
    async submit(userId: string, projectId: string, urls: { repositoryUrl: string; liveUrl: string | null }, at: string, effects: Effects = none) {
      const { repositoryUrl, liveUrl } = urls;
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('submissions')
          .values({ user_id: userId, project_id: projectId, repository_url: repositoryUrl, live_url: liveUrl, submitted_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ repository_url: repositoryUrl, live_url: liveUrl, submitted_at: at }))
          .execute();
        await tx
          .updateTable('project_progress')
          .set({ completed_at: at })
          .where('user_id', '=', userId)
          .where('project_id', '=', projectId)
          .where('completed_at', 'is', null)
          .execute();
        await effects(tx);
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
    async ratePath(userId: string, pathId: string, stars: number, at: string) {
      await db
        .insertInto('path_ratings')
        .values({ user_id: userId, path_id: pathId, stars, rated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'path_id']).doUpdateSet({ stars, rated_at: at }))
        .execute();
    },
    /** A learner's progress on a path gone in one transaction: starts, ticks and submissions. */
    async resetPath(userId: string, pathId: string, effects: Effects = none) {
      await db.transaction().execute(async (tx) => {
        const ids = (await tx.selectFrom('projects').select('id').where('path_id', '=', pathId).execute()).map((r) => r.id);
        if (ids.length === 0) return;
        await tx.deleteFrom('task_completions').where('user_id', '=', userId).where('project_id', 'in', ids).execute();
        await tx.deleteFrom('submissions').where('user_id', '=', userId).where('project_id', 'in', ids).execute();
        await dropRuns(tx, userId, ids);
        await tx.deleteFrom('project_progress').where('user_id', '=', userId).where('project_id', 'in', ids).execute();
        await tx.deleteFrom('path_learners').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
        await effects(tx);
      });
    },
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
