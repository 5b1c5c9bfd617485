import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_ARGON2 } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: 'localhost',
      webOrigins: ['http://localhost:5173'],
      database: { kind: 'sqlite', path: resolve('data/pathforge.db') },
      dataDir: resolve('data'),
      jwtSecret: null,
      smtpUrl: null,
      production: false,
      logLevel: 'info',
      trustProxy: false,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 86_400,
      resetTokenTtlSeconds: 1800,
      bodyLimitBytes: 16 * 1024,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      maxConnections: 1_000,
    });
  });

  it('reads repositories from GitHub anonymously unless GITHUB_TOKEN is set, at GITHUB_API_URL', () => {
    expect(loadConfig({}).githubApi).toEqual({ apiUrl: 'https://api.github.com', token: null });
    const token = `ghp_${'a1'.repeat(18)}`;
    expect(loadConfig({ GITHUB_TOKEN: ` ${token} `, GITHUB_API_URL: 'https://github.example.com/api/v3/' }).githubApi).toEqual({
      apiUrl: 'https://github.example.com/api/v3',
      token,
    });
    expect(loadConfig({ GITHUB_API_URL: 'http://127.0.0.1:4012' }).githubApi.apiUrl).toBe('http://127.0.0.1:4012');
  });

  it('refuses a GITHUB_TOKEN that is no token, without printing it, and a plain-http GITHUB_API_URL', () => {
    const pasted = 'Bearer ghp_secretsecretsecretsecret';
    expect(() => loadConfig({ GITHUB_TOKEN: pasted })).toThrow(ConfigError);
    expect(() => loadConfig({ GITHUB_TOKEN: pasted })).toThrow(/GITHUB_TOKEN must be a GitHub token/);
    expect(() => loadConfig({ GITHUB_TOKEN: pasted })).not.toThrow(/secret/);
    expect(() => loadConfig({ GITHUB_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ GITHUB_API_URL: 'http://api.github.example.com' })).toThrow(/GITHUB_API_URL must use https/);
  });

  it('always uses the production argon2id cost', () => {
    expect(loadConfig({}).argon2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(PRODUCTION_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      WEB_ORIGIN: 'https://app.example.com/, http://localhost:4173',
      DATABASE_PATH: '/tmp/x/pf.db',
      JWT_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'PathForge <hi@example.com>',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      ACCESS_TOKEN_TTL_SECONDS: '10',
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '5000',
      MAX_CONNECTIONS: '64',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      webOrigins: ['https://app.example.com', 'http://localhost:4173'],
      database: { kind: 'sqlite', path: '/tmp/x/pf.db' },
      dataDir: '/tmp/x',
      jwtSecret: 's'.repeat(32),
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'PathForge <hi@example.com>',
      logLevel: 'warn',
      trustProxy: 1,
      accessTokenTtlSeconds: 10,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 5000,
      maxConnections: 64,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://pf:secret@db.internal:6432/pathforge', DATABASE_POOL_SIZE: '25' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://pf:secret@db.internal:6432/pathforge',
      poolSize: 25,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/pathforge' }).database).toMatchObject({ kind: 'postgres', poolSize: 10 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache.internal:6380/2' }).redisUrl).toBe('redis://:pw@cache.internal:6380/2');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal' }).redisUrl).toBe('rediss://cache.internal');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '1' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ WEB_ORIGIN: 'not a url' }, /WEB_ORIGIN/],
    [{ WEB_ORIGIN: 'ftp://example.com' }, /WEB_ORIGIN/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET is required/],
    [{ RATE_LIMIT_LOGIN_PER_MINUTE: '0' }, /RATE_LIMIT_LOGIN_PER_MINUTE/],
    [{ RATE_LIMIT_REGISTER_PER_HOUR: '-1' }, /RATE_LIMIT_REGISTER_PER_HOUR/],
    [{ DATABASE_URL: 'mysql://db/pathforge' }, /DATABASE_URL must be a PostgreSQL URL/],
    [{ DATABASE_URL: 'postgres://db/pf', DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ REDIS_URL: 'cache.internal:6379' }, /REDIS_URL must be a Redis URL/],
    [{ HEADERS_TIMEOUT_MS: '50' }, /HEADERS_TIMEOUT_MS must be between 100 and 600000/],
    [{ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' }, /HEADERS_TIMEOUT_MS \(20000\) must not be longer than REQUEST_TIMEOUT_MS/],
    [{ MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts production with a secret and a mail server', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.internal:587' }).production).toBe(true);
  });

  // Production may run without a mail server: it then sends no mail and says so (server/mail/mail.test.ts).
  it('accepts production without a mail server', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toMatchObject({ production: true, smtpUrl: null });
  });
});
