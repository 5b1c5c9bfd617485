import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGitHubApi, type FakeGitHubApi, type FakeGitHubSeed } from '../test/fake-github.ts';
import { startFakeGitHub } from '../test/fake-providers.ts';
import { CheckUnavailable } from './contract.ts';
import { createGitHubHost, githubMessages, parseRepositoryUrl } from './github.ts';

const sha = (digit: string) => digit.repeat(40);
const [C1, C2, C3] = [sha('1'), sha('2'), sha('3')];
const TOKEN = `ghp_${'t0ken'.repeat(6)}`;

const seed: FakeGitHubSeed = {
  token: TOKEN,
  repositories: [
    {
      id: 555,
      owner: { id: 9001, login: 'octo-ada' },
      name: 'portfolio',
      commits: [
        {
          sha: C1,
          date: '2026-11-01T09:00:00Z',
          files: { 'index.html': '<h1>First</h1>', 'readme.md': '# Portfolio\n\nLive: https://octo-ada.github.io/portfolio/\n' },
        },
        { sha: C2, date: '2026-11-10T09:00:00Z', files: { 'index.html': '<h1>Café ✓</h1>', 'src/app.js': 'console.log(1);' } },
        { sha: C3, date: '2026-11-20T09:00:00Z', files: { '.env': 'SECRET=1' }, deleted: ['src/app.js'] },
      ],
      branches: { feature: C2 },
      workflowRuns: [
        { name: 'Tests', headSha: C3, conclusion: 'failure', createdAt: '2026-11-20T10:00:00Z' },
        { name: 'Tests again', headSha: C3, conclusion: 'success', createdAt: '2026-11-20T11:00:00Z' },
        { name: 'Tests', headSha: C1, status: 'in_progress', conclusion: null, createdAt: '2026-11-01T09:05:00Z' },
      ],
      // Another CI service reports on C2 through the Checks API (no workflow ran there).
      checkRuns: [
        { name: 'lint', headSha: C2, conclusion: 'success' },
        { name: 'docs', headSha: C2, conclusion: 'skipped' },
        { name: 'Tests', headSha: C3, conclusion: 'failure' },
      ],
    },
    {
      id: 556,
      owner: { id: 9001, login: 'octo-ada' },
      name: 'diary',
      private: true,
      defaultBranch: 'trunk',
      commits: [{ sha: sha('4'), date: '2026-11-02T09:00:00Z', files: { 'a.txt': 'a' } }],
    },
    {
      id: 557,
      owner: { id: 77, login: 'someone' },
      name: 'bare',
      fork: true,
      parent: { id: 555, owner: { id: 9001, login: 'octo-ada' }, name: 'portfolio' },
      commits: [{ sha: sha('5'), date: '2026-11-02T09:00:00Z', files: { 'notes/README.md': 'not where GitHub looks' } }],
    },
  ],
};

let fake: FakeGitHubApi;
const signal = () => AbortSignal.timeout(10_000);

async function unavailable(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CheckUnavailable);
  return (error as Error).message;
}

beforeAll(async () => {
  fake = await startFakeGitHubApi({ seed });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.seed(seed);
  fake.fail(null);
  fake.requests.length = 0;
});

describe('parseRepositoryUrl', () => {
  it('reads the owner and name of a GitHub repository URL, with .git or a trailing slash', () => {
    expect(parseRepositoryUrl('https://github.com/octo-ada/portfolio')).toEqual({ owner: 'octo-ada', name: 'portfolio' });
    expect(parseRepositoryUrl('https://github.com/octo-ada/portfolio.git')).toEqual({ owner: 'octo-ada', name: 'portfolio' });
    expect(parseRepositoryUrl('https://github.com/octo-ada/portfolio/')).toEqual({ owner: 'octo-ada', name: 'portfolio' });
  });

  it('answers null for what the submission form refuses', () => {
    expect(parseRepositoryUrl('https://gitlab.com/octo-ada/portfolio')).toBeNull();
    expect(parseRepositoryUrl('https://github.com/octo-ada')).toBeNull();
    expect(parseRepositoryUrl('https://github.com/octo-ada/portfolio/tree/main')).toBeNull();
  });
});

describe('the GitHub repository host', () => {
  it('reads a public repository without a token: its ids, owner, fork (and of what) and default branch', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.repository('octo-ada', 'portfolio', signal())).toEqual({
      id: 555,
      owner: 'octo-ada',
      name: 'portfolio',
      ownerId: 9001,
      private: false,
      fork: false,
      forkOf: null,
      defaultBranch: 'main',
      htmlUrl: 'https://github.com/octo-ada/portfolio',
    });
    // A fork names the repository it was forked from and the owners of it and of its network's root.
    expect(await host.repository('someone', 'bare', signal())).toMatchObject({
      fork: true,
      forkOf: { parent: 'octo-ada/portfolio', parentOwnerId: 9001, sourceOwnerId: 9001 },
    });
    expect(fake.requests.map((r) => r.authorization)).toEqual([null, null]);
  });

  it('answers null for a repository that does not exist, or is private and we hold no token for it', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.repository('octo-ada', 'nothing-here', signal())).toBeNull();
    expect(await host.repository('octo-ada', 'diary', signal())).toBeNull();
  });

  it('sends GITHUB_TOKEN when it has one, and then sees what the token may see', async () => {
    const host = createGitHubHost({ baseUrl: fake.url, token: TOKEN });
    expect(await host.repository('octo-ada', 'diary', signal())).toMatchObject({ id: 556, private: true, defaultBranch: 'trunk' });
    expect(fake.requests[0]?.authorization).toBe(`token ${TOKEN}`);
  });

  it('finds the newest commit of a branch', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.headCommit('octo-ada', 'portfolio', 'main', signal())).toEqual({
      sha: C3,
      date: '2026-11-20T09:00:00Z',
      htmlUrl: `https://github.com/octo-ada/portfolio/commit/${C3}`,
    });
    expect((await host.headCommit('octo-ada', 'portfolio', 'feature', signal()))?.sha).toBe(C2);
    expect(await host.headCommit('octo-ada', 'portfolio', 'no-such-branch', signal())).toBeNull();
  });

  it('reads a file as it was at the commit asked for, not as it is now', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.fileAt('octo-ada', 'portfolio', C1, 'index.html', signal())).toBe('<h1>First</h1>');
    expect(await host.fileAt('octo-ada', 'portfolio', C2, 'index.html', signal())).toBe('<h1>Café ✓</h1>');
    expect(await host.fileAt('octo-ada', 'portfolio', C2, 'src/app.js', signal())).toBe('console.log(1);');
    expect(await host.fileAt('octo-ada', 'portfolio', C3, 'src/app.js', signal())).toBeNull();
    expect(await host.fileAt('octo-ada', 'portfolio', C1, '.env', signal())).toBeNull();
    expect(await host.fileAt('octo-ada', 'portfolio', C3, '.env', signal())).toBe('SECRET=1');
    expect(fake.requests.map((r) => `${r.path}?ref=${r.query.ref}`)).toContain(`/repos/octo-ada/portfolio/contents/src/app.js?ref=${C2}`);
  });

  it('answers null for a directory, and refuses a file over 1 MB', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.fileAt('octo-ada', 'portfolio', C2, 'src', signal())).toBeNull();
    const big = structuredClone(seed);
    big.repositories[0]?.commits.push({ sha: sha('6'), date: '2026-11-21T09:00:00Z', files: { 'data.json': 'x'.repeat(1024 * 1024 + 1) } });
    fake.seed(big);
    expect(await unavailable(host.fileAt('octo-ada', 'portfolio', sha('6'), 'data.json', signal()))).toBe('data.json is larger than 1 MB, so it was not read.');
  });

  it('reads the README at a commit whatever the case of its name, where GitHub shows it from', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.readmeAt('octo-ada', 'portfolio', C1, signal())).toContain('https://octo-ada.github.io/portfolio/');
    expect(fake.requests[0]).toMatchObject({ path: '/repos/octo-ada/portfolio/readme', query: { ref: C1 } });
    expect(await host.readmeAt('someone', 'bare', sha('5'), signal())).toBeNull();
    const inDocs = structuredClone(seed);
    inDocs.repositories[2]?.commits.push({ sha: sha('7'), date: '2026-11-03T09:00:00Z', files: { 'docs/Readme.markdown': 'from docs' } });
    fake.seed(inDocs);
    expect(await host.readmeAt('someone', 'bare', sha('7'), signal())).toBe('from docs');
    expect(await host.readmeAt('someone', 'bare', sha('5'), signal())).toBeNull();
  });

  it('counts the commits reachable from a commit made at or after a date', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.commitsSince('octo-ada', 'portfolio', C3, '2026-11-05T00:00:00Z', signal())).toBe(2);
    expect(await host.commitsSince('octo-ada', 'portfolio', C2, '2026-11-05T00:00:00Z', signal())).toBe(1);
    expect(await host.commitsSince('octo-ada', 'portfolio', C3, '2026-10-01T00:00:00Z', signal())).toBe(3);
    expect(await host.commitsSince('octo-ada', 'portfolio', C3, '2026-11-25T00:00:00Z', signal())).toBe(0);
    expect(fake.requests[0]?.query).toEqual({ sha: C3, since: '2026-11-05T00:00:00Z', per_page: '100' });
  });

  it('finds the latest workflow run on a commit, or null when none ran', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C3, signal())).toEqual({
      name: 'Tests again',
      conclusion: 'success',
      status: 'completed',
      htmlUrl: 'https://github.com/octo-ada/portfolio/actions/runs/2',
    });
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C1, signal())).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(fake.requests[0]?.query).toEqual({ head_sha: C3, per_page: '1' });
  });

  it('reads the check runs of another CI service when no workflow ran on the commit, or null when neither has any', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C2, signal())).toEqual({
      name: 'lint',
      conclusion: 'success',
      status: 'completed',
      htmlUrl: 'https://github.com/octo-ada/portfolio/runs/1',
    });
    fake.seed({
      ...seed,
      repositories: seed.repositories.map((r) => ({
        ...r,
        checkRuns: [...(r.checkRuns ?? []), { name: 'e2e', headSha: C2, status: 'in_progress', conclusion: null }],
      })),
    });
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C2, signal())).toMatchObject({ name: 'e2e', status: 'in_progress', conclusion: null });
    fake.seed({
      ...seed,
      repositories: seed.repositories.map((r) => ({
        ...r,
        checkRuns: [
          { name: 'build', headSha: C2, conclusion: 'timed_out' },
          { name: 'lint', headSha: C2, conclusion: 'success' },
        ],
      })),
    });
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C2, signal())).toMatchObject({ name: 'build', status: 'completed', conclusion: 'timed_out' });
    fake.seed({ ...seed, repositories: seed.repositories.map((r) => ({ ...r, checkRuns: [] })) });
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C2, signal())).toBeNull();
  });
});

describe('when GitHub cannot answer', () => {
  it('treats GitHub’s 404 as "not there" in every method', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    fake.fail({ kind: 'not-found' });
    expect(await host.repository('octo-ada', 'portfolio', signal())).toBeNull();
    expect(await host.headCommit('octo-ada', 'portfolio', 'main', signal())).toBeNull();
    expect(await host.fileAt('octo-ada', 'portfolio', C1, 'index.html', signal())).toBeNull();
    expect(await host.readmeAt('octo-ada', 'portfolio', C1, signal())).toBeNull();
    expect(await host.latestWorkflowRun('octo-ada', 'portfolio', C3, signal())).toBeNull();
  });

  it('reports GitHub’s own error as "couldn’t check", never as "not there"', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    fake.fail({ kind: 'server-error' });
    const message = 'GitHub answered with an error (500); check again in a few minutes.';
    expect(await unavailable(host.repository('octo-ada', 'portfolio', signal()))).toBe(message);
    expect(await unavailable(host.fileAt('octo-ada', 'portfolio', C1, 'index.html', signal()))).toBe(message);
    expect(await unavailable(host.commitsSince('octo-ada', 'portfolio', C3, '2026-11-05T00:00:00Z', signal()))).toBe(message);
    fake.fail(null);
    expect(await host.fileAt('octo-ada', 'portfolio', C1, 'index.html', signal())).toBe('<h1>First</h1>');
  });

  it('says until when the rate limit is used up (the reset minute, rounded up, in UTC)', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    fake.fail({ kind: 'rate-limit', resetAt: Date.UTC(2026, 10, 27, 14, 4, 30) / 1000 });
    const message = await unavailable(host.readmeAt('octo-ada', 'portfolio', C1, signal()));
    expect(message).toBe("GitHub's rate limit for this server is used up until 14:05 UTC; check again then.");
    expect(await unavailable(host.latestWorkflowRun('octo-ada', 'portfolio', C3, signal()))).toBe(message);
  });

  it('says until when a secondary rate limit asks to wait (retry-after)', async () => {
    const host = createGitHubHost({ baseUrl: fake.url, now: () => new Date('2026-11-27T09:30:00Z') });
    fake.fail({ kind: 'secondary-rate-limit', retryAfter: 120, times: 1 });
    expect(await unavailable(host.headCommit('octo-ada', 'portfolio', 'main', signal()))).toBe(githubMessages.rateLimited('09:32 UTC'));
    expect((await host.headCommit('octo-ada', 'portfolio', 'main', signal()))?.sha).toBe(C3);
  });

  it('reports a GitHub that does not answer at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const host = createGitHubHost({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await unavailable(host.repository('octo-ada', 'portfolio', signal()))).toBe('GitHub did not answer.');
  });

  it('stops waiting when the run’s signal is aborted', async () => {
    const host = createGitHubHost({ baseUrl: fake.url });
    fake.fail({ kind: 'no-answer' });
    const started = Date.now();
    expect(await unavailable(host.fileAt('octo-ada', 'portfolio', C1, 'index.html', AbortSignal.timeout(300)))).toBe('GitHub did not answer in time.');
    expect(Date.now() - started).toBeLessThan(5_000);
    const aborted = AbortSignal.abort();
    fake.requests.length = 0;
    expect(await unavailable(host.repository('octo-ada', 'portfolio', aborted))).toBe('GitHub did not answer in time.');
    expect(fake.requests).toEqual([]);
  });
});

describe('the fake GitHub as end-to-end journeys run it', () => {
  it('serves the repositories on the sign-in fake’s address (one GITHUB_API_URL), seeded and switched over HTTP', async () => {
    const repositories = await startFakeGitHubApi();
    const signIn = await startFakeGitHub(0, undefined, undefined, repositories.handle);
    try {
      const host = createGitHubHost({ baseUrl: signIn.url });
      expect(await host.repository('octo-ada', 'portfolio', signal())).toBeNull();
      const put = (path: string, body: unknown) =>
        fetch(`${signIn.url}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await put('/_fake/seed', seed)).status).toBe(200);
      expect((await host.repository('octo-ada', 'portfolio', signal()))?.id).toBe(555);
      expect(await host.fileAt('octo-ada', 'portfolio', C2, 'src/app.js', signal())).toBe('console.log(1);');
      await put('/_fake/fail', { kind: 'server-error', times: 1 });
      expect(await unavailable(host.readmeAt('octo-ada', 'portfolio', C1, signal()))).toBe(githubMessages.serverError(500));
      expect(await host.readmeAt('octo-ada', 'portfolio', C1, signal())).toContain('# Portfolio');
      // The sign-in endpoints still answer as before.
      expect((await fetch(`${signIn.url}/user`)).status).toBe(401);
      const seen = (await (await fetch(`${signIn.url}/_fake/requests`)).json()) as { path: string }[];
      expect(seen.map((r) => r.path)).toContain('/repos/octo-ada/portfolio/readme');
    } finally {
      await signIn.stop();
      await repositories.stop();
    }
  });
});
