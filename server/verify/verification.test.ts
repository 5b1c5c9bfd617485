/**
 * Verified projects through the API, with fakes of GitHub, the live site's fetch and the checkers
 * (the real ones are tested on their own): a submission answers 202 and "checking", the worker runs
 * the checks from the durable queue, a passing run pays the project's XP once (badges and boards
 * follow), a failing or erroring run pays nothing, our errors are retried with back-off, a run
 * whose worker died is claimed again, two workers never run one run twice, a copy is held for
 * review, VERIFICATION=off pays at once as self-reported (ranked apart), a submission from before
 * verification keeps its XP, and "Check again" is limited.
 */
import { repoCheckMessages } from './repo-checks.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadCurriculumOnce, type LoadedCurriculum } from '../content/load.ts';
import { rmSync } from 'node:fs';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { buildApp } from '../app.ts';
import { bearer, createTestApp, errorMessage, signIn, tempDir, testConfig, testDatabase, type TestApp } from '../test/helpers.ts';
import { leaderboardResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { projectResponseSchema } from '../../src/api/learning/contract.ts';
import { heldMessages, RECHECKS_PER_HOUR, verificationMessages, type Requirement } from '../../src/domain/verification.ts';
import { BADGE_XP, TASK_XP } from '../../src/domain/xp.ts';
import { CheckUnavailable, type CheckOutcome, type RepoHost } from './contract.ts';
import { createVerificationQueue } from './queue.ts';
import { createVerificationWorker, LEASE_MS, type VerificationParts } from './worker.ts';
import { runMessages } from './runner.ts';
import { createLedger } from '../learning/ledger.ts';
import { createLearningRepository } from '../learning/repository.ts';

// ---------------------------------------------------------------------------------------------
// A curriculum whose first project checks one requirement of every kind
// ---------------------------------------------------------------------------------------------

const loaded = loadCurriculumOnce();
const frontend = loaded.paths.find((p) => p.slug === 'frontend-development')!;
const base = loaded.projects.find((p) => p.pathId === frontend.id && p.prerequisites.length === 0)!;
const REQUIREMENTS: Requirement[] = [
  { text: 'The home page has a main heading', check: { kind: 'page', rule: 'dom', path: '/', steps: [{ expect: 'h1' }] } },
  { text: 'The API answers its health check', check: { kind: 'http', steps: [{ method: 'GET', path: '/health', expect: { status: 200 } }] } },
  { text: 'The repository has a README', check: { kind: 'repo', rule: 'file', path: 'README.md' } },
  { text: 'No .env file is committed', check: { kind: 'repo', rule: 'absent', path: '.env' } },
  { text: 'Your CI passes', check: { kind: 'ci' } },
  { text: 'The code is readable', check: { kind: 'review' } },
];
/** A project a fresh learner may start too (its prerequisites dropped here): its tasks pay less than base's project XP. */
const second = loaded.projects.find((p) => p.id !== base.id && p.tasks.length * TASK_XP > 100 && p.tasks.length * TASK_XP < base.xp)!;
const curriculum: LoadedCurriculum = {
  ...loaded,
  version: `${loaded.version}-verify-test`,
  projects: loaded.projects.map((p) => (p.id === base.id ? { ...p, requirements: REQUIREMENTS } : p.id === second.id ? { ...p, prerequisites: [] } : p)),
};
const project = { ...base, requirements: REQUIREMENTS };
const LIVE = 'http://127.0.0.1:9/site/';

// ---------------------------------------------------------------------------------------------
// The outside world, faked: repositories by "owner/name", the live site answering 200
// ---------------------------------------------------------------------------------------------

type FakeRepo = { id: number; ownerId: number; private?: boolean; sha: string; files: Record<string, string>; commits: number; ci: string | null };
let repos: Map<string, FakeRepo>;
/** How many times each repository was looked up (a run reads it once). */
let lookups: Map<string, number>;
/** Set: every repository lookup throws this (GitHub unavailable). */
let githubDown: string | null;

const fakeRepoHost: RepoHost = {
  async repository(owner, name) {
    const key = `${owner}/${name}`;
    lookups.set(key, (lookups.get(key) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 5)); // lets two workers interleave
    if (githubDown) throw new CheckUnavailable(githubDown);
    const repo = repos.get(key);
    if (!repo) return null;
    return {
      id: repo.id,
      owner,
      name,
      ownerId: repo.ownerId,
      private: repo.private ?? false,
      fork: false,
      defaultBranch: 'main',
      htmlUrl: `https://github.com/${key}`,
    };
  },
  async headCommit(owner, name) {
    const repo = repos.get(`${owner}/${name}`);
    return repo ? { sha: repo.sha, date: '2026-06-10T00:00:00.000Z', htmlUrl: `https://github.com/${owner}/${name}/commit/${repo.sha}` } : null;
  },
  async fileAt(owner, name, _sha, path) {
    return repos.get(`${owner}/${name}`)?.files[path] ?? null;
  },
  async readmeAt(owner, name) {
    return repos.get(`${owner}/${name}`)?.files['README.md'] ?? null;
  },
  async commitsSince(owner, name) {
    return repos.get(`${owner}/${name}`)?.commits ?? 0;
  },
  async latestWorkflowRun(owner, name) {
    const ci = repos.get(`${owner}/${name}`)?.ci ?? null;
    return ci === null ? null : { name: 'build', conclusion: ci, status: 'completed', htmlUrl: `https://github.com/${owner}/${name}/actions/runs/1` };
  },
};
const ok: CheckOutcome = { status: 'passed', message: null, evidence: null };
const parts: VerificationParts = {
  repoHost: fakeRepoHost,
  guardedFetch: async (url) => ({ status: 200, headers: {}, body: '<h1>Hi</h1>', url }),
  httpChecker: async () => ok,
  pageChecker: async (_url, checks) => checks.map(() => ok),
};

let nextId = 1000;
function goodRepo(key: string): string {
  nextId += 1;
  repos.set(key, { id: nextId, ownerId: 1, sha: `sha${nextId}`.padEnd(40, '0'), files: { 'README.md': `# Site\n${LIVE}` }, commits: 3, ci: 'success' });
  return `https://github.com/${key}`;
}

// ---------------------------------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------------------------------

let clock = Date.parse('2026-06-10T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  // Tokens outlive the test clock's travels (an hour of re-checks).
  t = await createTestApp({ accessTokenTtlSeconds: 24 * 3600 }, { now: () => clock, curriculum, verification: { ...parts, manual: true } });
}, 60_000);
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  repos = new Map();
  lookups = new Map();
  githubDown = null;
});

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (app: FastifyInstance, url: string, token: string, body: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const put = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'PUT', url, headers: bearer(token) });

const projectOf = async (app: FastifyInstance, token: string) =>
  projectResponseSchema.parse((await get(app, `/learning/projects/${project.slug}`, token)).json()).project;
const reportOf = async (app: FastifyInstance, token: string) => (await projectOf(app, token)).submission!.verification;
const xpOf = async (app: FastifyInstance, token: string) => xpResponseSchema.parse((await get(app, '/learning/xp', token)).json()).xp;

/** A new learner with the project started and every task ticked. */
async function readyLearner(app: FastifyInstance = t.app) {
  const learner = await signIn(app);
  expect((await post(app, `/learning/projects/${project.id}/start`, learner.token)).statusCode).toBe(200);
  for (const task of project.tasks) expect((await put(app, `/learning/tasks/${task.id}`, learner.token)).statusCode).toBe(204);
  return learner;
}

async function submit(app: FastifyInstance, token: string, repositoryUrl: string, liveUrl: string | null = LIVE) {
  const response = await post(app, `/learning/projects/${project.id}/submission`, token, { repositoryUrl, liveUrl });
  expect(response.statusCode, response.body).toBe(202);
  return projectResponseSchema.parse(response.json()).project;
}

const statuses = (results: { id: string; status: string }[]) => Object.fromEntries(results.map((r) => [r.id, r.status]));

describe('a submission', () => {
  it('answers 202 "checking", and a passing run pays the project XP once, badges following', async () => {
    const { token } = await readyLearner();
    const before = await xpOf(t.app, token);
    const submitted = await submit(t.app, token, goodRepo('ada/site'));
    expect(submitted.status).toBe('completed'); // what follows unlocks at once
    expect(submitted.submission).toMatchObject({ repositoryUrl: 'https://github.com/ada/site', liveUrl: LIVE, verification: { state: 'checking', xpPaid: false } });
    expect(submitted.submission!.verification.requirements.every((r) => r.status === 'pending')).toBe(true);
    expect((await xpOf(t.app, token)).totalXp).toBe(before.totalXp); // nothing for the project yet

    await t.app.verification.drain();
    const report = await reportOf(t.app, token);
    expect(report.state).toBe('passed');
    expect(report.xpPaid).toBe(true);
    expect(report.commit?.url).toMatch(/^https:\/\/github\.com\/ada\/site\/commit\/sha/);
    expect(statuses(report.submission)).toEqual({
      'submission:repository': 'passed',
      'submission:owner': 'not-checked',
      'submission:history': 'passed',
      'submission:original': 'passed',
      'submission:live': 'passed',
    });
    expect(report.submission.find((r) => r.id === 'submission:owner')?.message).toBe(verificationMessages.githubSignInNotSetUp);
    expect(report.requirements.map((r) => r.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'self-checked']);
    expect(report.requirements[4]).toMatchObject({ message: repoCheckMessages.ciPassed('build'), evidence: { target: 'build', found: 'success' } });

    const after = await xpOf(t.app, token);
    expect(after.projectsCompleted).toBe(1);
    const newBadges = after.badges.filter((b) => b.earned).length - before.badges.filter((b) => b.earned).length;
    expect(after.totalXp - before.totalXp).toBe(project.xp + newBadges * 100);
    // The project counts towards the badge for verified projects.
    expect(after.badges.find((b) => b.title === 'Verified Builder')).toMatchObject({ current: 1, earned: false });

    // A later passing run (a new commit, checked again) pays nothing more.
    clock += 60_000;
    expect((await post(t.app, `/learning/projects/${project.id}/verification`, token)).statusCode).toBe(202);
    await t.app.verification.drain();
    expect((await reportOf(t.app, token)).state).toBe('passed');
    expect((await xpOf(t.app, token)).totalXp).toBe(after.totalXp);
  });

  it('pays nothing when a check fails, and says which and why', async () => {
    const { token } = await readyLearner();
    const url = goodRepo('bob/site');
    repos.get('bob/site')!.files = { '.env': 'SECRET=1' };
    await submit(t.app, token, url);
    await t.app.verification.drain();
    const report = await reportOf(t.app, token);
    expect(report).toMatchObject({ state: 'failed', xpPaid: false });
    const commit = report.commit?.sha.slice(0, 7) ?? '';
    expect(report.requirements[2]).toMatchObject({ status: 'failed', message: repoCheckMessages.noFile('README.md', commit) });
    expect(report.requirements[3]).toMatchObject({ status: 'failed', message: repoCheckMessages.present('.env', commit) });
    expect((await xpOf(t.app, token)).projectsCompleted).toBe(0);
  });

  it('fails at once when GitHub has no public repository there', async () => {
    const { token } = await readyLearner();
    await submit(t.app, token, 'https://github.com/nobody/nothing');
    await t.app.verification.drain();
    const report = await reportOf(t.app, token);
    expect(report.state).toBe('failed');
    expect(report.submission[0]).toMatchObject({ status: 'failed', message: runMessages.noRepository('https://github.com/nobody/nothing') });
    expect(report.requirements.every((r) => r.status === 'not-checked')).toBe(true);
  });

  it('needs the live URL of a deployed project, as an http(s) address', async () => {
    const { token } = await readyLearner();
    const missing = await post(t.app, `/learning/projects/${project.id}/submission`, token, { repositoryUrl: 'https://github.com/ada/x' });
    expect(missing.statusCode).toBe(400);
    expect(errorMessage(missing)).toBe(verificationMessages.liveUrlNeeded);
    const ftp = await post(t.app, `/learning/projects/${project.id}/submission`, token, { repositoryUrl: 'https://github.com/ada/x', liveUrl: 'ftp://ada.dev/' });
    expect(ftp.statusCode).toBe(400);
    expect(errorMessage(ftp)).toBe(verificationMessages.liveUrlInvalid);
  });
});

describe('the queue', () => {
  it('retries our errors after 30 s and 60 s, then reports "couldn’t check" with the reason', async () => {
    const { token } = await readyLearner();
    githubDown = 'GitHub did not answer.';
    await submit(t.app, token, goodRepo('cy/site'));
    await t.app.verification.drain();
    expect((await reportOf(t.app, token)).state).toBe('checking');
    clock += 29_000;
    await t.app.verification.drain();
    expect(lookups.get('cy/site')).toBe(1); // not before 30 s
    clock += 1_000;
    await t.app.verification.drain();
    expect(lookups.get('cy/site')).toBe(2);
    clock += 60_000;
    await t.app.verification.drain();
    expect(lookups.get('cy/site')).toBe(3);
    const report = await reportOf(t.app, token);
    expect(report).toMatchObject({ state: 'error', xpPaid: false });
    expect(report.submission[0]).toMatchObject({ status: 'error', message: 'GitHub did not answer.' });
    clock += 600_000;
    await t.app.verification.drain();
    expect(lookups.get('cy/site')).toBe(3); // at most 3 tries
  });

  it('claims a run again once the lease of a worker that died has passed', async () => {
    const { token } = await readyLearner();
    await submit(t.app, token, goodRepo('dee/site'));
    // A worker claims the run and dies before finishing it.
    const at = clock;
    const dead = await createVerificationQueue(t.app.db).claim(
      'dead-worker',
      new Date(at).toISOString(),
      new Date(at + LEASE_MS).toISOString(),
      new Date(at + 1000).toISOString(),
    );
    expect(dead?.repository_url).toBe('https://github.com/dee/site');
    await t.app.verification.drain();
    expect((await reportOf(t.app, token)).state).toBe('checking'); // still held by its lease
    clock += LEASE_MS + 1;
    await t.app.verification.drain();
    expect((await reportOf(t.app, token)).state).toBe('passed');
    expect((await xpOf(t.app, token)).projectsCompleted).toBe(1);
  });

  it('never runs one run twice with two workers on one database', async () => {
    const learners = [];
    for (let i = 0; i < 5; i += 1) {
      const learner = await readyLearner();
      await submit(t.app, learner.token, goodRepo(`pair${i}/site`));
      learners.push(learner);
    }
    const db = t.app.db;
    const other = createVerificationWorker({
      db,
      queue: createVerificationQueue(db),
      ledger: createLedger(db, curriculum.badges, new Map(curriculum.projects.map((p) => [p.id, p.skills]))),
      catalog: () => createLearningRepository(db).catalog(),
      parts,
      githubSignIn: false,
      now: () => clock,
      log: t.app.log,
    });
    await Promise.all([t.app.verification.drain(), other.drain()]);
    await other.stop();
    for (let i = 0; i < 5; i += 1) expect(lookups.get(`pair${i}/site`), `pair${i}`).toBe(1);
    for (const learner of learners) {
      expect((await reportOf(t.app, learner.token)).state).toBe('passed');
      expect((await xpOf(t.app, learner.token)).projectsCompleted).toBe(1);
    }
  });
});

describe('a restart', () => {
  /** A database of its own, and parts whose page checks never end by themselves: only the app's closing stops them. */
  async function restartSetting() {
    const dir = tempDir();
    const database = await testDatabase(dir);
    const config = testConfig(dir, { database: database.target, accessTokenTtlSeconds: 24 * 3600 });
    let started!: () => void;
    const inProgress = new Promise<void>((resolve) => (started = resolve));
    const hanging: VerificationParts = {
      ...parts,
      pageChecker: (_url, _checks, signal) =>
        new Promise((_, reject) => {
          started();
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    };
    return { dir, database, config, hanging, inProgress };
  }

  it('puts the check in progress back in the queue when the app closes, and the next app finishes it', async () => {
    const { dir, database, config, hanging, inProgress } = await restartSetting();
    const options = { logger: false, now: () => clock, curriculum } as const;
    const first = await buildApp(config, { ...options, verification: { ...hanging, manual: true } });
    const { token } = await readyLearner(first);
    await submit(first, token, goodRepo('ivy/site'));
    const draining = first.verification.drain();
    await inProgress;
    await first.close();
    await draining;

    const second = await buildApp(config, { ...options, verification: { ...parts, manual: true } });
    try {
      expect((await reportOf(second, token)).state).toBe('checking');
      await second.verification.drain();
      expect((await reportOf(second, token)).state).toBe('passed');
      const runs = await second.db
        .selectFrom('verification_runs')
        .select(['attempts', 'status'])
        .where('repository_url', '=', 'https://github.com/ivy/site')
        .execute();
      expect(runs).toEqual([{ attempts: 1, status: 'done' }]); // the interrupted try did not count
    } finally {
      await second.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('hands the check back before it waits for open connections, and a request in flight when it closes ends its connection', async () => {
    const { dir, database, config, hanging, inProgress } = await restartSetting();
    const app = await buildApp(config, { logger: false, now: () => clock, curriculum, verification: { ...hanging, manual: true } });
    const { token } = await readyLearner(app);
    await submit(app, token, goodRepo('ivy/site'));
    const draining = app.verification.drain();
    await inProgress;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const runStatus = async () => (await app.db.selectFrom('verification_runs').select('status').executeTakeFirstOrThrow()).status;

    // A browser's keep-alive connection, its request half sent (its body still to come) when the API is told to stop.
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = once(socket, 'end');
    const body = JSON.stringify({ email: 'someone@example.com', password: 'not their password' });
    socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    try {
      // The check is back in the queue while that request is still open: a deploy that stops
      // waiting (main.ts exits after 10 s) loses nothing.
      await draining;
      expect(await runStatus()).toBe('queued');
      expect(closed).toBe(false);

      // The request finishes; its answer closes the connection, and with it the app's wait.
      socket.write(body.slice(10));
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      const waited = await Promise.race([closing.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 5_000, 'still open'))]);
      expect(waited).toBe('closed');
    } finally {
      socket.destroy();
      await closing;
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('copies', () => {
  it('holds for review a repository another learner submitted first, and pays nothing', async () => {
    const first = await readyLearner();
    const url = goodRepo('eve/site');
    await submit(t.app, first.token, url);
    await t.app.verification.drain();
    expect((await reportOf(t.app, first.token)).state).toBe('passed');

    clock += 60_000;
    const copier = await readyLearner();
    await submit(t.app, copier.token, url);
    await t.app.verification.drain();
    const report = await reportOf(t.app, copier.token);
    expect(report).toMatchObject({ state: 'held', xpPaid: false });
    expect(report.submission.find((r) => r.id === 'submission:original')).toMatchObject({ status: 'failed', message: heldMessages.sameRepository });
    expect((await xpOf(t.app, copier.token)).projectsCompleted).toBe(0);
    const reviews = await t.app.db.selectFrom('submission_reviews').selectAll().where('user_id', '=', copier.id).execute();
    expect(reviews).toMatchObject([{ other_user_id: first.id, reason: 'same-repository', resolved_at: null }]);

    // The original stays the original when checked again.
    clock += 60_000;
    await post(t.app, `/learning/projects/${project.id}/verification`, first.token);
    await t.app.verification.drain();
    expect((await reportOf(t.app, first.token)).state).toBe('passed');

    // The original's account deleted: the review no longer names them, and the copy stays held.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/account',
      headers: { ...bearer(first.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ password: first.user.password }),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.selectFrom('submission_reviews').select(['other_user_id', 'resolved_at']).where('user_id', '=', copier.id).execute()).toEqual([
      { other_user_id: null, resolved_at: null },
    ]);
    expect((await reportOf(t.app, copier.token)).state).toBe('held');
  });
});

describe('checking again', () => {
  it(`is allowed ${RECHECKS_PER_HOUR} times an hour per project, then says from when`, async () => {
    const { token } = await readyLearner();
    await submit(t.app, token, goodRepo('fay/site'));
    // Pressed while it is checking: nothing more is queued.
    expect((await post(t.app, `/learning/projects/${project.id}/verification`, token)).statusCode).toBe(202);
    await t.app.verification.drain();
    expect(lookups.get('fay/site')).toBe(1);
    for (let i = 0; i < RECHECKS_PER_HOUR; i += 1) {
      clock += 60_000;
      const again = await post(t.app, `/learning/projects/${project.id}/verification`, token);
      expect(again.statusCode, again.body).toBe(202);
      expect(projectResponseSchema.parse(again.json()).project.submission?.verification.state).toBe('checking');
      await t.app.verification.drain();
    }
    const report = await reportOf(t.app, token);
    expect(report.recheck.allowed).toBe(false);
    expect(report.recheck.nextAt).toBe(new Date(clock - (RECHECKS_PER_HOUR - 1) * 60_000 + 3_600_000).toISOString());
    const refused = await post(t.app, `/learning/projects/${project.id}/verification`, token);
    expect(refused.statusCode).toBe(429);
    expect(errorMessage(refused)).toMatch(/^You can check again from \d\d:\d\d\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    clock += 60 * 60_000;
    expect((await post(t.app, `/learning/projects/${project.id}/verification`, token)).statusCode).toBe(202);
    await t.app.verification.drain();
  });

  it('verifies a submission from before verification without paying it again', async () => {
    const { token, id } = await readyLearner();
    const at = new Date(clock).toISOString();
    const url = goodRepo('gus/site');
    // As migration 0014 leaves a project submitted and paid before it.
    await t.app.db.insertInto('submissions').values({ user_id: id, project_id: project.id, repository_url: url, submitted_at: at }).execute();
    await t.app.db.updateTable('project_progress').set({ completed_at: at }).where('user_id', '=', id).execute();
    await t.app.db
      .insertInto('verification_runs')
      .values({
        id: `legacy-${id}-${project.id}`,
        user_id: id,
        project_id: project.id,
        repository_url: url,
        reason: 'legacy',
        status: 'done',
        attempts: 0,
        run_at: at,
        created_at: at,
        finished_at: at,
        state: 'not-verified',
        live_url: null,
      })
      .execute();
    await t.app.db
      .insertInto('xp_events')
      .values({
        id: `legacy-${id}`,
        user_id: id,
        award_key: `project:${project.id}`,
        reason: 'project',
        source_id: project.id,
        path_id: project.pathId,
        amount: project.xp,
        earned_at: at,
        earned_on: at.slice(0, 10),
      })
      .execute();
    const before = await xpOf(t.app, token);
    expect(before.totalXp).toBe(project.tasks.length * TASK_XP + project.xp);
    expect(await reportOf(t.app, token)).toMatchObject({ state: 'not-verified', xpPaid: true, recheck: { allowed: true } });

    clock += 60_000;
    expect((await post(t.app, `/learning/projects/${project.id}/verification`, token)).statusCode).toBe(202);
    await t.app.verification.drain();
    // No live URL was given then: the deployed project's live check says so.
    const report = await reportOf(t.app, token);
    expect(report.submission.find((r) => r.id === 'submission:live')).toMatchObject({ status: 'failed', message: verificationMessages.liveUrlNeeded });
    expect(report.state).toBe('failed');
    expect((await xpOf(t.app, token)).totalXp).toBe(before.totalXp); // kept, never taken away
  });
});

describe('VERIFICATION=off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ verification: 'off' }, { now: () => clock, curriculum, verification: parts });
  }, 60_000);
  afterAll(async () => {
    await off.close();
  });

  it('pays at once, labelled self-reported, and the board ranks it apart', async () => {
    const self = await readyLearner(off.app);
    const submitted = await submit(off.app, self.token, 'https://github.com/hal/site');
    expect(submitted.submission?.verification).toMatchObject({ state: 'self-reported', xpPaid: true, recheck: { allowed: false } });
    const xp = await xpOf(off.app, self.token);
    expect(xp.projectsCompleted).toBe(1);
    await off.app.verification.drain();
    expect(lookups.size).toBe(0); // nothing is checked
    expect((await post(off.app, `/learning/projects/${project.id}/verification`, self.token)).statusCode).toBe(409);

    // No badge comes with a single project (content:check holds the badges to it); badges earned
    // on self-reported work are self-reported too (server/learning/badgeKind.test.ts).
    const badgesXp = xp.badges.filter((b) => b.earned).length * BADGE_XP;
    expect(badgesXp).toBe(0);
    // Another learner with less XP in all, but more of it verified (ticks of a second project's tasks).
    const selfVerified = xp.totalXp - project.xp - badgesXp;
    const ticker = await readyLearner(off.app);
    expect((await post(off.app, `/learning/projects/${second.id}/start`, ticker.token)).statusCode).toBe(200);
    for (const task of second.tasks) await put(off.app, `/learning/tasks/${task.id}`, ticker.token);
    const tickerXp = (await xpOf(off.app, ticker.token)).totalXp;
    expect(tickerXp).toBeGreaterThan(selfVerified);
    expect(tickerXp).toBeLessThan(xp.totalXp);

    const board = leaderboardResponseSchema.parse((await get(off.app, '/learning/leaderboard?period=all', self.token)).json());
    expect(board.me).toMatchObject({ xp: selfVerified, selfReportedXp: project.xp + badgesXp });
    const theirs = leaderboardResponseSchema.parse((await get(off.app, '/learning/leaderboard?period=all', ticker.token)).json()).me!;
    expect(theirs).toMatchObject({ xp: tickerXp, selfReportedXp: 0 });
    expect(theirs.rank).toBeLessThan(board.me!.rank); // ranked by verified XP only
  });

  it('becomes verified XP when verification is switched on and a check of the project passes', async () => {
    const dir = tempDir();
    const database = await testDatabase(dir);
    const config = testConfig(dir, { database: database.target, accessTokenTtlSeconds: 24 * 3600 });
    const options = { logger: false, now: () => clock, curriculum } as const;
    const before = await buildApp({ ...config, verification: 'off' }, { ...options, verification: { ...parts, manual: true } });
    const { token } = await readyLearner(before);
    await submit(before, token, goodRepo('ida/site'));
    const paid = leaderboardResponseSchema.parse((await get(before, '/learning/leaderboard?period=all', token)).json()).me!;
    expect(paid.selfReportedXp).toBeGreaterThanOrEqual(project.xp);
    await before.close();

    const after = await buildApp(config, { ...options, verification: { ...parts, manual: true } });
    try {
      clock += 60_000;
      expect((await post(after, `/learning/projects/${project.id}/verification`, token)).statusCode).toBe(202);
      await after.verification.drain();
      expect(await reportOf(after, token)).toMatchObject({ state: 'passed', xpPaid: true });
      const me = leaderboardResponseSchema.parse((await get(after, '/learning/leaderboard?period=all', token)).json()).me!;
      // The same XP, paid once, and all of it ranked now (the badges it earned too).
      expect(me).toMatchObject({ xp: paid.xp + paid.selfReportedXp, selfReportedXp: 0 });
      expect((await xpOf(after, token)).totalXp).toBe(paid.xp + paid.selfReportedXp);
    } finally {
      await after.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
