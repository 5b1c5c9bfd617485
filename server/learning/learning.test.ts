/**
 * The learning API on the repository's curriculum: paths with progress, a path, a project,
 * starting, ticking and unticking, the locks, and that no learner sees or changes another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadCurriculumOnce } from '../content/load.ts';
import { bearer, createTestApp, errorMessage, signIn, WEB_ORIGIN, type TestApp } from '../test/helpers.ts';
import { learningMessages } from '../../src/domain/learning.ts';
import { pathResponseSchema, pathsResponseSchema, projectResponseSchema, pathSummaryResponseSchema } from '../../src/api/learning/contract.ts';
import { repoUrlMessages } from '../../src/domain/learning.ts';

let t: TestApp;
beforeAll(async () => {
  // Verification off: these tests are about completing and unlocking, not about the checks (server/verify).
  t = await createTestApp({ verification: 'off' });
});
afterAll(async () => {
  await t.close();
});

const curriculum = loadCurriculumOnce();
const frontend = curriculum.paths.find((p) => p.slug === 'frontend-development')!;
const [first, second] = curriculum.projects.filter((p) => p.pathId === frontend.id);

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (app: FastifyInstance, method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(method === 'POST' || body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('a new learner', () => {
  it('sees every path at zero, honestly', async () => {
    const { token } = await signIn(t.app);
    const response = await get(t.app, '/learning/paths', token);
    expect(response.statusCode).toBe(200);
    const { paths } = pathsResponseSchema.parse(response.json());
    expect(paths.map((p) => p.slug)).toEqual(curriculum.paths.map((p) => p.slug));
    for (const path of paths) {
      expect(path.progress).toEqual({ completedProjects: 0, totalProjects: curriculum.projects.filter((p) => p.pathId === path.id).length, percent: 0 });
      expect(path.started).toBe(false);
    }
  });

  it('finds the first project of a path available and the others locked, naming what unlocks them', async () => {
    const { token } = await signIn(t.app);
    const { path } = pathResponseSchema.parse((await get(t.app, `/learning/paths/${frontend.slug}`, token)).json());
    const projects = path.sections.flatMap((s) => s.projects);
    expect(projects.map((p) => p.status)).toEqual(['available', ...Array(projects.length - 1).fill('locked')]);
    const frontendRef = { id: frontend.id, slug: frontend.slug, title: frontend.title };
    expect(projects[1]?.missingPrerequisites).toEqual([{ id: first!.id, slug: first!.slug, title: first!.title, path: frontendRef }]);
    // Across paths: the first mobile project builds on a frontend one, and names it with its path.
    const mobile = pathResponseSchema.parse((await get(t.app, '/learning/paths/mobile-development', token)).json()).path;
    const habit = mobile.sections[0]?.projects[0];
    expect(habit?.status).toBe('locked');
    expect(habit?.missingPrerequisites).toEqual([expect.objectContaining({ slug: 'task-manager-with-react', path: frontendRef })]);
    expect(projects.every((p) => p.progress.completed === 0)).toBe(true);
  });

  it('the original numbered address and a former slug reach the path', async () => {
    const { token } = await signIn(t.app);
    const response = await get(t.app, '/learning/paths/1', token);
    expect(response.statusCode).toBe(200);
    expect(response.json().path.slug).toBe('frontend-development');
    expect(errorMessage(await get(t.app, '/learning/paths/no-such-path', token))).toBe(learningMessages.noSuchPath);
  });
});

describe('starting and ticking', () => {
  it('start, tick two tasks, untick one: kept, idempotent, and counted', async () => {
    const { token } = await signIn(t.app);
    const started = await send(t.app, 'POST', `/learning/projects/${first!.id}/start`, token);
    expect(started.statusCode).toBe(200);
    expect(projectResponseSchema.parse(started.json()).project.status).toBe('in-progress');
    // A second start (another tab) changes nothing.
    const again = projectResponseSchema.parse((await send(t.app, 'POST', `/learning/projects/${first!.id}/start`, token)).json());
    expect(again.project.startedAt).toBe(projectResponseSchema.parse(started.json()).project.startedAt);

    const [a, b] = first!.tasks;
    for (const task of [a, b, a]) expect((await send(t.app, 'PUT', `/learning/tasks/${task!.id}`, token)).statusCode).toBe(204);
    const { project } = projectResponseSchema.parse((await get(t.app, `/learning/projects/${first!.slug}`, token)).json());
    expect(project.tasks.filter((task) => task.completed).map((task) => task.id)).toEqual([a!.id, b!.id]);
    expect(project.progress).toEqual({ completed: 2, total: first!.tasks.length, percent: Math.round(200 / first!.tasks.length) });

    expect((await send(t.app, 'DELETE', `/learning/tasks/${b!.id}`, token)).statusCode).toBe(204);
    expect((await send(t.app, 'DELETE', `/learning/tasks/${b!.id}`, token)).statusCode).toBe(204);
    const after = projectResponseSchema.parse((await get(t.app, `/learning/projects/${first!.slug}`, token)).json());
    expect(after.project.progress.completed).toBe(1);
    const paths = pathsResponseSchema.parse((await get(t.app, '/learning/paths', token)).json());
    expect(paths.paths.find((p) => p.id === frontend.id)?.started).toBe(true);
  });

  it('a locked project cannot be started or ticked, an unstarted one cannot be ticked', async () => {
    const { token } = await signIn(t.app);
    const locked = await send(t.app, 'POST', `/learning/projects/${second!.id}/start`, token);
    expect(locked.statusCode).toBe(409);
    expect(errorMessage(locked)).toBe(learningMessages.locked([first!.title]));
    expect(errorMessage(await send(t.app, 'PUT', `/learning/tasks/${second!.tasks[0]!.id}`, token))).toBe(learningMessages.locked([first!.title]));
    expect(errorMessage(await send(t.app, 'PUT', `/learning/tasks/${first!.tasks[0]!.id}`, token))).toBe(learningMessages.notStarted);
    expect((await send(t.app, 'PUT', '/learning/tasks/task_00000000', token)).statusCode).toBe(404);
    expect((await send(t.app, 'POST', '/learning/projects/prj_00000000/start', token)).statusCode).toBe(404);
  });
});

describe('submitting', () => {
  it('needs every task done and says which are not; then completes the project and unlocks the next', async () => {
    const { token } = await signIn(t.app);
    await send(t.app, 'POST', `/learning/projects/${first!.id}/start`, token);
    const [a, ...rest] = first!.tasks;
    await send(t.app, 'PUT', `/learning/tasks/${a!.id}`, token);
    const url = `/learning/projects/${first!.id}/submission`;

    const early = await send(t.app, 'POST', url, token, { repositoryUrl: 'https://github.com/ada/portfolio' });
    expect(early.statusCode).toBe(409);
    expect(errorMessage(early)).toBe(learningMessages.openTasks(rest.map((task) => task.title)));

    for (const task of rest) await send(t.app, 'PUT', `/learning/tasks/${task.id}`, token);
    const bad = await send(t.app, 'POST', url, token, { repositoryUrl: 'https://gitlab.com/ada/portfolio' });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toBe(repoUrlMessages.invalid);
    expect((await send(t.app, 'POST', url, token, { repositoryUrl: 'x', extra: 1 })).statusCode).toBe(400);

    const done = await send(t.app, 'POST', url, token, { repositoryUrl: ' https://github.com/ada/portfolio ', liveUrl: 'https://ada.github.io/site/' });
    expect(done.statusCode).toBe(202);
    const { project } = projectResponseSchema.parse(done.json());
    expect(project.status).toBe('completed');
    expect(project.submission).toMatchObject({ repositoryUrl: 'https://github.com/ada/portfolio', verification: { state: 'self-reported', xpPaid: true } });
    const next = projectResponseSchema.parse((await get(t.app, `/learning/projects/${second!.slug}`, token)).json());
    expect(next.project.status).toBe('available');

    // The repository can be replaced; the tasks of a completed project no longer change.
    const replaced = projectResponseSchema.parse(
      (await send(t.app, 'POST', url, token, { repositoryUrl: 'https://github.com/ada/portfolio-v2', liveUrl: 'https://ada.github.io/site/' })).json(),
    );
    expect(replaced.project.submission?.repositoryUrl).toBe('https://github.com/ada/portfolio-v2');
    expect(replaced.project.completedAt).toBe(project.completedAt);
    expect(errorMessage(await send(t.app, 'DELETE', `/learning/tasks/${a!.id}`, token))).toBe(learningMessages.completed);
  });
});

describe('rating a path', () => {
  it("needs a completed project of it; the average and count are everyone's, students count who started", async () => {
    const rate = (token: string, stars: unknown) => send(t.app, 'PUT', `/learning/paths/${frontend.id}/rating`, token, { stars });
    const ada = await signIn(t.app);
    const before = pathsResponseSchema.parse((await get(t.app, '/learning/paths', ada.token)).json()).paths.find((p) => p.id === frontend.id)!;
    expect(errorMessage(await rate(ada.token, 5))).toBe(learningMessages.cannotRate);

    await send(t.app, 'POST', `/learning/projects/${first!.id}/start`, ada.token);
    for (const task of first!.tasks) await send(t.app, 'PUT', `/learning/tasks/${task.id}`, ada.token);
    await send(t.app, 'POST', `/learning/projects/${first!.id}/submission`, ada.token, {
      repositoryUrl: 'https://github.com/ada/p',
      liveUrl: 'https://ada.github.io/site/',
    });
    expect((await rate(ada.token, 6)).statusCode).toBe(400);
    const rated = await rate(ada.token, 4);
    expect(rated.statusCode).toBe(200);
    const { path } = pathSummaryResponseSchema.parse(rated.json());
    expect(path.myRating).toBe(4);
    expect(path.students).toBe(before.students + 1);
    expect(path.rating?.count).toBe((before.rating?.count ?? 0) + 1);
  });
});

describe('one learner, one progress', () => {
  it("another learner's ticks are invisible and untouchable", async () => {
    const ada = await signIn(t.app);
    const bob = await signIn(t.app);
    await send(t.app, 'POST', `/learning/projects/${first!.id}/start`, ada.token);
    await send(t.app, 'PUT', `/learning/tasks/${first!.tasks[0]!.id}`, ada.token);

    // Bob sees nothing of Ada's, and his untick of her task cannot reach her row.
    const bobs = projectResponseSchema.parse((await get(t.app, `/learning/projects/${first!.slug}`, bob.token)).json());
    expect(bobs.project.status).toBe('available');
    expect(bobs.project.progress.completed).toBe(0);
    expect(errorMessage(await send(t.app, 'DELETE', `/learning/tasks/${first!.tasks[0]!.id}`, bob.token))).toBe(learningMessages.notStarted);
    const adas = projectResponseSchema.parse((await get(t.app, `/learning/projects/${first!.slug}`, ada.token)).json());
    expect(adas.project.progress.completed).toBe(1);
  });

  it('every learning route needs a signed-in learner', async () => {
    for (const [method, url] of [
      ['GET', '/learning/paths'],
      ['GET', `/learning/paths/${frontend.slug}`],
      ['GET', `/learning/projects/${first!.slug}`],
      ['POST', `/learning/projects/${first!.id}/start`],
      ['PUT', `/learning/tasks/${first!.tasks[0]!.id}`],
      ['DELETE', `/learning/tasks/${first!.tasks[0]!.id}`],
      ['POST', `/learning/projects/${first!.id}/submission`],
      ['PUT', `/learning/paths/${frontend.id}/rating`],
    ] as const) {
      const headers = { origin: WEB_ORIGIN, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) };
      const response = await t.app.inject({ method, url, headers });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
