/**
 * Learners' progress survives every change of the curriculum and of the schema: retire, never
 * delete. A database as production has it (server/test/production-snapshot/snapshot.json.gz, made
 * by make.ts beside it: eight learners' month of work through the API) is loaded into the schema
 * it was taken at, every later migration runs, the content/ of this commit is seeded, and then:
 *
 * - nothing is lost: every row of every learners' table is still there, by primary key, with the
 *   same values (later migrations may add columns; a column a migration reshapes on purpose is
 *   listed in RESHAPED, with why). The API's start (it seeds too) keeps them as well, except
 *   sessions and links that expired;
 * - every path, section, project and task id the snapshot had is still in the database, active or
 *   retired; one that left content/ is retired and listed in content/retired.yaml, as is every
 *   badge a learner earned that left badges.yaml;
 * - XP is unchanged for what was earned: each award of the ledger as it was (amount, when, why),
 *   so each learner's total too, and their badges kept even when a badge left content/;
 * - what learners did still reads right through the API: their XP, history and board total equal
 *   their ledger, started projects are still in progress (never locked again, whatever the
 *   prerequisites became), completed ones completed with their submission and report, ticked
 *   tasks still ticked (a retired one in the history), their ratings kept.
 *
 * It runs twice: with content/ as it is, and with a change made here in memory from it (a
 * completed project, a ticked task and an earned badge retired, XP, hours, weeks and difficulty
 * changed, a prerequisite added in front of a project in progress), so the checks are known to
 * hold through a retirement before content/ makes one. On SQLite, and on PostgreSQL (PGlite) with
 * TEST_DATABASE=pglite, as every server test.
 */
import { readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import { createDialect } from '../db/dialect.ts';
import { migrateToLatest, migrations } from '../db/migrations.ts';
import { bearer, postJson, tempDir, testConfig, testDatabase } from '../test/helpers.ts';
import { UNAVAILABLE_PARTS } from '../verify/worker.ts';
import { leaderboardResponseSchema, xpHistoryResponseSchema, xpResponseSchema } from '../../src/api/xp/contract.ts';
import { pathsResponseSchema, projectResponseSchema } from '../../src/api/learning/contract.ts';
import { loadCurriculum, type LoadedCurriculum } from './load.ts';
import { seedCurriculum } from './seed.ts';

// ---------------------------------------------------------------------------------------------
// The snapshot
// ---------------------------------------------------------------------------------------------

type Value = string | number | null;
type SnapshotTable = { name: string; key: string[]; columns: string[]; rows: Value[][] };
type SnapshotLearner = {
  id: string;
  username: string;
  email: string;
  password: string;
  story: string;
  /** What GET /learning/xp said when the snapshot was taken. */
  seen: { totalXp: number; projectsCompleted: number; dailyLongest: number; weeklyLongest: number; badges: string[] };
};
type Snapshot = { migration: string; takenAt: string; learners: SnapshotLearner[]; tables: SnapshotTable[] };

const SNAPSHOT = JSON.parse(gunzipSync(readFileSync(new URL('../test/production-snapshot/snapshot.json.gz', import.meta.url))).toString('utf8')) as Snapshot;

/** The curriculum: its ids must stay (checked below); every other column is content/'s to change. */
const CONTENT_TABLES = new Set(['content_versions', 'paths', 'path_sections', 'projects', 'project_prerequisites', 'tasks', 'slug_redirects']);
/** The leaderboards: derived from the ledger and rebuilt by the app; their totals are checked through the API. */
const DERIVED_TABLES = new Set(['xp_board', 'xp_board_windows', 'xp_board_changes']);
/** What the API's start deletes once expired (sessions, links, sent mail's records): gone after it, on purpose. */
const EXPIRING_TABLES = new Set(['refresh_tokens', 'password_resets', 'email_links', 'oauth_transactions', 'oauth_pending_links', 'notification_outbox']);
/**
 * Learners' columns a later migration reshapes on purpose ('table.column' → why), so their old
 * values are not compared. Add one only with the migration that does it (0015_outbox, had it come
 * after a snapshot, would list user_settings.notify_email and its three siblings: moved to the
 * per-kind switches), and check the new columns' values in that migration's own test.
 */
const RESHAPED: Record<string, string> = {};

const LEARNER_TABLES = SNAPSHOT.tables.filter((t) => !CONTENT_TABLES.has(t.name) && !DERIVED_TABLES.has(t.name));
const tableOf = (name: string): SnapshotTable => {
  const table = SNAPSHOT.tables.find((t) => t.name === name);
  if (!table) throw new Error(`the snapshot has no table ${name}`);
  return table;
};
type Row = Record<string, Value>;
const rowsOf = (name: string): Row[] => {
  const { columns, rows } = tableOf(name);
  return rows.map((values) => Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null])));
};
const nameOf = new Map(SNAPSHOT.learners.map((l) => [l.id, l.username]));
/** Whose row it is, for the messages. */
const ownerOf = (table: string, row: Row) => {
  const id = table === 'users' ? row.id : row.user_id;
  return typeof id === 'string' ? (nameOf.get(id) ?? `user ${id}`) : 'no learner';
};
const keyOf = (key: readonly string[], row: Record<string, unknown>) => JSON.stringify(key.map((c) => row[c] ?? null));
/** Equal, or the same number read as a number on one database and as a numeric string on another (bigint on PostgreSQL). */
const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b) && (typeof a === 'number' || typeof b === 'number'));

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
type Tables = Map<string, { columns: Set<string>; rows: Map<string, Record<string, unknown>> }>;

/** Every table of a database, rows by the snapshot's keys. */
async function readTables(db: AnyDb): Promise<Tables> {
  const tables: Tables = new Map();
  for (const table of await db.introspection.getTables()) {
    const key = SNAPSHOT.tables.find((t) => t.name === table.name)?.key;
    if (!key) continue;
    const rows = await db.selectFrom(table.name).selectAll().execute();
    tables.set(table.name, { columns: new Set(table.columns.map((c) => c.name)), rows: new Map(rows.map((r) => [keyOf(key, r), r])) });
  }
  return tables;
}

/** Every learners' row of the snapshot that is missing or changed, in words. */
function lostRows(tables: Tables, skip: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  for (const table of LEARNER_TABLES) {
    if (skip.has(table.name)) continue;
    const now = tables.get(table.name);
    if (!now) {
      problems.push(`table ${table.name} is gone (${table.rows.length} rows of learners' data)`);
      continue;
    }
    for (const row of rowsOf(table.name)) {
      const found = now.rows.get(keyOf(table.key, row));
      const where = `${ownerOf(table.name, row)}: ${table.name} ${keyOf(table.key, row)}`;
      if (!found) {
        problems.push(`${where} is gone`);
        continue;
      }
      for (const column of table.columns) {
        if (RESHAPED[`${table.name}.${column}`]) continue;
        if (!now.columns.has(column)) problems.push(`${where}: column ${column} is gone (was ${JSON.stringify(row[column])})`);
        else if (!same(found[column], row[column])) problems.push(`${where}: ${column} was ${JSON.stringify(row[column])}, is ${JSON.stringify(found[column])}`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// A change of content/, made here from the current one: what the checks must hold through
// ---------------------------------------------------------------------------------------------

/** The first in id order, for a stable choice whatever the content becomes. */
const firstOf = <T>(items: T[], id: (item: T) => string): T | undefined => [...items].sort((a, b) => id(a).localeCompare(id(b)))[0];

function changedCurriculum(base: LoadedCurriculum): LoadedCurriculum {
  const progress = rowsOf('project_progress');
  const ticks = rowsOf('task_completions');
  const inContent = new Set(base.projects.map((p) => p.id));
  // A project a learner completed, retired; a task ticked in a project its learner has in progress, retired.
  const completed = firstOf(progress.filter((r) => r.completed_at !== null && inContent.has(String(r.project_id))), (r) => `${r.project_id}`);
  const retiredProject = completed ? String(completed.project_id) : null;
  const started = progress.filter((r) => r.completed_at === null && inContent.has(String(r.project_id)) && r.project_id !== retiredProject);
  const tick = firstOf(
    ticks.filter((t) => started.some((s) => s.user_id === t.user_id && s.project_id === t.project_id)),
    (t) => `${t.task_id}`,
  );
  const retiredTask = tick ? String(tick.task_id) : null;
  // An earned badge, retired and replaced by a new one with the same rule.
  const earned = new Set(rowsOf('user_badges').map((b) => String(b.badge_id)));
  const retiredBadge = firstOf(base.badges.filter((b) => earned.has(b.id)), (b) => b.id);
  // A prerequisite in front of a project in progress: one its learner has not completed.
  const inProgress = firstOf(started, (r) => `${r.project_id}`);
  const done = new Set(progress.filter((r) => r.user_id === inProgress?.user_id && r.completed_at !== null).map((r) => String(r.project_id)));
  const blocker = firstOf(
    base.projects.filter((p) => p.id !== inProgress?.project_id && p.id !== retiredProject && !done.has(p.id)),
    (p) => p.id,
  );

  const projects = base.projects
    .filter((p) => p.id !== retiredProject)
    .map((p) => ({
      ...p,
      xp: p.hours * 100 + 50,
      hours: p.hours + 2,
      durationWeeks: p.durationWeeks + 1,
      difficulty: 'advanced' as const,
      prerequisites: [...p.prerequisites.filter((id) => id !== retiredProject), ...(p.id === inProgress?.project_id && blocker ? [blocker.id] : [])],
      tasks: p.tasks.filter((t) => t.id !== retiredTask),
    }));
  // Listed as content/retired.yaml would list them: the project with its tasks, the task, the badge.
  const retiredProjectTasks = base.projects.find((p) => p.id === retiredProject)?.tasks.map((t) => t.id) ?? [];
  const retiredIds = [
    ...base.retiredIds,
    ...[retiredProject, ...retiredProjectTasks, retiredTask, retiredBadge?.id].filter((id): id is string => id !== null && id !== undefined),
  ];
  return {
    ...base,
    version: `${base.version}:changed-in-content-migration-test`,
    paths: base.paths.map((p) => ({
      ...p,
      durationWeeks: p.durationWeeks + 2,
      sections: p.sections.map((s) => ({ ...s, projectIds: s.projectIds.filter((id) => id !== retiredProject) })),
    })),
    projects,
    badges: base.badges.flatMap((b) => (b.id === retiredBadge?.id ? [{ ...b, id: 'badge_5eedc0de', title: `${b.title} II` }] : [b])),
    retiredIds,
  };
}

// ---------------------------------------------------------------------------------------------
// The checks, for one content
// ---------------------------------------------------------------------------------------------

/** When the new version is deployed: the morning after the snapshot. */
const DEPLOYED_AT = new Date(Date.parse(SNAPSHOT.takenAt) + 18 * 3_600_000).toISOString();

function survives(title: string, curriculumOf: () => LoadedCurriculum) {
  describe(title, () => {
    const dirs: string[] = [];
    let drop: () => Promise<void> = async () => {};
    let curriculum: LoadedCurriculum;
    /** After the migrations and the seed. */
    let migrated: Tables;
    /** After the API started on it. */
    let started: Tables;
    let app: FastifyInstance | undefined;

    beforeAll(async () => {
      curriculum = curriculumOf();
      const dir = tempDir();
      dirs.push(dir);
      const database = await testDatabase(dir);
      drop = database.drop;
      const db: AnyDb = new Kysely({ dialect: await createDialect(database.target) });
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        if (!migrations[SNAPSHOT.migration]) throw new Error(`The snapshot was taken at migration ${SNAPSHOT.migration}, which server/db/migrations.ts no longer has: migrations are append-only.`);
        const at = await migrator.migrateTo(SNAPSHOT.migration);
        if (at.error) throw at.error;
        // Parents first: the snapshot's tables are in that order.
        await db.transaction().execute(async (tx) => {
          for (const table of SNAPSHOT.tables) {
            const rows = rowsOf(table.name);
            for (let i = 0; i < rows.length; i += 100) await tx.insertInto(table.name).values(rows.slice(i, i + 100)).execute();
          }
        });
        await migrateToLatest(db as Kysely<unknown>);
        await seedCurriculum(db as unknown as Db, curriculum, DEPLOYED_AT);
        migrated = await readTables(db);
      } finally {
        await db.destroy();
      }
      app = await buildApp(
        { ...testConfig(dir), database: database.target },
        { logger: false, now: () => Date.parse(DEPLOYED_AT), curriculum, verification: { ...UNAVAILABLE_PARTS, manual: true } },
      );
      started = await readTables(app.db as unknown as AnyDb);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it("keeps every row of learners' data, column for column", () => {
      expect(lostRows(migrated), 'after the migrations and the seed').toEqual([]);
      expect(lostRows(started, EXPIRING_TABLES), "after the API's start").toEqual([]);
    });

    it('keeps every path, section, project and task id: active, or retired and listed in content/retired.yaml', () => {
      const inContent = new Set([
        ...curriculum.paths.flatMap((p) => [p.id, ...p.sections.map((s) => s.id)]),
        ...curriculum.projects.flatMap((p) => [p.id, ...p.tasks.map((t) => t.id)]),
      ]);
      const retired = new Set(curriculum.retiredIds);
      const problems: string[] = [];
      for (const name of ['paths', 'path_sections', 'projects', 'tasks']) {
        for (const row of rowsOf(name)) {
          const id = String(row.id);
          const now = migrated.get(name)?.rows.get(keyOf(['id'], row));
          if (!now) problems.push(`${name} ${id} (${String(row.title)}) was deleted: learners' history refers to it; retire it instead`);
          else if (inContent.has(id) && now.status !== 'active') problems.push(`${name} ${id} is in content/ but ${String(now.status)}`);
          else if (!inContent.has(id) && now.status !== 'retired') problems.push(`${name} ${id} left content/ but is ${String(now.status)}, not retired`);
          if (!inContent.has(id) && !retired.has(id)) problems.push(`${name} ${id} (${String(row.title)}) left content/ without an entry in content/retired.yaml`);
        }
      }
      // An old address keeps leading where it led.
      for (const row of rowsOf('slug_redirects')) {
        if (!migrated.get('slug_redirects')?.rows.has(keyOf(['kind', 'old_slug'], row))) problems.push(`the redirect from ${String(row.kind)} slug ${String(row.old_slug)} was deleted`);
      }
      expect(problems).toEqual([]);
    });

    it('keeps the XP learners earned, award by award, and their badges, a badge that left content/ included', () => {
      const events = rowsOf('xp_events');
      const badges = new Set(curriculum.badges.map((b) => b.id));
      const retired = new Set(curriculum.retiredIds);
      const problems: string[] = [];
      for (const learner of SNAPSHOT.learners) {
        const mine = events.filter((e) => e.user_id === learner.id);
        const total = mine.reduce((sum, e) => sum + Number(e.amount), 0);
        const now = [...(migrated.get('xp_events')?.rows.values() ?? [])].filter((e) => e.user_id === learner.id);
        const nowTotal = now.reduce((sum, e) => sum + Number(e.amount), 0);
        if (nowTotal !== total) problems.push(`${learner.username}: ${nowTotal} XP in the ledger, ${total} before`);
        if (total !== learner.seen.totalXp) problems.push(`${learner.username}: the snapshot's ledger sums to ${total}, the API said ${learner.seen.totalXp}`);
        for (const event of mine) {
          const source = String(event.source_id);
          const known =
            event.reason === 'badge'
              ? badges.has(source) || retired.has(source)
              : migrated.get(event.reason === 'task' ? 'tasks' : 'projects')?.rows.has(keyOf(['id'], { id: source }));
          if (!known) problems.push(`${learner.username}: the ${String(event.reason)} ${source} their award ${String(event.award_key)} is for is neither in content/ nor retired`);
        }
      }
      for (const badge of rowsOf('user_badges')) {
        const id = String(badge.badge_id);
        if (!badges.has(id) && !retired.has(id)) problems.push(`${ownerOf('user_badges', badge)}: badge ${id} left badges.yaml without an entry in content/retired.yaml`);
      }
      expect(problems).toEqual([]);
    });

    describe('what learners did still reads right through the API', () => {
      it.each(SNAPSHOT.learners)('$username', async (learner) => {
        const server = app as FastifyInstance;
        const login = await postJson(server, '/auth/login', { email: learner.email, password: learner.password });
        expect(login.statusCode, `${learner.username} signs in`).toBe(200);
        const token = (login.json() as { token: string }).token;
        const get = async (url: string) => {
          const response = await server.inject({ method: 'GET', url, headers: bearer(token) });
          expect(response.statusCode, `${learner.username}: GET ${url}: ${response.body}`).toBe(200);
          return response.json() as unknown;
        };
        const who = learner.username;
        const events = rowsOf('xp_events').filter((e) => e.user_id === learner.id);
        const total = events.reduce((sum, e) => sum + Number(e.amount), 0);

        // XP: the summary, the history and the board all add up to the ledger as it was.
        const { xp } = xpResponseSchema.parse(await get('/learning/xp'));
        expect(xp.totalXp, `${who}: total XP`).toBe(total);
        expect(xp.projectsCompleted, `${who}: projects completed`).toBe(events.filter((e) => e.reason === 'project').length);
        expect(xp.daily.longest, `${who}: longest daily streak`).toBe(learner.seen.dailyLongest);
        expect(xp.weekly.longest, `${who}: longest weekly streak`).toBe(learner.seen.weeklyLongest);
        for (const badge of rowsOf('user_badges').filter((b) => b.user_id === learner.id)) {
          const shown = xp.badges.find((b) => b.id === badge.badge_id);
          // A badge that left content/ is no longer listed; its XP stays in the total (above).
          if (curriculum.badges.some((b) => b.id === badge.badge_id)) {
            expect(shown, `${who}: badge ${String(badge.badge_id)}`).toMatchObject({ earned: true, earnedAt: badge.earned_at });
          }
        }
        const { events: history } = xpHistoryResponseSchema.parse(await get('/learning/xp/history'));
        expect(
          history.map((e) => `${e.id} ${e.amount}`).sort(),
          `${who}: XP history`,
        ).toEqual(events.map((e) => `${String(e.id)} ${String(e.amount)}`).sort());
        const board = leaderboardResponseSchema.parse(await get('/learning/leaderboard?period=all'));
        expect((board.me?.xp ?? 0) + (board.me?.selfReportedXp ?? 0), `${who}: all-time board`).toBe(total);

        // Projects: as the learner left them.
        const catalogProjects = migrated.get('projects') as NonNullable<ReturnType<Tables['get']>>;
        const catalogPaths = migrated.get('paths') as NonNullable<ReturnType<Tables['get']>>;
        const catalogTasks = migrated.get('tasks') as NonNullable<ReturnType<Tables['get']>>;
        const runs = rowsOf('verification_runs').filter((r) => r.user_id === learner.id);
        for (const record of rowsOf('project_progress').filter((r) => r.user_id === learner.id)) {
          const project = catalogProjects.rows.get(keyOf(['id'], { id: record.project_id }));
          const path = catalogPaths.rows.get(keyOf(['id'], { id: project?.path_id }));
          const ticked = rowsOf('task_completions').filter((t) => t.user_id === learner.id && t.project_id === record.project_id);
          if (project?.status !== 'active' || path?.status !== 'active') {
            // A retired project has no page: what it paid stays in the history (checked above, award by award).
            continue;
          }
          const what = `${who}: ${String(project.slug)}`;
          const { project: view } = projectResponseSchema.parse(await get(`/learning/projects/${String(project.slug)}`));
          expect(view.status, `${what}: status (a started project never locks again)`).toBe(record.completed_at === null ? 'in-progress' : 'completed');
          expect(view.startedAt, `${what}: started`).toBe(record.started_at);
          expect(view.completedAt, `${what}: completed`).toBe(record.completed_at);
          for (const tick of ticked) {
            const task = catalogTasks.rows.get(keyOf(['id'], { id: tick.task_id }));
            if (task?.status === 'active') expect(view.tasks.find((t) => t.id === tick.task_id)?.completed, `${what}: task ${String(tick.task_id)} ticked`).toBe(true);
            else expect(view.tasks.some((t) => t.id === tick.task_id), `${what}: retired task ${String(tick.task_id)} is not listed`).toBe(false);
          }
          const submission = rowsOf('submissions').find((s) => s.user_id === learner.id && s.project_id === record.project_id);
          if (submission) {
            const latest = runs.filter((r) => r.project_id === record.project_id).sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];
            expect(view.submission, `${what}: submission`).toMatchObject({
              repositoryUrl: submission.repository_url,
              liveUrl: submission.live_url,
              submittedAt: submission.submitted_at,
              verification: { state: latest?.state, xpPaid: events.some((e) => e.reason === 'project' && e.source_id === record.project_id) },
            });
          } else {
            expect(view.submission, `${what}: no submission`).toBeNull();
          }
        }

        // Paths: started (a path reads started through its active projects: one whose only
        // started project was retired reads not started, its learner still among its students),
        // and rated as they were.
        const { paths } = pathsResponseSchema.parse(await get('/learning/paths'));
        const activeStarts = rowsOf('project_progress')
          .filter((r) => r.user_id === learner.id)
          .map((r) => catalogProjects.rows.get(keyOf(['id'], { id: r.project_id })))
          .filter((p) => p?.status === 'active');
        for (const row of rowsOf('path_learners').filter((r) => r.user_id === learner.id)) {
          const shown = paths.find((p) => p.id === row.path_id);
          if (activeStarts.some((p) => p?.path_id === row.path_id)) expect(shown?.started, `${who}: path ${String(row.path_id)} started`).toBe(true);
        }
        for (const rating of rowsOf('path_ratings').filter((r) => r.user_id === learner.id)) {
          if (catalogPaths.rows.get(keyOf(['id'], { id: rating.path_id }))?.status !== 'active') continue;
          expect(paths.find((p) => p.id === rating.path_id)?.myRating, `${who}: rating of path ${String(rating.path_id)}`).toBe(rating.stars);
        }
      });
    });
  });
}

survives("today's content/", () => loadCurriculum());
survives('a change made from it that retires what learners used', () => changedCurriculum(loadCurriculum()));
