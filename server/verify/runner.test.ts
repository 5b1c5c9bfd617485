/**
 * The run's own rules, without a database: who owns the repository (numeric ids, where sign-in
 * with GitHub is set up), a check that does not answer in time is "couldn't check" (never failed),
 * CI counts only a successful run, and the report's state from its results.
 */
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../src/domain/format.ts';
import { githubLimitMessage, verificationMessages, type Requirement } from '../../src/domain/verification.ts';
import type { CheckResult } from '../../src/api/learning/contract.ts';
import type { RepoHost } from './contract.ts';
import { GitHubLimitReached, parseRepositoryUrl } from './github.ts';
import { repoCheckMessages } from './repo-checks.ts';
import { runChecks, runMessages, stateOf, type RunParts } from './runner.ts';

const host = (overrides: Partial<RepoHost> = {}): RepoHost => ({
  repository: async (owner, name) => ({
    id: 7,
    owner,
    name,
    ownerId: 42,
    private: false,
    fork: false,
    defaultBranch: 'main',
    htmlUrl: `https://github.com/${owner}/${name}`,
  }),
  headCommit: async () => ({ sha: 'a'.repeat(40), date: '2026-06-10T00:00:00Z', htmlUrl: 'https://github.com/ada/site/commit/aaa' }),
  fileAt: async () => 'text',
  readmeAt: async () => '# readme',
  commitsSince: async () => 2,
  latestWorkflowRun: async () => ({ name: 'test', conclusion: 'failure', status: 'completed', htmlUrl: 'https://github.com/ada/site/actions/runs/9' }),
  ...overrides,
});

const parts = (overrides: Partial<RunParts> = {}): RunParts => ({
  repoHost: host(),
  guardedFetch: async (url) => ({ status: 200, headers: {}, body: '', url }),
  httpChecker: async () => ({ status: 'passed', message: null, evidence: null }),
  pageChecker: async (_url, checks) => checks.map(() => ({ status: 'passed' as const, message: null, evidence: null })),
  githubSignIn: true,
  findCopy: async () => null,
  ...overrides,
});

const input = (requirements: Requirement[], linkedGithubId: string | null = '42') => ({
  repositoryUrl: 'https://github.com/ada/site.git',
  liveUrl: null,
  requirements,
  startedAt: '2026-06-01T00:00:00.000Z',
  linkedGithubId,
});
const review: Requirement = { text: 'Readable', check: { kind: 'review' } };
const owner = (results: CheckResult[]) => results.find((r) => r.id === 'submission:owner');

describe('a run', () => {
  it('reads owner and name from the URL, .git and a trailing slash allowed', () => {
    expect(parseRepositoryUrl('https://github.com/ada/site.git')).toEqual({ owner: 'ada', name: 'site' });
    expect(parseRepositoryUrl('https://github.com/ada/site/')).toEqual({ owner: 'ada', name: 'site' });
    expect(parseRepositoryUrl('https://gitlab.com/ada/site')).toBeNull();
  });

  it('passes the owner check only for the linked account, by numeric id', async () => {
    const signal = new AbortController().signal;
    const mine = await runChecks(input([review], '42'), parts(), signal);
    expect(owner(mine.submission)?.status).toBe('passed');
    expect(mine.state).toBe('passed');
    const someoneElses = await runChecks(input([review], '43'), parts(), signal);
    expect(owner(someoneElses.submission)).toMatchObject({ status: 'failed', message: runMessages.notOwner });
    expect(someoneElses.state).toBe('failed');
    const unlinked = await runChecks(input([review], null), parts(), signal);
    expect(owner(unlinked.submission)).toMatchObject({ status: 'failed', message: verificationMessages.linkGithub });
    const noSignIn = await runChecks(input([review], null), parts({ githubSignIn: false }), signal);
    expect(owner(noSignIn.submission)).toMatchObject({ status: 'not-checked', message: verificationMessages.githubSignInNotSetUp });
    expect(noSignIn.state).toBe('passed'); // not set up here: it does not block
  });

  it('reports a check that does not answer in time as "couldn’t check", never as failed', async () => {
    const slow = host({ fileAt: (_o, _n, _s, _p, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) });
    const file: Requirement = { text: 'Has a README', check: { kind: 'repo', rule: 'file', path: 'README.md' } };
    const outcome = await runChecks(input([file]), parts({ repoHost: slow, checkTimeoutMs: 50 }), new AbortController().signal);
    expect(outcome.requirements[0]).toMatchObject({ status: 'error', message: verificationMessages.timedOut(0) });
    expect(outcome.state).toBe('error');
  });

  it('counts the learner’s own CI only when its latest run succeeded, and says it is theirs', async () => {
    const ci: Requirement = { text: 'CI passes', check: { kind: 'ci' } };
    const outcome = await runChecks(input([ci]), parts(), new AbortController().signal);
    expect(outcome.requirements[0]).toMatchObject({ status: 'failed', message: repoCheckMessages.ciFailed('test', 'failure') });
    expect(outcome.requirements[0]?.evidence).toMatchObject({ target: 'test', found: 'failure' });
  });

  it('waits for GitHub’s limit when it stopped a check, even when another check failed: the report would be incomplete', async () => {
    const resetAt = new Date('2026-06-10T14:04:30.000Z');
    const limited = host({
      fileAt: async () => {
        throw new GitHubLimitReached(resetAt);
      },
    });
    const file: Requirement = { text: 'Has a README', check: { kind: 'repo', rule: 'file', path: 'README.md' } };
    const ci: Requirement = { text: 'CI passes', check: { kind: 'ci' } };
    const outcome = await runChecks({ ...input([file, ci]), timeZone: 'Europe/Paris' }, parts({ repoHost: limited }), new AbortController().signal);
    expect(outcome.requirements[1]?.status).toBe('failed'); // the CI's run failed
    // Said in the learner's time zone, at the minute the limit lifts in (rounded up).
    const retryAt = '2026-06-10T14:05:00.000Z';
    expect(outcome.requirements[0]).toMatchObject({ status: 'error', message: githubLimitMessage(formatTime(retryAt, 'Europe/Paris')) });
    expect(outcome.requirements[0]?.message).toContain('16:05');
    expect(outcome).toMatchObject({ state: 'error', retryAt, claim: false });
  });

  it('takes failed over error, and self-checked or not-checked never block', () => {
    const result = (status: CheckResult['status']): CheckResult => ({ id: 'x', label: 'x', kind: 'review', status, message: null, evidence: null });
    expect(stateOf([result('passed'), result('self-checked'), result('not-checked')])).toBe('passed');
    expect(stateOf([result('error'), result('passed')])).toBe('error');
    expect(stateOf([result('error'), result('failed')])).toBe('failed');
  });
});
