/**
 * TEST ONLY: GitHub's REST API for reading repositories, as verification uses it, on loopback
 * (Fastify). Seeded per test with plain JSON: repositories (ids, owner, private, fork, default
 * branch), their commits oldest first (each with its date and the files it adds, changes or
 * deletes), README files (named README whatever its case, in `.github/`, the root or `docs/`, as
 * GitHub finds them) and workflow runs.
 * Switches make it answer 404, 500, a used-up rate limit (403 with `x-ratelimit-remaining: 0`
 * and `x-ratelimit-reset`), a secondary limit (403 with `retry-after`) or nothing at all.
 *
 * Like GitHub, every answer carries the rate limit (`x-ratelimit-limit`, `-remaining`, `-used`,
 * `-reset`), counted down per request; once none remain, every request is refused with 403 until
 * the reset (`quota()`, `PUT /_fake/quota`). Every 200 carries an `etag`; a request sending it back
 * in `if-none-match` gets 304 Not Modified with no body, which does not count against the limit
 * when the request carries the token (GitHub's rule; anonymous requests count whatever the answer).
 * A fork (`fork: true`) answers its `parent` and `source` (the root of its network).
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

/** A repository another one was forked from, as GitHub describes it inside the fork. */
export type FakeRepositoryRef = { id: number; owner: { id: number; login: string }; name: string };

export type FakeRepository = {
  id: number;
  owner: { id: number; login: string };
  name: string;
  private?: boolean;
  fork?: boolean;
  /** For a fork: the repository it was forked from. */
  parent?: FakeRepositoryRef;
  /** For a fork: the root of its fork network (the parent unless given). */
  source?: FakeRepositoryRef;
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

export type FakeGitHubRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** The `if-none-match` sent, if any. */
  ifNoneMatch: string | null;
  /** The status answered (set once the answer is sent). */
  status: number | null;
};

/** The primary rate limit: how many requests remain until `resetAt` (epoch seconds). */
export type FakeGitHubQuota = { limit: number; remaining: number; resetAt: number };

export type FakeGitHubApi = {
  /** Where the API answers, e.g. http://127.0.0.1:41234 (GITHUB_API_URL). */
  url: string;
  seed(seed: FakeGitHubSeed): void;
  /** Make requests fail, or null to answer normally again. */
  fail(failure: FakeGitHubFailure | null): void;
  /** Every API request answered (or refused), oldest first; the control routes are not listed. */
  readonly requests: FakeGitHubRequest[];
  /** Sets the rate limit (default 5,000 an hour, reset an hour after start); answers it as it is now. */
  quota(next?: Partial<FakeGitHubQuota>): FakeGitHubQuota;
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
  let limits: FakeGitHubQuota = { limit: 5000, remaining: 5000, resetAt: Math.floor(Date.now() / 1000) + 3600 };
  const setQuota = (next: Partial<FakeGitHubQuota> = {}) => {
    limits = { ...limits, ...next };
    return { ...limits };
  };
  const recorded = new WeakMap<FastifyRequest, FakeGitHubRequest>();
  const rateHeaders = () => ({
    'x-ratelimit-limit': String(limits.limit),
    'x-ratelimit-remaining': String(Math.max(0, limits.remaining)),
    'x-ratelimit-used': String(limits.limit - Math.max(0, limits.remaining)),
    'x-ratelimit-reset': String(limits.resetAt),
    'x-ratelimit-resource': 'core',
  });
  const limitExceeded = (reply: FastifyReply, resetAt: number) =>
    reply
      .code(403)
      .headers({
        'x-ratelimit-limit': String(limits.limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': String(limits.limit),
        'x-ratelimit-reset': String(resetAt),
      })
      .send({ message: 'API rate limit exceeded for 127.0.0.1.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' });
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
    const entry: FakeGitHubRequest = {
      method: request.method,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization ?? null,
      ifNoneMatch: (request.headers['if-none-match'] as string | undefined) ?? null,
      status: null,
    };
    requests.push(entry);
    recorded.set(request, entry);
    // The limit resets on the hour it names; until then, none left is a refusal.
    if (Date.now() / 1000 >= limits.resetAt) limits = { ...limits, remaining: limits.limit, resetAt: limits.resetAt + 3600 };
    if (limits.remaining <= 0) return limitExceeded(reply, limits.resetAt);
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
    return limitExceeded(reply, current.resetAt ?? Math.floor(Date.now() / 1000) + 3600);
  });

  // ETags and the rate limit on every answer, as GitHub sends them.
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = recorded.get(request);
    if (!entry) return payload;
    let body = payload;
    if (reply.statusCode === 200 && request.method === 'GET' && typeof payload === 'string') {
      const etag = `W/"${createHash('sha1').update(payload).digest('hex')}"`;
      reply.header('etag', etag);
      if (entry.ifNoneMatch === etag) {
        reply.code(304);
        reply.removeHeader('content-type');
        body = '';
      }
    }
    // A 304 is free for a request with the token; anything else counts (a refusal for the limit already did not).
    const free = reply.statusCode === 304 && authorized(request);
    if (!free && reply.getHeader('x-ratelimit-remaining') !== '0') limits = { ...limits, remaining: limits.remaining - 1 };
    if (reply.getHeader('x-ratelimit-remaining') !== '0') reply.headers(rateHeaders());
    entry.status = reply.statusCode;
    return body;
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
  app.put('/_fake/quota', async (request) => setQuota((request.body as Partial<FakeGitHubQuota> | null) ?? {}));

  const refJson = (ref: FakeRepositoryRef) => ({
    id: ref.id,
    name: ref.name,
    full_name: `${ref.owner.login}/${ref.name}`,
    owner: { login: ref.owner.login, id: ref.owner.id, type: 'User' },
    html_url: `${WEB}/${ref.owner.login}/${ref.name}`,
  });

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
      ...(repository.fork && repository.parent ? { parent: refJson(repository.parent), source: refJson(repository.source ?? repository.parent) } : {}),
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
    quota: setQuota,
    handle: (request, response) => app.routing(request, response),
    stop: () => app.close(),
  };
  return fake;
}
