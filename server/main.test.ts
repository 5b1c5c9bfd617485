/** The real entry point as a process: reads the environment, serves, stops cleanly on a signal. */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emailLinkMessages } from '../src/domain/account.ts';
import { MAIL_OFF_WARNING } from './config.ts';
import { tempDir } from './test/helpers.ts';
import { freePort, launch } from './test/instances.ts';

const start = (env: Record<string, string>) => {
  const server = launch(env);
  return { child: server.child, output: server.output, exit: server.exited };
};

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function waitForHealth(url: string, exit: Promise<unknown>): Promise<Response> {
  let exited = false;
  void exit.then(() => (exited = true));
  for (let i = 0; i < 200 && !exited; i += 1) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('the server did not start');
}

describe('node server/main.ts', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves on PORT and exits 0 on %s', async (signal) => {
    const dir = tempDir();
    dirs.push(dir);
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: join(dir, 'db', 'pf.db') });
    try {
      const response = await waitForHealth(`http://127.0.0.1:${port}/health`, server.exit);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'reachable', redis: 'not configured' });
    } finally {
      server.child.kill(signal);
    }
    expect(await server.exit).toBe(0);
  });

  it('refuses to start in production without JWT_SECRET, with a clear message', async () => {
    const server = start({ NODE_ENV: 'production', PORT: '0' });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('JWT_SECRET is required when NODE_ENV=production');
  });

  it('starts in production without SMTP_URL, warning once that mail is off, and writes no mail folder', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const port = await freePort();
    const server = start({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PORT: String(port), HOST: '127.0.0.1', DATABASE_PATH: join(dir, 'pf.db') });
    try {
      const response = await waitForHealth(`http://127.0.0.1:${port}/health`, server.exit);
      expect(response.status).toBe(200);
      const forgot = await fetch(`http://127.0.0.1:${port}/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.com' }),
      });
      expect(forgot.status).toBe(503);
      expect(await forgot.json()).toEqual({ message: emailLinkMessages.notSetUp });
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
    expect(server.output().split(MAIL_OFF_WARNING)).toHaveLength(2);
    expect(existsSync(join(dir, 'outbox'))).toBe(false);
  });

  it('says which database it could not reach, and where, and exits 1 (PostgreSQL down at start-up)', async () => {
    const closed = await freePort(); // nothing listens there
    const dir = tempDir();
    dirs.push(dir);
    const server = start({
      PORT: '0',
      DATABASE_PATH: join(dir, 'pf.db'),
      DATABASE_URL: `postgres://pathforge:s3cret-password@127.0.0.1:${closed}/pathforge`,
    });
    expect(await server.exit).toBe(1);
    const output = server.output();
    expect(output).toContain(`Cannot open the database (PostgreSQL at 127.0.0.1:${closed}/pathforge (DATABASE_URL)): `);
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('s3cret-password');
    expect(output).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
  });

  it('says it could not reach Redis, and where, and exits 1 (Redis down at start-up)', async () => {
    const closed = await freePort();
    const dir = tempDir();
    dirs.push(dir);
    const server = start({ PORT: '0', DATABASE_PATH: join(dir, 'pf.db'), REDIS_URL: `redis://:r3dis-password@127.0.0.1:${closed}/0` });
    expect(await server.exit).toBe(1);
    const output = server.output();
    expect(output).toContain(`Cannot reach Redis at 127.0.0.1:${closed}/0 (REDIS_URL): ECONNREFUSED`);
    expect(output).not.toContain('r3dis-password');
    expect(output).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
