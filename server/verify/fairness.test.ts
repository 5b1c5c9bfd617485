/**
 * Copies judged fairly and GitHub read sparingly, through the API with GitHub sign-in set up, the
 * real GitHub host (Octokit, its answers and rate limit kept in the database) and the loopback fake
 * of GitHub's REST API: a stranger who submits the owner's repository first holds no one; a run
 * that passed the owner check holds a later learner's copy of its commit; the owner (by GitHub's
 * numeric id) is never held for a claim on their own repository; a fork of someone else's
 * repository is held, saying why; a re-check of an unchanged commit costs GitHub nothing; and when
 * GitHub's limit is used up, the report says when the run tries again, nothing is asked of GitHub
 * until then, and the run passes after it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../src/domain/format.ts';
import { projectResponseSchema } from '../../src/api/learning/contract.ts';
import { xpResponseSchema } from '../../src/api/xp/contract.ts';
import { githubLimitMessage, heldMessages, verificationMessages, type Requirement } from '../../src/domain/verification.ts';
import { loadCurriculumOnce, type LoadedCurriculum } from '../content/load.ts';
import { startFakeGitHubApi, type FakeCommit, type FakeGitHubApi, type FakeRepository } from '../test/fake-github.ts';
import { bearer, createTestApp, errorMessage, signIn, type TestApp } from '../test/helpers.ts';
import type { RepoHost } from './contract.ts';
import { createGitHubHost } from './github.ts';
import { databaseGitHubStore } from './github-store.ts';
import { runMessages } from './runner.ts';
import { UNAVAILABLE_PARTS } from './worker.ts';

const loaded = loadCurriculumOnce();
const frontend = loaded.paths.find((p) => p.slug === 'frontend-development')!;
const base = loaded.projects.find((p) => p.pathId === frontend.id && p.prerequisites.length === 0)!;
/** Checks GitHub alone answers: files at the commit, and its CI. */
const REQUIREMENTS: Requirement[] = [
  { text: 'The repository has a README', check: { kind: 'repo', rule: 'file', path: 'README.md' } },
  { text: 'No .env file is committed', check: { kind: 'repo', rule: 'absent', path: '.env' } },
  { text: 'Your CI passes', check: { kind: 'ci' } },
];
const curriculum: LoadedCurriculum = {
  ...loaded,
  version: `${loaded.version}-fairness-test`,
  projects: loaded.projects.map((p) => (p.id === base.id ? { ...p, requirements: REQUIREMENTS } : p)),
};
const project = { ...base, requirements: REQUIREMENTS };
const TOKEN = 'ghp_fairness_test_token_0123456789';

// Real time, to the minute: the fake's rate limit resets by the real clock.
let clock = Math.floor(Date.now() / 60_000) * 60_000;
const sha = (seed: string) => seed.repeat(40).slice(0, 40);
/** Two commits (their shas made of these seeds) made after the learners start their projects. */
const work = (first: string, second: string): FakeCommit[] => [
  { sha: sha(first), date: new Date(clock + 60_000).toISOString(), files: { 'README.md': '# Portfolio' } },
  { sha: sha(second), date: new Date(clock + 120_000).toISOString(), files: { 'index.html': '<h1>Hi</h1>' } },
];
const repository = (id: number, owner: { id: number; login: string }, name: string, commits: FakeCommit[], extra: Partial<FakeRepository> = {}): FakeRepository => ({
  id,
  owner,
  name,
  commits,
  workflowRuns: commits.map((c) => ({ name: 'build', headSha: c.sha, conclusion: 'success', createdAt: c.date })),
  ...extra,
});

let fake: FakeGitHubApi;
let t: TestApp;
let host: RepoHost;
/** The host is made once the app's database exists. */
const lazyHost: RepoHost = {
  repository: (...args) => host.repository(...args),
  headCommit: (...args) => host.headCommit(...args),
  fileAt: (...args) => host.fileAt(...args),
  readmeAt: (...args) => host.readmeAt(...args),
  commitsSince: (...args) => host.commitsSince(...args),
  latestWorkflowRun: (...args) => host.latestWorkflowRun(...args),
};

beforeAll(async () => {
  fake = await startFakeGitHubApi();
  t = await createTestApp(
    {
      accessTokenTtlSeconds: 24 * 3600,
      oauth: { apiOrigin: 'http://localhost:4000', google: null, github: { clientId: 'gh-client', clientSecret: 'gh-secret', webUrl: fake.url, apiUrl: fake.url } },
    },
    { now: () => clock, curriculum, verification: { ...UNAVAILABLE_PARTS, repoHost: lazyHost, manual: true } },
  );
  host = createGitHubHost({ baseUrl: fake.url, token: TOKEN, now: () => new Date(clock), store: databaseGitHubStore(t.app.db, `${fake.url} token`) });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});
beforeEach(async () => {
  fake.fail(null);
  fake.quota({ limit: 5000, remaining: 5000, resetAt: Math.floor(Date.now() / 1000) + 3600 });
  await t.app.db.deleteFrom('github_budget').execute();
});

const post = (app: FastifyInstance, url: string, token: string, body: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const reportOf = async (token: string) =>
  projectResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/learning/projects/${project.slug}`, headers: bearer(token) })).json()).project.submission!
    .verification;
const projectsPaid = async (token: string) =>
  xpResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/learning/xp', headers: bearer(token) })).json()).xp.projectsCompleted;
const original = (report: Awaited<ReturnType<typeof reportOf>>) => report.submission.find((r) => r.id === 'submission:original');
const reviewsOf = (userId: string) => t.app.db.selectFrom('submission_reviews').select(['reason', 'other_user_id']).where('user_id', '=', userId).execute();

/** A learner whose GitHub account (numeric id) is linked, with the project started and its tasks ticked. */
async function learner(githubId: number, login: string) {
  const someone = await signIn(t.app);
  const at = new Date(clock).toISOString();
  await t.app.db
    .insertInto('oauth_identities')
    .values({
      id: randomUUID(),
      user_id: someone.id,
      provider: 'github',
      subject: String(githubId),
      email: null,
      login,
      created_at: at,
      last_used_at: at,
      email_confirmed: 1,
    })
    .execute();
  expect((await post(t.app, `/learning/projects/${project.id}/start`, someone.token)).statusCode).toBe(200);
  for (const task of project.tasks) {
    expect((await t.app.inject({ method: 'PUT', url: `/learning/tasks/${task.id}`, headers: bearer(someone.token) })).statusCode).toBe(204);
  }
  return someone;
}

async function submitAndCheck(token: string, repositoryUrl: string) {
  const response = await post(t.app, `/learning/projects/${project.id}/submission`, token, { repositoryUrl });
  expect(response.statusCode, response.body).toBe(202);
  await t.app.verification.drain();
  return reportOf(token);
}

describe('copies', () => {
  it('a stranger who submits the owner’s repository first holds no one: the owner’s submission passes and is paid', async () => {
    const ada = { id: 9001, login: 'octo-ada' };
    fake.seed({ token: TOKEN, repositories: [repository(555, ada, 'portfolio', work('a1', 'b2'))] });
    const stranger = await learner(6660, 'mallory');
    const owner = await learner(ada.id, ada.login);

    const theirs = await submitAndCheck(stranger.token, 'https://github.com/octo-ada/portfolio');
    expect(theirs.state).toBe('failed');
    expect(theirs.submission.find((r) => r.id === 'submission:owner')).toMatchObject({ status: 'failed', message: runMessages.notOwner });

    clock += 60_000;
    const mine = await submitAndCheck(owner.token, 'https://github.com/octo-ada/portfolio');
    expect(mine).toMatchObject({ state: 'passed', xpPaid: true });
    expect(original(mine)?.status).toBe('passed');
    expect(await projectsPaid(owner.token)).toBe(1);
    expect(await reviewsOf(owner.id)).toEqual([]);

    // The owner's run claimed it: the stranger checking again now reads why as well as the owner check.
    clock += 60_000;
    expect((await post(t.app, `/learning/projects/${project.id}/verification`, stranger.token)).statusCode).toBe(202);
    await t.app.verification.drain();
    const again = await reportOf(stranger.token);
    expect(again.state).toBe('failed');
    expect(original(again)).toMatchObject({ status: 'failed', message: heldMessages.sameRepository });
    expect(await projectsPaid(stranger.token)).toBe(0);
  });

  it('a run that passed the owner check holds a later learner who submits the same commit from a repository of their own', async () => {
    const bea = { id: 9002, login: 'bea' };
    const copier = { id: 6661, login: 'copier' };
    const commits = work('c3', 'd4');
    fake.seed({ token: TOKEN, repositories: [repository(556, bea, 'site', commits), repository(557, copier, 'site', commits)] });
    const first = await learner(bea.id, bea.login);
    const later = await learner(copier.id, copier.login);

    expect((await submitAndCheck(first.token, 'https://github.com/bea/site')).state).toBe('passed');
    clock += 60_000;
    const copy = await submitAndCheck(later.token, 'https://github.com/copier/site');
    expect(copy).toMatchObject({ state: 'held', xpPaid: false });
    expect(copy.submission.find((r) => r.id === 'submission:owner')?.status).toBe('passed');
    expect(original(copy)).toMatchObject({ status: 'failed', message: heldMessages.sameCommit });
    // Plain words, and no other learner named.
    expect(original(copy)?.message).not.toContain(first.user.username);
    expect(await reviewsOf(later.id)).toEqual([{ reason: 'same-commit', other_user_id: first.id }]);
    expect(await projectsPaid(later.token)).toBe(0);
  });

  it('never holds the owner, by GitHub numeric id, for a claim on their own repository, renamed or not', async () => {
    const cy = { id: 9003, login: 'cy' };
    fake.seed({ token: TOKEN, repositories: [repository(558, cy, 'blog', work('e5', 'f6'))] });
    // An earlier account of the same GitHub user claims it, then gives the GitHub account up.
    const earlier = await learner(cy.id, cy.login);
    expect((await submitAndCheck(earlier.token, 'https://github.com/cy/blog')).state).toBe('passed');
    await t.app.db.deleteFrom('oauth_identities').where('user_id', '=', earlier.id).execute();

    // The GitHub user renames their login and the repository (same numeric ids), and links a new account.
    const renamed = { id: cy.id, login: 'cy-renamed' };
    fake.seed({ token: TOKEN, repositories: [repository(558, renamed, 'blog-2026', work('e5', 'f6'))] });
    clock += 60_000;
    const now = await learner(renamed.id, renamed.login);
    const report = await submitAndCheck(now.token, 'https://github.com/cy-renamed/blog-2026');
    expect(report).toMatchObject({ state: 'passed', xpPaid: true });
    expect(original(report)?.status).toBe('passed');
    expect(await reviewsOf(now.id)).toEqual([]);
  });

  it('holds a fork with one added commit for review, saying why and who to ask; a fork of the learner’s own repository passes', async () => {
    const dee = { id: 9004, login: 'dee' };
    const forker = { id: 6662, login: 'forker' };
    const parentCommits = work('07', 'a7');
    const added = { sha: sha('b8'), date: new Date(clock + 180_000).toISOString(), files: { 'index.html': '<h1>Mine now</h1>' } };
    const parent = { id: 559, owner: dee, name: 'game' };
    fake.seed({
      token: TOKEN,
      repositories: [
        repository(559, dee, 'game', parentCommits),
        repository(560, forker, 'game', [...parentCommits, added], { fork: true, parent }),
        repository(561, dee, 'game-v2', [...parentCommits, { ...added, sha: sha('c9') }], { fork: true, parent }),
      ],
    });
    const someone = await learner(forker.id, forker.login);
    const report = await submitAndCheck(someone.token, 'https://github.com/forker/game');
    expect(report).toMatchObject({ state: 'held', xpPaid: false });
    expect(original(report)).toMatchObject({
      status: 'failed',
      message: heldMessages.fork('dee/game'),
      evidence: { target: 'https://github.com/forker/game', found: 'a fork of dee/game' },
    });
    expect(report.requirements.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    expect(await reviewsOf(someone.id)).toEqual([{ reason: 'fork', other_user_id: null }]);
    expect(await projectsPaid(someone.token)).toBe(0);

    const own = await learner(dee.id, dee.login);
    expect(await submitAndCheck(own.token, 'https://github.com/dee/game-v2')).toMatchObject({ state: 'passed', xpPaid: true });
  });
});

describe('reading GitHub', () => {
  it('asks GitHub nothing it counts when an unchanged commit is checked again (conditional requests answered 304, files kept per commit)', async () => {
    const eve = { id: 9005, login: 'eve' };
    fake.seed({ token: TOKEN, repositories: [repository(562, eve, 'notes', work('1a', '2b'))] });
    const owner = await learner(eve.id, eve.login);
    const firstFrom = fake.requests.length;
    expect((await submitAndCheck(owner.token, 'https://github.com/eve/notes')).state).toBe('passed');
    const first = fake.requests.slice(firstFrom);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((r) => r.status === 200 || r.status === 404)).toBe(true);

    clock += 60_000;
    const remaining = fake.quota().remaining;
    const againFrom = fake.requests.length;
    expect((await post(t.app, `/learning/projects/${project.id}/verification`, owner.token)).statusCode).toBe(202);
    await t.app.verification.drain();
    expect(await reportOf(owner.token)).toMatchObject({ state: 'passed' });
    const again = fake.requests.slice(againFrom);
    // What can change is asked with its etag, and is unchanged; what was read at the commit is not asked at all.
    expect(again.map((r) => [r.path, r.status])).toEqual([
      ['/repos/eve/notes', 304],
      ['/repos/eve/notes/branches/main', 304],
      ['/repos/eve/notes/actions/runs', 304],
    ]);
    expect(again.every((r) => r.ifNoneMatch !== null)).toBe(true);
    // GitHub calls per re-check of an unchanged commit, counted against the limit: 0.
    expect(again.filter((r) => r.status !== 304)).toHaveLength(0);
    expect(fake.quota().remaining).toBe(remaining);
  });

  it('when GitHub’s limit is used up, says when it tries again (the learner’s time), asks GitHub nothing until then, and passes after', async () => {
    const fay = { id: 9006, login: 'fay' };
    fake.seed({ token: TOKEN, repositories: [repository(563, fay, 'shop', work('3c', '4d'))] });
    const owner = await learner(fay.id, fay.login);
    await t.app.db
      .insertInto('learner_clock')
      .values({ user_id: owner.id, time_zone: 'Asia/Tokyo', time_zone_changed_at: new Date(clock).toISOString(), weekly_goal: 5, day_floor: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ time_zone: 'Asia/Tokyo' }))
      .execute();
    const other = await learner(6663, 'other');
    const resetAt = Math.floor(clock / 1000) + 1800;
    fake.quota({ remaining: 0, resetAt });
    const from = fake.requests.length;

    const report = await submitAndCheck(owner.token, 'https://github.com/fay/shop');
    const when = formatTime(new Date(resetAt * 1000).toISOString(), 'Asia/Tokyo');
    expect(report.state).toBe('error');
    expect(report.submission[0]).toMatchObject({ status: 'error', message: githubLimitMessage(when) });
    expect(report.requirements.every((r) => r.status === 'not-checked' && r.message === `Not checked: ${githubLimitMessage(when)}`)).toBe(true);
    expect(report.recheck).toEqual({ allowed: false, nextAt: new Date(resetAt * 1000).toISOString() });
    expect(report.retryAt).toBe(new Date(resetAt * 1000).toISOString());
    expect(fake.requests.length - from).toBe(1); // the request GitHub refused

    // Another learner's run asks GitHub nothing: the limit is known to be used up.
    expect((await submitAndCheck(other.token, 'https://github.com/fay/shop')).state).toBe('error');
    // Checking again before then is refused with the time; the run is already waiting.
    const early = await post(t.app, `/learning/projects/${project.id}/verification`, owner.token);
    expect(early.statusCode).toBe(429);
    expect(errorMessage(early)).toMatch(/^You can check again from \d\d:\d\d\.$/);
    clock += 25 * 60_000;
    await t.app.verification.drain();
    expect(fake.requests.length - from).toBe(1);
    expect((await reportOf(owner.token)).state).toBe('error');

    // GitHub's window resets: the run goes again by itself, and it was never the learner's fault.
    fake.quota({ remaining: 5000, resetAt: resetAt + 3600 });
    clock = resetAt * 1000 + 1000;
    await t.app.verification.drain();
    expect(await reportOf(owner.token)).toMatchObject({ state: 'passed', xpPaid: true });
    const runs = await t.app.db.selectFrom('verification_runs').select(['attempts', 'state']).where('user_id', '=', owner.id).execute();
    expect(runs).toEqual([{ attempts: 1, state: 'passed' }]);
    expect(verificationMessages.error).not.toContain('GitHub');
  });
});
