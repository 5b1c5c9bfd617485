/**
 * /health and /ready, and what a request gets while a dependency is down: a 503 with a message
 * and Retry-After, never a stack trace, and never a request let through without its rate limit.
 * (Stopping a real PostgreSQL and Redis mid-run and watching the API recover: outage.test.ts.)
 */
import RedisMock from 'ioredis-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from './http/errors.ts';
import { bearer, createTestApp, errorMessage, newUser, postJson, signIn, TEST_REDIS, type TestApp, type TestUser } from './test/helpers.ts';

const redisState = TEST_REDIS === 'none' ? 'not configured' : 'reachable';

describe('all reachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /health reports the database and Redis', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'reachable', redis: redisState });
  });

  it('GET /ready is 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'reachable', redis: redisState });
  });
});

describe('Redis down while running, and back', () => {
  let t: TestApp;
  // A client of its own (ioredis-mock, in every project) that the test can disconnect, as the
  // app's client is while Redis is down: commands fail at once (no offline queue).
  const redis = new RedisMock({ keyPrefix: `pf-health-${Date.now()}:`, enableOfflineQueue: false });
  let token: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { redis });
    ({ token, user } = await signIn(t.app));
    redis.disconnect();
  });
  afterAll(async () => {
    await t.close();
    redis.disconnect();
  });

  it('/health still answers 200 and says Redis is unreachable; /ready is a 503 that says why', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'reachable', redis: 'unreachable' });

    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      message: 'Not ready: Redis is unreachable.',
      database: 'reachable',
      redis: 'unreachable',
    });
  });

  it('a rate-limited request is a 503 with a message and Retry-After, and changes nothing', async () => {
    const newcomer = newUser({ email: 'during-outage@example.com' });
    const response = await postJson(t.app, '/auth/register', newcomer);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(errorMessage(response)).toBe(httpMessages.unavailable);
    const login = await postJson(t.app, '/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(503);
    expect(errorMessage(login)).toBe(httpMessages.unavailable);
    expect((await postJson(t.app, '/auth/forgot-password', { email: user.email })).statusCode).toBe(503);
  });

  it('requests without a rate limit go on working', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('when Redis is back, the same instance serves everything again without a restart', async () => {
    await redis.connect();
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    // The registration refused during the outage never happened: the email is free.
    expect((await postJson(t.app, '/auth/register', newUser({ email: 'during-outage@example.com' }))).statusCode).toBe(201);
    expect((await postJson(t.app, '/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});
