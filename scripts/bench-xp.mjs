#!/usr/bin/env node
/**
 * `npm run bench:xp`: the leaderboards on 100,000 learners and 5,000,000 XP events
 * (server/bench/seed-xp.ts), on SQLite and, with `-- --db postgres`, on PostgreSQL in the same run
 * (a throw-away cluster from scripts/postgres-cluster.sh). For each period (All Time, This Month,
 * This Week, Today), at 50 connections, GET /learning/leaderboard?period=…:
 * - "top 50": as the board's own top 50 (the answer: the top 50, their own row found among them,
 *   and how many learners the board holds);
 * - "my rank": as 50 learners spread from first place to last (the same, plus counting who is
 *   ahead of them: the last place counts the whole board).
 * Each scenario is warmed for 3 s first. In the same run, a reference: the cheapest signed-in read
 * (GET /account/settings: the session check, then one row: two queries; a leaderboard answer is one
 * query, its own row read with the session check, plus the board's work in memory).
 * Prints the seeding time and p50/p99; exits 1 when a target is missed (top 50 p99 ≤ 20 ms, my
 * rank p99 ≤ 50 ms). BENCH_DURATION (s per scenario, default 10), BENCH_LEARNERS, BENCH_EVENTS.
 * BENCH_REUSE=<folder>: keeps the seeded SQLite database there (and the PostgreSQL cluster, halted,
 * with `--db postgres`) and, when they are there already, measures them without seeding again
 * (minutes saved when comparing changes to the API). Delete the folder (and the cluster folder it
 * names in pg.json) when done.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { figures, postgresDatabase, resumePostgres, seed, signInLearner, startApi } from './bench-support.mjs';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 10));
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const PERIODS = ['all', 'month', 'week', 'day'];
const targets = { top: 20, rank: 50 };
const reuse = process.env.BENCH_REUSE;
const dir = reuse ?? mkdtempSync(join(tmpdir(), 'pathforge-bench-xp-'));
const cleanups = reuse ? [] : [() => rmSync(dir, { recursive: true, force: true })];

async function measure(label, env, picks) {
  const api = await startApi(env);
  try {
    const tokens = new Map();
    const tokenOf = async (n) => {
      if (!tokens.has(n)) tokens.set(n, await signInLearner(api.base, n));
      return tokens.get(n);
    };
    const rows = [];
    const load = (path, tokens, duration = DURATION) => {
      let next = 0;
      return autocannon({
        url: api.base,
        duration,
        connections: 50,
        requests: [{ method: 'GET', path, setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) }],
      });
    };
    // The reference, in the same run: the cheapest signed-in read (the session check and one row by
    // its key, GET /account/settings), as the 50 spread learners: two queries, where a leaderboard
    // answer makes one (its own row with the session check) and adds the board's work.
    const everyone = [];
    for (const n of picks.all.spread) everyone.push(await tokenOf(n));
    await load('/account/settings', everyone, 2); // warm-up
    const reference = figures(await load('/account/settings', everyone));
    for (const period of PERIODS) {
      const row = { period };
      for (const scenario of ['top', 'spread']) {
        const mine = [];
        for (const n of picks[period][scenario]) mine.push(await tokenOf(n));
        // Each answer is checked once: the learner's own row is there, with the rank the seed expects.
        const check = await (await fetch(`${api.base}/learning/leaderboard?period=${period}`, { headers: { authorization: `Bearer ${mine.at(-1)}` } })).json();
        if (check.top.length !== 50 || !check.me) throw new Error(`unexpected board: ${JSON.stringify(check).slice(0, 300)}`);
        // Warm: the board's copy read and the code compiled, as on a server that has been answering.
        await load(`/learning/leaderboard?period=${period}`, mine, 3);
        row[scenario] = figures(await load(`/learning/leaderboard?period=${period}`, mine));
        row.learners = check.learners;
      }
      rows.push(row);
    }
    return { label, rows, reference };
  } finally {
    await api.stop();
  }
}

console.log(
  `PathForge leaderboard benchmark: ${cpus().length} CPUs, Node ${process.version}, ${LEARNERS} learners, ~${EVENTS} XP events, ${DURATION} s per scenario`,
);
const results = [];
try {
  const now = Date.now();
  const sqlitePath = join(dir, 'bench.db');
  const kept = join(dir, 'seeded.json');
  let seededSqlite;
  if (reuse && existsSync(kept) && existsSync(sqlitePath)) {
    seededSqlite = JSON.parse(readFileSync(kept, 'utf8'));
    console.log(`SQLite: the database seeded earlier in ${dir} (${seededSqlite.events} events; seeded in ${seededSqlite.seconds} s then)`);
  } else {
    if (reuse) mkdirSync(dir, { recursive: true });
    seededSqlite = seed('server/bench/seed-xp.ts', { kind: 'sqlite', path: sqlitePath }, LEARNERS, EVENTS, now);
    if (reuse) writeFileSync(kept, JSON.stringify(seededSqlite));
    console.log(
      `SQLite seeded: ${seededSqlite.events} events, ${seededSqlite.boardRows} board rows in ${seededSqlite.seconds} s ${JSON.stringify(seededSqlite.timings)}`,
    );
  }
  results.push({ ...(await measure('SQLite', { DATABASE_PATH: sqlitePath }, seededSqlite.picks)), seeded: seededSqlite });
  if (args.db === 'postgres') {
    const keptPg = join(dir, 'pg.json');
    let url;
    let seededPg;
    if (reuse && existsSync(keptPg)) {
      ({ url, seeded: seededPg } = JSON.parse(readFileSync(keptPg, 'utf8')));
      resumePostgres(JSON.parse(readFileSync(keptPg, 'utf8')).cluster, cleanups);
      console.log(`PostgreSQL: the database seeded earlier (${seededPg.events} events; seeded in ${seededPg.seconds} s then)`);
    } else {
      const made = reuse ? postgresDatabase('bench_xp', cleanups, { keep: true }) : { url: postgresDatabase('bench_xp', cleanups) };
      url = made.url;
      seededPg = seed('server/bench/seed-xp.ts', { kind: 'postgres', url, poolSize: 4 }, LEARNERS, EVENTS, now);
      if (reuse) writeFileSync(keptPg, JSON.stringify({ url, cluster: made.cluster, seeded: seededPg }));
      console.log(`PostgreSQL seeded: ${seededPg.events} events, ${seededPg.boardRows} board rows in ${seededPg.seconds} s ${JSON.stringify(seededPg.timings)}`);
    }
    results.push({ ...(await measure('PostgreSQL', { DATABASE_URL: url, DATABASE_PATH: join(dir, 'pg.db') }, seededPg.picks)), seeded: seededPg });
  }
  let ok = true;
  console.log(
    `\n${'database'.padEnd(12)}${'period'.padEnd(8)}${'learners'.padStart(10)}${'top 50 p50/p99 ms'.padStart(20)}${'req/s'.padStart(8)}${'my rank p50/p99 ms'.padStart(21)}${'req/s'.padStart(8)}${'errors'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(12)}${'reference: GET /account/settings'.padEnd(38)}${`${r.reference.p50} / ${r.reference.p99}`.padStart(21)}${String(r.reference.rps).padStart(8)}${String(r.reference.errors).padStart(8)}`,
    );
    for (const row of r.rows) {
      console.log(
        `${r.label.padEnd(12)}${row.period.padEnd(8)}${String(row.learners).padStart(10)}${`${row.top.p50} / ${row.top.p99}`.padStart(20)}${String(row.top.rps).padStart(8)}${`${row.spread.p50} / ${row.spread.p99}`.padStart(21)}${String(row.spread.rps).padStart(8)}${String(row.top.errors + row.spread.errors).padStart(8)}`,
      );
      ok &&= row.top.p99 <= targets.top && row.spread.p99 <= targets.rank && row.top.errors + row.spread.errors === 0;
    }
  }
  console.log(`\nTargets: top 50 p99 ≤ ${targets.top} ms and my rank p99 ≤ ${targets.rank} ms at 50 connections, every period: ${ok ? 'PASS' : 'MISS'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
}
