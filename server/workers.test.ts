/**
 * The runner scales on its own: an API started with WORKERS=off queues checks and mail but runs
 * and sends none; worker processes (`npm run worker`) do, sharing one queue. In `npm test` (SQLite)
 * an API app and a worker app in this process share one SQLite file; against a real PostgreSQL
 * (TEST_DATABASE=postgres, as in CI) two API processes and two worker processes share one database,
 * and every run is checked exactly once. The PGlite run skips this file: one PGlite database cannot
 * be opened by two apps.
 */
import { createServer, type Server } from 'node:http';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadCurriculumOnce } from './content/load.ts';
import { projectResponseSchema } from '../src/api/learning/contract.ts';
import { bearer, postJson, signIn, TEST_DATABASE, TEST_SECRET, tempDir, testConfig, testDatabase, WEB_ORIGIN } from './test/helpers.ts';
import { freePort, launch, type Child } from './test/instances.ts';
import type { VerificationParts } from './verify/worker.ts';
import { UNAVAILABLE_PARTS } from './verify/worker.ts';

const curriculum = loadCurriculumOnce();
/** A project any new learner may start. */
const project = curriculum.projects.find((p) => p.prerequisites.length === 0 && p.tasks.length > 0)!;
const LIVE = 'http://127.0.0.1:9/site/';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GitHub as the checks read it, on loopback: no repository exists (each run asks once, after `delayMs`); every path asked is recorded. */
async function emptyGitHub(delayMs: number): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? '');
    setTimeout(() => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Not Found', status: '404' }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(TEST_DATABASE === 'sqlite')('an API with WORKERS=off and a worker, in this process on one SQLite file', () => {
  const dir = tempDir();
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the API queues the check and the mail and runs neither; the worker runs both', async () => {
    const config = testConfig(dir, { accessTokenTtlSeconds: 3600 });
    const asked: string[] = [];
    const parts: VerificationParts = {
      ...UNAVAILABLE_PARTS,
      repoHost: {
        ...UNAVAILABLE_PARTS.repoHost,
        repository: async (owner, name) => {
          asked.push(`${owner}/${name}`);
          return null;
        },
      },
    };
    const api = await buildApp({ ...config, workers: 'off' }, { logger: false, verification: { ...parts, intervalMs: 20 } });
    apps.push(api);
    const learner = await signIn(api);
    expect((await postJson(api, `/learning/projects/${project.id}/start`, {}, bearer(learner.token))).statusCode).toBe(200);
    for (const task of project.tasks) await api.inject({ method: 'PUT', url: `/learning/tasks/${task.id}`, headers: bearer(learner.token) });
    const submitted = await postJson(
      api,
      `/learning/projects/${project.id}/submission`,
      { repositoryUrl: 'https://github.com/ada/site', liveUrl: LIVE },
      bearer(learner.token),
    );
    expect(submitted.statusCode, submitted.body).toBe(202);
    expect((await postJson(api, '/auth/forgot-password', { email: learner.user.email })).statusCode).toBe(202);
    await api.background.drain();
    const mails = () => {
      try {
        return readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
      } catch {
        return 0;
      }
    };
    const mailsBefore = mails();
    await sleep(300); // many times the API's worker interval: it has none running
    const report = async () =>
      projectResponseSchema.parse((await api.inject({ method: 'GET', url: `/learning/projects/${project.slug}`, headers: bearer(learner.token) })).json()).project
        .submission!.verification;
    expect((await report()).state).toBe('checking');
    expect(asked).toEqual([]);
    expect(mails()).toBe(mailsBefore);

    // A worker on the same database: it checks the run and sends the mail.
    const worker = await buildApp(config, { logger: false, role: 'worker', verification: { ...parts, intervalMs: 20 } });
    apps.push(worker);
    await worker.ready();
    for (let i = 0; i < 200 && (await report()).state === 'checking'; i += 1) await sleep(25);
    expect((await report()).state).toBe('failed');
    expect(asked).toEqual(['ada/site']);
    await worker.outbox.sendDue();
    expect(mails()).toBeGreaterThan(mailsBefore);
  });
});

describe.runIf(TEST_DATABASE === 'postgres')('two API processes (WORKERS=off) and two worker processes on one PostgreSQL', () => {
  const children: Child[] = [];
  const dirs: string[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const { child } of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => c.exited));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await drop();
  });

  it('share the queue: every run is checked once, by the workers only', async () => {
    const database = await testDatabase(tempDir());
    drop = database.drop;
    if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    const databaseUrl = database.target.url;
    // The workers' GitHub answers slowly, so both workers take part; the APIs' GitHub must never be asked.
    const github = await emptyGitHub(250);
    const trap = await emptyGitHub(0);
    const common = {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_SECRET,
      WEB_ORIGIN,
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000',
    };
    const start = async (script: string, env: Record<string, string>) => {
      const dir = tempDir();
      dirs.push(dir);
      const child = launch({ ...common, DATABASE_PATH: join(dir, 'pathforge.db'), ...env }, script);
      children.push(child);
      return child;
    };
    const apis: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const child = await start('server/main.ts', { PORT: String(port), WORKERS: 'off', GITHUB_API_URL: trap.url });
      const url = `http://127.0.0.1:${port}`;
      for (let tries = 0; ; tries += 1) {
        try {
          await fetch(`${url}/health`);
          break;
        } catch {
          if (tries > 300) throw new Error(`the API did not start:\n${child.output()}`);
          await sleep(50);
        }
      }
      apis.push(url);
    }
    for (let i = 0; i < 2; i += 1) await start('server/worker-main.ts', { GITHUB_API_URL: github.url, PORT: '0' });

    const request = async (url: string, method: string, path: string, token: string | null, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          origin: WEB_ORIGIN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
    };
    const LEARNERS = 16;
    await Promise.all(
      Array.from({ length: LEARNERS }, async (_, i) => {
        const api = apis[i % 2] as string;
        const other = apis[(i + 1) % 2] as string;
        const learner = { username: `Worker Learner ${i}`, email: `workers-${i}-${Date.now()}@example.com`, password: 'Sturdy-pass-2026' };
        expect((await request(api, 'POST', '/auth/register', null, learner)).status).toBe(201);
        const { body } = await request(other, 'POST', '/auth/login', null, { email: learner.email, password: learner.password });
        const token = body.token as string;
        expect((await request(api, 'POST', `/learning/projects/${project.id}/start`, token, {})).status).toBe(200);
        for (const task of project.tasks) expect((await request(other, 'PUT', `/learning/tasks/${task.id}`, token)).status).toBe(204);
        const submitted = await request(api, 'POST', `/learning/projects/${project.id}/submission`, token, {
          repositoryUrl: `https://github.com/learner-${i}/site`,
          liveUrl: LIVE,
        });
        expect(submitted.status).toBe(202);
      }),
    );

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const runs = async () =>
        (
          await client.query<{ repository_url: string; status: string; attempts: number; claimed_by: string | null }>(
            'select repository_url, status, attempts, claimed_by from verification_runs',
          )
        ).rows;
      for (let i = 0; i < 600 && (await runs()).some((r) => r.status !== 'done'); i += 1) await sleep(50);
      const done = await runs();
      expect(done).toHaveLength(LEARNERS);
      expect(done.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
      // Each learner's repository was asked for once, by a worker; both workers took runs.
      const asked = github.asked.map((path) => /^\/repos\/([^/]+)\//.exec(path)?.[1]).sort();
      expect(asked).toEqual(Array.from({ length: LEARNERS }, (_, i) => `learner-${i}`).sort());
      expect(trap.asked).toEqual([]);
      expect(new Set(done.map((r) => r.claimed_by?.split(':')[0])).size).toBe(2);
    } finally {
      await client.end();
      await github.close();
      await trap.close();
    }
  }, 120_000);
});
