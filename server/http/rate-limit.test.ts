import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../config.ts';
import RedisMock from 'ioredis-mock';
import { createTestApp, errorMessage, newUser, postJson, register, TEST_REDIS, WEB_ORIGIN, type TestApp } from '../test/helpers.ts';
import { formatWait } from './rate-limit.ts';

let t: TestApp;
// These tests move the clock (a fake Date). ioredis-mock's expiry follows it; a real Redis's does
// not, so against a real Redis (CI) this file counts in ioredis-mock: the same store and script.
const clockedRedis = TEST_REDIS === 'redis' ? new RedisMock({ keyPrefix: `pf-rate-limit-${process.pid}:` }) : undefined;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS }, clockedRedis ? { redis: clockedRedis } : {});
});
afterAll(async () => {
  await t.close();
  clockedRedis?.disconnect();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

let ipCounter = 0;
/** A fresh client address per test, so tests do not share counters. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

const login = (ip: string, email: string, password: string) => postJson(t.app, '/auth/login', { email, password }, { origin: WEB_ORIGIN }, { remoteAddress: ip });

function expectTooMany(response: Awaited<ReturnType<typeof login>>, seconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(seconds));
  expect(errorMessage(response)).toBe(`Too many attempts. Try again in ${formatWait(seconds)}.`);
}

describe('login: 5 a minute per IP and email', () => {
  it('the sixth attempt is 429 with Retry-After and how long to wait; a minute later it works again', async () => {
    const ip = newIp();
    const { user } = await register(t.app);
    for (let i = 0; i < 5; i += 1) expect((await login(ip, user.email, 'wrong password')).statusCode).toBe(401);
    const sixth = await login(ip, user.email, user.password);
    expectTooMany(sixth, 60);
    expect(errorMessage(sixth)).toBe('Too many attempts. Try again in 60 seconds.');
    // The browser may read it: CORS and security headers are on the 429 too.
    expect(sixth.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(sixth.headers['x-content-type-options']).toBe('nosniff');

    advance(18_000);
    expectTooMany(await login(ip, user.email, user.password), 42);
    expect(errorMessage(await login(ip, user.email, user.password))).toBe('Too many attempts. Try again in 42 seconds.');

    advance(42_000);
    expect((await login(ip, user.email, user.password)).statusCode).toBe(200);
  });

  it('counts the email case- and space-insensitively', async () => {
    const ip = newIp();
    const email = 'Case@Example.com';
    for (const variant of ['case@example.com', 'CASE@EXAMPLE.COM', ' case@example.com', 'Case@Example.com ', 'cAse@example.com']) {
      expect((await login(ip, variant, 'whatever1')).statusCode).toBe(401);
    }
    expect((await login(ip, email, 'whatever1')).statusCode).toBe(429);
  });

  it('other emails from that IP, and that email from other IPs, are not blocked', async () => {
    const ip = newIp();
    for (let i = 0; i < 6; i += 1) await login(ip, 'target@example.com', 'whatever1');
    expect((await login(ip, 'target@example.com', 'whatever1')).statusCode).toBe(429);
    expect((await login(ip, 'someone-else@example.com', 'whatever1')).statusCode).toBe(401);
    expect((await login(newIp(), 'target@example.com', 'whatever1')).statusCode).toBe(401);
  });
});

describe('login: 30 a minute per IP', () => {
  it('the 31st attempt from one IP is 429, whatever the email', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await login(ip, `spray${i}@example.com`, 'whatever1')).statusCode).toBe(401);
    }
    expectTooMany(await login(ip, 'fresh@example.com', 'whatever1'), 60);
    // Malformed attempts count as well (the per-IP limit runs before the body is read).
    const other = newIp();
    for (let i = 0; i < 30; i += 1) {
      const response = await postJson(t.app, '/auth/login', { nope: i }, {}, { remoteAddress: other });
      expect(response.statusCode).toBe(400);
    }
    expect((await login(other, 'a@example.com', 'whatever1')).statusCode).toBe(429);
    advance(60_000);
    expect((await login(ip, 'fresh@example.com', 'whatever1')).statusCode).toBe(401);
  });
});

describe('register: 10 an hour per IP', () => {
  it('the 11th registration is 429 and says to wait minutes; an hour later it works again', async () => {
    const ip = newIp();
    const registerFrom = () => postJson(t.app, '/auth/register', newUser(), {}, { remoteAddress: ip });
    for (let i = 0; i < 10; i += 1) expect((await registerFrom()).statusCode).toBe(201);
    const eleventh = await registerFrom();
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBe('3600');
    expect(errorMessage(eleventh)).toBe('Too many attempts. Try again in 60 minutes.');
    advance(30 * 60_000 + 10_000);
    const later = await registerFrom();
    expect(later.headers['retry-after']).toBe('1790');
    expect(errorMessage(later)).toBe('Too many attempts. Try again in 30 minutes.');
    expect((await postJson(t.app, '/auth/register', newUser(), {}, { remoteAddress: newIp() })).statusCode).toBe(201);
    advance(30 * 60_000);
    expect((await registerFrom()).statusCode).toBe(201);
  });
});

describe('forgot password: 10 an hour per IP', () => {
  it('the 11th request is 429', async () => {
    const ip = newIp();
    const ask = () => postJson(t.app, '/auth/forgot-password', { email: 'x@example.com' }, {}, { remoteAddress: ip });
    for (let i = 0; i < 10; i += 1) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('every limit counts on its own', () => {
  it('registrations and reset requests from one IP do not share a counter', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await postJson(t.app, '/auth/register', newUser(), {}, { remoteAddress: ip })).statusCode).toBe(201);
    }
    expect((await postJson(t.app, '/auth/register', newUser(), {}, { remoteAddress: ip })).statusCode).toBe(429);
    const ask = () => postJson(t.app, '/auth/forgot-password', { email: 'x@example.com' }, {}, { remoteAddress: ip });
    for (let i = 0; i < 10; i += 1) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('configuration', () => {
  it('the limits come from the environment', async () => {
    const config = loadConfig({
      RATE_LIMIT_REGISTER_PER_HOUR: '1',
      RATE_LIMIT_LOGIN_PER_MINUTE: '2',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '4',
      RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: '5',
      RATE_LIMIT_RESET_PASSWORD_PER_HOUR: '6',
      RATE_LIMIT_RESET_PASSWORD_TOKEN_PER_HOUR: '7',
      RATE_LIMIT_PUSH_SUBSCRIPTIONS_PER_HOUR: '8',
      RATE_LIMIT_EMAIL_CANCEL_PER_HOUR: '9',
    });
    expect(config.rateLimits).toEqual({
      registerPerHour: 1,
      loginPerMinutePerEmail: 2,
      loginPerMinutePerIp: 4,
      forgotPasswordPerHour: 5,
      resetPasswordPerHour: 6,
      resetPasswordPerTokenPerHour: 7,
      pushSubscriptionsPerHour: 8,
      emailCancelsPerHour: 9,
    });
    const custom = await createTestApp({ rateLimits: config.rateLimits });
    try {
      const send = (email: string) => postJson(custom.app, '/auth/login', { email, password: 'whatever1' }, {}, { remoteAddress: '10.9.9.9' });
      expect((await send('a@example.com')).statusCode).toBe(401);
      expect((await send('a@example.com')).statusCode).toBe(401);
      expect((await send('a@example.com')).statusCode).toBe(429); // 2 per email
      expect((await send('b@example.com')).statusCode).toBe(401); // the 4th from this IP
      // the 5th from this IP
      expect((await send('c@example.com')).statusCode).toBe(429);
    } finally {
      await custom.close();
    }
  });

  it("the defaults are the issue's", () => {
    expect(loadConfig({}).rateLimits).toEqual({
      registerPerHour: 10,
      loginPerMinutePerEmail: 5,
      loginPerMinutePerIp: 30,
      forgotPasswordPerHour: 10,
      resetPasswordPerHour: 20,
      resetPasswordPerTokenPerHour: 5,
      pushSubscriptionsPerHour: 20,
      emailCancelsPerHour: 10,
    });
  });
});

describe('formatWait', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [42, '42 seconds'],
    [89, '89 seconds'],
    [90, '2 minutes'],
    [3600, '60 minutes'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
