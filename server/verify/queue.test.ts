/**
 * A queue no one can flood: one learner's 200 submissions in a burst leave one live run for the
 * project and are refused past the hourly limit (429, with the time to come back); superseded runs
 * are never checked, and one that was running when it was superseded changes nothing; learners
 * are served in turn, so another learner's run is claimed before the flooder's older runs; and
 * the report says where a waiting run is in line and how long it should take, from measured runs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadCurriculumOnce, type LoadedCurriculum } from '../content/load.ts';
import { bearer, createTestApp, errorMessage, signIn, type TestApp } from '../test/helpers.ts';
import { projectResponseSchema } from '../../src/api/learning/contract.ts';
import { xpResponseSchema } from '../../src/api/xp/contract.ts';
import { CHECKS_PER_HOUR, queueMessage, verificationMessages, type Requirement } from '../../src/domain/verification.ts';
import type { CheckOutcome, RepoHost } from './contract.ts';
import type { VerificationParts } from './worker.ts';

const loaded = loadCurriculumOnce();
const REQUIREMENTS: Requirement[] = [
  { text: 'The home page has a main heading', check: { kind: 'page', rule: 'dom', path: '/', steps: [{ expect: 'h1' }] } },
  { text: 'No .env file is committed', check: { kind: 'repo', rule: 'absent', path: '.env' } },
];
// Two projects any new learner may start, each checked on its live page and its repository.
const [first, other] = loaded.projects.filter((p) => p.tasks.length > 0).slice(0, 2) as [LoadedCurriculum['projects'][number], LoadedCurriculum['projects'][number]];
const curriculum: LoadedCurriculum = {
  ...loaded,
  version: `${loaded.version}-queue-test`,
  projects: loaded.projects.map((p) => (p.id === first.id || p.id === other.id ? { ...p, prerequisites: [], requirements: REQUIREMENTS } : p)),
};
const LIVE = 'http://127.0.0.1:9/site/';

/** How long each run takes on the test clock (its GitHub read moves the clock on). */
const RUN_MS = 30_000;
let clock = Date.parse('2026-06-10T12:00:00.000Z');
/** Repositories looked up, in order: which run was checked when. */
let checked: string[];
/** A page check that waits for the test (a run in progress), by live URL. */
let holds: Map<string, { started: () => void; release: Promise<void> }>;

const ok: CheckOutcome = { status: 'passed', message: null, evidence: null };
const host: RepoHost = {
  async repository(owner, name) {
    checked.push(`${owner}/${name}`);
    clock += RUN_MS;
    return {
      id: owner.length * 1000 + name.length,
      owner,
      name,
      ownerId: 1,
      private: false,
      fork: false,
      defaultBranch: 'main',
      htmlUrl: `https://github.com/${owner}/${name}`,
    };
  },
  async headCommit(owner, name) {
    const sha = `${owner}-${name}`.padEnd(40, '0');
    return { sha, date: '2026-06-10T00:00:00.000Z', htmlUrl: `https://github.com/${owner}/${name}/commit/${sha}` };
  },
  // The repositories named "bad" commit a .env file: their checks fail.
  fileAt: async (_owner, name, _sha, path) => (path === '.env' && name === 'bad' ? 'SECRET=1' : null),
  readmeAt: async () => null,
  commitsSince: async () => 3,
  latestWorkflowRun: async () => null,
};
const parts: VerificationParts = {
  repoHost: host,
  guardedFetch: async (url) => ({ status: 200, headers: {}, body: '<h1>Hi</h1>', url }),
  httpChecker: async () => ok,
  pageChecker: async (url, checks) => {
    const hold = holds.get(url);
    if (hold) {
      hold.started();
      await hold.release;
    }
    return checks.map(() => ok);
  },
};

// One app for the file; each test starts at the next full hour, an hour after the last one's checks.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ accessTokenTtlSeconds: 24 * 3600 }, { now: () => clock, curriculum, verification: { ...parts, manual: true } });
}, 60_000);
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = (Math.floor(clock / 3_600_000) + 2) * 3_600_000;
  checked = [];
  holds = new Map();
});
/** "14:00": an hour after the test's start, as the API says it (UTC for a learner who never set a zone). */
const anHourAfterStart = (start: number) => new Date(start + 3_600_000).toISOString().slice(11, 16);

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (app: FastifyInstance, url: string, token: string, body: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const reportOf = async (token: string, project = first) =>
  projectResponseSchema.parse((await get(t.app, `/learning/projects/${project.slug}`, token)).json()).project.submission!.verification;

/** A new learner with both projects started and every task ticked. */
async function readyLearner() {
  const learner = await signIn(t.app);
  for (const project of [first, other]) {
    expect((await post(t.app, `/learning/projects/${project.id}/start`, learner.token)).statusCode).toBe(200);
    for (const task of project.tasks)
      expect((await t.app.inject({ method: 'PUT', url: `/learning/tasks/${task.id}`, headers: bearer(learner.token) })).statusCode).toBe(204);
  }
  return learner;
}
const submission = (token: string, repository: string, project = first, liveUrl = LIVE) =>
  post(t.app, `/learning/projects/${project.id}/submission`, token, { repositoryUrl: `https://github.com/${repository}`, liveUrl });
describe('the report of a waiting run', () => {
  // First in the file: the queue is empty and no run has been measured yet.
  it('says its place in line, in turn across learners, and an estimate from measured runs', async () => {
    const [a, b, c] = [await readyLearner(), await readyLearner(), await readyLearner()];
    for (const [learner, repository] of [
      [a, 'a/site'],
      [b, 'b/site'],
      [c, 'c/site'],
    ] as const) {
      expect((await submission(learner.token, repository)).statusCode).toBe(202);
      clock += 1000;
    }
    // Nothing measured yet: no estimate, said so.
    expect((await reportOf(a.token)).queue).toEqual({ position: 1, estimateSeconds: null });
    expect((await reportOf(b.token)).queue).toEqual({ position: 2, estimateSeconds: null });
    expect((await reportOf(c.token)).queue).toEqual({ position: 3, estimateSeconds: null });
    expect(queueMessage({ position: 3, estimateSeconds: null })).toBe('3rd in line, no estimate yet');

    // A's run is checked (it took RUN_MS); A submits their other project: in line after B and C.
    await t.app.verification.runOne();
    expect((await reportOf(a.token)).queue).toBeNull();
    clock += 1000;
    expect((await submission(a.token, 'a/other', other)).statusCode).toBe(202);
    expect((await reportOf(b.token)).queue).toEqual({ position: 1, estimateSeconds: 30 });
    expect((await reportOf(c.token)).queue).toEqual({ position: 2, estimateSeconds: 60 });
    expect((await reportOf(a.token, other)).queue).toEqual({ position: 3, estimateSeconds: 90 });
    expect(queueMessage({ position: 2, estimateSeconds: 60 })).toBe('2nd in line, about 1 minute');

    // Claimed in that order; a running run has no place in line.
    await t.app.verification.runOne();
    expect(checked.at(-1)).toBe('b/site');
    expect((await reportOf(b.token)).queue).toBeNull();
    expect((await reportOf(c.token)).queue).toEqual({ position: 1, estimateSeconds: 30 });
    await t.app.verification.drain();
    expect(checked).toEqual(['a/site', 'b/site', 'c/site', 'a/other']);
    expect((await reportOf(c.token)).queue).toBeNull();
  });
});

describe('one learner submitting 200 times at once', () => {
  it('leaves one live run for the project, refuses past the limit with the time to come back, and another learner goes next', async () => {
    const start = clock;
    const flooder = await readyLearner();
    const waiting = await readyLearner();
    // The flooder's earlier submission of their other project: older than anything below.
    expect((await submission(flooder.token, 'flood/other', other)).statusCode).toBe(202);
    clock += 1000;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => submission(flooder.token, `flood/site-${i}`)));
    const accepted = answers.filter((a) => a.statusCode === 202);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(accepted).toHaveLength(CHECKS_PER_HOUR - 1); // the other project's submission counted too
    expect(refused).toHaveLength(200 - accepted.length);
    // Past the hourly limit, each says when to come back; the rest of the burst was turned away before it reached the queue.
    const overLimit = refused.filter((a) => errorMessage(a) === verificationMessages.submitLimit(anHourAfterStart(start)));
    expect(overLimit.length).toBeGreaterThan(0);
    for (const answer of overLimit) expect(Number(answer.headers['retry-after'])).toBe(3600 - 1);
    for (const answer of refused.filter((a) => !overLimit.includes(a))) {
      expect(errorMessage(answer)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const live = await t.app.db
      .selectFrom('verification_runs')
      .select('repository_url')
      .where('user_id', '=', flooder.id)
      .where('project_id', '=', first.id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(live).toHaveLength(1);
    // The one live run is of the submission kept (one of those accepted), and its report is the one shown.
    const kept = { repositoryUrl: live[0]!.repository_url };
    const acceptedUrls = accepted.map((a) => projectResponseSchema.parse(a.json()).project.submission!.repositoryUrl);
    expect(acceptedUrls).toContain(kept.repositoryUrl);
    expect((await reportOf(flooder.token)).state).toBe('checking');
    const shown = projectResponseSchema.parse((await get(t.app, `/learning/projects/${first.slug}`, flooder.token)).json()).project.submission!;
    expect(shown.repositoryUrl).toBe(kept.repositoryUrl);

    clock += 1000;
    expect((await submission(waiting.token, 'patient/site')).statusCode).toBe(202);
    // The flooder is served first (their oldest run), then the other learner, before the flooder's next.
    await t.app.verification.runOne();
    expect(checked).toEqual(['flood/other']);
    await t.app.verification.runOne();
    expect(checked).toEqual(['flood/other', 'patient/site']);
    await t.app.verification.drain();
    // Every superseded run was left unchecked: the flooder's project was checked once.
    expect(checked.filter((c) => c.startsWith('flood/site-'))).toEqual([kept.repositoryUrl.replace('https://github.com/', '')]);
    expect(checked).toHaveLength(3);
    expect((await reportOf(waiting.token)).state).toBe('passed');
  });

  it('counts "Check again" and submissions together: resubmitting does not get round the limit', async () => {
    const learner = await readyLearner();
    for (let i = 0; i < CHECKS_PER_HOUR; i += 1) {
      const answer =
        i % 2 === 0 ? await submission(learner.token, `ada/site-${i}`) : await post(t.app, `/learning/projects/${first.id}/verification`, learner.token);
      expect(answer.statusCode, answer.body).toBe(202);
      await t.app.verification.drain();
      clock += 60_000;
    }
    // The report already says so, and both ways are refused until the oldest leaves the hour.
    const report = await reportOf(learner.token);
    expect(report.recheck).toEqual({ allowed: false, nextAt: expect.any(String) as string });
    const again = await post(t.app, `/learning/projects/${first.id}/verification`, learner.token);
    expect(again.statusCode).toBe(429);
    expect(errorMessage(again)).toMatch(/^You can check again from \d\d:\d\d\.$/);
    const resubmitted = await submission(learner.token, 'ada/site-new');
    expect(resubmitted.statusCode).toBe(429);
    expect(errorMessage(resubmitted)).toMatch(
      /^You have sent 10 checks in the last hour \(submissions and “Check again” together\): you can submit again from \d\d:\d\d\.$/,
    );
    // Nothing of the refused submission is kept.
    const view = projectResponseSchema.parse((await get(t.app, `/learning/projects/${first.slug}`, learner.token)).json()).project;
    expect(view.submission?.repositoryUrl).not.toBe('https://github.com/ada/site-new');
    clock = Date.parse(report.recheck.nextAt!);
    expect((await submission(learner.token, 'ada/site-new')).statusCode).toBe(202);
    await t.app.verification.drain();
  });
});

describe('a superseded run', () => {
  it('is never checked while queued', async () => {
    const learner = await readyLearner();
    expect((await submission(learner.token, 'ada/first-try')).statusCode).toBe(202);
    clock += 1000;
    expect((await submission(learner.token, 'ada/second-try')).statusCode).toBe(202);
    await t.app.verification.drain();
    expect(checked).toEqual(['ada/second-try']);
    const runs = await t.app.db
      .selectFrom('verification_runs')
      .select(['repository_url', 'status'])
      .where('user_id', '=', learner.id)
      .orderBy('created_at')
      .execute();
    expect(runs).toEqual([
      { repository_url: 'https://github.com/ada/first-try', status: 'superseded' },
      { repository_url: 'https://github.com/ada/second-try', status: 'done' },
    ]);
  });

  it('that was running finishes without changing the report or paying XP', async () => {
    const learner = await readyLearner();
    // The first submission passes, but only after the learner submitted another (which fails).
    let started!: () => void;
    let release!: () => void;
    const inProgress = new Promise<void>((resolve) => (started = resolve));
    holds.set('https://first.example/', { started: () => started(), release: new Promise<void>((resolve) => (release = resolve)) });
    expect((await submission(learner.token, 'ada/good', first, 'https://first.example/')).statusCode).toBe(202);
    const draining = t.app.verification.drain();
    await inProgress;
    expect((await submission(learner.token, 'ada/bad', first, 'https://second.example/')).statusCode).toBe(202);
    release();
    await draining;
    await t.app.verification.drain();
    expect(checked).toEqual(['ada/good', 'ada/bad']);
    const report = await reportOf(learner.token);
    expect(report).toMatchObject({ state: 'failed', xpPaid: false });
    expect(xpResponseSchema.parse((await get(t.app, '/learning/xp', learner.token)).json()).xp.projectsCompleted).toBe(0);
    const good = await t.app.db
      .selectFrom('verification_runs')
      .select(['status', 'state', 'finished_at'])
      .where('repository_url', '=', 'https://github.com/ada/good')
      .executeTakeFirstOrThrow();
    expect(good).toMatchObject({ status: 'superseded', state: 'checking' });
    expect(good.finished_at).not.toBeNull();
  });
});
