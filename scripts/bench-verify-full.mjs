#!/usr/bin/env node
/**
 * `npm run bench:verify:full`: a page project verified through the real API on this machine (not
 * part of any test command).
 *
 * Starts `server/main.ts` as a child (VERIFICATION on, VERIFY_TEST_ALLOW=127.0.0.1, GitHub sign-in
 * set up so the owner check runs, GITHUB_API_URL at a fake GitHub started here, a temporary SQLite
 * database), serves the Personal Portfolio's reference site (content/projects/personal-portfolio/
 * reference/) on 127.0.0.1, and registers learners through the API. Each learner's GitHub identity is
 * linked by inserting its `oauth_identities` row into the database (what signing in with GitHub
 * leaves there), and each gets a repository of their own on the fake (distinct id and commit sha: two
 * learners with one repository are held as copies). Each starts the project and ticks its tasks
 * through the API. Then:
 *
 * 1. BENCH_RUNS (default 10) learners, one at a time: from POST …/submission (202) to the report's
 *    final state, polled with GET /learning/projects/:slug every 250 ms (the app polls every
 *    REPORT_POLL_MS); every report must be `passed`. Interleaved with it, the reference: the page
 *    checker alone (createPageChecker behind the guarded proxy, in this process) on the same page
 *    with the same checks, so a reader can compare machines.
 * 2. 20 learners submit at once: the time until all 20 reports are final (polled every
 *    REPORT_POLL_MS, as the app does), all passed, and the peak memory of the API's process tree
 *    (API, page-checker child, Chromium, Java): PSS summed over the tree from /proc, sampled every
 *    200 ms (server/verify/page/processTree.ts, what the checker's own cap reads).
 * 3. Hostile sites submitted at once by 4 learners: an endless loop, 50 MB of HTML, a 302 to
 *    127.0.0.2 and a page whose script navigates (and loads an image) there. A sentinel on 127.0.0.2
 *    (not allowed) records any request. Each report must end (failed or couldn't check, with a
 *    reason), each try of a run within the run's deadline (a "couldn't check" is retried twice, after
 *    30 s and 60 s, as in production), /health must answer all along (every 200 ms), and the
 *    sentinel must get nothing.
 *
 * Prints a table with the targets and exits 1 when one is missed. Environment: BENCH_RUNS (default
 * 10), BENCH_DRAIN (default 20).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { loadCurriculum } from '../server/content/load.ts';
import { readReference, variantOf } from '../server/content/references.ts';
import { startFakeGitHubApi } from '../server/test/fake-github.ts';
import { referenceRepository, repositoryUrl, serveSite } from '../server/test/reference-fixtures.ts';
import { head, hostilePages, serveSite as serveFixture } from '../server/verify/page/fixtures.ts';
import { createPageChecker } from '../server/verify/page/index.ts';
import { processTree, treeMemory } from '../server/verify/page/processTree.ts';
import { startGuardedProxy } from '../server/verify/proxy.ts';
import { MAX_TRIES, RETRY_DELAYS_MS, RUN_DEADLINE_MS } from '../server/verify/worker.ts';
import { REPORT_POLL_MS } from '../src/domain/verification.ts';
import { startApi } from './bench-support.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const DRAIN = Math.max(1, Number(process.env.BENCH_DRAIN ?? 20));
const SLUG = 'personal-portfolio';
const TARGET_P95_MS = 20_000;
const TARGET_MEMORY_BYTES = 1024 ** 3;
/** A hostile run's report: every try within its deadline, and the retries' waits between them. */
const HOSTILE_FINAL_MS = MAX_TRIES * RUN_DEADLINE_MS + RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);

const project = loadCurriculum().projects.find((p) => p.slug === SLUG);
const reference = readReference(SLUG);
if (!project || !reference) throw new Error(`${SLUG} or its reference is missing`);
const pageChecks = project.requirements.map((r) => r.check).filter((c) => c.kind === 'page');

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes) => `${Math.round(bytes / 1024 ** 2)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The sites, the fake GitHub, the API
// ---------------------------------------------------------------------------------------------

const site = await serveSite((url) => variantOf(reference, 'reference', url).site ?? {});
const sentinel = await serveFixture('127.0.0.2', { '/': `${head('Private')}<body><p>private</p></body></html>` });
const hostileSites = [
  ['endless loop', { '/': hostilePages['/loop'] }],
  ['50 MB of HTML', { '/': hostilePages['/big'] }],
  ['302 to 127.0.0.2', { '/': { redirect: `${sentinel.url}/` } }],
  [
    'script navigates to 127.0.0.2',
    {
      '/': `${head('Away')}<body><img src="${sentinel.url}/pixel.png" alt=""><script>location.replace(${JSON.stringify(`${sentinel.url}/`)})</script></body></html>`,
    },
  ],
];
const hostile = await Promise.all(hostileSites.map(async ([label, pages]) => ({ label, site: await serveFixture('127.0.0.1', pages) })));

const repositories = [];
const github = await startFakeGitHubApi({ seed: { repositories } });
const dir = mkdtempSync(join(tmpdir(), 'pathforge-bench-verify-'));
const api = await startApi({
  NODE_ENV: 'development',
  DATABASE_PATH: join(dir, 'pathforge.db'),
  SMTP_URL: '',
  VERIFICATION: 'on',
  VERIFY_TEST_ALLOW: '127.0.0.1',
  GITHUB_API_URL: github.url,
  // Sign-in with GitHub set up (never used: identities are linked in the database), so the owner check runs.
  GITHUB_CLIENT_ID: 'bench-github-client',
  GITHUB_CLIENT_SECRET: 'bench-github-secret',
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
});
const db = new DatabaseSync(join(dir, 'pathforge.db'));
db.exec('PRAGMA busy_timeout = 5000');

const cleanups = [
  async () => db.close(),
  () => api.stop(),
  () => github.stop(),
  () => site.close(),
  () => sentinel.close(),
  ...hostile.map((h) => () => h.site.close()),
  async () => rmSync(dir, { recursive: true, force: true }),
];

/** The API's process tree's memory (PSS, summed), sampled every 200 ms; `peak` since the last `reset`. */
const memory = { peak: 0, samples: 0, processes: 0 };
const sampler = setInterval(() => {
  const pids = processTree(api.pid);
  const bytes = treeMemory(pids);
  memory.samples += 1;
  memory.processes = Math.max(memory.processes, pids.length);
  memory.peak = Math.max(memory.peak, bytes);
}, 200);
const resetMemory = () => Object.assign(memory, { peak: 0, samples: 0, processes: 0 });

// ---------------------------------------------------------------------------------------------
// Learners
// ---------------------------------------------------------------------------------------------

const json = { 'content-type': 'application/json' };
async function call(token, method, path, body) {
  const response = await fetch(`${api.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

let learners = 0;
/**
 * A learner with a linked GitHub identity who started the project, ticked every task, and pushed a
 * repository of their own (a new commit, after the start) for `liveUrl`.
 */
async function newLearner(liveUrl) {
  learners += 1;
  const n = learners;
  const email = `bench-verify-${n}@example.com`;
  const password = 'Sturdy-bench-pass-1';
  const registered = await fetch(`${api.base}/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: `Bench ${n}`, email, password }) });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
  const { user } = await registered.json();
  const login = await fetch(`${api.base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  // What signing in with GitHub leaves: the identity the owner check compares with the repository's owner.
  const owner = { id: 70_000_000 + n, login: `bench-octo-${n}` };
  const at = new Date().toISOString();
  db.prepare('INSERT INTO oauth_identities (id, user_id, provider, subject, email, login, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    randomUUID(),
    user.id,
    'github',
    String(owner.id),
    `${owner.login}@example.com`,
    owner.login,
    at,
    at,
  );

  await call(token, 'POST', `/learning/projects/${project.id}/start`, {});
  for (const task of project.tasks) await call(token, 'PUT', `/learning/tasks/${task.id}`);
  const repository = referenceRepository(reference, 'reference', { owner, liveUrl });
  repositories.push(repository);
  github.seed({ repositories });
  return { token, repositoryUrl: repositoryUrl(repository), liveUrl };
}

const submit = (learner) =>
  call(learner.token, 'POST', `/learning/projects/${project.id}/submission`, { repositoryUrl: learner.repositoryUrl, liveUrl: learner.liveUrl });

/** Polls the project as the app does until its report is final; returns the verification. */
async function finalReport(learner, everyMs) {
  for (;;) {
    const { project: view } = await call(learner.token, 'GET', `/learning/projects/${SLUG}`);
    const verification = view.submission?.verification;
    if (verification && verification.state !== 'checking') return verification;
    await sleep(everyMs);
  }
}

/** The first row of a report that did not pass, as "label: message". */
const firstProblem = (v) => {
  const row = [...v.submission, ...v.requirements].find((r) => r.status !== 'passed');
  return row ? `${row.label.slice(0, 30)}: ${row.message ?? '(no reason)'}` : '';
};

let failures = 0;
const fail = (why) => {
  failures += 1;
  console.log(`  ✘ ${why}`);
};

try {
  // -------------------------------------------------------------------------------------------
  // 1. One learner at a time, beside the page checker alone
  // -------------------------------------------------------------------------------------------
  console.log(
    `bench:verify:full: ${SLUG} (${pageChecks.length} page checks, ${project.requirements.length - pageChecks.length} repository checks) through the API; ${RUNS} run(s) one at a time, ${DRAIN} at once, ${hostile.length} hostile sites.\n`,
  );
  const proxy = await startGuardedProxy({ allow: ['127.0.0.1'] });
  cleanups.push(() => proxy.close());
  const checker = createPageChecker({ proxyUrl: proxy.url });
  const alone = [];
  const through = [];
  for (let i = 0; i < RUNS; i += 1) {
    let started = Date.now();
    const outcomes = await checker(site.url, pageChecks, AbortSignal.timeout(180_000));
    alone.push(Date.now() - started);
    for (const o of outcomes) if (o.status !== 'passed') fail(`page checker alone, run ${i + 1}: ${o.status}: ${o.message}`);

    const learner = await newLearner(site.url);
    started = Date.now();
    await submit(learner);
    const verification = await finalReport(learner, 250);
    through.push(Date.now() - started);
    if (verification.state !== 'passed') fail(`through the API, run ${i + 1}: ${verification.state}: ${firstProblem(verification)}`);
  }

  // -------------------------------------------------------------------------------------------
  // 2. DRAIN learners at once
  // -------------------------------------------------------------------------------------------
  const crowd = [];
  for (let i = 0; i < DRAIN; i += 1) crowd.push(await newLearner(site.url));
  resetMemory();
  const drainStarted = Date.now();
  await Promise.all(crowd.map(submit));
  const drained = await Promise.all(crowd.map((learner) => finalReport(learner, REPORT_POLL_MS)));
  const drainMs = Date.now() - drainStarted;
  const drainMemory = { ...memory };
  const drainPassed = drained.filter((v) => v.state === 'passed').length;
  for (const v of drained) if (v.state !== 'passed') fail(`drain: ${v.state}: ${firstProblem(v)}`);

  // -------------------------------------------------------------------------------------------
  // 3. Hostile sites, at once, with /health asked every 200 ms
  // -------------------------------------------------------------------------------------------
  const health = { asked: 0, failed: 0, times: [] };
  let hostileDone = false;
  const healthLoop = (async () => {
    while (!hostileDone) {
      const started = Date.now();
      health.asked += 1;
      const ok = await fetch(`${api.base}/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
      health.times.push(Date.now() - started);
      if (!ok) health.failed += 1;
      await sleep(200);
    }
  })();
  const hits = sentinel.hits.length;
  resetMemory();
  const attackers = [];
  for (const h of hostile) attackers.push({ ...h, learner: await newLearner(`${h.site.url}/`) });
  // Each try of each run, from the database: how long it ran (status `running` until it was put back or finished).
  const tries = new Map();
  const watchTries = setInterval(() => {
    for (const row of db.prepare("SELECT id, status, attempts FROM verification_runs WHERE status = 'running'").all()) {
      const key = `${row.id}:${row.attempts}`;
      if (!tries.has(key)) tries.set(key, { from: Date.now(), to: null });
    }
    for (const [key, t] of tries) {
      if (t.to !== null) continue;
      const [id, attempts] = key.split(':');
      const row = db.prepare('SELECT status, attempts FROM verification_runs WHERE id = ?').get(id);
      if (!row || row.status !== 'running' || String(row.attempts) !== attempts) t.to = Date.now();
    }
  }, 100);
  const hostileStarted = Date.now();
  await Promise.all(attackers.map((a) => submit(a.learner)));
  const endings = await Promise.all(
    attackers.map(async (a) => {
      const v = await finalReport(a.learner, 250);
      return { label: a.label, ms: Date.now() - hostileStarted, state: v.state, reason: firstProblem(v) };
    }),
  );
  clearInterval(watchTries);
  hostileDone = true;
  await healthLoop;
  const hostileMemory = { ...memory };
  const longestTry = Math.max(0, ...[...tries.values()].map((t) => (t.to ?? Date.now()) - t.from));
  const reached = sentinel.hits.length - hits;
  const hostileRuns = db
    .prepare('SELECT sum(attempts) AS tries, max(attempts) AS most FROM verification_runs WHERE created_at >= ?')
    .get(new Date(hostileStarted).toISOString());

  // -------------------------------------------------------------------------------------------
  // The table
  // -------------------------------------------------------------------------------------------
  const p50 = percentile(through, 50);
  const p95 = percentile(through, 95);
  const ok = (pass) => (pass ? '✔' : '✘');
  const rows = [
    [
      'reference: the page checker alone, same page, same checks (in this process)',
      `p50 ${seconds(percentile(alone, 50))} · p95 ${seconds(percentile(alone, 95))}`,
      '',
    ],
    [
      `through the API, submit (202) → final report, ${RUNS} learner(s) one at a time`,
      `p50 ${seconds(p50)} · p95 ${seconds(p95)} · ${failures === 0 ? 'all passed' : 'NOT all passed'}`,
      `p95 ≤ 20 s ${ok(p95 <= TARGET_P95_MS)}`,
    ],
    [
      `${DRAIN} submitted at once: until all ${DRAIN} reports are final`,
      `${seconds(drainMs)} (${seconds(drainMs / DRAIN)} a report), ${drainPassed}/${DRAIN} passed`,
      `all passed ${ok(drainPassed === DRAIN)}`,
    ],
    [
      `  peak memory of the API's process tree (PSS summed, every 200 ms; up to ${drainMemory.processes} processes, ${drainMemory.samples} samples)`,
      megabytes(drainMemory.peak),
      `≤ 1 GB ${ok(drainMemory.peak <= TARGET_MEMORY_BYTES)}`,
    ],
    ...endings.map((e) => [
      `hostile: ${e.label} → ${e.state}: ${e.reason}`.slice(0, 170),
      `final after ${seconds(e.ms)}`,
      `ends ≤ ${seconds(HOSTILE_FINAL_MS)} ${ok(e.state !== 'checking' && e.state !== 'passed' && e.ms <= HOSTILE_FINAL_MS && e.reason !== '')}`,
    ]),
    [
      `  hostile: longest try of a run (${hostileRuns.tries} tries in all, up to ${hostileRuns.most} for a run; read every 100 ms)`,
      seconds(longestTry),
      `≤ the run deadline ${seconds(RUN_DEADLINE_MS)} ${ok(longestTry <= RUN_DEADLINE_MS)}`,
    ],
    [
      `  hostile: /health every 200 ms meanwhile (${health.asked} asked)`,
      `${health.failed} unanswered · p99 ${percentile(health.times, 99)} ms · max ${Math.max(...health.times)} ms`,
      `all answered ${ok(health.failed === 0)}`,
    ],
    [`  hostile: requests that reached the sentinel on 127.0.0.2`, `${reached}`, `none ${ok(reached === 0)}`],
    [`  hostile: peak memory of the API's process tree`, megabytes(hostileMemory.peak), `≤ 1 GB ${ok(hostileMemory.peak <= TARGET_MEMORY_BYTES)}`],
  ];
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  console.log('');
  for (const row of rows) console.log(`| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
  console.log(
    `\ndocs/PERFORMANCE.md figures (${new Date().toISOString().slice(0, 10)}): through the API p50 ${seconds(p50)} · p95 ${seconds(p95)} (page checker alone p50 ${seconds(percentile(alone, 50))} · p95 ${seconds(percentile(alone, 95))}); ` +
      `${DRAIN} at once drained in ${seconds(drainMs)}, peak ${megabytes(drainMemory.peak)} PSS; hostile: ${endings.map((e) => `${e.label} ${e.state} in ${seconds(e.ms)}`).join(', ')}; ` +
      `longest try ${seconds(longestTry)}, /health max ${Math.max(...health.times)} ms, ${health.failed} unanswered, sentinel ${reached}`,
  );

  const missed =
    failures > 0 ||
    p95 > TARGET_P95_MS ||
    drainPassed !== DRAIN ||
    drainMemory.peak > TARGET_MEMORY_BYTES ||
    hostileMemory.peak > TARGET_MEMORY_BYTES ||
    endings.some((e) => e.state === 'checking' || e.state === 'passed' || e.ms > HOSTILE_FINAL_MS || e.reason === '') ||
    longestTry > RUN_DEADLINE_MS ||
    health.failed > 0 ||
    reached > 0;
  process.exitCode = missed ? 1 : 0;
} finally {
  clearInterval(sampler);
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
