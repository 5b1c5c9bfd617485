/**
 * The repository host on GitHub's REST API (`@octokit/rest`): public repositories are read without
 * a token; `GITHUB_TOKEN` raises GitHub's limit from 60 to 5,000 requests an hour, and
 * `GITHUB_API_URL` points it elsewhere (GitHub Enterprise, the tests' loopback fake).
 *
 * What does not exist answers null (GitHub's 404); everything that stops a check from running (the
 * rate limit, GitHub's own errors, the network, the run's deadline) throws `CheckUnavailable` with
 * a sentence the learner reads in the report.
 */
import { Octokit } from '@octokit/rest';
import { parseRepoUrl } from '../../src/domain/learning.ts';
import { CheckUnavailable, type CommitInfo, type RepoHost, type RepositoryInfo, type WorkflowRunInfo } from './contract.ts';

/** The largest file read (GitHub's contents API sends files up to 1 MB with their content). */
export const MAX_FILE_BYTES = 1024 * 1024;

export const githubMessages = {
  rateLimited: (until: string) => `GitHub's rate limit for this server is used up until ${until}; check again then.`,
  rateLimitedNow: "GitHub's rate limit for this server is used up; check again in a few minutes.",
  noAnswer: 'GitHub did not answer.',
  timedOut: 'GitHub did not answer in time.',
  serverError: (status: number) => `GitHub answered with an error (${status}); check again in a few minutes.`,
  refused: (status: number) => `GitHub refused to show the repository (${status}).`,
  tooLarge: (path: string) => `${path} is larger than 1 MB, so it was not read.`,
} as const;

/** A file that is there but over 1 MB, so its text was not read: it still exists. */
export class FileTooLarge extends CheckUnavailable {
  override name = 'FileTooLarge';
  readonly path: string;
  constructor(path: string) {
    super(githubMessages.tooLarge(path));
    this.path = path;
  }
}

export type GitHubHostOptions = {
  /** GitHub's REST API; https://api.github.com unless given. */
  baseUrl?: string;
  /** Optional: raises the rate limit; public repositories need none. */
  token?: string | null;
  /** Tests only: another fetch. */
  fetch?: typeof globalThis.fetch;
  /** The clock the rate limit's "until" is compared with (tests). */
  now?: () => Date;
};

/** `https://github.com/owner/name` (with `.git` or a trailing slash) → its owner and name, or null. */
export function parseRepositoryUrl(url: string): { owner: string; name: string } | null {
  return parseRepoUrl(url);
}

type HttpError = { status: number; response?: { headers?: Record<string, string | number | undefined> } };

function httpError(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number') return null;
  return error as HttpError;
}

/** "14:05 UTC": the minute a reset falls in, rounded up, so checking again then finds it lifted. */
function utcMinute(at: Date): string {
  const rounded = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${rounded.toISOString().slice(11, 16)} UTC`;
}

/**
 * GitHub's answer when a limit is used up: 403 or 429 with `x-ratelimit-remaining: 0` and
 * `x-ratelimit-reset` (epoch seconds), or a secondary limit's `retry-after` (seconds).
 */
function rateLimitMessage(error: HttpError, now: Date): string | null {
  if (error.status !== 403 && error.status !== 429) return null;
  const headers = error.response?.headers ?? {};
  const reset = Number(headers['x-ratelimit-reset']);
  const retryAfter = Number(headers['retry-after']);
  if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset) && reset > 0) {
    return githubMessages.rateLimited(utcMinute(new Date(reset * 1000)));
  }
  if (headers['retry-after'] !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return githubMessages.rateLimited(utcMinute(new Date(now.getTime() + retryAfter * 1000)));
  }
  return error.status === 429 ? githubMessages.rateLimitedNow : null;
}

export function createGitHubHost(options: GitHubHostOptions = {}): RepoHost {
  const now = options.now ?? (() => new Date());
  const octokit = new Octokit({
    baseUrl: options.baseUrl ?? 'https://api.github.com',
    ...(options.token ? { auth: options.token } : {}),
    userAgent: 'PathForge verification',
    request: options.fetch ? { fetch: options.fetch } : {},
    // Failures become CheckUnavailable with their own sentence: Octokit's console warnings add nothing.
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });

  /** Runs one request: 404 → null, every other failure → CheckUnavailable. */
  async function read<T>(signal: AbortSignal, request: () => Promise<T>): Promise<T | null> {
    if (signal.aborted) throw new CheckUnavailable(githubMessages.timedOut);
    try {
      return await request();
    } catch (error) {
      if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) throw new CheckUnavailable(githubMessages.timedOut);
      const failure = httpError(error);
      if (failure === null) throw error;
      if (failure.status === 404) return null;
      const limited = rateLimitMessage(failure, now());
      if (limited !== null) throw new CheckUnavailable(limited);
      // Octokit reports a request that got no answer (refused, reset, DNS) as a 500 without a response.
      if (failure.response === undefined) throw new CheckUnavailable(githubMessages.noAnswer);
      if (failure.status >= 500) throw new CheckUnavailable(githubMessages.serverError(failure.status));
      throw new CheckUnavailable(githubMessages.refused(failure.status));
    }
  }

  /** A file's text from the contents API: null for a directory or anything that is not a file. */
  async function contents(owner: string, name: string, sha: string, path: string, signal: AbortSignal): Promise<string | null> {
    const answer = await read(signal, () => octokit.rest.repos.getContent({ owner, repo: name, path, ref: sha, request: { signal } }));
    if (answer === null) return null;
    const file = answer.data;
    if (Array.isArray(file) || file.type !== 'file') return null;
    if (file.size > MAX_FILE_BYTES || !('content' in file) || file.encoding !== 'base64') throw new FileTooLarge(path);
    return Buffer.from(file.content, 'base64').toString('utf8');
  }

  return {
    async repository(owner, name, signal): Promise<RepositoryInfo | null> {
      const answer = await read(signal, () => octokit.rest.repos.get({ owner, repo: name, request: { signal } }));
      if (answer === null) return null;
      const repo = answer.data;
      return {
        id: repo.id,
        owner: repo.owner.login,
        name: repo.name,
        ownerId: repo.owner.id,
        private: repo.private,
        fork: repo.fork,
        defaultBranch: repo.default_branch,
        htmlUrl: repo.html_url,
      };
    },

    async headCommit(owner, name, branch, signal): Promise<CommitInfo | null> {
      const answer = await read(signal, () => octokit.rest.repos.getBranch({ owner, repo: name, branch, request: { signal } }));
      if (answer === null) return null;
      const { commit } = answer.data;
      const date = commit.commit.committer?.date ?? commit.commit.author?.date ?? '';
      return { sha: commit.sha, date, htmlUrl: commit.html_url };
    },

    fileAt: contents,

    async readmeAt(owner, name, sha, signal) {
      const answer = await read(signal, () => octokit.rest.repos.getReadme({ owner, repo: name, ref: sha, request: { signal } }));
      if (answer === null) return null;
      const readme = answer.data;
      if (readme.size > MAX_FILE_BYTES || readme.encoding !== 'base64') throw new FileTooLarge(readme.path);
      return Buffer.from(readme.content, 'base64').toString('utf8');
    },

    async commitsSince(owner, name, sha, since, signal) {
      const answer = await read(signal, () => octokit.rest.repos.listCommits({ owner, repo: name, sha, since, per_page: 100, request: { signal } }));
      return answer === null ? 0 : answer.data.length;
    },

    async latestWorkflowRun(owner, name, sha, signal): Promise<WorkflowRunInfo | null> {
      const answer = await read(signal, () => octokit.rest.actions.listWorkflowRunsForRepo({ owner, repo: name, head_sha: sha, per_page: 1, request: { signal } }));
      const run = answer?.data.workflow_runs[0];
      if (run) return { name: run.name ?? run.display_title, conclusion: run.conclusion, status: run.status ?? 'unknown', htmlUrl: run.html_url };
      if (answer === null) return null; // no such repository
      // No GitHub Actions workflow: another CI service may have reported check runs on the commit.
      const checks = await read(signal, () => octokit.rest.checks.listForRef({ owner, repo: name, ref: sha, per_page: 100, request: { signal } }));
      return checkRunsTogether(checks?.data.check_runs ?? [], `https://github.com/${owner}/${name}/commit/${sha}`);
    },
  };
}

type CheckRun = { name: string; status: string; conclusion: string | null; html_url: string | null };

/** Conclusions that do not fail a commit's checks (GitHub's own reading of a required check). */
const CHECK_RUN_PASSES = new Set(['success', 'neutral', 'skipped']);

/**
 * A commit's check runs read as one run: still running while any is; failed as the first that did
 * not pass; else passed (named by the first).
 */
export function checkRunsTogether(runs: readonly CheckRun[], commitUrl: string): WorkflowRunInfo | null {
  const first = runs[0];
  if (!first) return null;
  const shown = runs.find((run) => run.status !== 'completed') ?? runs.find((run) => !CHECK_RUN_PASSES.has(run.conclusion ?? '')) ?? first;
  const conclusion = shown.status !== 'completed' ? null : CHECK_RUN_PASSES.has(shown.conclusion ?? '') ? 'success' : shown.conclusion;
  return { name: shown.name, conclusion, status: shown.status, htmlUrl: shown.html_url ?? `${commitUrl}/checks` };
}
