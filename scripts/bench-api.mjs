#!/usr/bin/env node
/**
 * `npm run bench:api`: starts the API on loopback with a temporary database,
 * loads it with autocannon and prints p50/p99 latency and throughput for
 *   1. login at 10 connections, 2. login at 50 connections, 3. registration at 10 connections,
 *   4. GET /health while login is saturated (50 connections),
 * then compares them with the targets for a 2-core machine. Exits 1 when a target is missed.
 *
 * `npm run bench:api -- --db postgres` runs the same scenarios three times in one run, so the
 * figures compare on the same machine at the same time: SQLite (one instance, the reference),
 * PostgreSQL (one instance), and PostgreSQL + Redis behind two API instances. With two
 * instances every scenario's connections are split evenly between them (two load generators at
 * once, as a round-robin balancer would); p50/p99 are the worse of the two instances, req/s their
 * sum. PostgreSQL and Redis are throw-away servers started by scripts/postgres-cluster.sh and
 * scripts/redis-server.sh (Debian's postgresql and redis-server must be installed).
 *
 * The servers are separate processes (the real `server/main.ts`, production argon2 cost), so the
 * load generator does not share their event loop. The rate limits are raised for the run (they
 * would otherwise answer 429 after a few logins), and the output says so.
 *
 * Then it runs the learning API's read-heavy scenario (scripts/bench-learning.mjs: a path page at 50
 * connections and the task toggle on 10,000 seeded learners and 1,000,000 completions) on the same
 * databases, and fails if either misses its targets.
 *
 * Environment: BENCH_DURATION (seconds per scenario, default 10).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BENCH_SMTP_URL } from './bench-support.mjs';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
if (args.db !== 'sqlite' && args.db !== 'postgres') {
  console.error('usage: npm run bench:api [-- --db sqlite|postgres]');
  process.exit(2);
}
const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 10));
const HOST = '127.0.0.1';
const RAISED = '1000000000';
const JWT_SECRET = randomBytes(32).toString('base64url');

const targets = {
  login10: { p99: 250 },
  login50: { p99: 1000 },
  register10: { rps: 80 },
  health: { p99: 50 },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'pathforge-bench-'));
/** Every running API process and throw-away server, stopped on the way out. */
const running = new Set();
const cleanups = [() => rmSync(dir, { recursive: true, force: true })];

async function shutdown() {
  await Promise.all([...running].map((api) => api.stop()));
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
}
process.on('SIGINT', async () => {
  await shutdown();
  process.exit(130);
});

/** One `node server/main.ts` process with `env`; resolves once it serves /ready. */
async function startApi(name, env) {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const log = [];
  let exited = false;
  let stopping = false;
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      DATABASE_PATH: join(dir, `${name}.db`),
      JWT_SECRET,
      SMTP_URL: BENCH_SMTP_URL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: RAISED,
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: RAISED,
      RATE_LIMIT_REGISTER_PER_HOUR: RAISED,
      RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: RAISED,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      log.push(String(chunk));
      if (log.length > 50) log.shift();
    });
  }
  const api = {
    base,
    async stop() {
      stopping = true;
      running.delete(api);
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(timer);
    },
  };
  running.add(api);
  child.on('exit', async (code, signal) => {
    exited = true;
    if (stopping) return;
    console.error(`The API (${name}) exited unexpectedly (${signal ?? code}). Its last output:\n${log.join('')}`);
    await shutdown();
    process.exit(1);
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/ready`)).ok) return api;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The API (${name}) did not become ready at ${base}. Its output:\n${log.join('')}`);
}

/** Runs `options` against every base at once, the connections split evenly; merges the results. */
async function load(bases, options, duration = DURATION) {
  const share = Math.max(1, Math.round(options.connections / bases.length));
  const results = await Promise.all(bases.map((url) => autocannon({ url, duration, ...options, connections: share })));
  const worst = (pick) => Math.max(...results.map(pick));
  const sum = (pick) => results.reduce((total, r) => total + pick(r), 0);
  return {
    p50: worst((r) => r.latency.p50),
    p99: worst((r) => r.latency.p99),
    rps: sum((r) => r.requests.average),
    total: sum((r) => r.requests.total),
    errors: sum((r) => r.errors + r.timeouts + r.non2xx),
    detail: `errors ${sum((r) => r.errors)}, timeouts ${sum((r) => r.timeouts)}, non-2xx ${sum((r) => r.non2xx)}`,
  };
}

/** The four scenarios against one setup (one or more API instances on one database). */
async function scenarios(label, bases) {
  console.log(`\n■ ${label}`);
  const user = { username: 'Bench Learner', email: 'bench@example.com', password: 'a long bench passphrase' };
  const registered = await fetch(`${bases[0]}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (registered.status !== 201) throw new Error(`seeding failed: ${registered.status} ${await registered.text()}`);
  const loginRequest = {
    method: 'POST',
    path: '/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  };

  // Warm-up (not measured): JIT, argon2 thread pool, the database's caches and connections.
  await load(bases, { connections: 10, requests: [loginRequest] }, 2);

  const rows = {};
  console.log('  1/4 login, 10 connections…');
  rows.login10 = await load(bases, { connections: 10, requests: [loginRequest] });
  console.log('  2/4 login, 50 connections…');
  rows.login50 = await load(bases, { connections: 50, requests: [loginRequest] });
  console.log('  3/4 registration, 10 connections…');
  let counter = 0;
  const runId = randomBytes(3).toString('hex');
  rows.register10 = await load(bases, {
    connections: 10,
    requests: [
      {
        method: 'POST',
        path: '/auth/register',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          counter += 1;
          return {
            ...request,
            body: JSON.stringify({
              username: `Bench ${counter}`,
              email: `bench-${runId}-${counter}@example.com`,
              password: `bench passphrase ${counter}`,
            }),
          };
        },
      },
    ],
  });
  console.log('  4/4 /health (2 connections) while login is saturated (50 connections)…');
  const [saturated, health] = await Promise.all([
    load(bases, { connections: 50, requests: [loginRequest] }),
    load(bases, { connections: 2, requests: [{ method: 'GET', path: '/health' }] }),
  ]);
  rows.saturated = saturated;
  rows.health = health;
  return { label, rows };
}

const NAMES = {
  login10: 'login @10',
  login50: 'login @50',
  register10: 'register @10',
  saturated: 'login @50 (load)',
  health: '/health under load',
};

function checks(rows) {
  return [
    ['login @10: p99 ≤ 250 ms, no errors', rows.login10.p99 <= targets.login10.p99 && rows.login10.errors === 0],
    ['login @50: p99 ≤ 1 s, no errors', rows.login50.p99 <= targets.login50.p99 && rows.login50.errors === 0],
    ['registration @10: ≥ 80/s, no errors', rows.register10.rps >= targets.register10.rps && rows.register10.errors === 0],
    ['/health under login load: p99 ≤ 50 ms', rows.health.p99 <= targets.health.p99 && rows.health.errors === 0],
  ];
}

const pad = (value, width) => String(value).padStart(width);

function printSetup({ label, rows }) {
  console.log(`\n${label}`);
  console.log(`${'scenario'.padEnd(20)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 9)}${pad('requests', 10)}${pad('errors', 8)}`);
  for (const [key, row] of Object.entries(rows)) {
    console.log(
      `${NAMES[key].padEnd(20)}${pad(row.p50, 9)}${pad(row.p99, 9)}${pad(row.rps.toFixed(1), 9)}${pad(row.total, 10)}${pad(row.errors, 8)}` +
        (row.errors > 0 ? `   (${row.detail})` : ''),
    );
  }
  console.log('Targets (2-core machine):');
  for (const [text, ok] of checks(rows)) console.log(`  ${ok ? 'PASS' : 'MISS'}  ${text}`);
}

function printComparison(setups) {
  const columns = setups.map((s) => s.short);
  const width = Math.max(14, ...columns.map((c) => c.length + 2));
  console.log(`\nSide by side (same run, same machine)\n${''.padEnd(26)}${columns.map((c) => pad(c, width)).join('')}`);
  const line = (text, pick) => console.log(`${text.padEnd(26)}${setups.map((s) => pad(pick(s.rows), width)).join('')}`);
  line('login p99 @10 (ms)', (r) => r.login10.p99);
  line('login p99 @50 (ms)', (r) => r.login50.p99);
  line('login req/s @50', (r) => r.login50.rps.toFixed(0));
  line('registrations/s @10', (r) => r.register10.rps.toFixed(0));
  line('/health p99 under load (ms)', (r) => r.health.p99);
  line('errors (all scenarios)', (r) => Object.values(r).reduce((n, row) => n + row.errors, 0));
}

function startServers() {
  const started = {};
  const read = (output) => {
    for (const [, key, value] of output.matchAll(/^export (\w+)=(.*)$/gm)) started[key] = value;
  };
  // Ports of their own, so a test cluster on the default ports is left alone.
  const pgEnv = { ...process.env, PG_CLUSTER_PORT: String(55_400 + (process.pid % 90)) };
  read(execFileSync('bash', ['scripts/postgres-cluster.sh', 'start'], { env: pgEnv, encoding: 'utf8' }));
  cleanups.push(() => execFileSync('bash', ['scripts/postgres-cluster.sh', 'stop'], { env: { ...process.env, ...started } }));
  const redisEnv = { ...process.env, REDIS_TEST_PORT: String(56_400 + (process.pid % 90)) };
  read(execFileSync('bash', ['scripts/redis-server.sh', 'start'], { env: redisEnv, encoding: 'utf8' }));
  cleanups.push(() => execFileSync('bash', ['scripts/redis-server.sh', 'stop'], { env: { ...process.env, ...started } }));
  return started;
}

function createDatabase(adminUrl, name) {
  execFileSync('psql', [adminUrl, '-qc', `create database ${name}`]);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

console.log(`PathForge API benchmark: ${cpus().length} CPUs, Node ${process.version}, ${DURATION} s per scenario`);
console.log(
  'Rate limits RAISED for this run (RATE_LIMIT_LOGIN_PER_MINUTE, RATE_LIMIT_LOGIN_IP_PER_MINUTE,\n' +
    `RATE_LIMIT_REGISTER_PER_HOUR, RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR = ${RAISED}); production keeps 5/30/10/10.`,
);

try {
  const setups = [];
  let api = await startApi('sqlite', {});
  setups.push({ short: 'SQLite', ...(await scenarios('SQLite, one API instance (the reference)', [api.base])) });
  await api.stop();

  if (args.db === 'postgres') {
    const servers = startServers();
    const one = createDatabase(servers.TEST_DATABASE_URL, 'bench_one');
    api = await startApi('pg-one', { DATABASE_URL: one });
    setups.push({ short: 'PostgreSQL', ...(await scenarios('PostgreSQL, one API instance', [api.base])) });
    await api.stop();

    const two = createDatabase(servers.TEST_DATABASE_URL, 'bench_two');
    const env = { DATABASE_URL: two, REDIS_URL: servers.TEST_REDIS_URL };
    const a = await startApi('pg-a', env);
    const b = await startApi('pg-b', env);
    setups.push({ short: 'PG+Redis ×2', ...(await scenarios('PostgreSQL + Redis, two API instances', [a.base, b.base])) });
    await Promise.all([a.stop(), b.stop()]);
  }

  for (const setup of setups) printSetup(setup);
  if (setups.length > 1) printComparison(setups);
  const ok = checks(setups[0].rows).every(([, pass]) => pass) && setups.every((s) => Object.values(s.rows).every((r) => r.errors === 0));
  if (setups.length > 1) {
    console.log(
      '\nThe targets apply to the SQLite reference; every setup must answer without errors. On 2 cores the two\n' +
        'instances, PostgreSQL, Redis and the load generator share the same CPUs: these figures show the cost of\n' +
        'the network hops and that nothing fails, not how far more machines scale.',
    );
  }
  await shutdown();
  // Then the learning API's read-heavy scenario on its own seeded database of 10,000
  // learners and 1,000,000 completions, on the same databases (scripts/bench-learning.mjs).
  console.log('\n▶ the learning API under read load (npm run bench:learning)');
  const learning = spawnSync(process.execPath, ['scripts/bench-learning.mjs', ...(args.db === 'postgres' ? ['--db', 'postgres'] : [])], {
    stdio: 'inherit',
  });
  process.exit(ok && learning.status === 0 ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown();
  process.exit(1);
}
