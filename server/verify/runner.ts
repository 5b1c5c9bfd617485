/**
 * One verification run: every check of one submission, against one pinned commit, turned into the
 * report (src/domain/verification.ts). The parts that reach outside (GitHub, the learner's site and
 * API, Chromium) come in through the contract (./contract.ts); this file only decides what to ask
 * and what the answers mean. Order:
 *
 * 1. `repository`: the repository exists and is public, and its default branch has a commit, whose
 *    sha every other check reads (so the report is about one commit);
 * 2. `owner`: the repository's owner is the learner's linked GitHub account (numeric ids), where
 *    sign-in with GitHub is set up on this server; else not checked, and it does not block;
 * 3. `history`: at least one commit on that branch since the learner started the project;
 * 4. `original`: not a fork of a repository the learner does not own (held for review), and no other
 *    learner claimed the same repository or the same commit first. Only a run that passed the owner
 *    check (or could not check it: no GitHub sign-in here) and was judged original claims its
 *    repository and commit; the repository's owner is never held for a claim on it;
 * 5. `live`: the live URL answers (below 400), for a project that is deployed;
 * 6. each requirement by its check kind.
 *
 * A check that could not run (CheckUnavailable, a time-out) is `error`, never failed; anything
 * else thrown is a bug and ends the run (the worker retries it). A check stopped by GitHub's limit
 * says when it is tried again (`retryAt`, the limit's reset; the worker queues the run for then).
 */
import { formatTime } from '../../src/domain/format.ts';
import {
  CHECK_TIMEOUT_SECONDS,
  githubLimitMessage,
  heldMessages,
  needsLiveUrl,
  SUBMISSION_CHECKS,
  verificationMessages,
  type PageCheck,
  type Requirement,
  type SubmissionCheckId,
  type VerificationState,
} from '../../src/domain/verification.ts';
import type { CheckResult, Evidence } from '../../src/api/learning/contract.ts';
import { githubMessages, GitHubLimitReached, parseRepositoryUrl } from './github.ts';
import { SiteRefusal } from './guard.ts';
import { runRepoCheck } from './repo-checks.ts';
import { CheckUnavailable, type CheckOutcome, type GuardedFetch, type HttpChecker, type PageChecker, type RepoHost, type RepositoryInfo } from './contract.ts';

/** What the run is given: the submission, the project's requirements and the learner's facts. */
export type RunInput = {
  repositoryUrl: string;
  liveUrl: string | null;
  requirements: readonly Requirement[];
  /** When the learner started the project (ISO): commits before it do not count. */
  startedAt: string;
  /** The learner's linked GitHub account's numeric id; null when none is linked. */
  linkedGithubId: string | null;
  /** The learner's time zone, for when a check waiting for GitHub's limit runs again (default UTC). */
  timeZone?: string;
};

/** Why a submission is held for review. */
export type CopyReason = 'same-repository' | 'same-commit' | 'fork';
/** The other learner whose claim came first (null for a fork: the parent may be no learner's). */
export type Copy = { otherUserId: string | null; reason: CopyReason };

/** The parts a run uses, and what it asks the database. */
export type RunParts = {
  repoHost: RepoHost;
  guardedFetch: GuardedFetch;
  httpChecker: HttpChecker;
  pageChecker: PageChecker;
  /** Whether sign-in with GitHub is set up on this server (the owner check needs it). */
  githubSignIn: boolean;
  /**
   * Another learner whose run claimed this repository (by id) or this commit before this learner
   * first did; `owner`: this learner passed the owner check, so a claim on the repository itself
   * does not count (only one on the commit).
   */
  findCopy(repositoryId: string, commitSha: string, owner: boolean): Promise<Copy | null>;
  /** Milliseconds one check may take (CHECK_TIMEOUT_SECONDS; tests shorten it). */
  checkTimeoutMs?: number;
};

export type RunOutcome = {
  state: Exclude<VerificationState, 'checking' | 'self-reported' | 'not-verified'>;
  commit: { sha: string; url: string } | null;
  repositoryId: string | null;
  /** Set when the state is `held`. */
  copy: Copy | null;
  /** The run passed the owner check (or it could not be checked here) and is original: it claims its repository and commit. */
  claim: boolean;
  /** Set when checks could not run because GitHub's limit is used up: when it resets (ISO). */
  retryAt: string | null;
  submission: CheckResult[];
  requirements: CheckResult[];
};

export const evidence = (fields: Partial<Evidence>): Evidence => ({
  target: fields.target ?? null,
  expected: fields.expected ?? null,
  found: fields.found ?? null,
  screenshot: fields.screenshot ?? null,
  url: fields.url ?? null,
});

const submissionResult = (id: SubmissionCheckId, outcome: CheckOutcome): CheckResult => ({
  id: `submission:${id}`,
  label: SUBMISSION_CHECKS[id],
  kind: 'submission',
  ...outcome,
});

const requirementResult = (index: number, requirement: Requirement, outcome: CheckOutcome): CheckResult => ({
  id: `requirement:${index}`,
  label: requirement.text,
  kind: requirement.check.kind,
  ...outcome,
});

const passed = (found: Partial<Evidence> | null = null): CheckOutcome => ({ status: 'passed', message: null, evidence: found && evidence(found) });
const failed = (message: string, found: Partial<Evidence> | null = null): CheckOutcome => ({ status: 'failed', message, evidence: found && evidence(found) });
const notChecked = (message: string): CheckOutcome => ({ status: 'not-checked', message, evidence: null });
const errored = (message: string): CheckOutcome => ({ status: 'error', message, evidence: null });

export const runMessages = {
  noRepository: (url: string) => `GitHub says there is no public repository at ${url}.`,
  noCommit: 'The repository has no commit on its default branch yet.',
  notOwner: 'The repository belongs to another GitHub account than the one linked to your PathForge account.',
  noHistory: (since: string) => `No commit on the default branch was made after you started the project (${since.slice(0, 10)}).`,
  copy: verificationMessages.held,
  held: { 'same-repository': heldMessages.sameRepository, 'same-commit': heldMessages.sameCommit } as const,
  liveAnswered: (status: number) => verificationMessages.siteAnswers(status),
  earlierFailed: 'Not checked: an earlier check failed.',
  liveDown: 'Not checked: the live URL did not answer.',
  noLiveUrl: 'Not checked: no live URL was submitted.',
} as const;

/** The state a report's results give: failed beats error; self-checked and not-checked never block. */
export function stateOf(results: readonly CheckResult[]): 'passed' | 'failed' | 'error' {
  if (results.some((r) => r.status === 'failed')) return 'failed';
  if (results.some((r) => r.status === 'error')) return 'error';
  return 'passed';
}

/**
 * Runs one check with its own time limit: a refusal the site caused (SiteRefusal: a redirect to a
 * private address, an answer too large) is `failed`, the learner's to fix, so nothing retries it;
 * CheckUnavailable and a time-out become `error` (ours or the network's, retried); the run's own
 * abort (its deadline) and anything else are thrown.
 */
async function guarded(run: AbortSignal, timeoutMs: number, check: (signal: AbortSignal) => Promise<CheckOutcome>): Promise<CheckOutcome> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([run, timeout]);
  try {
    return await check(signal);
  } catch (error) {
    if (run.aborted) throw error;
    if (timeout.aborted) return errored(verificationMessages.timedOut(Math.round(timeoutMs / 1000)));
    if (error instanceof SiteRefusal) return failed(error.kind === 'private' && error.afterRedirect ? verificationMessages.redirectsToPrivate() : error.message);
    if (error instanceof CheckUnavailable) return errored(error.message);
    throw error;
  }
}

/** Every check of one submission. `signal` is the run's deadline. */
export async function runChecks(input: RunInput, parts: RunParts, signal: AbortSignal): Promise<RunOutcome> {
  const timeoutMs = parts.checkTimeoutMs ?? CHECK_TIMEOUT_SECONDS * 1000;
  const check = (fn: (signal: AbortSignal) => Promise<CheckOutcome>, ms = timeoutMs) => guarded(signal, ms, fn);
  // GitHub's limit: every check it stops says when the run tries again.
  let limitResets: Date | null = null;
  const repoHost = watchLimit(parts.repoHost, (at) => {
    if (limitResets === null || at > limitResets) limitResets = at;
  });
  const deployed = needsLiveUrl(input.requirements);
  const submission: CheckResult[] = [];
  const outcome = (state: RunOutcome['state'], requirements: CheckResult[], rest: Partial<RunOutcome> = {}): RunOutcome =>
    waitingForLimit(
      {
        state,
        commit: null,
        repositoryId: null,
        copy: null,
        claim: false,
        retryAt: null,
        submission,
        requirements,
        ...rest,
      },
      limitResets,
      input.timeZone ?? 'UTC',
    );
  /** Every requirement (and the submission checks not reached) not checked, for a reason. */
  const skipAll = (message: string, from: SubmissionCheckId[]) => {
    for (const id of from) if (id !== 'live' || deployed) submission.push(submissionResult(id, notChecked(message)));
    return input.requirements.map((r, i) => requirementResult(i, r, notChecked(message)));
  };

  // 1. The repository, and the commit every other check reads.
  const repo = parseRepositoryUrl(input.repositoryUrl);
  let info: Awaited<ReturnType<RepoHost['repository']>> = null;
  let head: Awaited<ReturnType<RepoHost['headCommit']>> = null;
  const repository = repo
    ? await check(async (s) => {
        info = await repoHost.repository(repo.owner, repo.name, s);
        if (!info || info.private) return failed(runMessages.noRepository(input.repositoryUrl), { target: input.repositoryUrl });
        head = await repoHost.headCommit(repo.owner, repo.name, info.defaultBranch, s);
        if (!head) return failed(runMessages.noCommit, { target: `${info.htmlUrl} (${info.defaultBranch})`, url: info.htmlUrl });
        return passed({ target: info.htmlUrl, found: `${info.defaultBranch} at ${head.sha.slice(0, 7)}`, url: head.htmlUrl });
      })
    : failed(runMessages.noRepository(input.repositoryUrl), { target: input.repositoryUrl });
  submission.push(submissionResult('repository', repository));
  const found = info as Awaited<ReturnType<RepoHost['repository']>>;
  const commit = head as Awaited<ReturnType<RepoHost['headCommit']>>;
  if (repository.status !== 'passed' || !repo || !found || !commit) {
    const reason = repository.status === 'error' ? (repository.message ?? runMessages.earlierFailed) : runMessages.earlierFailed;
    const rest = skipAll(repository.status === 'error' ? `Not checked: ${reason}` : runMessages.earlierFailed, ['owner', 'history', 'original', 'live']);
    return outcome(repository.status === 'error' ? 'error' : 'failed', rest);
  }
  const pinned = { sha: commit.sha, url: commit.htmlUrl };
  const repositoryId = String(found.id);

  // 2. Who owns it.
  let owner: CheckOutcome;
  if (!parts.githubSignIn) owner = notChecked(verificationMessages.githubSignInNotSetUp);
  else if (input.linkedGithubId === null) owner = failed(verificationMessages.linkGithub, { target: found.owner });
  else if (String(found.ownerId) === input.linkedGithubId) owner = passed({ target: found.owner });
  else owner = failed(runMessages.notOwner, { target: found.owner, expected: 'your linked GitHub account', found: found.owner });
  submission.push(submissionResult('owner', owner));

  // 3. Work done since the project started.
  submission.push(
    submissionResult(
      'history',
      await check(async (s) => {
        const commits = await repoHost.commitsSince(repo.owner, repo.name, commit.sha, input.startedAt, s);
        const where = { target: `${found.defaultBranch} since ${input.startedAt.slice(0, 10)}`, expected: 'at least 1 commit', found: `${commits}` };
        return commits >= 1 ? passed(where) : failed(runMessages.noHistory(input.startedAt), where);
      }),
    ),
  );

  // 4. Not a fork of someone else's repository, nor another learner's claimed repository or commit.
  let copy: Copy | null;
  let original: CheckOutcome;
  if (found.fork && !ownsForkParent(found, input.linkedGithubId, parts.githubSignIn)) {
    copy = { otherUserId: null, reason: 'fork' };
    original = failed(heldMessages.fork(found.forkOf?.parent ?? 'another repository'), {
      target: found.htmlUrl,
      expected: 'a repository you started, or a fork of your own',
      found: found.forkOf ? `a fork of ${found.forkOf.parent}` : 'a fork',
    });
  } else {
    copy = await parts.findCopy(repositoryId, commit.sha, owner.status === 'passed');
    original = copy ? failed(runMessages.held[copy.reason as Exclude<CopyReason, 'fork'>]) : passed();
  }
  submission.push(submissionResult('original', original));
  const claim = (owner.status === 'passed' || owner.status === 'not-checked') && original.status === 'passed';

  // 5. The live URL answers.
  let live: CheckOutcome | null = null;
  if (deployed) {
    const liveUrl = input.liveUrl;
    live = liveUrl
      ? await check(async (s) => {
          const response = await parts.guardedFetch(liveUrl, { method: 'GET', signal: s });
          // The address the redirects ended at, and its status.
          const where = { target: liveUrl, expected: 'a status below 400', found: `${response.status}`, url: response.url };
          return response.status < 400 ? passed(where) : failed(runMessages.liveAnswered(response.status), where);
        })
      : failed(verificationMessages.liveUrlNeeded);
    submission.push(submissionResult('live', live));
  }

  // 6. Each requirement by its kind; page checks all at once, in one browser session.
  const results: (CheckOutcome | undefined)[] = input.requirements.map(() => undefined);
  const pageIndexes = input.requirements.flatMap((r, i) => (r.check.kind === 'page' ? [i] : []));
  const liveUrl = live?.status === 'passed' ? input.liveUrl : null;
  if (pageIndexes.length > 0) {
    if (!liveUrl) for (const i of pageIndexes) results[i] = notChecked(input.liveUrl ? runMessages.liveDown : runMessages.noLiveUrl);
    else {
      const checks = pageIndexes.map((i) => input.requirements[i]!.check as PageCheck);
      let outcomes: CheckOutcome[] | null = null;
      const whole = await check(
        async (s) => {
          outcomes = await parts.pageChecker(liveUrl, checks, s);
          return passed();
        },
        timeoutMs * (checks.length + 1),
      );
      const pages = outcomes as CheckOutcome[] | null;
      for (const [k, i] of pageIndexes.entries()) results[i] = whole.status === 'error' ? whole : (pages?.[k] ?? errored(verificationMessages.error));
    }
  }
  for (const [i, requirement] of input.requirements.entries()) {
    if (results[i]) continue;
    const rule = requirement.check;
    switch (rule.kind) {
      case 'page':
        break;
      case 'http':
        results[i] = liveUrl ? await check((s) => parts.httpChecker(liveUrl, rule, s)) : notChecked(input.liveUrl ? runMessages.liveDown : runMessages.noLiveUrl);
        break;
      case 'review':
        results[i] = { status: 'self-checked', message: verificationMessages.reviewOnly, evidence: null };
        break;
      case 'ci':
      case 'repo':
        results[i] = await check((s) =>
          runRepoCheck(
            { host: repoHost, repository: { owner: repo.owner, name: repo.name, htmlUrl: found.htmlUrl }, sha: commit.sha, liveUrl: input.liveUrl, signal: s },
            rule,
          ),
        );
        break;
    }
  }
  const requirements = input.requirements.map((r, i) => requirementResult(i, r, results[i] ?? errored(verificationMessages.error)));
  const state = stateOf([...submission.filter((r) => r.id !== 'submission:original'), ...requirements]);
  if (copy && state !== 'failed') {
    return outcome('held', requirements, { commit: pinned, repositoryId, copy });
  }
  return outcome(copy ? 'failed' : state, requirements, { commit: pinned, repositoryId, claim });
}

/**
 * A fork is held for review unless the learner's linked GitHub account owns both the repository it
 * was forked from and the root of its fork network (without GitHub sign-in, that cannot be known).
 */
function ownsForkParent(found: RepositoryInfo, linkedGithubId: string | null, githubSignIn: boolean): boolean {
  if (!githubSignIn || linkedGithubId === null || !found.forkOf) return false;
  return String(found.forkOf.parentOwnerId) === linkedGithubId && String(found.forkOf.sourceOwnerId) === linkedGithubId;
}

/** The host, telling `note` when a read was refused for GitHub's limit (and when it resets). */
function watchLimit(host: RepoHost, note: (resetAt: Date) => void): RepoHost {
  const watch =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method(...args);
      } catch (error) {
        if (error instanceof GitHubLimitReached) note(error.resetAt);
        throw error;
      }
    };
  return {
    repository: watch(host.repository),
    headCommit: watch(host.headCommit),
    fileAt: watch(host.fileAt),
    readmeAt: watch(host.readmeAt),
    commitsSince: watch(host.commitsSince),
    latestWorkflowRun: watch(host.latestWorkflowRun),
  };
}

/**
 * A run some of whose checks GitHub's limit stopped: its report is incomplete whatever the others
 * found, so it is `error` and waits until the reset (`retryAt`); each stopped check says when, in the
 * learner's time zone.
 */
function waitingForLimit(outcome: RunOutcome, resetAt: Date | null, timeZone: string): RunOutcome {
  if (resetAt === null) return outcome;
  // The minute it resets in, rounded up: the time said is never before the limit lifts.
  const retryAt = new Date(Math.ceil(resetAt.getTime() / 60_000) * 60_000).toISOString();
  const message = githubLimitMessage(formatTime(retryAt, timeZone));
  const generic = githubMessages.limitReached;
  const timed = (r: CheckResult): CheckResult =>
    r.message === generic ? { ...r, message } : r.message === `Not checked: ${generic}` ? { ...r, message: `Not checked: ${message}` } : r;
  return {
    ...outcome,
    submission: outcome.submission.map(timed),
    requirements: outcome.requirements.map(timed),
    state: 'error',
    claim: false,
    retryAt,
  };
}
