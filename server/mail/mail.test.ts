/**
 * Where mail goes when no mail server is configured: the development outbox only. A reset link is
 * a key to an account, so it never reaches a log, and production refuses to start without SMTP_URL
 * rather than answer "a reset link is on its way" with nowhere to send it.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, SMTP_REQUIRED } from '../config.ts';
import { createTestApp, postJson, register, testConfig, tempDir, type TestApp } from '../test/helpers.ts';

/** Every line the app logs, from debug up. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logged.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
    callback();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'debug', stream: logStream } });
});
afterAll(async () => {
  await t.close();
});

describe('the development outbox (no SMTP_URL)', () => {
  it('keeps every mailed link in the outbox file and never writes one, or its token, to the log', async () => {
    const { user } = await register(t.app);
    expect((await postJson(t.app, '/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    await t.app.background.drain();

    // Registration's confirmation link, then the reset link: one file each.
    const outbox = join(t.dir, 'outbox');
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const mails = files.map((name) => ({ name, eml: readFileSync(join(outbox, name), 'utf8') }));
    const links = mails.map(({ eml }) => /(https?:\/\/\S*(?:resetPassword|confirm-email)\?token=([A-Za-z0-9_-]{43}))/.exec(eml));
    expect(mails.some(({ eml }) => /resetPassword\?token=/.test(eml))).toBe(true);
    expect(mails.some(({ eml }) => /confirm-email\?token=/.test(eml))).toBe(true);

    for (const [index, { name }] of mails.entries()) {
      const match = links[index];
      expect(match).not.toBeNull();
      const [, link, token] = match as unknown as [string, string, string];
      // The log says a mail was written, and where, so a developer can open it.
      expect(logged.some((line) => line.includes(name))).toBe(true);
      expect(logged.filter((line) => line.includes(link))).toEqual([]);
      expect(logged.filter((line) => line.includes(token))).toEqual([]);
    }
  });
});

describe('production without a mail server', () => {
  it('refuses the configuration, saying SMTP_URL is required', () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(SMTP_REQUIRED);
    expect(loadConfig({ ...env, SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).production).toBe(true);
  });

  it('refuses to build the app from a production config that has no SMTP_URL', async () => {
    const dir = tempDir();
    try {
      const config = { ...testConfig(dir), production: true, smtpUrl: null };
      await expect(buildApp(config, { logger: false })).rejects.toThrow(SMTP_REQUIRED);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
