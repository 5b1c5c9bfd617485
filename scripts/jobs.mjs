/**
 * A small job runner for `npm test` and CI (scripts/test.mjs): starts each job as soon as the jobs
 * it needs are done and the machine has room for it, side by side up to a budget of cores.
 *
 * A job: { name, cmd: [program, ...args], env?, cores?, needs?, after?, counts?, note? }
 * - `cores` (default 1): how much of the machine it keeps busy (a job that mostly waits on timers,
 *   sockets or a browser counts less than one; Vitest's storybook project with two workers, 2). Jobs
 *   start in the order of `start` (the listed order by default, lowest first) while the cores in use
 *   stay within the budget (a job bigger than the whole budget still runs, alone). Rows are
 *   reported in the listed order.
 * - `needs`: jobs that must pass first (if one fails, this one is left out, as before);
 *   `after`: jobs that must have finished first, passed or not.
 * - `counts()`: { passed, failed, skipped } read from the job's report, or null when it wrote none.
 * - `start`: a number that orders the starts (lower first; default: the job's place in the list).
 * - `note`: a row with no command (something CI did elsewhere), shown as it is.
 *
 * With more than one job running, each job's output goes to test-results/logs/<job>.log and is
 * printed whole when the job ends, so jobs never interleave; with a budget of 1 it streams as it
 * comes. Every job's wall and CPU seconds go to the job's closing line and to test-results/jobs.json:
 * user + system of every process of the job that was waited for (bash's `times`), so a browser or a
 * server stopped without being waited for (Playwright's web servers, a browser left to exit) is
 * not counted.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOGS = 'test-results/logs';
/** Runs the command, then prints the CPU time of every process it waited for on fd 3. */
const WRAPPER = '"$@"; status=$?; times >&3; exit $status';

function cpuSeconds(times) {
  // `times` prints the shell's own user and system time, then its children's: "0m31.402s 0m2.100s".
  const line = times.trim().split('\n').at(-1) ?? '';
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return seconds.length === 2 ? seconds[0] + seconds[1] : null;
}

const slug = (name) => name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '');

/**
 * Runs the jobs; resolves with one row per job that ran (in the listed order) and whether all
 * passed. `budget`: cores in use at most (1: one job at a time, output streamed).
 */
export async function runJobs(jobs, { budget }) {
  mkdirSync(LOGS, { recursive: true });
  const byName = new Map(jobs.map((job) => [job.name, job]));
  for (const job of jobs) {
    for (const dep of [...(job.needs ?? []), ...(job.after ?? [])]) {
      if (!byName.has(dep)) throw new Error(`job "${job.name}" waits for "${dep}", which is not a job`);
    }
  }
  const streamed = budget <= 1;
  const t0 = Date.now();
  const since = () => `+${Math.round((Date.now() - t0) / 1000)} s`;
  /** name → 'waiting' | 'running' | 'passed' | 'failed' | 'left out' */
  const state = new Map(jobs.map((job) => [job.name, job.note ? 'passed' : 'waiting']));
  const rows = new Map();
  const running = new Map();
  let inUse = 0;
  const children = new Set();
  const stopAll = (signal) => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);

  for (const job of jobs) if (job.note) rows.set(job.name, { name: job.name, ok: true, seconds: '0.0', tests: job.note });

  function start(job) {
    const cores = job.cores ?? 1;
    state.set(job.name, 'running');
    inUse += cores;
    const started = Date.now();
    const startedAt = since();
    const log = join(LOGS, `${slug(job.name)}.log`);
    if (streamed) console.log(`\n\x1b[1m▶ ${job.name}\x1b[0m`);
    else console.log(`… ${job.name} started at ${startedAt}${running.size ? ` beside ${[...running.keys()].join(', ')}` : ''}`);
    const out = streamed ? null : createWriteStream(log);
    const child = spawn('bash', ['-c', WRAPPER, job.name, ...job.cmd], {
      env: { ...process.env, ...job.env },
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe', 'pipe'],
      // Its own process group, so an interrupted run stops the job's whole tree.
      detached: true,
    });
    children.add(child);
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    running.set(job.name, job);
    return new Promise((resolve) => {
      child.on('close', (code, signal) => {
        children.delete(child);
        running.delete(job.name);
        inUse -= cores;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const cpu = cpuSeconds(times);
        let ok = code === 0 && !signal;
        let tests = '';
        let counts;
        if (job.counts) {
          counts = job.counts() ?? undefined;
          tests = counts ? `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}` : 'no report';
          if (!counts || counts.passed + counts.failed === 0) {
            ok = false;
            tests += ' (ran no test!)';
          }
        }
        state.set(job.name, ok ? 'passed' : 'failed');
        rows.set(job.name, { name: job.name, ok, seconds, tests, counts, cpu, startedAt });
        const closing = `${ok ? '✔' : '✘'} ${job.name}: ${seconds} s, CPU ${cpu === null ? '?' : cpu.toFixed(1)} s, started at ${startedAt}${tests ? `, ${tests}` : ''}`;
        const finish = () => {
          if (!streamed) {
            console.log(`\n\x1b[1m▶ ${job.name}\x1b[0m (output of ${log})`);
            process.stdout.write(readFileSync(log, 'utf8'));
          }
          console.log(closing);
          resolve();
        };
        if (out) out.end(finish);
        else finish();
      });
    });
  }

  const queue = jobs.map((job, index) => ({ job, index })).sort((a, b) => (a.job.start ?? a.index) - (b.job.start ?? b.index) || a.index - b.index);
  const pending = new Set();
  for (;;) {
    // Leave out the jobs whose needs failed (or were left out); then start what is ready and fits.
    for (const job of jobs) {
      if (state.get(job.name) === 'waiting' && (job.needs ?? []).some((dep) => ['failed', 'left out'].includes(state.get(dep)))) {
        state.set(job.name, 'left out');
        console.log(`· ${job.name} left out: ${(job.needs ?? []).filter((dep) => state.get(dep) !== 'passed').join(', ')} did not pass`);
      }
    }
    for (const { job } of queue) {
      if (state.get(job.name) !== 'waiting') continue;
      const ready = [...(job.needs ?? []), ...(job.after ?? [])].every((dep) => ['passed', 'failed', 'left out'].includes(state.get(dep)));
      const cores = job.cores ?? 1;
      if (ready && (inUse === 0 || inUse + cores <= budget + 1e-9)) {
        const promise = start(job).then(() => pending.delete(promise));
        pending.add(promise);
      }
    }
    if (pending.size === 0) break;
    await Promise.race(pending);
  }

  const ordered = jobs.filter((job) => rows.has(job.name)).map((job) => rows.get(job.name));
  writeFileSync(
    'test-results/jobs.json',
    `${JSON.stringify({ budget, seconds: Math.round((Date.now() - t0) / 1000), jobs: ordered.map(({ counts, ...row }) => ({ ...row, ...counts })) }, null, 2)}\n`,
  );
  return { rows: ordered, ok: ordered.every((row) => row.ok) && [...state.values()].every((s) => s !== 'failed') };
}
