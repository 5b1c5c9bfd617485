// @vitest-environment node
// (jsdom enforces CORS on XHR; the calls are what is tested here, in Node with axios's http adapter.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { learningHandlers, tickDownHandlers } from '../../fixtures/msw/learning';
import { sampleToken } from '../../fixtures/msw/auth';
import { completedProjectView, inProgressProjectView, midwayRecords, newLearnerRecords, recordsFor } from '../../fixtures/progress';
import { REPORT_POLL_MS, verificationMessages } from '../../domain/verification';
import { formatTime } from '../../domain/format';
import { sampleUser } from '../../fixtures/user';
import { learningMessages } from '../../domain/learning';
import { BADGE_XP } from '../../domain/xp';
import { useSession } from '../../stores/session';
import { learningKeys, learningMutations, learningQueries, pollWhileChecking } from './client';
import { xpQueries } from '../xp/client';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => useSession.getState().signedIn(sampleUser, sampleToken));

const project = inProgressProjectView;
const firstOpen = project.tasks.find((t) => !t.completed);

function mutate<V>(client: QueryClient, options: unknown, variables: V) {
  const observer = new MutationObserver(client, options as never);
  return (observer.mutate(variables as never) as Promise<unknown>).then(
    () => 'ok',
    (error: unknown) => error,
  );
}

describe('the learning API from the browser', () => {
  it('reads a learner’s paths and a project with their progress, parsed by the shared schemas', async () => {
    server.use(...learningHandlers({ records: midwayRecords }));
    const client = new QueryClient();
    const paths = await client.fetchQuery(learningQueries.paths());
    expect(paths[0]).toMatchObject({ title: 'Frontend Development', progress: { completedProjects: 3, totalProjects: 6 } });
    const loaded = await client.fetchQuery(learningQueries.project(project.slug));
    expect(loaded?.progress.completed).toBe(3);
  });

  it('answers null for a path or project that does not exist (the screens say "not found")', async () => {
    server.use(...learningHandlers());
    const client = new QueryClient();
    await expect(client.fetchQuery(learningQueries.path('no-such-path'))).resolves.toBeNull();
    await expect(client.fetchQuery(learningQueries.project('no-such-project'))).resolves.toBeNull();
  });

  it('shows a tick at once and keeps it when the API accepts it', async () => {
    // The API takes 300 ms to answer (the handler waits, then lets the real one answer).
    const slowTick = http.put('*/learning/tasks/:id', async () => {
      await delay(300);
    });
    server.use(slowTick, ...learningHandlers({ records: midwayRecords }));
    const client = new QueryClient();
    await client.fetchQuery(learningQueries.project(project.slug));
    const started = Date.now();
    const done = mutate(client, learningMutations.tick(client), { slug: project.slug, taskId: firstOpen?.id, completed: true });
    // Long before the API has answered, the tick is there and the count follows.
    await vi.waitFor(() => {
      const optimistic = client.getQueryData<typeof project>(learningKeys.project(project.slug));
      expect(optimistic?.tasks.find((t) => t.id === firstOpen?.id)?.completed).toBe(true);
      expect(optimistic?.progress.completed).toBe(4);
    });
    expect(Date.now() - started).toBeLessThan(250);
    expect(await done).toBe('ok');
    const reread = await client.fetchQuery({ ...learningQueries.project(project.slug), staleTime: 0 });
    expect(reread?.progress.completed).toBe(4);
  });

  it('rolls a tick back when the API cannot be reached', async () => {
    server.use(...tickDownHandlers, ...learningHandlers({ records: midwayRecords }));
    const client = new QueryClient();
    await client.fetchQuery(learningQueries.project(project.slug));
    const outcome = await mutate(client, learningMutations.tick(client), { slug: project.slug, taskId: firstOpen?.id, completed: true });
    expect(outcome).toBeInstanceOf(Error);
    const after = client.getQueryData<typeof project>(learningKeys.project(project.slug));
    expect(after?.tasks.find((t) => t.id === firstOpen?.id)?.completed).toBe(false);
    expect(after?.progress.completed).toBe(3);
  });

  it('refuses to submit with a task open, naming it, and completes the project once all are done', async () => {
    server.use(...learningHandlers({ records: midwayRecords }));
    const client = new QueryClient();
    const url = 'https://github.com/ada-lovelace/weather-dashboard';
    const refused = await mutate(client, learningMutations.submit(client), { projectId: project.id, slug: project.slug, repositoryUrl: url });
    expect((refused as { response: { data: { message: string } } }).response.data.message).toBe(
      learningMessages.openTasks(project.tasks.filter((t) => !t.completed).map((t) => t.title)),
    );
    for (const task of project.tasks.filter((t) => !t.completed)) {
      await mutate(client, learningMutations.tick(client), { slug: project.slug, taskId: task.id, completed: true });
    }
    expect(await mutate(client, learningMutations.submit(client), { projectId: project.id, slug: project.slug, repositoryUrl: url, liveUrl: null })).toBe('ok');
    const submitted = client.getQueryData<typeof project>(learningKeys.project(project.slug));
    expect(submitted).toMatchObject({ status: 'completed', submission: { repositoryUrl: url, liveUrl: null } });
  });

  it('submits with the live URL, answers 202 while checking, polls until the report pays the XP', async () => {
    const ready = recordsFor('frontend-development', 3, 99);
    server.use(...learningHandlers({ records: ready, liveUrlProjects: [project.id] }));
    const client = new QueryClient();
    const before = await client.fetchQuery(xpQueries.xp());
    const xpBefore = before.totalXp;
    const submit = { projectId: project.id, slug: project.slug, repositoryUrl: 'https://github.com/ada-lovelace/weather-dashboard' };
    // A deployed project's submission needs its live URL, by the shared rule.
    const refused = await mutate(client, learningMutations.submit(client), { ...submit, liveUrl: null });
    expect((refused as { response: { status: number; data: { message: string } } }).response).toMatchObject({
      status: 400,
      data: { message: verificationMessages.liveUrlNeeded },
    });
    const live = 'https://ada-lovelace.github.io/weather-dashboard/';
    expect(await mutate(client, learningMutations.submit(client), { ...submit, liveUrl: live })).toBe('ok');
    const checking = client.getQueryData<typeof project>(learningKeys.project(project.slug));
    expect(checking?.submission).toMatchObject({ liveUrl: live, verification: { state: 'checking', xpPaid: false } });
    // While checking: polled; no XP paid yet.
    expect(pollWhileChecking({ state: { data: checking } })).toBe(REPORT_POLL_MS);
    expect((await client.fetchQuery({ ...xpQueries.xp(), staleTime: 0 })).totalXp).toBe(xpBefore);
    await client.fetchQuery({ ...learningQueries.project(project.slug), staleTime: 0 });
    const passed = await client.fetchQuery({ ...learningQueries.project(project.slug), staleTime: 0 });
    expect(passed?.submission?.verification).toMatchObject({ state: 'passed', xpPaid: true });
    expect(pollWhileChecking({ state: { data: passed } })).toBe(false);
    // The project's XP, and a badge's for each badge its skills complete (Well Rounded: 16 skills in four projects).
    const after = await client.fetchQuery({ ...xpQueries.xp(), staleTime: 0 });
    const newBadges = after.badges.filter((b) => b.earned).length - before.badges.filter((b) => b.earned).length;
    expect(after.badges.filter((b) => b.earned && !before.badges.some((old) => old.id === b.id && old.earned)).map((b) => b.title)).toEqual(['Well Rounded']);
    expect(after.totalXp).toBe(xpBefore + project.xp + newBadges * BADGE_XP);
  });

  it('checks again a few times an hour, then answers 429 with when it may be asked again', async () => {
    server.use(...learningHandlers({ records: midwayRecords, rechecksLeft: 1, now: '2026-03-20T18:00:00.000Z' }));
    const client = new QueryClient();
    const done = completedProjectView;
    expect(await mutate(client, learningMutations.recheck(client), { projectId: done.id, slug: done.slug })).toBe('ok');
    expect(client.getQueryData<typeof done>(learningKeys.project(done.slug))?.submission?.verification.state).toBe('checking');
    const refused = await mutate(client, learningMutations.recheck(client), { projectId: done.id, slug: done.slug });
    expect((refused as { response: { status: number; data: { message: string } } }).response).toMatchObject({
      status: 429,
      data: { message: verificationMessages.recheckLimit(formatTime('2026-03-20T19:00:00.000Z', 'UTC')) },
    });
  });

  it('cannot start a locked project', async () => {
    server.use(...learningHandlers({ records: newLearnerRecords }));
    const client = new QueryClient();
    const outcome = await mutate(client, learningMutations.start(client), { projectId: project.id, slug: project.slug });
    expect((outcome as { response: { status: number } }).response.status).toBe(409);
  });
});
