/**
 * Test helpers: a fresh app on a temporary database (one per test file, in os.tmpdir()), JSON
 * requests through `app.inject`, and cookie reading.
 */
import { UNAVAILABLE_PARTS } from '../verify/worker.ts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { Redis } from 'ioredis';
import RedisMock from 'ioredis-mock';
import { errorBodySchema } from '../../src/api/common/contract.ts';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Argon2Cost, type RateLimits, type ServerConfig } from '../config.ts';
import type { DatabaseTarget } from '../db/dialect.ts';

/**
 * TEST ONLY: a very low argon2id cost so the suite stays fast. Production always uses
 * m=19456 KiB, t=2, p=1 (loadConfig never returns anything else).
 */
export const TEST_ARGON2: Argon2Cost = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
export const WEB_ORIGIN = 'http://localhost:5173';

/** Limits high enough never to trigger, for files that are not about rate limiting. */
export const NO_LIMITS: RateLimits = {
  registerPerHour: 1e9,
  loginPerMinutePerEmail: 1e9,
  loginPerMinutePerIp: 1e9,
  forgotPasswordPerHour: 1e9,
  resetPasswordPerHour: 1e9,
  resetPasswordPerTokenPerHour: 1e9,
  pushSubscriptionsPerHour: 1e9,
  emailCancelsPerHour: 1e9,
};

export type TestConfigOverrides = Omit<Partial<ServerConfig>, 'rateLimits'> & { rateLimits?: Partial<RateLimits> };

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pathforge-api-test-'));
}

/**
 * Which database the server suite runs on: SQLite by default; `TEST_DATABASE=pglite` runs the same
 * tests on PostgreSQL in-process (PGlite); `TEST_DATABASE=postgres` on a real PostgreSQL server
 * (`TEST_DATABASE_URL`, a role allowed to create databases: scripts/postgres-cluster.sh starts a
 * throw-away one). Every app gets a database of its own. `npm test` runs the suite on SQLite and
 * on PGlite (the `server` and `server-postgres` Vitest projects); CI also on a real server.
 */
export const TEST_DATABASE: 'sqlite' | 'pglite' | 'postgres' =
  process.env.TEST_DATABASE === 'pglite' || process.env.TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE : 'sqlite';

let admin: pg.Pool | null = null;
function adminPool(): pg.Pool {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL (see scripts/postgres-cluster.sh)');
  if (admin === null) {
    admin = new pg.Pool({ connectionString: url, max: 2 });
    // An idle connection ended by the server (outage.test.ts stops it on purpose): reconnect next time.
    admin.on('error', () => {});
  }
  return admin;
}

/**
 * A new, empty database of the kind under test, kept in `dir` where it is a file or a folder, so
 * an app started again on it finds its data. `drop()` removes a server database.
 */
export async function testDatabase(dir: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (TEST_DATABASE === 'sqlite') return { target: { kind: 'sqlite', path: join(dir, 'pathforge.db') }, drop: async () => {} };
  if (TEST_DATABASE === 'pglite') return { target: { kind: 'pglite', dataDir: join(dir, 'pglite') }, drop: async () => {} };
  const name = `pf_test_${randomUUID().replaceAll('-', '')}`;
  await adminPool().query(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    drop: async () => {
      await adminPool().query(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Where the rate-limit counters live in the server suite: in the process (the `server` project,
 * as without REDIS_URL), in ioredis-mock (the `server-postgres` project in `npm test`: the plugin's
 * Redis store and its Lua script, with no server), or in a real Redis at TEST_REDIS_URL (CI:
 * scripts/redis-server.sh).
 */
export const TEST_REDIS: 'none' | 'mock' | 'redis' = process.env.TEST_REDIS === 'mock' || process.env.TEST_REDIS === 'redis' ? process.env.TEST_REDIS : 'none';

/**
 * A client of the Redis under test whose keys carry a prefix of their own, so apps (and test
 * files running at once) never share counters; `server` names another client of the same Redis
 * (ioredis-mock instances share data, as connections to one server do). Close with disconnect().
 */
export function testRedis(prefix = `pf-test-${randomUUID()}:`): Redis | undefined {
  if (TEST_REDIS === 'mock') return new RedisMock({ keyPrefix: prefix });
  if (TEST_REDIS === 'redis') {
    const url = process.env.TEST_REDIS_URL;
    if (!url) throw new Error('TEST_REDIS=redis needs TEST_REDIS_URL (see scripts/redis-server.sh)');
    return new Redis(url, { keyPrefix: prefix, enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  }
  return undefined;
}

export function testConfig(dir: string, overrides: TestConfigOverrides = {}): ServerConfig {
  const base = loadConfig({ DATABASE_PATH: join(dir, 'pathforge.db'), WEB_ORIGIN, JWT_SECRET: TEST_SECRET });
  return {
    ...base,
    argon2: TEST_ARGON2,
    ...overrides,
    rateLimits: { ...NO_LIMITS, ...overrides.rateLimits },
  };
}

export type TestApp = {
  app: FastifyInstance;
  config: ServerConfig;
  dir: string;
  close(): Promise<void>;
};

/** A new app on a new temporary database; `close()` removes both. */
export async function createTestApp(overrides: TestConfigOverrides = {}, options: AppOptions = {}): Promise<TestApp> {
  const dir = tempDir();
  // PGlite in memory here: faster than in a folder (a test that restarts an app uses testDatabase).
  const database = TEST_DATABASE === 'pglite' ? { target: { kind: 'pglite' } as const, drop: async () => {} } : await testDatabase(dir);
  const config = testConfig(dir, { database: database.target, ...overrides });
  const redis = options.redis ? undefined : testRedis();
  // No test reaches GitHub or the internet: parts not given say "couldn't check" (tests of checks give fakes).
  const verification = { ...UNAVAILABLE_PARTS, ...options.verification };
  const app = await buildApp(config, { logger: false, ...(redis ? { redis } : {}), ...options, verification });
  return {
    app,
    config,
    dir,
    async close() {
      await app.close();
      redis?.disconnect();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Headers = Record<string, string>;

export function postJson(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  headers: Headers = {},
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...extra,
  } as InjectOptions);
}

export type TestUser = { username: string; email: string; password: string };

let counter = 0;
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  return {
    username: `Learner ${counter}`,
    email: `learner${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: `Sturdy-pass-${counter}`,
    ...overrides,
  };
}

export async function register(app: FastifyInstance, user: TestUser = newUser()) {
  const response = await postJson(app, '/auth/register', user);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  // The confirmation email goes out after the response: done before the test looks at mail.
  await app.background.drain();
  return { user, response, id: (response.json() as { user: { id: string } }).user.id };
}

/** Registers and signs in: the access token and the refresh cookie's value. */
export async function signIn(app: FastifyInstance, user: TestUser = newUser()) {
  const registered = await register(app, user);
  const response = await postJson(app, '/auth/login', { email: user.email, password: user.password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const { token } = response.json() as { token: string };
  return { ...registered, token, refresh: refreshCookieValue(response) as string, loginResponse: response };
}

export function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The value the response gives pf_refresh ('' when it clears it), or undefined when it does not set it. */
export function refreshCookieValue(response: LightMyRequestResponse): string | undefined {
  const cookie = setCookieHeaders(response).find((c) => c.startsWith('pf_refresh='));
  return cookie === undefined ? undefined : (cookie.split(';')[0] as string).slice('pf_refresh='.length);
}

export function withRefresh(refresh: string): Headers {
  return { cookie: `pf_refresh=${refresh}` };
}

export function bearer(token: string): Headers {
  return { authorization: `Bearer ${token}` };
}

/** Asserts the error shape every failure shares, and no leak of internals. */
export function errorMessage(response: LightMyRequestResponse): string | string[] {
  const parsed = errorBodySchema.safeParse(response.json());
  if (!parsed.success) throw new Error(`unexpected error body: ${response.body}`);
  if (/\bat .+:\d+:\d+|SQLITE|FST_|Error:|node_modules/i.test(response.body)) {
    throw new Error(`internal detail leaked: ${response.body}`);
  }
  return parsed.data.message;
}
