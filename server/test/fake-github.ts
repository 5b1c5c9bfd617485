/**
 * TEST ONLY: GitHub's REST API for reading repositories, as verification uses it, on loopback
 * (Fastify). Seeded per test with plain JSON: repositories (ids, owner, private, fork, default
 * branch), their commits oldest first (each with its date and the files it adds, changes or
 * deletes), README files (named README whatever its case, in `.github/`, the root or `docs/`, as
 * GitHub finds them) and workflow runs.
 * Switches make it answer 404, 500, a used-up rate limit (403 with `x-ratelimit-remaining: 0`
 * and `x-ratelimit-reset`), a secondary limit (403 with `retry-after`) or nothing at all.
 *
 * Endpoints, shaped like GitHub's: `GET /repos/:owner/:repo`, `…/branches/:branch`,
 * `…/contents/:path?ref=`, `…/readme?ref=`, `…/commits?sha=&since=&per_page=`,
 * `…/actions/runs?head_sha=&per_page=`, `…/commits/:ref/check-runs`. A private repository is seen only with the seeded token
 * (as GitHub answers 404 to anyone else).
 *
 * End-to-end journeys steer it over HTTP on the same port: `PUT /_fake/seed` (a FakeGitHubSeed),
 * `PUT /_fake/fail` (a FakeGitHubFailure, or null), `GET /_fake/requests`. `e2e/fake-github.ts`
 * starts it on a given port with a seed file.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeCommit = {
  sha: string;
  /** ISO 8601: the commit's author and committer date. */
  date: string;
  message?: string;
  /** Files this commit adds or changes (path → text); the tree is every earlier commit's plus these. */
  files?: Record<string, string>;
  /** Files this commit deletes. */
  deleted?: string[];
};

export type FakeWorkflowRun = {
  id?: number;
  name: string;
  headSha: string;
  /** `queued`, `in_progress` or `completed` (default). */
  status?: string;
  /** `success`, `failure`, `cancelled`…, or null while it runs. */
  conclusion: string | null;
  createdAt: string;
};

/** A check run another CI service reported on a commit (GitHub's Checks API). */
export type FakeCheckRun = {
  name: string;
  headSha: string;
  /** `queued`, `in_progress` or `completed` (default). */
  status?: string;
  conclusion: string | null;
};

export type FakeRepository = {
  id: number;
  owner: { id: number; login: string };
  name: string;
  private?: boolean;
  fork?: boolean;
  /** `main` unless given; it points at the last commit. */
  defaultBranch?: string;
  /** Oldest first. */
  commits: FakeCommit[];
  /** Other branches: name → sha. */
  branches?: Record<string, string>;
  workflowRuns?: FakeWorkflowRun[];
  checkRuns?: FakeCheckRun[];
};

export type FakeGitHubSeed = {
  repositories: FakeRepository[];
  /** The token that may see private repositories (and is recorded as sent). */
  token?: string | null;
};

export type FakeGitHubFailure = {
  kind: 'not-found' | 'server-error' | 'rate-limit' | 'secondary-rate-limit' | 'no-answer';
  /** How many requests fail (default: every one until switched off). */
  times?: number;
  /** Only requests whose path contains this fail. */
  pathContains?: string;
  /** Rate limit: when it resets, in epoch seconds (default an hour from now). */
  resetAt?: number;
  /** Secondary rate limit: seconds to wait (default 60). */
  retryAfter?: number;
};

export type FakeGitHubRequest = { method: string; path: string; query: Record<string, string>; authorization: string | null };

export type FakeGitHubApi = {
  /** Where the API answers, e.g. http://127.0.0.1:41234 (GITHUB_API_URL). */
  url: string;
  seed(seed: FakeGitHubSeed): void;
  /** Make requests fail, or null to answer normally again. */
  fail(failure: FakeGitHubFailure | null): void;
  /** Every API request answered (or refused), oldest first; the control routes are not listed. */
  readonly requests: FakeGitHubRequest[];
  /** Answers a request another server received (the sign-in fake's `fallback`), as if sent to `url`. */
  handle(request: IncomingMessage, response: ServerResponse): void;
  stop(): Promise<void>;
};

/** GitHub's web address for the pages a report links to. */
const WEB = 'https://github.com';
const README = /^readme(\.[A-Za-z0-9]+)?$/i;
/** GitHub's contents API sends no content for files above 1 MB. */
const CONTENT_LIMIT = 1024 * 1024;

const blobSha = (text: string) =>
  createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest('hex');

/** Base64 wrapped at 60 characters, as GitHub sends it. */
const base64Lines = (text: string) =>
  (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,60}/g) ?? []
  )
    .map((line) => `${line}\n`)
    .join('');

function treeAt(repository: FakeRepository, index: number): Map<string, string> {
  const tree = new Map<string, string>();
  for (const commit of repository.commits.slice(0, index + 1)) {
    for (const [path, text] of Object.entries(commit.files ?? {})) tree.set(path, text);
    for (const path of commit.deleted ?? []) tree.delete(path);
  }
  return tree;
}

export async function startFakeGitHubApi(options: { port?: number; seed?: FakeGitHubSeed } = {}): Promise<FakeGitHubApi> {
  let state: FakeGitHubSeed = structuredClone(options.seed ?? { repositories: [] });
  let failure: FakeGitHubFailure | null = null;
  const requests: FakeGitHubRequest[] = [];
  const app = Fastify({ logger: false, forceCloseConnections: true });

  const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });

  const authorized = (request: FastifyRequest) => {
    const sent = (request.headers.authorization ?? '').replace(/^(token|bearer) /i, '');
    return state.token != null && sent === state.token;
  };

  const findRepository = (request: FastifyRequest) => {
    const { owner, repo } = request.params as { owner: string; repo: string };
    const found = state.repositories.find((r) => r.owner.login.toLowerCase() === owner.toLowerCase() && r.name.toLowerCase() === repo.toLowerCase());
    return found && (!found.private || authorized(request)) ? found : null;
  };

  /** A branch name or a sha (7 characters or more) → the commit's index, oldest first. */
  const resolveRef = (repository: FakeRepository, ref: string | undefined): number => {
    const last = repository.commits.length - 1;
    const branch = ref ?? repository.defaultBranch ?? 'main';
    if (branch === (repository.defaultBranch ?? 'main')) return last;
    const target = repository.branches?.[branch] ?? branch;
    return target.length < 7 ? -1 : repository.commits.findIndex((c) => c.sha.startsWith(target));
  };

  const commitJson = (repository: FakeRepository, index: number) => {
    const commit = repository.commits[index] as FakeCommit;
    const person = { name: repository.owner.login, email: `${repository.owner.login}@users.noreply.github.com`, date: commit.date };
    return {
      sha: commit.sha,
      html_url: `${WEB}/${repository.owner.login}/${repository.name}/commit/${commit.sha}`,
      commit: { message: commit.message ?? `Commit ${index + 1}`, author: person, committer: person },
      author: { login: repository.owner.login, id: repository.owner.id },
      parents: index > 0 ? [{ sha: repository.commits[index - 1]?.sha }] : [],
    };
  };

  const fileJson = (repository: FakeRepository, ref: string, path: string, text: string) => {
    const size = Buffer.byteLength(text);
    const large = size > CONTENT_LIMIT;
    return {
      type: 'file',
      name: path.split('/').pop(),
      path,
      size,
      sha: blobSha(text),
      encoding: large ? 'none' : 'base64',
      content: large ? '' : base64Lines(text),
      html_url: `${WEB}/${repository.owner.login}/${repository.name}/blob/${ref}/${path}`,
    };
  };

  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://fake');
    if (url.pathname.startsWith('/_fake/')) return;
    requests.push({
      method: request.method,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization ?? null,
    });
    if (failure === null || (failure.pathContains !== undefined && !decodeURIComponent(url.pathname).includes(failure.pathContains))) return;
    const current = { ...failure };
    const { kind } = current;
    if (failure.times !== undefined && --failure.times <= 0) failure = null;
    if (kind === 'no-answer') {
      // Holds the request until the client gives up (its AbortSignal) or the fake stops.
      reply.hijack();
      await new Promise((resolve) => request.raw.socket.once('close', resolve));
      return;
    }
    if (kind === 'not-found') return notFound(reply);
    if (kind === 'server-error') return reply.code(500).send({ message: 'Server Error' });
    if (kind === 'secondary-rate-limit') {
      return reply
        .code(403)
        .header('retry-after', String(current.retryAfter ?? 60))
        .send({ message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' });
    }
    const resetAt = current.resetAt ?? Math.floor(Date.now() / 1000) + 3600;
    return reply
      .code(403)
      .headers({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '60', 'x-ratelimit-reset': String(resetAt) })
      .send({ message: 'API rate limit exceeded for 127.0.0.1.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' });
  });

  app.put('/_fake/seed', async (request) => {
    state = structuredClone(request.body as FakeGitHubSeed);
    return { repositories: state.repositories.length };
  });
  app.put('/_fake/fail', async (request) => {
    failure = (request.body as FakeGitHubFailure | null) ?? null;
    return { failing: failure !== null };
  });
  app.get('/_fake/requests', async () => requests);

  app.get('/repos/:owner/:repo', async (request, reply) => {
    const repository = findRepository(request);
    if (!repository) return notFound(reply);
    const owner = { login: repository.owner.login, id: repository.owner.id, type: 'User' };
    return {
      id: repository.id,
      name: repository.name,
      full_name: `${repository.owner.login}/${repository.name}`,
      owner,
      private: repository.private ?? false,
      visibility: repository.private ? 'private' : 'public',
      fork: repository.fork ?? false,
      default_branch: repository.defaultBranch ?? 'main',
      html_url: `${WEB}/${repository.owner.login}/${repository.name}`,
    };
  });

  app.get('/repos/:owner/:repo/branches/*', async (request, reply) => {
    const repository = findRepository(request);
    const branch = decodeURIComponent((request.params as { '*': string })['*']);
    const known = repository && (branch === (repository.defaultBranch ?? 'main') || repository.branches?.[branch] !== undefined);
    const index = repository && known ? resolveRef(repository, branch) : -1;
    if (!repository || index < 0) return notFound(reply);
    return { name: branch, commit: commitJson(repository, index), protected: false };
  });

  app.get('/repos/:owner/:repo/contents/*', async (request, reply) => {
    const repository = findRepository(request);
    const path = decodeURIComponent((request.params as { '*': string })['*']).replace(/\/+$/, '');
    const ref = (request.query as { ref?: string }).ref;
    const index = repository ? resolveRef(repository, ref) : -1;
    if (!repository || index < 0) return notFound(reply);
    const tree = treeAt(repository, index);
    const text = tree.get(path);
    const at = ref ?? repository.defaultBranch ?? 'main';
    if (text !== undefined) return fileJson(repository, at, path, text);
    const prefix = path === '' ? '' : `${path}/`;
    const entries = new Map<string, { type: string; name: string; path: string }>();
    for (const file of tree.keys()) {
      if (!file.startsWith(prefix)) continue;
      const [name = '', ...rest] = file.slice(prefix.length).split('/');
      entries.set(name, { type: rest.length > 0 ? 'dir' : 'file', name, path: `${prefix}${name}` });
    }
    if (entries.size === 0) return notFound(reply);
    return [...entries.values()];
  });

  app.get('/repos/:owner/:repo/readme', async (request, reply) => {
    const repository = findRepository(request);
    const ref = (request.query as { ref?: string }).ref;
    const index = repository ? resolveRef(repository, ref) : -1;
    if (!repository || index < 0) return notFound(reply);
    const tree = treeAt(repository, index);
    // GitHub shows the README of `.github/`, else of the root, else of `docs/`.
    const readmeIn = (folder: string) =>
      [...tree.keys()].sort().find((file) => file.startsWith(folder) && !file.slice(folder.length).includes('/') && README.test(file.slice(folder.length)));
    const path = readmeIn('.github/') ?? readmeIn('') ?? readmeIn('docs/');
    if (path === undefined) return notFound(reply);
    return fileJson(repository, ref ?? repository.defaultBranch ?? 'main', path, tree.get(path) ?? '');
  });

  app.get('/repos/:owner/:repo/commits', async (request, reply) => {
    const repository = findRepository(request);
    const query = request.query as { sha?: string; since?: string; per_page?: string };
    const index = repository ? resolveRef(repository, query.sha) : -1;
    if (!repository || index < 0) return notFound(reply);
    const since = query.since === undefined ? -Infinity : Date.parse(query.since);
    const perPage = Math.min(100, Number(query.per_page ?? 30));
    const newestFirst = repository.commits
      .slice(0, index + 1)
      .map((commit, i) => ({ commit, i }))
      .reverse()
      .filter(({ commit }) => Date.parse(commit.date) >= since);
    return newestFirst.slice(0, perPage).map(({ i }) => commitJson(repository, i));
  });

  app.get('/repos/:owner/:repo/actions/runs', async (request, reply) => {
    const repository = findRepository(request);
    if (!repository) return notFound(reply);
    const query = request.query as { head_sha?: string; per_page?: string };
    const runs = (repository.workflowRuns ?? [])
      .map((run, i) => ({ run, id: run.id ?? i + 1 }))
      .filter(({ run }) => query.head_sha === undefined || run.headSha === query.head_sha)
      .sort((a, b) => Date.parse(b.run.createdAt) - Date.parse(a.run.createdAt));
    const perPage = Math.min(100, Number(query.per_page ?? 30));
    return {
      total_count: runs.length,
      workflow_runs: runs.slice(0, perPage).map(({ run, id }) => ({
        id,
        name: run.name,
        display_title: run.name,
        head_sha: run.headSha,
        head_branch: repository.defaultBranch ?? 'main',
        event: 'push',
        status: run.status ?? 'completed',
        conclusion: run.conclusion,
        html_url: `${WEB}/${repository.owner.login}/${repository.name}/actions/runs/${id}`,
        created_at: run.createdAt,
        updated_at: run.createdAt,
      })),
    };
  });

  app.get('/repos/:owner/:repo/commits/:ref/check-runs', async (request, reply) => {
    const repository = findRepository(request);
    if (!repository) return notFound(reply);
    const { ref } = request.params as { ref: string };
    const runs = (repository.checkRuns ?? []).map((run, i) => ({ run, id: i + 1 })).filter(({ run }) => run.headSha === ref);
    return {
      total_count: runs.length,
      check_runs: runs.map(({ run, id }) => ({
        id,
        name: run.name,
        head_sha: run.headSha,
        status: run.status ?? 'completed',
        conclusion: run.conclusion,
        html_url: `${WEB}/${repository.owner.login}/${repository.name}/runs/${id}`,
      })),
    };
  });

  app.setNotFoundHandler((_request, reply) => notFound(reply));

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const fake: FakeGitHubApi = {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    seed(seed) {
      state = structuredClone(seed);
    },
    fail(next) {
      failure = next && { ...next };
    },
    requests,
    handle: (request, response) => app.routing(request, response),
    stop: () => app.close(),
  };
  return fake;
}
