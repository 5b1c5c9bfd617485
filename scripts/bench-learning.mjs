#!/usr/bin/env node
/**
 * `npm run bench:learning` (issue 10 §4): the read-heavy scenario on a seeded database of 10,000
 * learners and 1,000,000 task completions (server/bench/seed-learners.ts): GET a path with the
 * learner's progress at 50 connections, and the task toggle (PUT then DELETE) at 10, on SQLite
 * and, with `-- --db postgres`, on PostgreSQL in the same run (a throw-away cluster from
 * scripts/postgres-cluster.sh). Prints the seeding time and p50/p99; exits 1 when a target is missed
 * (GET p99 ≤ 25 ms, toggle p99 ≤ 40 ms). BENCH_DURATION (s, default 10), BENCH_LEARNERS, BENCH_COMPLETIONS.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 10));
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 1_000_000);
const HOST = '127.0.0.1';
const dir = mkdtempSync(join(tmpdir(), 'pathforge-bench-learning-'));
const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
const targets = { get: 25, toggle: 40 };

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function seed(target) {
  const out = execFileSync(process.execPath, ['server/bench/seed-learners.ts', JSON.stringify(target), String(LEARNERS), String(COMPLETIONS)], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop());
}

async function startApi(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', HOST, PORT: String(port), JWT_SECRET: randomBytes(32).toString('base64url'), LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://${HOST}:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${base}/ready`)).ok) return { base, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) };
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start');
}

async function measure(label, env) {
  const api = await startApi(env);
  try {
    // 50 learners signed in (the seed's shared password).
    const tokens = [];
    for (let i = 0; i < 50; i += 1) {
      const response = await fetch(`${api.base}/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `learner${i * 97}@bench.pathforge.local`, password: 'a long bench passphrase' }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      tokens.push((await response.json()).token);
    }
    const paths = (await (await fetch(`${api.base}/learning/paths`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json()).paths;
    const slug = paths[0].slug;
    let next = 0;
    const get = await autocannon({
      url: api.base, duration: DURATION, connections: 50,
      requests: [{ method: 'GET', path: `/learning/paths/${slug}`, setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) }],
    });
    // The toggle: each of 10 learners ticks and unticks a task of a project they have in progress.
    const toggles = [];
    for (const token of tokens.slice(0, 10)) {
      // A project in progress, or else one the learner may start (started here).
      let project;
      let available;
      for (const path of paths) {
        const detail = (await (await fetch(`${api.base}/learning/paths/${path.slug}`, { headers: { authorization: `Bearer ${token}` } })).json()).path;
        const projects = detail.sections.flatMap((s) => s.projects);
        project = projects.find((p) => p.status === 'in-progress');
        available ??= projects.find((p) => p.status === 'available');
        if (project) break;
      }
      if (!project) {
        project = available;
        const started = await fetch(`${api.base}/learning/projects/${project.id}/start`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        if (!started.ok) throw new Error(`start failed: ${started.status}`);
      }
      const full = (await (await fetch(`${api.base}/learning/projects/${project.slug}`, { headers: { authorization: `Bearer ${token}` } })).json()).project;
      toggles.push({ token, task: full.tasks.find((t) => !t.completed)?.id ?? full.tasks[0].id });
    }
    let which = 0;
    const toggle = await autocannon({
      url: api.base, duration: DURATION, connections: 10,
      requests: [
        { method: 'PUT', setupRequest: (req, ctx) => { ctx.t ??= toggles[which++ % toggles.length]; return { ...req, path: `/learning/tasks/${ctx.t.task}`, headers: { authorization: `Bearer ${ctx.t.token}` } }; } },
        { method: 'DELETE', setupRequest: (req, ctx) => ({ ...req, path: `/learning/tasks/${ctx.t.task}`, headers: { authorization: `Bearer ${ctx.t.token}` } }) },
      ],
    });
    const row = (r) => ({ p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.errors + r.timeouts + r.non2xx });
    return { label, get: row(get), toggle: row(toggle) };
  } finally {
    await api.stop();
  }
}

console.log(`PathForge learning benchmark: ${cpus().length} CPUs, Node ${process.version}, ${LEARNERS} learners, ~${COMPLETIONS} completions, ${DURATION} s per scenario`);
const results = [];
try {
  const sqlitePath = join(dir, 'bench.db');
  const seededSqlite = seed({ kind: 'sqlite', path: sqlitePath });
  console.log(`SQLite seeded: ${seededSqlite.rows} rows in ${seededSqlite.seconds} s`);
  results.push({ ...(await measure('SQLite', { DATABASE_PATH: sqlitePath })), seedSeconds: seededSqlite.seconds });
  if (args.db === 'postgres') {
    const env = { ...process.env, PG_CLUSTER_PORT: String(55_600 + (process.pid % 90)) };
    const started = Object.fromEntries([...execFileSync('bash', ['scripts/postgres-cluster.sh', 'start'], { env, encoding: 'utf8' }).matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    cleanups.push(() => execFileSync('bash', ['scripts/postgres-cluster.sh', 'stop'], { env: { ...process.env, ...started } }));
    execFileSync('psql', [started.TEST_DATABASE_URL, '-qc', 'create database bench_learning']);
    const url = started.TEST_DATABASE_URL.replace(/\/postgres$/, '/bench_learning');
    const seededPg = seed({ kind: 'postgres', url, poolSize: 4 });
    console.log(`PostgreSQL seeded: ${seededPg.rows} rows in ${seededPg.seconds} s`);
    results.push({ ...(await measure('PostgreSQL', { DATABASE_URL: url, DATABASE_PATH: join(dir, 'pg.db') })), seedSeconds: seededPg.seconds });
  }
  let ok = true;
  console.log(`\n${'database'.padEnd(12)}${'seed s'.padStart(8)}${'GET path p50/p99 ms'.padStart(22)}${'req/s'.padStart(8)}${'toggle p50/p99 ms'.padStart(20)}${'req/s'.padStart(8)}${'errors'.padStart(8)}`);
  for (const r of results) {
    console.log(`${r.label.padEnd(12)}${String(r.seedSeconds).padStart(8)}${`${r.get.p50} / ${r.get.p99}`.padStart(22)}${String(r.get.rps).padStart(8)}${`${r.toggle.p50} / ${r.toggle.p99}`.padStart(20)}${String(r.toggle.rps).padStart(8)}${String(r.get.errors + r.toggle.errors).padStart(8)}`);
    ok &&= r.get.p99 <= targets.get && r.toggle.p99 <= targets.toggle && r.get.errors + r.toggle.errors === 0;
  }
  console.log(`\nTargets: GET a path p99 ≤ ${targets.get} ms at 50 connections, toggle p99 ≤ ${targets.toggle} ms: ${ok ? 'PASS' : 'MISS'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
}
