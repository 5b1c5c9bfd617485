#!/usr/bin/env node
/**
 * `npm run bench:learning`: the read-heavy scenario on a seeded database of 10,000
 * learners and 1,000,000 task completions (server/bench/seed-learners.ts): GET a path with the
 * learner's progress at 50 connections, and the task toggle (PUT then DELETE) at 10, on SQLite
 * and, with `-- --db postgres`, on PostgreSQL in the same run (a throw-away cluster from
 * scripts/postgres-cluster.sh). In the same run, a reference: the cheapest signed-in read (GET
 * /account/settings). Prints the seeding time and p50/p99; exits 1 when a target is missed
 * (GET p99 ≤ 25 ms, toggle p99 ≤ 40 ms). BENCH_DURATION (s, default 10), BENCH_LEARNERS, BENCH_COMPLETIONS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { figures, postgresDatabase, seed as seedWith, signInLearner, startApi } from './bench-support.mjs';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 10));
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'pathforge-bench-learning-'));
const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
const targets = { get: 25, toggle: 40 };

const seed = (target) => seedWith('server/bench/seed-learners.ts', target, LEARNERS, COMPLETIONS);

async function measure(label, env) {
  const api = await startApi(env);
  try {
    // 50 learners signed in (the seed's shared password).
    const tokens = [];
    for (let i = 0; i < 50; i += 1) tokens.push(await signInLearner(api.base, i * 97));
    const paths = (await (await fetch(`${api.base}/learning/paths`, { headers: { authorization: `Bearer ${tokens[0]}` } })).json()).paths;
    const slug = paths[0].slug;
    let next = 0;
    const read = (path, duration = DURATION) =>
      autocannon({
        url: api.base,
        duration,
        connections: 50,
        requests: [{ method: 'GET', path, setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) }],
      });
    // The reference, in the same run: the cheapest signed-in read (GET /account/settings: the
    // session check, then one row). Each is warmed for 2 s first.
    await read('/account/settings', 2);
    const reference = await read('/account/settings');
    await read(`/learning/paths/${slug}`, 2);
    const get = await read(`/learning/paths/${slug}`);
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
      url: api.base,
      duration: DURATION,
      connections: 10,
      requests: [
        {
          method: 'PUT',
          setupRequest: (req, ctx) => {
            ctx.t ??= toggles[which++ % toggles.length];
            return { ...req, path: `/learning/tasks/${ctx.t.task}`, headers: { authorization: `Bearer ${ctx.t.token}` } };
          },
        },
        { method: 'DELETE', setupRequest: (req, ctx) => ({ ...req, path: `/learning/tasks/${ctx.t.task}`, headers: { authorization: `Bearer ${ctx.t.token}` } }) },
      ],
    });
    return { label, reference: figures(reference), get: figures(get), toggle: figures(toggle) };
  } finally {
    await api.stop();
  }
}

console.log(
  `PathForge learning benchmark: ${cpus().length} CPUs, Node ${process.version}, ${LEARNERS} learners, ~${COMPLETIONS} completions, ${DURATION} s per scenario`,
);
const results = [];
try {
  const sqlitePath = join(dir, 'bench.db');
  const seededSqlite = seed({ kind: 'sqlite', path: sqlitePath });
  console.log(`SQLite seeded: ${seededSqlite.rows} rows in ${seededSqlite.seconds} s`);
  results.push({ ...(await measure('SQLite', { DATABASE_PATH: sqlitePath })), seedSeconds: seededSqlite.seconds });
  if (args.db === 'postgres') {
    const url = postgresDatabase('bench_learning', cleanups);
    const seededPg = seed({ kind: 'postgres', url, poolSize: 4 });
    console.log(`PostgreSQL seeded: ${seededPg.rows} rows in ${seededPg.seconds} s`);
    results.push({ ...(await measure('PostgreSQL', { DATABASE_URL: url, DATABASE_PATH: join(dir, 'pg.db') })), seedSeconds: seededPg.seconds });
  }
  let ok = true;
  console.log(
    `\n${'database'.padEnd(12)}${'seed s'.padStart(8)}${'reference p50/p99 ms'.padStart(22)}${'req/s'.padStart(8)}${'GET path p50/p99 ms'.padStart(22)}${'req/s'.padStart(8)}${'toggle p50/p99 ms'.padStart(20)}${'req/s'.padStart(8)}${'errors'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(12)}${String(r.seedSeconds).padStart(8)}${`${r.reference.p50} / ${r.reference.p99}`.padStart(22)}${String(r.reference.rps).padStart(8)}${`${r.get.p50} / ${r.get.p99}`.padStart(22)}${String(r.get.rps).padStart(8)}${`${r.toggle.p50} / ${r.toggle.p99}`.padStart(20)}${String(r.toggle.rps).padStart(8)}${String(r.get.errors + r.toggle.errors).padStart(8)}`,
    );
    ok &&= r.get.p99 <= targets.get && r.toggle.p99 <= targets.toggle && r.get.errors + r.toggle.errors === 0;
  }
  console.log(`\nTargets: GET a path p99 ≤ ${targets.get} ms at 50 connections, toggle p99 ≤ ${targets.toggle} ms: ${ok ? 'PASS' : 'MISS'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
}
