/**
 * /learning: the curriculum with the signed-in learner's progress; starting projects, ticking
 * tasks, submitting, rating and resetting a path. Every route authenticates first
 * and reads and writes the token's learner only: no learner id ever comes from the request.
 * Shapes: src/api/learning/contract.ts; rules: src/domain/progress.ts.
 */
import type { FastifyInstance } from 'fastify';
import { validateRepoUrl } from '../../src/domain/learning.ts';
import { validateLiveUrl } from '../../src/domain/liveUrl.ts';
import { learningMessages } from '../../src/domain/learning.ts';
import {
  pathResponseSchema,
  pathsResponseSchema,
  pathSummaryResponseSchema,
  projectResponseSchema,
  ratingBodySchema,
  slugParam,
  submissionBodySchema,
  type ProjectDetailView,
} from '../../src/api/learning/contract.ts';
import { idParamsSchema, slugParamsSchema } from '../../src/api/learning/contract.ts';
import { emptyBodySchema } from '../../src/api/common/contract.ts';
import { pathDetail, pathSummaries, projectDetail, type Catalog } from '../../src/domain/learningViews.ts';
import type { BadgeDefinition } from '../../src/domain/badges.ts';
import { openTasks } from '../../src/domain/progress.ts';
import { DEFAULT_TIME_ZONE, learnerDay } from '../../src/domain/streaks.ts';
import { CHECK_REQUESTS_PER_MINUTE, needsLiveUrl, verificationMessages } from '../../src/domain/verification.ts';
import { projectAward, taskAward } from '../../src/domain/xp.ts';
import type { Authenticate, SessionClaims } from '../auth/authenticate.ts';
import type { UserRow } from '../auth/repository.ts';
import { HttpError } from '../http/errors.ts';
import { rateLimitHook } from '../http/rate-limit.ts';
import { route, schema } from '../http/schema.ts';
import type { Boards } from './boards.ts';
import type { Ledger, Moment } from './ledger.ts';
import type { PathStatsCache } from './pathStats.ts';
import type { LearningRepository } from './repository.ts';
import { verificationOf, type VerificationQueue } from '../verify/queue.ts';
import { xpRoutes } from './xpRoutes.ts';

export type LearningDeps = {
  repo: LearningRepository;
  ledger: Ledger;
  /** The leaderboards the ledger keeps (the same instance: its copies read the ledger's rewrites live). */
  boards: Boards;
  /** Everyone's figures per path, cached (server/learning/pathStats.ts); told of this app's changes. */
  pathStats: PathStatsCache;
  badges: readonly BadgeDefinition[];
  authenticate: Authenticate;
  now: () => number;
  /** Verified projects: the queue of checks, the worker to wake, and whether checks run at all. */
  verification: {
    queue: VerificationQueue;
    wake(): void;
    /** false (VERIFICATION=off): a submission pays at once, labelled self-reported. */
    on: boolean;
    /** Live URLs must be https in production; http is allowed elsewhere (loopback fixture sites). */
    production: boolean;
  };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in learner of a /learning request (set before anything else runs). */
    learner: UserRow | null;
    /** A `sessionInQuery` route's token claims: its own query checks the session (server/auth/authenticate.ts). */
    session: SessionClaims | null;
  }
  interface FastifyContextConfig {
    /** The route checks the session in its own query (one round trip, not two) instead of before it. */
    sessionInQuery?: boolean;
  }
}

/** A time of day as the learner reads it, in their time zone ("14:05"). */
function timeOfDay(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(at));
}

export async function learningRoutes(app: FastifyInstance, deps: LearningDeps) {
  const { repo, ledger, boards, pathStats, badges, authenticate, now, verification } = deps;
  const { queue } = verification;
  const iso = () => new Date(now()).toISOString();
  // The curriculum as seeded before the API serves (content changes only with a deploy), in
  // memory: a page costs the learner's own rows and nothing else. Its answers are assembled by
  // src/domain/learningViews.ts, the same code the browser's fixtures and mock API use.
  const catalog: Catalog = await repo.catalog();
  const pathBySlugOrId = new Map(
    catalog.paths.flatMap(
      (p) =>
        [
          [p.slug, p],
          [p.id, p],
        ] as const,
    ),
  );
  const projectBySlugOrId = new Map(
    catalog.projects.flatMap(
      (p) =>
        [
          [p.slug, p],
          [p.id, p],
        ] as const,
    ),
  );
  const projectOfTask = new Map(catalog.projects.flatMap((p) => p.tasks.filter((t) => t.status === 'active').map((t) => [t.id, p] as const)));

  // Every route here is a signed-in learner's: authenticated first, before the body is even read,
  // so a request without a valid session gets its 401 whatever else is wrong with it.
  app.decorateRequest('learner', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // A route that checks the session in its own query starts from the token's claims; it gets no
    // learner row, so it cannot use one unchecked (learnerOf throws).
    if (request.routeOptions.config.sessionInQuery === true) request.session = authenticate.claims(request);
    else request.learner = await authenticate(request);
  });
  const learnerOf = (request: { learner: UserRow | null }): UserRow => {
    if (!request.learner) throw new Error('the learning routes run after authentication');
    return request.learner;
  };
  const sessionOf = (request: { session: SessionClaims | null }): SessionClaims => {
    if (!request.session) throw new Error('a sessionInQuery route runs after the token is verified');
    return request.session;
  };

  /**
   * Now, and the learner's day (their time zone's, never before the day it was when they last
   * changed zone): when an award or an active day is earned.
   */
  async function momentOf(userId: string): Promise<Moment> {
    const at = iso();
    const clock = await ledger.clockOf(userId);
    return { at, localDay: learnerDay(at, clock?.time_zone ?? DEFAULT_TIME_ZONE, clock?.day_floor ?? null) };
  }

  xpRoutes(app, { ledger, boards, catalog, badges, now, learnerOf, sessionOf, ended: authenticate.ended });

  async function findBySlug<T extends { id: string }>(kind: 'path' | 'project', slug: string, items: Map<string, T>) {
    if (!slugParam.safeParse(slug).success) return undefined;
    const item = items.get(slug);
    if (item) return item;
    const target = await repo.redirect(kind, slug);
    return target === undefined ? undefined : items.get(target);
  }

  async function projectView(userId: string, projectId: string): Promise<ProjectDetailView> {
    const records = await repo.records(userId, { submissions: true });
    const submission = records.submissions[projectId];
    const project = catalog.projects.find((p) => p.id === projectId);
    if (submission && project) {
      // The report of the latest check of this project (none: submitted before projects were verified).
      const at = now();
      const [run, rechecks, checks, xpPaid] = await Promise.all([
        queue.latest(userId, projectId),
        queue.rechecksSince(userId, projectId, at),
        queue.checksSince(userId, at),
        queue.xpPaid(userId, projectId),
      ]);
      if (run) {
        const place = await queue.placeOf(run, at);
        submission.verification = verificationOf(run, project.requirements, { rechecks, checks, xpPaid, at, verificationOn: verification.on, place });
      }
    }
    const view = projectDetail(catalog, records, projectId);
    if (!view) throw new HttpError(404, learningMessages.noSuchProject);
    return view;
  }

  /** A limit on checks reached: 429 with the sentence, and when to try again. */
  const limitReached = (message: string, nextAt: string) =>
    new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil((Date.parse(nextAt) - now()) / 1000))) });

  async function summaryOf(userId: string, pathId: string) {
    const [records, figures] = await Promise.all([repo.records(userId, { submissions: false }), pathStats.get()]);
    const summary = pathSummaries({ ...catalog, paths: catalog.paths.filter((p) => p.id === pathId) }, records, figures)[0];
    if (!summary) throw new HttpError(404, learningMessages.noSuchPath);
    return summary;
  }

  /** Why this learner may not change the project now, as the API's refusal; else nothing. */
  function refuseUnlessStarted(view: ProjectDetailView) {
    if (view.status === 'locked') {
      throw new HttpError(409, learningMessages.locked(view.prerequisites.filter((p) => !p.completed).map((p) => p.title)));
    }
    if (view.status === 'available') throw new HttpError(409, learningMessages.notStarted);
  }

  route(app).get('/paths', { schema: schema({ response: { 200: pathsResponseSchema } }) }, async (request) => {
    const user = learnerOf(request);
    const [records, figures] = await Promise.all([repo.records(user.id, { submissions: false }), pathStats.get()]);
    return { paths: pathSummaries(catalog, records, figures) };
  });

  route(app).get(
    '/paths/:slug',
    { schema: schema({ params: slugParamsSchema, response: { 200: pathResponseSchema } }), config: { sessionInQuery: true } },
    async (request) => {
      const session = sessionOf(request);
      // The learner's records with the session check, in one query: nothing else is answered
      // (not even a 404) before it says the session is active.
      const [records, figures, path] = await Promise.all([
        repo.records(session.userId, { submissions: false, session }),
        pathStats.get(),
        findBySlug('path', request.params.slug, pathBySlugOrId),
      ]);
      if (!records) throw authenticate.ended();
      if (!path) throw new HttpError(404, learningMessages.noSuchPath);
      const detail = pathDetail(catalog, records, figures, path.id);
      if (!detail) throw new HttpError(404, learningMessages.noSuchPath);
      return { path: detail };
    },
  );

  route(app).get('/projects/:slug', { schema: schema({ params: slugParamsSchema, response: { 200: projectResponseSchema } }) }, async (request) => {
    const user = learnerOf(request);
    const project = await findBySlug('project', request.params.slug, projectBySlugOrId);
    if (!project) throw new HttpError(404, learningMessages.noSuchProject);
    return { project: await projectView(user.id, project.id) };
  });

  route(app).post(
    '/projects/:id/start',
    { schema: schema({ params: idParamsSchema, body: emptyBodySchema, response: { 200: projectResponseSchema } }) },
    async (request) => {
      const user = learnerOf(request);
      const project = catalog.projects.find((p) => p.id === request.params.id);
      if (!project) throw new HttpError(404, learningMessages.noSuchProject);
      const current = await projectView(user.id, project.id);
      if (current.status === 'locked') refuseUnlessStarted(current);
      if (current.status !== 'available') return { project: current };
      const moment = await momentOf(user.id);
      await repo.startProject(
        user.id,
        project.id,
        project.pathId,
        current.tasks.map((t) => t.id),
        moment.at,
        async (tx) => {
          // A day of work only the first time ever: starting again after a reset earns none.
          if (await ledger.firstWork(tx, user.id, 'start', project.id, moment)) await ledger.activity(tx, user.id, project.pathId, moment);
          await ledger.settleBadges(tx, user.id, moment);
        },
      );
      pathStats.changed();
      return { project: await projectView(user.id, project.id) };
    },
  );

  // A learner's burst of submissions and "Check again" is turned away before it waits on the
  // learner's lock in the database (counted once a request is valid: bad input still gets its 400);
  // the hourly limit on checks (CHECKS_PER_HOUR) is counted in the queue.
  const checkRequestLimit = rateLimitHook(app, {
    name: 'check-requests',
    max: CHECK_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => learnerOf(request).id,
  });

  route(app).post(
    '/projects/:id/submission',
    {
      schema: schema({ params: idParamsSchema, body: submissionBodySchema, response: { 202: projectResponseSchema } }),
    },
    async (request, reply) => {
      const user = learnerOf(request);
      const project = catalog.projects.find((p) => p.id === request.params.id);
      if (!project) throw new HttpError(404, learningMessages.noSuchProject);
      const view = await projectView(user.id, project.id);
      refuseUnlessStarted(view);
      const problem = validateRepoUrl(request.body.repositoryUrl);
      if (problem) throw new HttpError(400, problem);
      const open = openTasks(
        view.tasks.map((t) => ({ ...t, status: 'active' as const })),
        new Set(view.tasks.filter((t) => t.completed).map((t) => t.id)),
      );
      // A completed project may replace its repository whatever tasks were added since.
      if (view.status !== 'completed' && open.length > 0) throw new HttpError(409, learningMessages.openTasks(open.map((t) => t.title)));
      // A deployed project is checked on its live URL: it comes with the submission.
      const deployed = needsLiveUrl(project.requirements);
      const liveProblem = deployed ? validateLiveUrl(request.body.liveUrl ?? '', true, { allowLocalHttp: !verification.production }) : null;
      if (liveProblem) throw new HttpError(400, liveProblem);
      await checkRequestLimit(request, reply);
      const moment = await momentOf(user.id);
      const timeZone = (await ledger.clockOf(user.id))?.time_zone ?? DEFAULT_TIME_ZONE;
      // Refused at once when the limit is already reached (counted again under the learner's lock below).
      const reached = verification.on ? await queue.limitReached(user.id, now()) : null;
      if (reached) throw limitReached(verificationMessages.submitLimit(timeOfDay(reached, timeZone)), reached);
      const urls = { repositoryUrl: request.body.repositoryUrl.trim(), liveUrl: deployed ? (request.body.liveUrl ?? '').trim() : null };
      // The project completes (and unlocks what follows) at once; its XP waits for its checks to pass,
      // unless verification is switched off here: then it is paid now, labelled self-reported.
      await repo.submit(user.id, project.id, urls, moment.at, async (tx) => {
        const run = { userId: user.id, projectId: project.id, ...urls, at: moment.at };
        if (verification.on) {
          // At most CHECKS_PER_HOUR checks an hour per learner: past it, nothing of this submission is kept.
          const asked = await queue.request({ ...run, reason: 'submit' }, tx);
          if (asked.kind === 'refused') throw limitReached(verificationMessages.submitLimit(timeOfDay(asked.nextAt, timeZone)), asked.nextAt);
        } else {
          await queue.record({ ...run, reason: 'self-reported', state: 'self-reported' }, tx);
          await ledger.award(tx, user.id, { ...projectAward(project), pathId: project.pathId, selfReported: true }, moment);
        }
        // A day of work only the first time: replacing the repository every day earns no streak.
        if (await ledger.firstWork(tx, user.id, 'submit', project.id, moment)) await ledger.activity(tx, user.id, project.pathId, moment);
        await ledger.settleBadges(tx, user.id, moment);
      });
      if (verification.on) verification.wake();
      return reply.code(202).send({ project: await projectView(user.id, project.id) });
    },
  );

  route(app).post(
    '/projects/:id/verification',
    { schema: schema({ params: idParamsSchema, body: emptyBodySchema, response: { 202: projectResponseSchema } }) },
    async (request, reply) => {
      const user = learnerOf(request);
      const project = catalog.projects.find((p) => p.id === request.params.id);
      if (!project) throw new HttpError(404, learningMessages.noSuchProject);
      const view = await projectView(user.id, project.id);
      if (!view.submission) throw new HttpError(409, learningMessages.notSubmitted);
      if (!verification.on) throw new HttpError(409, verificationMessages.selfReported);
      // Already checking: this press changes nothing (checked again under the learner's lock below).
      const current = view.submission.verification;
      if (current.state === 'checking') return reply.code(202).send({ project: view });
      // Not yet (a limit, or a run waiting for GitHub's limit to reset): refused with the time the report shows.
      if (!current.recheck.allowed && current.recheck.nextAt) {
        const clock = await ledger.clockOf(user.id);
        throw limitReached(verificationMessages.recheckLimit(timeOfDay(current.recheck.nextAt, clock?.time_zone ?? DEFAULT_TIME_ZONE)), current.recheck.nextAt);
      }
      const { repositoryUrl, liveUrl } = view.submission;
      await checkRequestLimit(request, reply);
      const asked = await queue.request({ userId: user.id, projectId: project.id, repositoryUrl, liveUrl, reason: 'recheck', at: iso() });
      if (asked.kind === 'refused') {
        const clock = await ledger.clockOf(user.id);
        throw limitReached(verificationMessages.recheckLimit(timeOfDay(asked.nextAt, clock?.time_zone ?? DEFAULT_TIME_ZONE)), asked.nextAt);
      }
      if (asked.kind === 'queued') verification.wake();
      return reply.code(202).send({ project: await projectView(user.id, project.id) });
    },
  );

  route(app).put(
    '/paths/:id/rating',
    { schema: schema({ params: idParamsSchema, body: ratingBodySchema, response: { 200: pathSummaryResponseSchema } }) },
    async (request) => {
      const user = learnerOf(request);
      const path = catalog.paths.find((p) => p.id === request.params.id);
      if (!path) throw new HttpError(404, learningMessages.noSuchPath);
      if (!(await summaryOf(user.id, path.id)).canRate) throw new HttpError(409, learningMessages.cannotRate);
      await repo.ratePath(user.id, path.id, request.body.stars, iso());
      pathStats.changed();
      return { path: await summaryOf(user.id, path.id) };
    },
  );

  route(app).post(
    '/paths/:id/reset',
    { schema: schema({ params: idParamsSchema, body: emptyBodySchema, response: { 200: pathSummaryResponseSchema } }) },
    async (request) => {
      const user = learnerOf(request);
      const path = catalog.paths.find((p) => p.id === request.params.id);
      if (!path) throw new HttpError(404, learningMessages.noSuchPath);
      const moment = await momentOf(user.id);
      await repo.resetPath(user.id, path.id, (tx) => ledger.resetPath(tx, user.id, path.id, moment));
      pathStats.changed();
      return { path: await summaryOf(user.id, path.id) };
    },
  );

  /** The task, in a project this learner has started and not completed; else why not. */
  async function tickable(userId: string, taskId: string) {
    const project = projectOfTask.get(taskId);
    if (!project) throw new HttpError(404, learningMessages.noSuchTask);
    const view = await projectView(userId, project.id);
    refuseUnlessStarted(view);
    if (view.status === 'completed') throw new HttpError(409, learningMessages.completed);
    return { id: taskId, projectId: project.id, pathId: project.pathId };
  }

  // PUT and DELETE carry no body (an empty JSON object is accepted too).
  route(app).put('/tasks/:id', { schema: schema({ params: idParamsSchema }) }, async (request, reply) => {
    const user = learnerOf(request);
    const task = await tickable(user.id, request.params.id);
    const moment = await momentOf(user.id);
    await repo.completeTask(user.id, task.id, task.projectId, moment.at, async (tx) => {
      // A task pays once: unticking keeps the award, ticking it again finds it there.
      await ledger.award(tx, user.id, { ...taskAward(task.id), pathId: task.pathId }, moment);
      // A day of work is the first tick of a task ever: unticking and ticking it again earns no day.
      if (await ledger.firstWork(tx, user.id, 'task', task.id, moment)) await ledger.activity(tx, user.id, task.pathId, moment);
      await ledger.settleBadges(tx, user.id, moment);
    });
    return reply.code(204).send();
  });

  route(app).delete('/tasks/:id', { schema: schema({ params: idParamsSchema }) }, async (request, reply) => {
    const user = learnerOf(request);
    const task = await tickable(user.id, request.params.id);
    await repo.uncompleteTask(user.id, task.id);
    return reply.code(204).send();
  });
}
