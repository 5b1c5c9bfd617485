#!/usr/bin/env node
/**
 * `npm test`: everything CI checks, in order: typecheck, lint, the formatting check, unit tests,
 * API tests, every story as a test in Chromium (axe + screenshot) with no baseline left over or
 * uncompressed, production build with size budgets, end-to-end tests, and the Nu Html Checker on
 * the documents the end-to-end run wrote (scripts/check-html.mjs). Prints how many tests ran in
 * each project, and fails a project that ran none (a glob that silently skips files shows up here,
 * not in production).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { TAKEN_FILE } from '../.storybook/recordBaseline.ts';

const node = process.execPath;
const bin = (pkg, path) => [node, `node_modules/${pkg}/${path}`];
const vitest = bin('vitest', 'vitest.mjs');
mkdirSync('test-results', { recursive: true });

const summary = [];
let failed = false;

function run(name, [cmd, ...args], { counts } = {}) {
  const started = Date.now();
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let tests = '';
  let ok = status === 0;
  if (counts) {
    const c = counts();
    tests = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : 'no report';
    if (!c || c.passed + c.failed === 0) {
      ok = false;
      tests += ' (ran no test!)';
    }
  }
  summary.push({ name, ok, seconds, tests, counts: counts?.() });
  if (!ok) failed = true;
  return ok;
}

function vitestCounts(file) {
  return () => {
    if (!existsSync(file)) return null;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  };
}

function vitestProject(project) {
  const out = `test-results/vitest-${project}.json`;
  rmSync(out, { force: true });
  return run(`${project} tests`, [...vitest, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    counts: vitestCounts(out),
  });
}

function playwrightCounts() {
  const file = 'test-results/playwright.json';
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

function htmlCheckCounts() {
  const file = 'test-results/html-check.json';
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

run('typecheck', bin('typescript', 'bin/tsc').concat(['--noEmit', '-p', 'tsconfig.json']));
run('lint', bin('eslint', 'bin/eslint.js').concat(['--max-warnings=0', '.']));
run('format', bin('prettier', 'bin/prettier.cjs').concat(['--check', '.']));
vitestProject('unit');
if (existsSync('server')) {
  vitestProject('server');
  // PGlite stands in for PostgreSQL on a machine without one. CI has just run the same suite on a
  // real PostgreSQL (.ci/run sets SERVER_POSTGRES_PASSED after it passed there): not again here.
  if (process.env.SERVER_POSTGRES_PASSED === '1')
    summary.push({ name: 'server-postgres tests', ok: true, seconds: '0.0', tests: 'passed on a real PostgreSQL earlier in CI' });
  else vitestProject('server-postgres');
}
// The stories list the baselines they take; a committed baseline none took is a leftover, and one
// the browser wrote without compression fails too.
rmSync(TAKEN_FILE, { force: true });
if (vitestProject('storybook')) run('baselines', [node, 'scripts/baselines.mjs', 'check']);
if (run('build', bin('vite', 'bin/vite.js').concat(['build', '--logLevel', 'warn']))) {
  run('size budgets', [node, 'scripts/size.mjs', '--no-build']);
  rmSync('test-results/playwright.json', { force: true });
  rmSync('test-results/html-check.json', { force: true });
  run('end-to-end tests', bin('@playwright/test', 'cli.js').concat(['test']), { counts: playwrightCounts });
  // One test per document (served prerendered page, rendered screen) that e2e/html.spec.ts wrote.
  run('HTML validity (vnu)', [node, 'scripts/check-html.mjs'], { counts: htmlCheckCounts });
}

console.log('\n\x1b[1mSummary\x1b[0m');
let passed = 0;
let failedTests = 0;
for (const s of summary) {
  console.log(`  ${s.ok ? '✔' : '✘'} ${s.name.padEnd(22)} ${String(s.seconds).padStart(6)} s  ${s.tests}`);
  passed += s.counts?.passed ?? 0;
  failedTests += s.counts?.failed ?? 0;
}
// The plain closing line CI reads.
console.log(`\n${passed} passed, ${failedTests} failed`);
process.exit(failed ? 1 : 0);
