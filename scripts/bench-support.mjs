/**
 * What the seeded benchmarks (bench:learning, bench:xp) share: a free port, the API started on
 * loopback against a seeded database (production mode, rate limits on sign-in raised and said
 * so), signing learners in, a throw-away PostgreSQL cluster, and autocannon's figures.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { BENCH_PASSWORD, benchEmail } from '../server/bench/accounts.ts';

export const HOST = '127.0.0.1';
/**
 * Production without a mail server sends no email and refuses requests for mailed links, so the
 * benchmarks name one, to measure the flows as a real server runs them: a loopback port where
 * nothing listens, so a mail sent by mistake fails in the log and reaches no one.
 */
export const BENCH_SMTP_URL = 'smtp://127.0.0.1:9';

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Runs a seed script (server/bench/*.ts) and returns the JSON it prints last. */
export function seed(script, target, ...args) {
  const out = execFileSync(process.execPath, [script, JSON.stringify(target), ...args.map(String)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.trim().split('\n').pop());
}

/** The API on a free loopback port (`pid`: its process); `stop()` ends it. Sign-in limits are raised for the benchmark's logins. */
export async function startApi(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: BENCH_SMTP_URL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://${HOST}:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/ready`)).ok)
        return {
          base,
          pid: child.pid,
          stop: () =>
            new Promise((r) => {
              child.once('exit', r);
              child.kill('SIGTERM');
            }),
        };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start');
}

/** Signs seeded learner n in (server/bench/accounts.ts) and returns their access token. */
export async function signInLearner(base, n) {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail(n), password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/**
 * A throw-away PostgreSQL cluster (scripts/postgres-cluster.sh) with an empty database `name`;
 * returns its URL. `cleanups` gets the cluster's stop. With `keep`, the cleanup only halts it and
 * `cluster` says where it is, for `resumePostgres` in a later run.
 */
export function postgresDatabase(name, cleanups, { keep = false } = {}) {
  const env = { ...process.env, PG_CLUSTER_PORT: String(55_600 + (process.pid % 90)) };
  const started = Object.fromEntries(
    [...execFileSync('bash', ['scripts/postgres-cluster.sh', 'start'], { env, encoding: 'utf8' }).matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]),
  );
  cleanups.push(() => execFileSync('bash', ['scripts/postgres-cluster.sh', keep ? 'halt' : 'stop'], { env: { ...process.env, ...started } }));
  execFileSync('psql', [started.TEST_DATABASE_URL, '-qc', `create database ${name}`]);
  const url = started.TEST_DATABASE_URL.replace(/\/postgres$/, `/${name}`);
  return keep ? { url, cluster: started.PG_CLUSTER_DIR } : url;
}

/** Starts again a cluster `postgresDatabase(…, { keep: true })` made; `cleanups` gets its halt. */
export function resumePostgres(cluster, cleanups) {
  const env = { ...process.env, PG_CLUSTER_DIR: cluster };
  execFileSync('bash', ['scripts/postgres-cluster.sh', 'resume'], { env });
  cleanups.push(() => execFileSync('bash', ['scripts/postgres-cluster.sh', 'halt'], { env }));
}

/** autocannon's result as the tables print it. */
export const figures = (r) => ({ p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors + r.timeouts + r.non2xx });
