/**
 * Several API instances agree: two instances on two ports behind one database and
 * one Redis. Against real servers (TEST_DATABASE=postgres with TEST_REDIS_URL, as in CI) they are
 * two `node server/main.ts` processes; in `npm test` (the `server` project) two apps in this
 * process on one SQLite file and one in-memory Redis. The PGlite run skips this file: one PGlite
 * database cannot be opened by two instances.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE, TEST_REDIS, testDatabase, tempDir } from './test/helpers.ts';
import { call, flushRedis, inProcess, processes, resetTokenFrom, type Pair } from './test/instances.ts';

const real = TEST_DATABASE === 'postgres' && TEST_REDIS === 'redis';

describe.skipIf(TEST_DATABASE === 'pglite')(`two instances (${real ? 'processes on PostgreSQL and Redis' : 'in-process, SQLite'})`, () => {
  let pair: Pair;
  let drop = async () => {};
  beforeAll(async () => {
    if (real) {
      const database = await testDatabase(tempDir());
      drop = database.drop;
      if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
      // Redis's database 1: this file's alone, emptied first, so no other test's counters count.
      const redisUrl = `${process.env.TEST_REDIS_URL as string}/1`;
      await flushRedis(redisUrl);
      pair = await processes(database.target.url, redisUrl);
    } else {
      pair = await inProcess();
    }
  }, 60_000);
  afterAll(async () => {
    await pair?.close();
    await drop();
  });

  const newLearner = () => ({
    username: 'Two Instances',
    email: `pair-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Sturdy-pass-2026',
  });

  it('register on A, sign in on B, refresh on A, reuse the old token on B: the whole family is revoked', async () => {
    const { a, b } = pair;
    const learner = newLearner();
    expect((await call(a, 'POST', '/auth/register', { body: learner })).status).toBe(201);

    const signedIn = await call(b, 'POST', '/auth/login', { body: { email: learner.email, password: learner.password } });
    expect(signedIn.status).toBe(200);
    const first = signedIn.refresh as string;

    const refreshed = await call(a, 'POST', '/auth/refresh', { refresh: first });
    expect(refreshed.status).toBe(200);
    const second = refreshed.refresh as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const token = refreshed.body.token as string;
    expect((await call(b, 'GET', '/auth/me', { token })).status).toBe(200);

    // The first token comes back on the other instance: a thief, or a replay. Refused…
    const reused = await call(b, 'POST', '/auth/refresh', { refresh: first });
    expect(reused.status).toBe(401);
    // …and the family is gone on both: the current refresh token and the access token with it.
    expect((await call(a, 'POST', '/auth/refresh', { refresh: second })).status).toBe(401);
    expect((await call(a, 'GET', '/auth/me', { token })).status).toBe(401);
    expect((await call(b, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  it('two instances racing on one refresh token: one winner, and the family ends whole', async () => {
    const { a, b } = pair;
    const learner = newLearner();
    await call(a, 'POST', '/auth/register', { body: learner });
    const signedIn = await call(a, 'POST', '/auth/login', { body: { email: learner.email, password: learner.password } });
    const token = signedIn.refresh as string;
    const results = await Promise.all([call(a, 'POST', '/auth/refresh', { refresh: token }), call(b, 'POST', '/auth/refresh', { refresh: token })]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    // The loser's reuse revoked the family: the winner's new token is refused too, on either.
    const winner = results.find((r) => r.status === 200)?.refresh as string;
    expect((await call(b, 'POST', '/auth/refresh', { refresh: winner })).status).toBe(401);
    expect((await call(a, 'GET', '/auth/me', { token: results.find((r) => r.status === 200)?.body.token as string })).status).toBe(401);
  });

  it('five wrong passwords split over A and B: the sixth attempt is refused on either', async () => {
    const { a, b } = pair;
    const learner = newLearner();
    await call(a, 'POST', '/auth/register', { body: learner });
    const wrong = { email: learner.email, password: 'not-the-password-1' };
    for (const instance of [a, b, a, b, a]) {
      expect((await call(instance, 'POST', '/auth/login', { body: wrong })).status).toBe(401);
    }
    const right = { email: learner.email, password: learner.password };
    for (const instance of [b, a]) {
      const refused = await call(instance, 'POST', '/auth/login', { body: right });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a reset link mailed by A works on B, once', async () => {
    const { a, b } = pair;
    const learner = newLearner();
    await call(a, 'POST', '/auth/register', { body: learner });
    expect((await call(a, 'POST', '/auth/forgot-password', { body: { email: learner.email } })).status).toBe(202);
    const token = await resetTokenFrom(a.outbox, learner.email);
    const reset = await call(b, 'POST', '/auth/reset-password', { body: { token, password: 'Brand-new-pass-42' } });
    expect(reset.status).toBe(200);
    expect((await call(a, 'POST', '/auth/reset-password', { body: { token, password: 'Another-pass-43' } })).status).toBe(400);
    expect((await call(a, 'POST', '/auth/login', { body: { email: learner.email, password: 'Brand-new-pass-42' } })).status).toBe(200);
    expect((await call(b, 'POST', '/auth/login', { body: { email: learner.email, password: learner.password } })).status).toBe(401);
  });
});
