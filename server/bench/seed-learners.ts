/**
 * Fills a database for the read-heavy benchmark (`npm run bench:learning`): the curriculum, `learners`
 * accounts (one shared password, hashed once at the production argon2 cost) and about
 * `completions` task completions spread evenly: each learner works through the curriculum in
 * order, so earlier projects are completed and one is in progress. Deterministic (fixed ids and
 * dates). Usage: node server/bench/seed-learners.ts '<DatabaseTarget as JSON>' <learners> <completions>
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { loadCurriculumOnce } from '../content/load.ts';
import { seedCurriculum } from '../content/seed.ts';
import { PRODUCTION_ARGON2 } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { DatabaseTarget } from '../db/dialect.ts';
import { BENCH_PASSWORD, benchEmail } from './accounts.ts';

const [targetJson, learnersArg, completionsArg] = process.argv.slice(2);
const target = JSON.parse(targetJson ?? '{}') as DatabaseTarget;
const learners = Number(learnersArg ?? 10_000);
const completions = Number(completionsArg ?? 1_000_000);

const started = Date.now();
const db = await openDatabase(target);
const curriculum = loadCurriculumOnce();
await seedCurriculum(db, curriculum, '2026-11-01T00:00:00.000Z');
const passwordHash = await hash(BENCH_PASSWORD, { ...PRODUCTION_ARGON2, algorithm: 2 });
const perLearner = Math.round(completions / learners);
const order = curriculum.projects.flatMap((p) => p.tasks.map((t) => ({ projectId: p.id, taskId: t.id, last: t.position === p.tasks.length - 1 })));
const at = '2026-11-10T12:00:00.000Z';
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

let rows = 0;
await db.transaction().execute(async (tx) => {
  const flush = async (table: 'users' | 'project_progress' | 'task_completions', batch: Record<string, unknown>[]) => {
    if (batch.length === 0) return;
    // The rows are built for exactly these tables' columns; Kysely cannot see that through a union.
    await tx
      .insertInto(table)
      .values(batch as never)
      .execute();
    rows += batch.length;
    batch.length = 0;
  };
  const users: Record<string, unknown>[] = [];
  const progress: Record<string, unknown>[] = [];
  const ticks: Record<string, unknown>[] = [];
  for (let i = 0; i < learners; i += 1) {
    const userId = id(i);
    users.push({ id: userId, username: `Learner ${i}`, email: benchEmail(i), password_hash: passwordHash, password_changed_at: at, created_at: at, updated_at: at });
    if (users.length >= 500) await flush('users', users);
  }
  await flush('users', users);
  for (let i = 0; i < learners; i += 1) {
    const userId = id(i);
    // Each learner starts at a different point of the curriculum, so every path has work in it.
    const offset = (i * 37) % order.length;
    const seen = new Set<string>();
    for (let k = 0; k < perLearner && k < order.length; k += 1) {
      const item = order[(offset + k) % order.length]!;
      if (!seen.has(item.projectId)) {
        seen.add(item.projectId);
        progress.push({ user_id: userId, project_id: item.projectId, started_at: at, completed_at: null, task_ids_at_start: '[]' });
      }
      if (item.last) {
        const row = progress.find((p) => p.user_id === userId && p.project_id === item.projectId);
        if (row) row.completed_at = at;
      }
      ticks.push({ user_id: userId, task_id: item.taskId, project_id: item.projectId, completed_at: at });
      if (ticks.length >= 1000) await flush('task_completions', ticks.splice(0));
    }
    if (progress.length >= 1000) await flush('project_progress', progress);
  }
  await flush('project_progress', progress);
  await flush('task_completions', ticks);
  // Every learner with a project of a path is one of its students (what starting a project records).
  await sql`insert into path_learners (path_id, user_id, started_at)
    select projects.path_id, project_progress.user_id, min(project_progress.started_at)
    from project_progress join projects on projects.id = project_progress.project_id
    group by projects.path_id, project_progress.user_id`.execute(tx);
});
await db.destroy();
console.log(JSON.stringify({ learners, completionsPerLearner: perLearner, rows, seconds: (Date.now() - started) / 1000 }));
