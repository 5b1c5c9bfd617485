#!/usr/bin/env node
/**
 * `npm run bench:queue`: whether one learner can make another wait (not part of any test command).
 *
 * The API is built in this process (SQLite in a temporary folder; `-- --db pglite` for PostgreSQL
 * in-process) with its verification worker running as in production (its 2 s poll, woken by each
 * submission), and checks that take BENCH_RUN_MS each (default 2000: a fake GitHub that answers
 * after that long; nothing leaves the machine).
 *
 * 1. Reference: a learner submits into an empty queue: from queued to started, and the run's time.
 * 2. Flood: another learner sends BENCH_FLOOD submissions (default 200) at once, over every project
 *    they may start; while the first of them is being checked, a third learner submits. What the
 *    flood got (202, 429), how many of its runs were live and were checked in the end, the place and
 *    estimate the third learner's report gave, and how long their run waited to start.
 *
 * Target: the third learner's run starts within one run's time of being queued (the run in progress
 * finishes, then theirs is taken before the flooder's other runs). Exits 1 when it does not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { loadCurriculumOnce } from '../server/content/load.ts';
import { queueMessage } from '../src/domain/verification.ts';

const RUN_MS = Math.max(100, Number(process.env.BENCH_RUN_MS ?? 2000));
const FLOOD = Math.max(1, Number(process.env.BENCH_FLOOD ?? 200));
const pglite = process.argv.includes('--db') && process.argv[process.argv.indexOf('--db') + 1] === 'pglite';

const dir = mkdtempSync(join(tmpdir(), 'pathforge-bench-queue-'));
const base = loadConfig({ DATABASE_PATH: join(dir, 'pathforge.db'), JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz', LOG_LEVEL: 'warn' });
const config = {
  ...base,
  ...(pglite ? { database: { kind: 'pglite' } } : {}),
  rateLimits: { registerPerHour: 1e9, loginPerMinutePerEmail: 1e9, loginPerMinutePerIp: 1e9, forgotPasswordPerHour: 1e9 },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = { status: 'passed', message: null, evidence: null };
const parts = {
  repoHost: {
    async repository(owner, name) {
      await sleep(RUN_MS);
      return {
        id: owner.length * 1000 + name.length,
        owner,
        name,
        ownerId: 1,
        private: false,
        fork: false,
        defaultBranch: 'main',
        htmlUrl: `https://github.com/${owner}/${name}`,
      };
    },
    headCommit: async (owner, name) => ({
      sha: `${owner}${name}`.padEnd(40, '0').slice(0, 40),
      date: '2026-01-01T00:00:00.000Z',
      htmlUrl: `https://github.com/${owner}/${name}`,
    }),
    fileAt: async () => 'x',
    readmeAt: async () => 'x',
    commitsSince: async () => 3,
    latestWorkflowRun: async () => null,
  },
  guardedFetch: async (url) => ({ status: 200, headers: {}, body: '<h1>Hi</h1>', url }),
  httpChecker: async () => ok,
  pageChecker: async (_url, checks) => checks.map(() => ok),
};

// BENCH_PROJECTS projects (default 8) any learner may start here (their prerequisites dropped), so
// the flooder has runs queued on several projects at once, as the queue allows (one each).
const PROJECTS = Math.max(1, Number(process.env.BENCH_PROJECTS ?? 8));
const loaded = loadCurriculumOnce();
const open = loaded.projects.filter((p) => p.tasks.length > 0).slice(0, PROJECTS);
const curriculum = {
  ...loaded,
  version: `${loaded.version}-bench-queue`,
  projects: loaded.projects.map((p) => (open.some((o) => o.id === p.id) ? { ...p, prerequisites: [] } : p)),
};
const app = await buildApp(config, { logger: false, verification: parts, curriculum });
const json = { 'content-type': 'application/json' };

let n = 0;
async function learner(projects) {
  n += 1;
  const user = { username: `Bench Queue ${n}`, email: `bench-queue-${n}@example.com`, password: 'Sturdy-pass-2026' };
  await app.inject({ method: 'POST', url: '/auth/register', headers: json, payload: JSON.stringify(user) });
  const { token } = (
    await app.inject({ method: 'POST', url: '/auth/login', headers: json, payload: JSON.stringify({ email: user.email, password: user.password }) })
  ).json();
  const auth = { authorization: `Bearer ${token}` };
  const { id } = (await app.inject({ method: 'GET', url: '/auth/me', headers: auth })).json().user;
  for (const project of projects) {
    await app.inject({ method: 'POST', url: `/learning/projects/${project.id}/start`, headers: { ...auth, ...json }, payload: '{}' });
    for (const task of project.tasks) await app.inject({ method: 'PUT', url: `/learning/tasks/${task.id}`, headers: auth });
  }
  const submit = (project, repository) =>
    app.inject({
      method: 'POST',
      url: `/learning/projects/${project.id}/submission`,
      headers: { ...auth, ...json },
      payload: JSON.stringify({ repositoryUrl: `https://github.com/${repository}`, liveUrl: 'http://127.0.0.1:9/site/' }),
    });
  const report = async (project) =>
    (await app.inject({ method: 'GET', url: `/learning/projects/${project.slug}`, headers: auth })).json().project.submission?.verification;
  return { id, submit, report };
}

/** The learner's latest run of the project, as the queue recorded it. */
const runOf = (userId, projectId) =>
  app.db
    .selectFrom('verification_runs')
    .select(['created_at', 'started_at', 'finished_at', 'status'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
async function finished(userId, projectId) {
  for (;;) {
    const run = await runOf(userId, projectId);
    if (run?.status === 'done') return run;
    await sleep(50);
  }
}
const ms = (from, to) => Date.parse(to) - Date.parse(from);
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const project = open[0];

console.log(
  `Queue benchmark: ${pglite ? 'PGlite (PostgreSQL in-process)' : 'SQLite'}, each run ${RUN_MS} ms, ${FLOOD} submissions in the flood over ${open.length} projects.\n`,
);

// 1. Reference: alone in the queue.
const alone = await learner([project]);
await alone.submit(project, 'alone/site');
const reference = await finished(alone.id, project.id);
const referenceWait = ms(reference.created_at, reference.started_at);
const runTime = ms(reference.started_at, reference.finished_at);
console.log(`reference, an empty queue: started ${seconds(referenceWait)} after it was queued; the run took ${seconds(runTime)}`);

// 2. The flood, and a learner who submits while its first run is checked.
const flooder = await learner(open);
const patient = await learner([project]);
const started = Date.now();
const answers = await Promise.all(Array.from({ length: FLOOD }, (_, i) => flooder.submit(open[i % open.length], `flood/site-${i}`)));
const floodMs = Date.now() - started;
const counts = answers.reduce((acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }), {});
const live = await app.db.selectFrom('verification_runs').select('id').where('user_id', '=', flooder.id).where('status', 'in', ['queued', 'running']).execute();
await sleep(Math.min(500, RUN_MS / 4)); // the flooder's first run is being checked now
await patient.submit(project, 'patient/site');
const place = (await patient.report(project))?.queue;
// In order of arrival (the queue before this change), the runs it would have waited for.
const queuedAt = (await runOf(patient.id, project.id)).created_at;
const aheadByArrival = (
  await app.db.selectFrom('verification_runs').select('id').where('status', 'in', ['queued', 'running']).where('created_at', '<', queuedAt).execute()
).length;
const theirs = await finished(patient.id, project.id);
const wait = ms(theirs.created_at, theirs.started_at);
// Everything the flood left: checked, one after another.
for (const p of open) await finished(flooder.id, p.id).catch(() => {});
const checked = await app.db.selectFrom('verification_runs').select('id').where('user_id', '=', flooder.id).where('status', '=', 'done').execute();
const superseded = await app.db.selectFrom('verification_runs').select('id').where('user_id', '=', flooder.id).where('status', '=', 'superseded').execute();

console.log(
  `flood: ${FLOOD} submissions in ${seconds(floodMs)}: ${Object.entries(counts)
    .map(([status, count]) => `${count} × ${status}`)
    .join(
      ', ',
    )}; ${live.length} live run(s) after it (one per project at most); ${checked.length} checked in the end, ${superseded.length} superseded and never checked`,
);
console.log(`the other learner's report when queued: ${place ? queueMessage(place) : 'no place (already running)'}`);
console.log(`the other learner's run started ${seconds(wait)} after it was queued (target: within one run, ${seconds(runTime)})`);
console.log(`in order of arrival it would have waited for ${aheadByArrival} run(s) of the flooder: about ${seconds(aheadByArrival * runTime)}`);

await app.close();
rmSync(dir, { recursive: true, force: true });
const met = wait <= runTime;
console.log(met ? '\nmet' : '\nMISSED: the other learner waited longer than one run');
process.exitCode = met ? 0 : 1;
