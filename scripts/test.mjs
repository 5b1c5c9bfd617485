#!/usr/bin/env node
/**
 * `npm test`: everything CI checks: typecheck, lint, the formatting check, unit tests, API tests,
 * every story as a test in Chromium (axe + screenshot) with no baseline left over or uncompressed,
 * production build with size budgets, end-to-end tests, and the Nu Html Checker on the documents
 * the end-to-end run wrote (scripts/check-html.mjs). Prints how many tests ran in each step, and
 * fails a step that ran none (a glob that silently skips files shows up here, not in production).
 *
 * The steps are jobs (scripts/jobs.mjs) that run side by side on the machine's cores, so no core
 * idles while a job that runs one test at a time (the journeys, the API suites) waits on its
 * browser, its API or its database. TEST_JOBS=1 runs them one at a time with their output as it
 * comes; TEST_JOBS=<n> sets the budget of cores (default: the machine's cores: more only made the timing-bound tests wait).
 *
 * `npm test -- --ci` (.ci/run, with its PostgreSQL and Redis servers started) adds what CI runs on
 * real servers: the visual gate, the API suite on PostgreSQL + Redis instead of PGlite (PGlite
 * stands in for a server on a machine without one: the suite runs once on each kind of database),
 * the outage test on a pair of servers of its own, and the journeys once more on PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { TAKEN_FILE } from '../.storybook/recordBaseline.ts';
import { runJobs } from './jobs.mjs';

const ci = process.argv.includes('--ci');
const node = process.execPath;
const bin = (pkg, path) => [node, `node_modules/${pkg}/${path}`];
const vitest = bin('vitest', 'vitest.mjs');
mkdirSync('test-results', { recursive: true });

function vitestCounts(file) {
  return () => {
    if (!existsSync(file)) return null;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  };
}

/** A Vitest project as a job, its report in test-results/vitest-<report>.json. */
function vitestJob(project, { name = `${project} tests`, report = project, env, cores } = {}) {
  const out = `test-results/vitest-${report}.json`;
  rmSync(out, { force: true });
  return {
    name,
    cmd: [...vitest, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    counts: vitestCounts(out),
    env,
    cores,
  };
}

function playwrightCounts(file) {
  return () => {
    if (!existsSync(file)) return null;
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  };
}

function htmlCheckCounts() {
  const file = 'test-results/html-check.json';
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/**
 * The ports a run of the journeys listens on (playwright.config.ts), moved by `offset`, so a
 * second run (on PostgreSQL) can go beside the first.
 */
const E2E_PORTS = {
  E2E_WEB_PORT: 4183,
  E2E_API_PORT: 4010,
  E2E_GOOGLE_PORT: 4011,
  E2E_GITHUB_PORT: 4012,
  E2E_FAKES_CONTROL_PORT: 4013,
  E2E_VERIFIED_WEB_PORT: 4184,
  E2E_VERIFIED_API_PORT: 4014,
};
const movedPorts = (ports, offset) => Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(Number(process.env[name] ?? port) + offset)]));

const e2eReport = (run) => `test-results/playwright${run ? `-${run}` : ''}.json`;
/** The journeys; `run` names a second run, whose builds, results and ports are its own (playwright.config.ts: E2E_RUN). */
function e2eJob(name, { run, env = {}, needs } = {}) {
  const report = e2eReport(run);
  rmSync(report, { force: true });
  return {
    name,
    cmd: bin('@playwright/test', 'cli.js').concat(['test']),
    env: { ...env, ...(run ? { E2E_RUN: run } : {}) },
    counts: playwrightCounts(report),
    needs,
    // One test at a time on a browser and an API: most of a core (measured: CPU 0.8 × its time alone).
    cores: 0.75,
  };
}

// The stories list the baselines they take; a committed baseline none took is a leftover, and one
// the browser wrote without compression fails too.
rmSync(TAKEN_FILE, { force: true });
rmSync('test-results/html-check.json', { force: true });

if (ci) {
  for (const name of ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'OUTAGE_TEST_DATABASE_URL', 'OUTAGE_TEST_REDIS_URL']) {
    if (!process.env[name]) throw new Error(`npm test -- --ci needs ${name}: run .ci/run`);
  }
}

/**
 * The jobs, in the order the summary lists them; `start` orders the starts: the build first (the
 * journeys wait for it), then the long jobs that run one test at a time (journeys, API suites, the
 * visual gate), then the short checks, and the stories (two workers: both cores) as room comes free.
 * Everything computes more than it waits (docs/PERFORMANCE.md: CPU seconds per job), so the
 * whole takes about the sum of their CPU seconds over the cores; the order keeps the jobs that
 * cannot be split from coming last.
 */
const jobs = [
  { name: 'typecheck', cmd: bin('typescript', 'bin/tsc').concat(['--noEmit', '-p', 'tsconfig.json']), start: 20 },
  { name: 'lint', cmd: bin('eslint', 'bin/eslint.js').concat(['--max-warnings=0', '.']), start: 21 },
  { name: 'format', cmd: bin('prettier', 'bin/prettier.cjs').concat(['--check', '.']), start: 22 },
  { ...vitestJob('unit'), start: 23 },
];
if (existsSync('server')) {
  // A core: one test file at a time, with child processes (Chromium, API processes) beside it.
  jobs.push({ ...vitestJob('server'), start: 4 });
  if (ci) {
    // On the real PostgreSQL and Redis .ci/run started (two API processes included).
    jobs.push({ ...vitestJob('server-postgres'), env: { TEST_DATABASE: 'postgres' }, start: 3 });
  } else {
    // PGlite stands in for PostgreSQL on a machine without one (it computes in-process: a core).
    jobs.push({ ...vitestJob('server-postgres'), start: 3 });
  }
}
jobs.push(
  // Two workers, each with a page of its own in Chromium: both cores.
  { ...vitestJob('storybook'), cores: 2, start: 10 },
  { name: 'baselines', cmd: [node, 'scripts/baselines.mjs', 'check'], needs: ['storybook tests'], cores: 0.5 },
  { name: 'build', cmd: bin('vite', 'bin/vite.js').concat(['build', '--logLevel', 'warn']), start: 0 },
  { name: 'size budgets', cmd: [node, 'scripts/size.mjs', '--no-build'], needs: ['build'], cores: 0.5 },
  { ...e2eJob('end-to-end tests', { needs: ['build'] }), start: 2 },
  // One test per document (served prerendered page, rendered screen) that e2e/html.spec.ts wrote.
  { name: 'HTML validity (vnu)', cmd: [node, 'scripts/check-html.mjs'], counts: htmlCheckCounts, needs: ['build'], after: ['end-to-end tests'], cores: 0.5 },
);
if (ci) {
  jobs.push(
    // The journeys once more, on a real PostgreSQL (an empty database .ci/run made) with the rate
    // limits in a real Redis: ports, builds and results of their own, beside the run on SQLite.
    {
      ...e2eJob('end-to-end tests (PostgreSQL)', {
        run: 'postgres',
        needs: ['build'],
        env: {
          ...movedPorts(E2E_PORTS, 20),
          E2E_DATABASE_URL: `${process.env.TEST_DATABASE_URL.replace(/\/postgres$/, '')}/pathforge_e2e`,
          E2E_REDIS_URL: `${process.env.TEST_REDIS_URL}/3`,
        },
      }),
      start: 1,
    },
    // Stops and restarts its servers mid-run: a PostgreSQL and a Redis of its own (.ci/run).
    {
      ...vitestJob('outage'),
      env: {
        TEST_DATABASE_URL: process.env.OUTAGE_TEST_DATABASE_URL,
        PG_CLUSTER_DIR: process.env.OUTAGE_PG_CLUSTER_DIR,
        TEST_REDIS_URL: process.env.OUTAGE_TEST_REDIS_URL,
        REDIS_TEST_DIR: process.env.OUTAGE_REDIS_TEST_DIR,
      },
      cores: 0.5,
      start: 24,
    },
    // Runs its stories in a copy of the project: a Vitest browser port of its own.
    {
      name: 'visual gate',
      cmd: [node, 'scripts/visual-gate.mjs'],
      env: { VITEST_BROWSER_PORT: String(Number(process.env.VITEST_BROWSER_PORT ?? 63315) + 100) },
      start: 5,
    },
  );
}

const budget = Number(process.env.TEST_JOBS ?? availableParallelism());
const { rows, ok } = await runJobs(jobs, { budget });

console.log('\n\x1b[1mSummary\x1b[0m');
let passed = 0;
let failedTests = 0;
for (const s of rows) {
  console.log(`  ${s.ok ? '✔' : '✘'} ${s.name.padEnd(22)} ${String(s.seconds).padStart(6)} s  ${s.tests}`);
  passed += s.counts?.passed ?? 0;
  failedTests += s.counts?.failed ?? 0;
}
// The plain closing line CI reads.
console.log(`\n${passed} passed, ${failedTests} failed`);
process.exit(ok ? 0 : 1);
