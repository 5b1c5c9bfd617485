/**
 * Two API instances that share one database and one Redis, spoken to over HTTP as a browser
 * behind a load balancer would: `processes()` starts two real `node server/main.ts` processes on
 * two ports against PostgreSQL and Redis servers (CI: scripts/postgres-cluster.sh and
 * scripts/redis-server.sh); `inProcess()` builds two apps in this process on one SQLite file and
 * one in-memory Redis (ioredis-mock: its clients share data as two connections to one server do),
 * so `npm test` checks the same scenarios on a machine with nothing installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import RedisMock from 'ioredis-mock';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { tempDir, testConfig, TEST_SECRET, WEB_ORIGIN } from './helpers.ts';

export type Instance = {
  name: string;
  url: string;
  /** Where this instance's outbox mailer writes (one .eml file per message). */
  outbox: string;
};

export type Pair = { a: Instance; b: Instance; close(): Promise<void> };

export type Reply = { status: number; body: Record<string, unknown>; refresh: string | undefined; headers: Headers };

/** One HTTP call: JSON in and out, the refresh cookie sent and read by hand (fetch keeps no cookies). */
export async function call(
  instance: Instance,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; refresh?: string; token?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { origin: WEB_ORIGIN };
  if (method === 'POST') headers['content-type'] = 'application/json';
  if (options.refresh) headers.cookie = `pf_refresh=${options.refresh}`;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  const text = await response.text();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pf_refresh='));
  return {
    status: response.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    refresh: cookie === undefined ? undefined : (cookie.split(';')[0] as string).slice('pf_refresh='.length),
    headers: response.headers,
  };
}

/** The token of the newest reset link in an outbox, waiting for the background mail (≤ 10 s). */
export async function resetTokenFrom(outbox: string, to: string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      // not created yet
    }
    for (const file of files.reverse()) {
      const mail = readFileSync(join(outbox, file), 'utf8');
      const token = /resetPassword\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (token && mail.includes(to)) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail to ${to} in ${outbox}`);
}

/** Two apps in this process on one SQLite file and one in-memory Redis. */
export async function inProcess(): Promise<Pair> {
  const dir = tempDir();
  const config = testConfig(dir, { rateLimits: { loginPerMinutePerEmail: 5, loginPerMinutePerIp: 30 } });
  const keyPrefix = `pf-pair-${randomUUID()}:`;
  const clients = [new RedisMock({ keyPrefix }), new RedisMock({ keyPrefix })];
  const apps: FastifyInstance[] = [];
  const instances: Instance[] = [];
  for (const [index, redis] of clients.entries()) {
    const app = await buildApp(config, { logger: false, redis });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    apps.push(app);
    instances.push({ name: index === 0 ? 'A' : 'B', url: `http://127.0.0.1:${port}`, outbox: join(dir, 'outbox') });
  }
  return {
    a: instances[0] as Instance,
    b: instances[1] as Instance,
    async close() {
      for (const app of apps) await app.close();
      for (const client of clients) client.disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Child = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `node server/main.ts` (or another entry: `server/worker-main.ts`) with only `env` (and PATH) in its environment, its output collected. */
export function launch(env: Record<string, string>, script = 'server/main.ts'): Child {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitUntilServing(url: string, child: Child): Promise<void> {
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (let i = 0; i < 300 && !exited; i += 1) {
    try {
      await fetch(`${url}/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`the API did not start:\n${child.output()}`);
}

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Two `node server/main.ts` processes on two ports, both on `databaseUrl` and `redisUrl`, with the
 * production rate limits and argon2 cost unless `env` says otherwise.
 */
export async function processes(databaseUrl: string, redisUrl: string, env: Record<string, string> = {}): Promise<Pair> {
  const dirs = [tempDir(), tempDir()];
  const children: Child[] = [];
  const instances: Instance[] = [];
  try {
    for (const [index, dir] of dirs.entries()) {
      const port = await freePort();
      const child = launch({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        JWT_SECRET: TEST_SECRET,
        WEB_ORIGIN,
        // Only for the outbox: the data is in PostgreSQL.
        DATABASE_PATH: join(dir, 'pathforge.db'),
        ...env,
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitUntilServing(url, child);
      instances.push({ name: index === 0 ? 'A' : 'B', url, outbox: join(dir, 'outbox') });
    }
  } catch (error) {
    for (const { child } of children) child.kill('SIGKILL');
    throw error;
  }
  return {
    a: instances[0] as Instance,
    b: instances[1] as Instance,
    async close() {
      for (const { child } of children) child.kill('SIGTERM');
      const codes = await Promise.all(children.map((c) => c.exited));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      if (codes.some((code) => code !== 0)) {
        throw new Error(`an API process did not stop cleanly (${codes.join(', ')}):\n${children.map((c) => c.output()).join('\n')}`);
      }
    },
  };
}

/** Empties one logical Redis database (the pair's own, e.g. redis://host:port/1). */
export async function flushRedis(redisUrl: string): Promise<void> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}
