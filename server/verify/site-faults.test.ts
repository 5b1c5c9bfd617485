/**
 * A live site's own faults through the API, with the real address guard in front of a site on
 * loopback: a live URL answering 404 or redirecting to a private address is reported in one line
 * as failed after the first try, never retried as "couldn't check", and no page requirement passes
 * on it. GitHub and the page checker are fakes (the page checker passes everything it is asked,
 * so a requirement that passes here would show that it was run on the error page).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectResponseSchema } from '../../src/api/learning/contract.ts';
import { verificationMessages, type Requirement } from '../../src/domain/verification.ts';
import { loadCurriculumOnce, type LoadedCurriculum } from '../content/load.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/helpers.ts';
import type { CheckOutcome, RepoHost } from './contract.ts';
import { createGuard } from './guard.ts';
import type { VerificationParts } from './worker.ts';

const loaded = loadCurriculumOnce();
const frontend = loaded.paths.find((p) => p.slug === 'frontend-development')!;
const base = loaded.projects.find((p) => p.pathId === frontend.id && p.prerequisites.length === 0)!;
const REQUIREMENTS: Requirement[] = [
  { text: 'The home page has a main heading', check: { kind: 'page', rule: 'dom', path: '/', steps: [{ expect: 'h1' }] } },
  { text: 'The page has no horizontal scrolling', check: { kind: 'page', rule: 'no-horizontal-scroll', path: '/' } },
];
const curriculum: LoadedCurriculum = {
  ...loaded,
  version: `${loaded.version}-site-faults-test`,
  projects: loaded.projects.map((p) => (p.id === base.id ? { ...p, requirements: REQUIREMENTS } : p)),
};
const project = { ...base, requirements: REQUIREMENTS };

const repoHost: RepoHost = {
  repository: async (owner, name) => ({
    id: Number.parseInt(owner.slice(1), 10),
    owner,
    name,
    ownerId: 1,
    private: false,
    fork: false,
    defaultBranch: 'main',
    htmlUrl: `https://github.com/${owner}/${name}`,
  }),
  headCommit: async (owner) => ({ sha: owner.padEnd(40, '0'), date: '2026-06-10T00:00:00.000Z', htmlUrl: `https://github.com/${owner}/site/commit/1` }),
  fileAt: async () => null,
  readmeAt: async () => null,
  commitsSince: async () => 3,
  latestWorkflowRun: async () => null,
};

let clock = Date.parse('2026-06-10T12:00:00.000Z');
let t: TestApp;
let site: Server;
let origin: string;
/** Every request the page checker was asked to make (none, when the live URL is the site's fault). */
const pageRuns: string[] = [];
const guard = createGuard({ allow: ['127.0.0.1'] });

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://127.0.0.2:1/' }).end();
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const passed: CheckOutcome = { status: 'passed', message: null, evidence: null };
  const parts: VerificationParts = {
    repoHost,
    guardedFetch: guard.fetch,
    httpChecker: async () => passed,
    pageChecker: async (url, checks) => {
      pageRuns.push(url);
      return checks.map(() => passed);
    },
  };
  t = await createTestApp({ accessTokenTtlSeconds: 24 * 3600 }, { now: () => clock, curriculum, verification: { ...parts, manual: true } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  guard.close();
  await new Promise((resolve) => site?.close(resolve));
});

async function report(app: FastifyInstance, token: string) {
  const answer = await app.inject({ method: 'GET', url: `/learning/projects/${project.slug}`, headers: bearer(token) });
  return projectResponseSchema.parse(answer.json()).project.submission!.verification;
}

async function submitted(owner: string, liveUrl: string) {
  const { token } = await signIn(t.app);
  const json = { ...bearer(token), 'content-type': 'application/json' };
  expect((await t.app.inject({ method: 'POST', url: `/learning/projects/${project.id}/start`, headers: json, payload: '{}' })).statusCode).toBe(200);
  for (const task of project.tasks) expect((await t.app.inject({ method: 'PUT', url: `/learning/tasks/${task.id}`, headers: bearer(token) })).statusCode).toBe(204);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/learning/projects/${project.id}/submission`,
    headers: json,
    payload: JSON.stringify({ repositoryUrl: `https://github.com/${owner}/site`, liveUrl }),
  });
  expect(answer.statusCode, answer.body).toBe(202);
  return token;
}

describe('a live site’s own fault', () => {
  it.each([
    ['answers 404', '/missing', verificationMessages.siteAnswers(404)],
    ['redirects to a private address', '/redirect', verificationMessages.redirectsToPrivate()],
  ])('%s: failed after the first try, in one line, never retried, no page requirement passed', async (_name, path, message) => {
    const token = await submitted(`u${path.length}`, `${origin}${path}`);
    await t.app.verification.drain();
    const first = await report(t.app, token);
    expect(first.state).toBe('failed');
    expect(first.submission.find((r) => r.id === 'submission:live')).toMatchObject({ status: 'failed', message });
    expect(first.requirements.map((r) => r.status)).toEqual(['not-checked', 'not-checked']);
    expect(pageRuns).toEqual([]);
    // Nothing is tried again later: the report stays as it is.
    clock += 120_000;
    await t.app.verification.drain();
    expect(await report(t.app, token)).toEqual(first);
  });
});
