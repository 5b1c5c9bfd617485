/**
 * No request can hold the event loop: every pattern the server runs on request input costs time
 * linear in a length that is checked first. Each case below is a worst case for one pattern (the
 * text that makes a backtracking engine try the most splits), sent as a request; it must answer
 * within a few milliseconds of a plain request to the same route measured in the same run
 * (machines differ threefold in speed, a quadratic pattern a hundredfold).
 */
import { performance } from 'node:perf_hooks';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCurriculumOnce } from './content/load.ts';
import { bearer, createTestApp, newUser, postJson, register, signIn, type TestApp } from './test/helpers.ts';

let t: TestApp;
let token: string;
/** A project the learner has started, so its submission reaches the repository URL's pattern. */
let projectId: string;

// Signing in and starting a project on PGlite can outlast the default 10 s on a busy machine.
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  const curriculum = loadCurriculumOnce();
  const first = curriculum.projects.find((p) => !curriculum.projects.some((q) => q.id !== p.id && p.prerequisites?.includes(q.id)));
  projectId = (first ?? curriculum.projects[0])!.id;
  const started = await t.app.inject({
    method: 'POST',
    url: `/learning/projects/${projectId}/start`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(started.statusCode).toBe(200);
  await register(t.app, newUser({ email: 'taken@example.com' }));
}, 30_000);
afterAll(async () => {
  await t.app.background.drain();
  await t.close();
});

/** The payload that stalled the old email pattern: an email whose domain is 16,250 dots (the body stays under the 16 KiB limit). */
const DOTS = `a@${'.'.repeat(16_250)}@`;
/** Long enough to show a quadratic cost, short enough for every body and header limit. */
const N = 16_000;

type Request = { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown; headers?: Record<string, string>; auth?: boolean };

function inject(request: Request) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(request.auth ? bearer(token) : {}),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  } as InjectOptions);
}

/** One request's time in ms, and its status. */
async function once(request: Request): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await inject(request);
  return { ms: performance.now() - start, status: response.statusCode };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * The median times of a plain request and a worst case, sent in turns (after one of each to warm
 * up), so both meet the same load on a machine shared with other work.
 */
async function compare(plain: Request, worst: Request, runs = 7): Promise<{ plainMs: number; worstMs: number; status: number }> {
  await inject(plain);
  const { status } = await once(worst);
  const plainTimes: number[] = [];
  const worstTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    plainTimes.push((await once(plain)).ms);
    const result = await once(worst);
    expect(result.status).toBe(status);
    worstTimes.push(result.ms);
  }
  return { plainMs: median(plainTimes), worstMs: median(worstTimes), status };
}

/** A few milliseconds: three times the plain request's time, plus 10 ms for a busy machine (a quadratic pattern is far slower). */
const budget = (referenceMs: number) => 3 * referenceMs + 10;

/** The longest the event loop went without running a 1 ms timer while `work` ran: how long any other request would have waited. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 5));
  } finally {
    clearInterval(probe);
  }
  return longest;
}

type Case = { name: string; request: Request; status: number };

/** Each route: a plain request that takes the same way through it, then its worst cases. */
const routes: { route: string; reference: Request; cases: Case[] }[] = [
  {
    route: 'POST /auth/login',
    reference: { method: 'POST', url: '/auth/login', body: { email: 'nobody@example.com', password: 'Sturdy-pass-0' } },
    cases: [
      { name: 'an email of 16,250 dots', request: { method: 'POST', url: '/auth/login', body: { email: DOTS, password: 'Sturdy-pass-0' } }, status: 401 },
      {
        name: 'a 254-character email of dots',
        request: { method: 'POST', url: '/auth/login', body: { email: `a@${'.'.repeat(251)}@`, password: 'Sturdy-pass-0' } },
        status: 400,
      },
      {
        name: 'a 254-character domain with no dot',
        request: { method: 'POST', url: '/auth/login', body: { email: `a@${'b'.repeat(251)}@`, password: 'Sturdy-pass-0' } },
        status: 400,
      },
      {
        name: 'a 254-character local part with no @',
        request: { method: 'POST', url: '/auth/login', body: { email: 'a'.repeat(254), password: 'Sturdy-pass-0' } },
        status: 400,
      },
      {
        name: 'dots and letters, then an @',
        request: { method: 'POST', url: '/auth/login', body: { email: `a@${'b.'.repeat(N / 2)}@`, password: 'Sturdy-pass-0' } },
        status: 401,
      },
    ],
  },
  {
    route: 'POST /auth/register',
    reference: { method: 'POST', url: '/auth/register', body: { username: 'Ada', email: 'bad', password: 'Sturdy-pass-0' } },
    cases: [
      {
        name: 'an email of 16,250 dots',
        request: { method: 'POST', url: '/auth/register', body: { username: 'Ada', email: DOTS, password: 'Sturdy-pass-0' } },
        status: 400,
      },
      {
        name: 'dots then white space',
        request: { method: 'POST', url: '/auth/register', body: { username: 'Ada', email: `a@${'.'.repeat(N)} x`, password: 'Sturdy-pass-0' } },
        status: 400,
      },
      {
        name: 'a 16,000-character name without control characters',
        request: { method: 'POST', url: '/auth/register', body: { username: 'a'.repeat(N), email: 'bad', password: 'Sturdy-pass-0' } },
        status: 400,
      },
      {
        name: 'a long name and email, both checked by the server',
        request: { method: 'POST', url: '/auth/register', body: { username: 'a'.repeat(N / 2), email: `a@${'.'.repeat(N / 2 - 100)}@`, password: 'Sturdy-pass-0' } },
        status: 400,
      },
    ],
  },
  {
    route: 'POST /auth/forgot-password',
    reference: { method: 'POST', url: '/auth/forgot-password', body: { email: 'nobody@example.com' } },
    cases: [
      { name: 'an email of 16,250 dots', request: { method: 'POST', url: '/auth/forgot-password', body: { email: DOTS } }, status: 202 },
      { name: 'a 254-character email of dots', request: { method: 'POST', url: '/auth/forgot-password', body: { email: `a@${'.'.repeat(251)}@` } }, status: 400 },
    ],
  },
  {
    route: 'PUT /account/profile',
    reference: { method: 'PUT', url: '/account/profile', auth: true, body: { username: 'Ada', email: 'bad' } },
    cases: [
      { name: 'an email of 16,250 dots', request: { method: 'PUT', url: '/account/profile', auth: true, body: { username: 'Ada', email: DOTS } }, status: 400 },
      {
        name: 'a 16,000-character name',
        request: { method: 'PUT', url: '/account/profile', auth: true, body: { username: 'a'.repeat(N), email: 'bad' } },
        status: 400,
      },
    ],
  },
  {
    route: 'POST /auth/reset-password (the token pattern)',
    reference: { method: 'POST', url: '/auth/reset-password', body: { token: 'x', password: 'Sturdy-pass-0' } },
    cases: [
      {
        name: 'a 16,000-character token of token characters',
        request: { method: 'POST', url: '/auth/reset-password', body: { token: 'A'.repeat(N), password: 'Sturdy-pass-0' } },
        status: 400,
      },
    ],
  },
  {
    route: 'POST /auth/refresh (the refresh cookie)',
    reference: { method: 'POST', url: '/auth/refresh', body: {}, headers: { cookie: 'pf_refresh=x' } },
    cases: [
      {
        name: 'an 8,000-character cookie of token characters',
        request: { method: 'POST', url: '/auth/refresh', body: {}, headers: { cookie: `pf_refresh=${'A'.repeat(N / 2)}` } },
        status: 401,
      },
    ],
  },
  {
    route: 'GET /auth/me (the bearer header and the token)',
    reference: { method: 'GET', url: '/auth/me', headers: { authorization: 'Bearer x' } },
    cases: [
      {
        name: 'spaces, token characters, spaces, then a stray character',
        request: { method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${' '.repeat(4000)}${'a'.repeat(4000)}${' '.repeat(4000)}!` } },
        status: 401,
      },
      {
        name: 'a 2,048-character token of three segments',
        request: { method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${'a'.repeat(1000)}.${'a'.repeat(1000)}.${'a'.repeat(46)}` } },
        status: 401,
      },
      { name: 'a 12,000-character token', request: { method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${'a.'.repeat(6000)}` } }, status: 401 },
    ],
  },
  {
    route: 'GET /learning/paths/:slug (the slug pattern)',
    reference: { method: 'GET', url: '/learning/paths/no-such-path', auth: true },
    cases: [
      {
        name: 'a 100-character slug (the longest a route takes) of words that ends badly',
        request: { method: 'GET', url: `/learning/paths/${'a-'.repeat(49)}a_`, auth: true },
        status: 404,
      },
    ],
  },
  {
    route: 'POST /learning/projects/:id/submission (the repository URL pattern)',
    reference: { method: 'POST', url: '', auth: true, body: { repositoryUrl: 'x' } },
    cases: [
      {
        name: 'a 1,024-character URL whose repository ends badly',
        request: { method: 'POST', url: '', auth: true, body: { repositoryUrl: `https://github.com/${'a-'.repeat(19)}a/${'a.'.repeat(480)}!` } },
        status: 400,
      },
      {
        name: 'a 1,024-character owner of single hyphens',
        request: { method: 'POST', url: '', auth: true, body: { repositoryUrl: `https://github.com/${'a-'.repeat(500)}/x` } },
        status: 400,
      },
      {
        name: 'a 16,000-character URL',
        request: { method: 'POST', url: '', auth: true, body: { repositoryUrl: `https://github.com/a/${'a.'.repeat(N / 2)}` } },
        status: 400,
      },
    ],
  },
  {
    route: 'PUT /learning/clock (the time zone pattern)',
    reference: { method: 'PUT', url: '/learning/clock', auth: true, body: { timeZone: 'Mars/Olympus' } },
    cases: [
      {
        name: 'a 64-character time zone that ends badly',
        request: { method: 'PUT', url: '/learning/clock', auth: true, body: { timeZone: `A${'a/'.repeat(31)}!` } },
        status: 400,
      },
      { name: 'a 16,000-character time zone', request: { method: 'PUT', url: '/learning/clock', auth: true, body: { timeZone: 'A'.repeat(N) } }, status: 400 },
    ],
  },
];

describe('every pattern the server runs on input answers its worst case within a few milliseconds', () => {
  for (const { route, reference, cases } of routes) {
    it(`${route}: ${cases.map((c) => c.name).join('; ')}`, async () => {
      const withUrl = (request: Request): Request => (request.url === '' ? { ...request, url: `/learning/projects/${projectId}/submission` } : request);
      for (const { name, request, status } of cases) {
        const { plainMs, worstMs, status: got } = await compare(withUrl(reference), withUrl(request));
        expect(got, name).toBe(status);
        expect(worstMs, `${name}: ${worstMs.toFixed(1)} ms, the plain request ${plainMs.toFixed(1)} ms`).toBeLessThanOrEqual(budget(plainMs));
      }
    });
  }

  it('four such requests at once hold the event loop no longer than four plain ones (what kept /health waiting)', async () => {
    const login = (email: string) => () => Promise.all(Array.from({ length: 4 }, () => postJson(t.app, '/auth/login', { email, password: 'Sturdy-pass-0' })));
    // In turns, five times each: a single stall can be the machine's (another process), a median is the code's.
    const plains: number[] = [];
    const attacks: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      plains.push(await longestStall(login('nobody@example.com')));
      attacks.push(await longestStall(login(DOTS)));
    }
    const [plain, attack] = [median(plains), median(attacks)];
    expect(attack, `the event loop stood still ${attack.toFixed(1)} ms under attack, ${plain.toFixed(1)} ms under plain requests`).toBeLessThanOrEqual(
      budget(plain),
    );
  });
});
