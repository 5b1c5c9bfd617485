/**
 * The parts a verification run is made of, and what each answers. The run (server/verify/runner.ts)
 * reads the repository through a `RepoHost`, fetches the learner's API through a `GuardedFetch`,
 * checks pages through a `PageChecker`, and turns what they found into the report
 * (src/domain/verification.ts). Each part is tested alone against loopback fakes.
 */
import type { CheckStatus, HttpCheck, PageCheck } from '../../src/domain/verification.ts';
import type { Evidence } from '../../src/api/learning/contract.ts';

/** What one check found. `error` is ours (a timeout, GitHub down), `failed` is the learner's project. */
export type CheckOutcome = { status: Exclude<CheckStatus, 'pending'>; message: string | null; evidence: Evidence | null };

/**
 * Thrown when something on our side (or GitHub's) stopped a check from running: the check is
 * reported as "couldn't check", never as failed, and never pays XP.
 */
export class CheckUnavailable extends Error {
  override name = 'CheckUnavailable';
}

// --------------------------------------------------------------------------------------------
// GitHub
// --------------------------------------------------------------------------------------------

export type RepositoryInfo = {
  /** GitHub's numeric repository id (stable across renames): copies are found by it. */
  id: number;
  owner: string;
  name: string;
  /** The owner's numeric id, compared with the learner's linked GitHub account. */
  ownerId: number;
  private: boolean;
  fork: boolean;
  /**
   * For a fork: the repository it was forked from (`parent`) and the root of its fork network
   * (`source`), with their owners' numeric ids. Absent when not a fork, or when GitHub did not say.
   */
  forkOf?: { parent: string; parentOwnerId: number; sourceOwnerId: number } | null;
  defaultBranch: string;
  htmlUrl: string;
};

export type CommitInfo = { sha: string; date: string; htmlUrl: string };

export type WorkflowRunInfo = { name: string; conclusion: string | null; status: string; htmlUrl: string };

/**
 * The repository host, read without a token (public repositories) or with `GITHUB_TOKEN`. Every
 * method throws `CheckUnavailable` for rate limits, 5xx and network failures, and answers null for
 * what does not exist.
 */
export type RepoHost = {
  repository(owner: string, name: string, signal: AbortSignal): Promise<RepositoryInfo | null>;
  /** The newest commit of a branch. */
  headCommit(owner: string, name: string, branch: string, signal: AbortSignal): Promise<CommitInfo | null>;
  /** A file's text at a commit, or null when it is absent. Files over 1 MB are refused (CheckUnavailable). */
  fileAt(owner: string, name: string, sha: string, path: string, signal: AbortSignal): Promise<string | null>;
  /** The README's text at a commit (whatever its name's case), or null. */
  readmeAt(owner: string, name: string, sha: string, signal: AbortSignal): Promise<string | null>;
  /** How many commits reachable from `sha` were made at or after `since` (ISO), up to 100. */
  commitsSince(owner: string, name: string, sha: string, since: string, signal: AbortSignal): Promise<number>;
  /**
   * The latest workflow run for that commit; when no workflow ran, the commit's check runs taken
   * together (CI services other than GitHub Actions report there); null when neither has any.
   */
  latestWorkflowRun(owner: string, name: string, sha: string, signal: AbortSignal): Promise<WorkflowRunInfo | null>;
};

// --------------------------------------------------------------------------------------------
// The learner's live site and API
// --------------------------------------------------------------------------------------------

export type GuardedResponse = { status: number; headers: Record<string, string>; body: string; url: string };

/**
 * A fetch that only reaches public addresses: every resolved address is checked when connecting,
 * redirects are followed (at most 5) and re-checked, https only in production, answers capped in
 * size (1 MB) and time. Refusals and timeouts throw `CheckUnavailable` with a sentence for the
 * learner ("The address resolves to a private network address.", "The page did not answer in 15 s.").
 */
export type GuardedFetch = (
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    /** 'manual': answer the first response, a redirect included (an API's own 302 is what a check reads). */
    redirect?: 'follow' | 'manual';
  },
) => Promise<GuardedResponse>;

export type HttpChecker = (liveUrl: string, check: HttpCheck, signal: AbortSignal) => Promise<CheckOutcome>;

/**
 * Runs every page check of one submission in one browser session (a child process killed on
 * overrun), answering one outcome per check, in order.
 */
export type PageChecker = (liveUrl: string, checks: readonly PageCheck[], signal: AbortSignal) => Promise<CheckOutcome[]>;
