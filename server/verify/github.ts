/**
 * The repository host on GitHub's REST API (`@octokit/rest`): public repositories are read without
 * a token; `GITHUB_TOKEN` raises GitHub's limit from 60 to 5,000 requests an hour, and
 * `GITHUB_API_URL` points it elsewhere (GitHub Enterprise, the tests' loopback fake).
 *
 * What does not exist answers null (GitHub's 404); everything that stops a check from running (the
 * rate limit, GitHub's own errors, the network, the run's deadline) throws `CheckUnavailable` with
 * a sentence the learner reads in the report.
 *
 * With a `GitHubStore` (server/verify/github-store.ts: the database, shared by every worker and
 * instance), reads are spared: what is read at a commit sha (a file, the README, the history) never
 * changes, so it is kept and served without asking GitHub again; anything else (the repository,
 * its branch, the CI runs) is asked again with the `etag` kept (`if-none-match`), and a 304 serves
 * what was kept (GitHub does not count a 304 against the limit of a request with a token). Every
 * answer's `x-ratelimit-remaining`/`-reset` is written to the store: once the limit is used up,
 * no request goes to GitHub until it resets, and the check throws `GitHubLimitReached` (when).
 */
import { Octokit } from '@octokit/rest';
import { parseRepoUrl } from '../../src/domain/learning.ts';
import { CheckUnavailable, type CommitInfo, type RepoHost, type RepositoryInfo, type WorkflowRunInfo } from './contract.ts';

/** The largest file read (GitHub's contents API sends files up to 1 MB with their content). */
export const MAX_FILE_BYTES = 1024 * 1024;

export const githubMessages = {
  /** A check stopped because GitHub's limit for this server is used up (the run says when it tries again). */
  limitReached: "GitHub's limit for PathForge is used up.",
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

/** GitHub's limit for this server is used up until `resetAt`: nothing is asked before then. */
export class GitHubLimitReached extends CheckUnavailable {
  override name = 'GitHubLimitReached';
  readonly resetAt: Date;
  constructor(resetAt: Date) {
    super(githubMessages.limitReached);
    this.resetAt = resetAt;
  }
}

/** One answer kept: its JSON (or a 404 as null), and the `etag` to ask with next time. */
export type GitHubCached = { etag: string | null; data: string | null };

/** Where answers and the rate limit are kept, shared by every worker (the database in the app). */
export type GitHubStore = {
  cached(key: string): Promise<GitHubCached | null>;
  /** Keeps an answer; `immutable`: read at a commit sha, served without asking again. */
  keep(key: string, answer: GitHubCached, immutable: boolean, at: Date): Promise<void>;
  /** When the limit is used up, until when; null while requests may go. */
  spentUntil(at: Date): Promise<Date | null>;
  /** What GitHub's headers said: requests left until `resetAt`. */
  budget(remaining: number, resetAt: Date, at: Date): Promise<void>;
};

export type GitHubHostOptions = {
  /** GitHub's REST API; https://api.github.com unless given. */
  baseUrl?: string;
  /** Optional: raises the rate limit; public repositories need none. */
  token?: string | null;
  /** Tests only: another fetch. */
  fetch?: typeof globalThis.fetch;
  /** The clock the rate limit's "until" is compared with (tests). */
  now?: () => Date;
  /** Keeps answers and the rate limit (none: every read asks GitHub). */
  store?: GitHubStore;
};

/** A full commit sha: what is read at it never changes. */
const FULL_SHA = /^[0-9a-f]{40}$/;

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

type Headers = Record<string, string | number | undefined>;

/**
 * GitHub's answer when a limit is used up: 403 or 429 with `x-ratelimit-remaining: 0` and
 * `x-ratelimit-reset` (epoch seconds), or a secondary limit's `retry-after` (seconds): when it
 * lifts, or null when the answer says nothing of when (or is no limit at all).
 */
function limitLiftsAt(error: HttpError, now: Date): Date | null {
  if (error.status !== 403 && error.status !== 429) return null;
  const headers = error.response?.headers ?? {};
  const reset = Number(headers['x-ratelimit-reset']);
  const retryAfter = Number(headers['retry-after']);
  if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  if (headers['retry-after'] !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) return new Date(now.getTime() + retryAfter * 1000);
  return null;
}

function rateLimitMessage(error: HttpError, now: Date): string | null {
  const lifts = limitLiftsAt(error, now);
  if (lifts !== null) return githubMessages.rateLimited(utcMinute(lifts));
  return error.status === 429 ? githubMessages.rateLimitedNow : null;
}

/** The primary limit as an answer's headers tell it, or null when they do not. */
function budgetOf(headers: Headers | undefined): { remaining: number; resetAt: Date } | null {
  const remaining = Number(headers?.['x-ratelimit-remaining']);
  const reset = Number(headers?.['x-ratelimit-reset']);
  if (headers?.['x-ratelimit-remaining'] === undefined || !Number.isInteger(remaining) || !Number.isFinite(reset) || reset <= 0) return null;
  return { remaining, resetAt: new Date(reset * 1000) };
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

  const { store } = options;
  const keyBase = `${options.baseUrl ?? 'https://api.github.com'} `;

  /** Writes what an answer's headers say of the limit to the shared budget. */
  async function noteBudget(headers: Headers | undefined) {
    const budget = budgetOf(headers);
    if (store && budget) await store.budget(budget.remaining, budget.resetAt, now());
  }

  /**
   * Runs one request: 404 → null, every other failure → CheckUnavailable. `cache`: the request as
   * kept (`GET /repos/…`) and whether it was read at a commit sha (kept for good).
   */
  async function read<T>(
    signal: AbortSignal,
    cache: { key: string; immutable: boolean } | null,
    request: (headers: Record<string, string>) => Promise<{ data: T; headers: Headers }>,
  ): Promise<T | null> {
    if (signal.aborted) throw new CheckUnavailable(githubMessages.timedOut);
    const key = cache && store ? keyBase + cache.key : null;
    const kept = key ? await store!.cached(key) : null;
    if (kept && cache?.immutable) return kept.data === null ? null : (JSON.parse(kept.data) as T);
    const spent = store ? await store.spentUntil(now()) : null;
    if (spent !== null) throw new GitHubLimitReached(spent);
    try {
      const answer = await request(kept?.etag ? { 'if-none-match': kept.etag } : {});
      await noteBudget(answer.headers);
      const etag = typeof answer.headers.etag === 'string' ? answer.headers.etag : null;
      if (key && (cache?.immutable || etag)) await store!.keep(key, { etag, data: JSON.stringify(answer.data) }, cache?.immutable ?? false, now());
      return answer.data;
    } catch (error) {
      if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) throw new CheckUnavailable(githubMessages.timedOut);
      const failure = httpError(error);
      if (failure === null) throw error;
      await noteBudget(failure.response?.headers);
      // Not modified: what was kept stands.
      if (failure.status === 304 && kept) return kept.data === null ? null : (JSON.parse(kept.data) as T);
      if (failure.status === 404) {
        // Absent at a commit sha stays absent.
        if (key && cache?.immutable) await store!.keep(key, { etag: null, data: null }, true, now());
        return null;
      }
      const lifts = limitLiftsAt(failure, now());
      if (lifts !== null && store) {
        await store.budget(0, lifts, now());
        throw new GitHubLimitReached(lifts);
      }
      const limited = rateLimitMessage(failure, now());
      if (limited !== null) throw new CheckUnavailable(limited);
      // Octokit reports a request that got no answer (refused, reset, DNS) as a 500 without a response.
      if (failure.response === undefined) throw new CheckUnavailable(githubMessages.noAnswer);
      if (failure.status >= 500) throw new CheckUnavailable(githubMessages.serverError(failure.status));
      throw new CheckUnavailable(githubMessages.refused(failure.status));
    }
  }

  /** Kept for good when read at a full commit sha. */
  const atCommit = (sha: string, key: string) => ({ key, immutable: FULL_SHA.test(sha) });

  /** A file's text from the contents API: null for a directory or anything that is not a file. */
  async function contents(owner: string, name: string, sha: string, path: string, signal: AbortSignal): Promise<string | null> {
    const file = await read(signal, atCommit(sha, `GET /repos/${owner}/${name}/contents/${path}?ref=${sha}`), (headers) =>
      octokit.rest.repos.getContent({ owner, repo: name, path, ref: sha, headers, request: { signal } }),
    );
    if (file === null) return null;
    if (Array.isArray(file) || file.type !== 'file') return null;
    if (file.size > MAX_FILE_BYTES || !('content' in file) || file.encoding !== 'base64') throw new FileTooLarge(path);
    return Buffer.from(file.content, 'base64').toString('utf8');
  }

  return {
    async repository(owner, name, signal): Promise<RepositoryInfo | null> {
      const repo = await read(signal, { key: `GET /repos/${owner}/${name}`, immutable: false }, (headers) =>
        octokit.rest.repos.get({ owner, repo: name, headers, request: { signal } }),
      );
      if (repo === null) return null;
      const forkOf =
        repo.fork && repo.parent
          ? { parent: repo.parent.full_name, parentOwnerId: repo.parent.owner.id, sourceOwnerId: (repo.source ?? repo.parent).owner.id }
          : null;
      return {
        id: repo.id,
        owner: repo.owner.login,
        name: repo.name,
        ownerId: repo.owner.id,
        private: repo.private,
        fork: repo.fork,
        forkOf,
        defaultBranch: repo.default_branch,
        htmlUrl: repo.html_url,
      };
    },

    async headCommit(owner, name, branch, signal): Promise<CommitInfo | null> {
      const answer = await read(signal, { key: `GET /repos/${owner}/${name}/branches/${branch}`, immutable: false }, (headers) =>
        octokit.rest.repos.getBranch({ owner, repo: name, branch, headers, request: { signal } }),
      );
      if (answer === null) return null;
      const { commit } = answer;
      const date = commit.commit.committer?.date ?? commit.commit.author?.date ?? '';
      return { sha: commit.sha, date, htmlUrl: commit.html_url };
    },

    fileAt: contents,

    async readmeAt(owner, name, sha, signal) {
      const readme = await read(signal, atCommit(sha, `GET /repos/${owner}/${name}/readme?ref=${sha}`), (headers) =>
        octokit.rest.repos.getReadme({ owner, repo: name, ref: sha, headers, request: { signal } }),
      );
      if (readme === null) return null;
      if (readme.size > MAX_FILE_BYTES || readme.encoding !== 'base64') throw new FileTooLarge(readme.path);
      return Buffer.from(readme.content, 'base64').toString('utf8');
    },

    async commitsSince(owner, name, sha, since, signal) {
      // Only how many: the commits themselves are not kept.
      const count = await read(signal, atCommit(sha, `GET /repos/${owner}/${name}/commits?sha=${sha}&since=${since}&per_page=100`), async (headers) => {
        const answer = await octokit.rest.repos.listCommits({ owner, repo: name, sha, since, per_page: 100, headers, request: { signal } });
        return { data: answer.data.length, headers: answer.headers };
      });
      return count ?? 0;
    },

    async latestWorkflowRun(owner, name, sha, signal): Promise<WorkflowRunInfo | null> {
      // CI runs on a commit change (one starts, one ends): asked again each time, with the etag.
      const answer = await read(signal, { key: `GET /repos/${owner}/${name}/actions/runs?head_sha=${sha}&per_page=1`, immutable: false }, (headers) =>
        octokit.rest.actions.listWorkflowRunsForRepo({ owner, repo: name, head_sha: sha, per_page: 1, headers, request: { signal } }),
      );
      const run = answer?.workflow_runs[0];
      if (run) return { name: run.name ?? run.display_title, conclusion: run.conclusion, status: run.status ?? 'unknown', htmlUrl: run.html_url };
      if (answer === null) return null; // no such repository
      // No GitHub Actions workflow: another CI service may have reported check runs on the commit.
      const checks = await read(signal, { key: `GET /repos/${owner}/${name}/commits/${sha}/check-runs?per_page=100`, immutable: false }, (headers) =>
        octokit.rest.checks.listForRef({ owner, repo: name, ref: sha, per_page: 100, headers, request: { signal } }),
      );
      return checkRunsTogether(checks?.check_runs ?? [], `https://github.com/${owner}/${name}/commit/${sha}`);
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
