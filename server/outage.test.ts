/**
 * PostgreSQL and Redis stopping while the API runs: requests get a 503 with a
 * message, nothing is half-written, and when the server is back the same processes serve again
 * without a restart. It stops the shared test servers, so it runs alone, after the suite:
 *
 *   eval "$(scripts/postgres-cluster.sh start)"; eval "$(scripts/redis-server.sh start)"
 *   vitest run --project outage
 *
 * (.ci/run does exactly this.)
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from './http/errors.ts';
import { tempDir, testDatabase } from './test/helpers.ts';
import { call, flushRedis, processes, type Instance, type Pair } from './test/instances.ts';

type Server = 'postgres-cluster' | 'redis-server';
const halted = new Set<Server>();
function script(name: Server, command: 'halt' | 'resume') {
  execFileSync('bash', [`scripts/${name}.sh`, command], { stdio: 'inherit' });
  if (command === 'halt') halted.add(name);
  else halted.delete(name);
}
// A failed test leaves nothing stopped behind it.
afterEach(() => {
  for (const name of halted) script(name, 'resume');
});

let pair: Pair;
let drop = async () => {};
let databaseUrl = '';
beforeAll(async () => {
  for (const name of ['TEST_DATABASE_URL', 'PG_CLUSTER_DIR', 'TEST_REDIS_URL', 'REDIS_TEST_DIR']) {
    if (!process.env[name]) throw new Error(`${name} is not set: start scripts/postgres-cluster.sh and scripts/redis-server.sh first`);
  }
  const database = await testDatabase(tempDir());
  if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
  drop = database.drop;
  databaseUrl = database.target.url;
  const redisUrl = `${process.env.TEST_REDIS_URL as string}/2`;
  await flushRedis(redisUrl);
  pair = await processes(databaseUrl, redisUrl, { RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
}, 60_000);
afterAll(async () => {
  await pair?.close();
  await drop();
});

const learner = () => ({ username: 'Outage Learner', email: `outage-${randomUUID().slice(0, 8)}@example.com`, password: 'Sturdy-pass-2026' });

async function waitUntilReady(instance: Instance): Promise<number> {
  const started = Date.now();
  for (;;) {
    const ready = await call(instance, 'GET', '/ready');
    if (ready.status === 200) return Date.now() - started;
    if (Date.now() - started > 20_000) throw new Error(`${instance.name} not ready after 20 s: ${JSON.stringify(ready.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function usersNamed(emails: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>('select email from users where email = any($1)', [emails]);
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL stops mid-run', () => {
  it('503s with a message, no half-written account, and both instances recover without a restart', async () => {
    const { a, b } = pair;
    const before = learner();
    expect((await call(a, 'POST', '/auth/register', { body: before })).status).toBe(201);

    // Registrations in flight while the server stops (it stops once the first few are done):
    // each one either happened or did not.
    const burst = Array.from({ length: 40 }, learner);
    let answered = 0;
    let someDone: () => void = () => {};
    const firstFew = new Promise<void>((resolve) => (someDone = resolve));
    const inFlight = burst.map((body, i) =>
      call(i % 2 ? a : b, 'POST', '/auth/register', { body }).then((reply) => {
        if ((answered += 1) === 4) someDone();
        return reply;
      }),
    );
    await firstFew;
    script('postgres-cluster', 'halt');
    const outcomes = await Promise.all(inFlight);
    for (const outcome of outcomes) expect([201, 503]).toContain(outcome.status);

    const during = learner();
    const refused = await call(a, 'POST', '/auth/register', { body: during });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: httpMessages.unavailable });
    expect(refused.headers.get('retry-after')).toBe('5');
    const login = await call(b, 'POST', '/auth/login', { body: { email: before.email, password: before.password } });
    expect(login.status).toBe(503);
    expect(JSON.stringify(login.body)).not.toMatch(/ECONNREFUSED|postgres|stack|at .+:\d+/i);

    const health = await call(a, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'degraded', database: 'unreachable', redis: 'reachable' });
    const ready = await call(b, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'unavailable',
      message: 'Not ready: the database is unreachable.',
      database: 'unreachable',
      redis: 'reachable',
    });

    script('postgres-cluster', 'resume');
    const recoveredInMs = Math.max(await waitUntilReady(a), await waitUntilReady(b));
    console.log(`PostgreSQL back: both instances ready again within ${recoveredInMs} ms`);

    // What got a 201 is there and signs in; what got a 503 is not there and can register now.
    const created = outcomes.flatMap((o, i) => (o.status === 201 ? [burst[i]] : []));
    const failed = outcomes.flatMap((o, i) => (o.status === 503 ? [burst[i]] : []));
    console.log(`registrations while stopping: ${created.length} done, ${failed.length} refused with 503`);
    expect(created.length).toBeGreaterThanOrEqual(4);
    const present = await usersNamed(burst.map((l) => (l as { email: string }).email));
    expect(present.sort()).toEqual(created.map((l) => (l as { email: string }).email).sort());
    for (const l of created.slice(0, 2)) {
      const signIn = await call(b, 'POST', '/auth/login', { body: { email: l?.email, password: l?.password } });
      expect(signIn.status).toBe(200);
    }
    for (const l of [during, ...failed]) {
      expect((await call(a, 'POST', '/auth/register', { body: l })).status).toBe(201);
    }
    expect((await call(b, 'POST', '/auth/login', { body: { email: before.email, password: before.password } })).status).toBe(200);
  }, 60_000);
});

describe('Redis stops mid-run', () => {
  it('rate-limited requests 503 (never unlimited), the rest goes on, and both recover without a restart', async () => {
    const { a, b } = pair;
    const someone = learner();
    await call(a, 'POST', '/auth/register', { body: someone });
    const session = await call(b, 'POST', '/auth/login', { body: { email: someone.email, password: someone.password } });
    const token = session.body.token as string;

    script('redis-server', 'halt');
    const login = await call(a, 'POST', '/auth/login', { body: { email: someone.email, password: someone.password } });
    expect(login.status).toBe(503);
    expect(login.body).toEqual({ message: httpMessages.unavailable });
    expect((await call(b, 'POST', '/auth/register', { body: learner() })).status).toBe(503);
    // Signed-in work needs no counter: it goes on.
    expect((await call(a, 'GET', '/auth/me', { token })).status).toBe(200);
    const health = await call(b, 'GET', '/health');
    expect(health.body).toEqual({ status: 'degraded', database: 'reachable', redis: 'unreachable' });
    const ready = await call(a, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe('Not ready: Redis is unreachable.');

    script('redis-server', 'resume');
    const recoveredInMs = Math.max(await waitUntilReady(a), await waitUntilReady(b));
    console.log(`Redis back: both instances ready again within ${recoveredInMs} ms`);
    expect((await call(a, 'POST', '/auth/login', { body: { email: someone.email, password: someone.password } })).status).toBe(200);
    expect((await call(b, 'POST', '/auth/register', { body: learner() })).status).toBe(201);
  }, 60_000);
});
