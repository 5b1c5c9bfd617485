// @vitest-environment node
// (jsdom enforces CORS on XHR; the calls are what is tested here, in Node with axios's http adapter.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { learningHandlers, tickDownHandlers } from '../fixtures/msw/learning';
import { sampleToken } from '../fixtures/msw/auth';
import { inProgressProjectView, midwayRecords, newLearnerRecords } from '../fixtures/progress';
import { sampleUser } from '../fixtures/user';
import { learningMessages } from '../domain/learningApi';
import { useSession } from '../stores/session';
import { learningKeys, learningMutations, learningQueries } from './learning';

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
    expect(await mutate(client, learningMutations.submit(client), { projectId: project.id, slug: project.slug, repositoryUrl: url })).toBe('ok');
    const submitted = client.getQueryData<typeof project>(learningKeys.project(project.slug));
    expect(submitted).toMatchObject({ status: 'completed', submission: { repositoryUrl: url, liveUrl: null } });
  });

  it('cannot start a locked project', async () => {
    server.use(...learningHandlers({ records: newLearnerRecords }));
    const client = new QueryClient();
    const outcome = await mutate(client, learningMutations.start(client), { projectId: project.id, slug: project.slug });
    expect((outcome as { response: { status: number } }).response.status).toBe(409);
  });
});
