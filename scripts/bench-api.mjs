#!/usr/bin/env node
/**
 * `npm run bench:api` (issue 4 §7): starts the API on loopback with a temporary database, loads
 * it with autocannon and prints p50/p99 latency and throughput for
 *   1. login at 10 connections, 2. login at 50 connections, 3. registration at 10 connections,
 *   4. GET /health while login is saturated (50 connections),
 * then compares them with the targets for a 2-core machine. Exits 1 when a target is missed.
 *
 * The server is a separate process (the real `server/main.ts`, production argon2 cost), so the
 * load generator does not share its event loop. The rate limits are raised for the run (they
 * would otherwise answer 429 after a few logins), and the output says so.
 *
 * Environment: BENCH_DURATION (seconds per scenario, default 10).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 10));
const HOST = '127.0.0.1';
const RAISED = '1000000000';

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
const port = await freePort();
const base = `http://${HOST}:${port}`;
const serverLog = [];

console.log(`PathForge API benchmark: ${cpus().length} CPUs, Node ${process.version}, ${DURATION} s per scenario`);
console.log(`Temporary database: ${join(dir, 'bench.db')}`);
console.log(
  'Rate limits RAISED for this run (RATE_LIMIT_LOGIN_PER_MINUTE, RATE_LIMIT_LOGIN_IP_PER_MINUTE,\n' +
    `RATE_LIMIT_REGISTER_PER_HOUR, RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR = ${RAISED}); production keeps 5/30/10/10.`,
);

const server = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATABASE_PATH: join(dir, 'bench.db'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_PER_MINUTE: RAISED,
    RATE_LIMIT_LOGIN_IP_PER_MINUTE: RAISED,
    RATE_LIMIT_REGISTER_PER_HOUR: RAISED,
    RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: RAISED,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.on('data', (chunk) => {
    serverLog.push(String(chunk));
    if (serverLog.length > 50) serverLog.shift();
  });
}
let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  if (!stopping) {
    console.error(`The API exited unexpectedly (${signal ?? code}). Its last output:\n${serverLog.join('')}`);
    cleanup();
    process.exit(1);
  }
});

let stopping = false;
function cleanup() {
  rmSync(dir, { recursive: true, force: true });
}
async function stopServer() {
  stopping = true;
  if (serverExited) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
process.on('SIGINT', async () => {
  await stopServer();
  cleanup();
  process.exit(130);
});

async function waitForHealth() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The API did not become healthy at ${base}. Its output:\n${serverLog.join('')}`);
}

async function post(path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response;
}

function run(options) {
  return autocannon({ url: base, duration: DURATION, ...options });
}

function summarize(name, result) {
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    total: result.requests.total,
    errors,
    detail: `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  };
}

try {
  await waitForHealth();
  const user = { username: 'Bench Learner', email: 'bench@example.com', password: 'a long bench passphrase' };
  const registered = await post('/auth/register', user);
  if (registered.status !== 201) throw new Error(`seeding failed: ${registered.status} ${await registered.text()}`);
  const loginRequest = {
    method: 'POST',
    path: '/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  };

  // Warm-up (not measured): JIT, argon2 thread pool, SQLite page cache.
  await autocannon({ url: base, duration: 2, connections: 10, requests: [loginRequest] });

  const rows = [];
  console.log('\n1/4 login, 10 connections…');
  rows.push(summarize('login @10', await run({ connections: 10, requests: [loginRequest] })));

  console.log('2/4 login, 50 connections…');
  rows.push(summarize('login @50', await run({ connections: 50, requests: [loginRequest] })));

  console.log('3/4 registration, 10 connections…');
  let counter = 0;
  const runId = randomBytes(3).toString('hex');
  rows.push(
    summarize(
      'register @10',
      await run({
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
      }),
    ),
  );

  console.log('4/4 /health (2 connections) while login is saturated (50 connections)…');
  const [saturated, health] = await Promise.all([
    run({ connections: 50, requests: [loginRequest] }),
    run({ connections: 2, requests: [{ method: 'GET', path: '/health' }] }),
  ]);
  rows.push(summarize('login @50 (load)', saturated));
  rows.push(summarize('/health under load', health));

  const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
  const checks = [
    ['login @10: p99 ≤ 250 ms, no errors', byName['login @10'].p99 <= targets.login10.p99 && byName['login @10'].errors === 0],
    ['login @50: p99 ≤ 1 s, no errors', byName['login @50'].p99 <= targets.login50.p99 && byName['login @50'].errors === 0],
    ['registration @10: ≥ 80/s, no errors', byName['register @10'].rps >= targets.register10.rps && byName['register @10'].errors === 0],
    ['/health under login load: p99 ≤ 50 ms', byName['/health under load'].p99 <= targets.health.p99 && byName['/health under load'].errors === 0],
  ];

  const pad = (value, width) => String(value).padStart(width);
  console.log(`\n${'scenario'.padEnd(20)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 9)}${pad('requests', 10)}${pad('errors', 8)}`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(20)}${pad(row.p50, 9)}${pad(row.p99, 9)}${pad(row.rps.toFixed(1), 9)}${pad(row.total, 10)}${pad(row.errors, 8)}` +
        (row.errors > 0 ? `   (${row.detail})` : ''),
    );
  }
  console.log('\nTargets (2-core machine):');
  for (const [label, ok] of checks) console.log(`  ${ok ? 'PASS' : 'MISS'}  ${label}`);

  await stopServer();
  cleanup();
  process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopServer();
  cleanup();
  process.exit(1);
}
