/**
 * The API server's configuration. It comes only from environment variables; every
 * variable, its default and its meaning is listed in server/README.md.
 */
import { dirname, resolve } from 'node:path';
import type { DatabaseTarget } from './db/dialect.ts';

export type RateLimits = {
  /** POST /auth/register per IP per hour. */
  registerPerHour: number;
  /** POST /auth/login per IP and email per minute. */
  loginPerMinutePerEmail: number;
  /** POST /auth/login per IP per minute, whatever the email. */
  loginPerMinutePerIp: number;
  /** POST /auth/forgot-password per IP per hour. */
  forgotPasswordPerHour: number;
  /** POST /auth/reset-password per IP per hour. */
  resetPasswordPerHour: number;
  /** POST /auth/reset-password per reset link (token) per hour, from any address. */
  resetPasswordPerTokenPerHour: number;
  /** POST /account/push-subscriptions per learner per hour. */
  pushSubscriptionsPerHour: number;
  /** DELETE /account/email/pending (cancelling a waiting email change) per learner per hour. */
  emailCancelsPerHour: number;
};

/** argon2id cost. Production always uses m=19456 KiB, t=2, p=1 (OWASP's minimum for argon2id). */
export type Argon2Cost = { memoryCost: number; timeCost: number; parallelism: number };

/** A provider's OAuth client, from the environment; null when its id and secret are not both set. */
export type GoogleConfig = { clientId: string; clientSecret: string; issuer: string };
export type GitHubConfig = { clientId: string; clientSecret: string; webUrl: string; apiUrl: string };
export type OAuthConfig = {
  /** Where browsers reach this API: the providers send them back to `<apiOrigin>/auth/oauth/<provider>/callback`. */
  apiOrigin: string;
  google: GoogleConfig | null;
  github: GitHubConfig | null;
};

/**
 * Reading learners' repositories (verified projects): GitHub's REST API, anonymously (public
 * repositories, 60 requests an hour per address) or with a token (5,000 an hour).
 */
export type GitHubApiConfig = { apiUrl: string; token: string | null };

export type ServerConfig = {
  port: number;
  host: string;
  /** Origins allowed by CORS. The first one is also where reset links point. */
  webOrigins: string[];
  /** SQLite at DATABASE_PATH, or PostgreSQL when DATABASE_URL is set. */
  database: DatabaseTarget;
  /** REDIS_URL: rate-limit counters shared by every API instance; null: counters in this process only. */
  redisUrl: string | null;
  /** The SQLite file's folder (DATABASE_PATH's): holds it, the development JWT secret and the outbox. */
  dataDir: string;
  /** null: a development secret is generated once into `<dataDir>/jwt-secret` (not allowed in production). */
  jwtSecret: string | null;
  /** SMTP_URL; null: development writes mail to `<dataDir>/outbox/`, production sends none. */
  smtpUrl: string | null;
  mailFrom: string;
  production: boolean;
  logLevel: string;
  trustProxy: boolean | number | string;
  rateLimits: RateLimits;
  argon2: Argon2Cost;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  /** Request bodies larger than this get 413. */
  bodyLimitBytes: number;
  /** A request's headers must all arrive within this many ms of its start, or the connection is closed. */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this many ms, or the connection is closed. */
  requestTimeoutMs: number;
  /** Open connections this instance accepts at once; one more is closed as soon as it is accepted. */
  maxConnections: number;
  oauth: OAuthConfig;
  githubApi: GitHubApiConfig;
  /**
   * VERIFY_TEST_ALLOW (tests only, refused in production): exact addresses the checks may visit
   * although the guard forbids them, e.g. `127.0.0.1` for the end-to-end journeys' fixture sites.
   */
  verifyAllow: string[];
  /**
   * VERIFICATION: 'on' (default): a submitted project's XP is paid when its checks pass; 'off': paid
   * at once, labelled self-reported and ranked apart on the boards.
   */
  verification: 'on' | 'off';
  /**
   * WORKERS: 'on' (default): this process also runs the background workers, the verification
   * worker (Chromium) and the mail outbox sender; 'off': an API only, which queues checks and
   * messages for `npm run worker` processes (server/worker-main.ts) to run and send.
   */
  workers: 'on' | 'off';
  /** Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); null: push is not set up. */
  vapid: VapidConfig | null;
};

/** The server's VAPID key pair (base64url, as web-push makes them) and its contact (mailto: or https:). */
export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

/**
 * Slow clients: a connection that sends its headers or body slowly (or stops) is closed once these
 * pass, so a few sockets cannot hold the server's connections open forever. Generous for a phone
 * on a poor network (bodies are at most 16 KiB), short enough that holding connections costs an
 * attacker a steady stream of new ones.
 */
export const DEFAULT_TIMEOUTS = Object.freeze({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 1_000 });

export const PRODUCTION_ARGON2: Argon2Cost = Object.freeze({ memoryCost: 19456, timeCost: 2, parallelism: 1 });

export const DEFAULT_RATE_LIMITS: RateLimits = Object.freeze({
  registerPerHour: 10,
  loginPerMinutePerEmail: 5,
  loginPerMinutePerIp: 30,
  forgotPasswordPerHour: 10,
  resetPasswordPerHour: 20,
  resetPasswordPerTokenPerHour: 5,
  pushSubscriptionsPerHour: 20,
  emailCancelsPerHour: 10,
});

export const JWT_SECRET_MIN_LENGTH = 32;

/**
 * Logged once at start by production without SMTP_URL: such a server still starts, sends no mail
 * and says so. Development writes mail to the outbox folder instead.
 */
export const MAIL_OFF_WARNING =
  'Email is off: SMTP_URL is not set, so this server sends no email at all (no reset or confirmation links, no reminders or digests by email). Requests that need a mailed link are refused, and Settings says email is not set up. Set SMTP_URL to turn email on.';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an origin such as http://localhost:5173, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${raw}".`);
  }
  return url.origin;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // a comma-separated list of addresses or subnets, as Fastify accepts
}

/** A provider's address: https, or http on a loopback host only (the tests' fake providers). */
function providerUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}".`);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConfigError(`${name} must use https (http only on localhost), got "${raw}".`);
  }
  return url.toString().replace(/\/$/, '');
}

/** Both of a provider's credentials, or neither: one without the other is a mistake worth stopping for. */
function credentials(env: Env, idName: string, secretName: string): { clientId: string; clientSecret: string } | null {
  const clientId = text(env, idName);
  const clientSecret = text(env, secretName);
  if (clientId === undefined && clientSecret === undefined) return null;
  if (clientId === undefined || clientSecret === undefined) {
    throw new ConfigError(`${idName} and ${secretName} go together: set both, or neither to leave that sign-in off.`);
  }
  return { clientId, clientSecret };
}

function oauthConfig(env: Env, port: number): OAuthConfig {
  const google = credentials(env, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  const github = credentials(env, 'GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET');
  return {
    apiOrigin: origin('API_ORIGIN', text(env, 'API_ORIGIN') ?? `http://localhost:${port}`),
    google: google && { ...google, issuer: providerUrl('GOOGLE_ISSUER', text(env, 'GOOGLE_ISSUER') ?? 'https://accounts.google.com') },
    github: github && {
      ...github,
      webUrl: providerUrl('GITHUB_URL', text(env, 'GITHUB_URL') ?? 'https://github.com'),
      apiUrl: providerUrl('GITHUB_API_URL', text(env, 'GITHUB_API_URL') ?? 'https://api.github.com'),
    },
  };
}

/** A token as GitHub issues them (`ghp_…`, `github_pat_…`, or 40 hex digits): never printed back. */
function githubApiConfig(env: Env): GitHubApiConfig {
  const token = text(env, 'GITHUB_TOKEN') ?? null;
  if (token !== null && !/^[A-Za-z0-9_]{20,255}$/.test(token)) {
    throw new ConfigError(
      `GITHUB_TOKEN must be a GitHub token (20-255 letters, digits and underscores, such as ghp_…), got ${token.length} characters that are not.`,
    );
  }
  return { apiUrl: providerUrl('GITHUB_API_URL', text(env, 'GITHUB_API_URL') ?? 'https://api.github.com'), token };
}

function verifyAllowList(raw: string | undefined, production: boolean): string[] {
  if (raw === undefined) return [];
  if (production) throw new ConfigError('VERIFY_TEST_ALLOW is for tests only: it cannot be set with NODE_ENV=production.');
  const list = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const address of list) {
    if (!/^[0-9.]+$|^\[?[0-9a-f:]+\]?$/i.test(address)) throw new ConfigError(`VERIFY_TEST_ALLOW lists IP addresses separated by commas, got "${address}".`);
  }
  return list;
}

function onOff(name: string, raw: string | undefined): 'on' | 'off' {
  if (raw === undefined || raw === 'on') return 'on';
  if (raw === 'off') return 'off';
  throw new ConfigError(`${name} must be on or off, got "${raw}".`);
}

/** All three VAPID variables, or none: push needs the key pair and a contact for the push services. */
function vapidConfig(env: Env): VapidConfig | null {
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const [publicKey, privateKey, subject] = names.map((name) => text(env, name));
  if (publicKey === undefined && privateKey === undefined && subject === undefined) return null;
  if (publicKey === undefined || privateKey === undefined || subject === undefined) {
    throw new ConfigError(`${names.join(', ')} go together: set all three (npx web-push generate-vapid-keys), or none to leave push off.`);
  }
  // A P-256 public key is 65 bytes (87 base64url characters), its private key 32 bytes (43).
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey)) throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters).');
  if (!/^[A-Za-z0-9_-]{43}$/.test(privateKey)) throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters).');
  if (!/^(mailto:[^\s@]{1,200}@[^\s@]{1,200}|https:\/\/\S{1,300})$/.test(subject)) {
    throw new ConfigError('VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you.');
  }
  return { publicKey, privateKey, subject };
}

/** Reads the configuration from the environment, with the documented defaults. Throws ConfigError. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const databasePath = resolve(text(env, 'DATABASE_PATH') ?? 'data/pathforge.db');
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^/]/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/database');
  }
  const database: DatabaseTarget =
    databaseUrl === undefined
      ? { kind: 'sqlite', path: databasePath }
      : { kind: 'postgres', url: databaseUrl, poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 100) };
  const redisUrl = text(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/[^/]/.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must be a Redis URL: redis://host:6379 (or rediss:// for TLS)');
  }
  const jwtSecret = text(env, 'JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${JWT_SECRET_MIN_LENGTH} characters long.`);
  }
  if (jwtSecret === null && production) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production.');
  }
  // Unset in production: no mail at all (server/app.ts). Unset in development: the outbox folder.
  const smtpUrl = text(env, 'SMTP_URL') ?? null;
  const webOrigins = (text(env, 'WEB_ORIGIN') ?? 'http://localhost:5173')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map((value) => origin('WEB_ORIGIN', value));
  if (webOrigins.length === 0) throw new ConfigError('WEB_ORIGIN must name at least one origin.');

  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', DEFAULT_TIMEOUTS.headersTimeoutMs, 100, 600_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', DEFAULT_TIMEOUTS.requestTimeoutMs, 100, 600_000);
  // Node refuses a headers time-out longer than the whole request's.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs}).`);
  }

  const port = integer(env, 'PORT', 4000, 0, 65535);
  return {
    port,
    host: text(env, 'HOST') ?? 'localhost',
    webOrigins,
    database,
    redisUrl,
    dataDir: dirname(databasePath),
    jwtSecret,
    smtpUrl,
    mailFrom: text(env, 'MAIL_FROM') ?? 'PathForge <no-reply@pathforge.local>',
    production,
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    rateLimits: {
      registerPerHour: integer(env, 'RATE_LIMIT_REGISTER_PER_HOUR', DEFAULT_RATE_LIMITS.registerPerHour, 1, 1e9),
      loginPerMinutePerEmail: integer(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', DEFAULT_RATE_LIMITS.loginPerMinutePerEmail, 1, 1e9),
      loginPerMinutePerIp: integer(env, 'RATE_LIMIT_LOGIN_IP_PER_MINUTE', DEFAULT_RATE_LIMITS.loginPerMinutePerIp, 1, 1e9),
      forgotPasswordPerHour: integer(env, 'RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR', DEFAULT_RATE_LIMITS.forgotPasswordPerHour, 1, 1e9),
      resetPasswordPerHour: integer(env, 'RATE_LIMIT_RESET_PASSWORD_PER_HOUR', DEFAULT_RATE_LIMITS.resetPasswordPerHour, 1, 1e9),
      resetPasswordPerTokenPerHour: integer(env, 'RATE_LIMIT_RESET_PASSWORD_TOKEN_PER_HOUR', DEFAULT_RATE_LIMITS.resetPasswordPerTokenPerHour, 1, 1e9),
      pushSubscriptionsPerHour: integer(env, 'RATE_LIMIT_PUSH_SUBSCRIPTIONS_PER_HOUR', DEFAULT_RATE_LIMITS.pushSubscriptionsPerHour, 1, 1e9),
      emailCancelsPerHour: integer(env, 'RATE_LIMIT_EMAIL_CANCEL_PER_HOUR', DEFAULT_RATE_LIMITS.emailCancelsPerHour, 1, 1e9),
    },
    argon2: { ...PRODUCTION_ARGON2 },
    // 15 minutes. Overridable only so end-to-end tests can watch a token expire and refresh.
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 5, 24 * 60 * 60),
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    resetTokenTtlSeconds: 30 * 60,
    bodyLimitBytes: 16 * 1024,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnections: integer(env, 'MAX_CONNECTIONS', DEFAULT_TIMEOUTS.maxConnections, 1, 1_000_000),
    oauth: oauthConfig(env, port),
    githubApi: githubApiConfig(env),
    verifyAllow: verifyAllowList(text(env, 'VERIFY_TEST_ALLOW'), production),
    verification: onOff('VERIFICATION', text(env, 'VERIFICATION')),
    workers: onOff('WORKERS', text(env, 'WORKERS')),
    vapid: vapidConfig(env),
  };
}
