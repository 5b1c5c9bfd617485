/**
 * Fills a database for the leaderboard benchmark (`npm run bench:xp`): `learners` accounts (one shared
 * password, hashed once at the production argon2 cost; every third learner's profile public) and
 * about `events` XP awards, generated inside the database (a recursive CTE: nothing crosses the
 * wire row by row). Learner n has 1 + (n·7919 mod 99) awards (50 on average): tasks of 20 XP and
 * every tenth a project of 500-1,500 XP, spread over the 60 days before `now`, so every window
 * (24 hours, 7 and 30 days) holds a different board. Then the boards are built from the ledger,
 * as the API builds them on its first start. Deterministic for a given `now` (ms).
 * Usage: node server/bench/seed-xp.ts '<DatabaseTarget as JSON>' <learners> <events> <now ms>
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { PRODUCTION_ARGON2 } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { isPostgres, type DatabaseTarget } from '../db/dialect.ts';
import { LEADERBOARD_PERIODS } from '../../src/domain/learning.ts';
import { createBoards } from '../learning/boards.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './accounts.ts';

const [targetJson, learnersArg, eventsArg, nowArg] = process.argv.slice(2);
const target = JSON.parse(targetJson ?? '{}') as DatabaseTarget;
const learners = Number(learnersArg ?? 100_000);
const events = Number(eventsArg ?? 5_000_000);
const now = Number(nowArg ?? Date.now());
/** Awards per learner: 1 + (n·7919 mod SPREAD), so about `events` in all. */
const spread = Math.max(1, Math.round((2 * events) / learners) - 1);
const MINUTES = 60 * 24 * 60;

const started = Date.now();
const db = await openDatabase(target);
const pg = isPostgres(db);
// A large page cache while filling (SQLite's default is 2 MB).
if (!pg) await sql`pragma cache_size = -1000000`.execute(db);
const passwordHash = await hash(BENCH_PASSWORD, { ...PRODUCTION_ARGON2, algorithm: 2 });
const base = new Date(now).toISOString();
const at = new Date(now - 61 * 24 * 3_600_000).toISOString();

// Dialect differences: text formatting and time arithmetic.
const pad = (expr: ReturnType<typeof sql>) => (pg ? sql`lpad(${expr}::text, 12, '0')` : sql`printf('%012d', ${expr})`);
const userId = (expr: ReturnType<typeof sql>) => sql`'00000000-0000-4000-8000-' || ${pad(expr)}`;
const minutesBefore = (expr: ReturnType<typeof sql>) =>
  pg
    ? sql`to_char((${base}::timestamptz - make_interval(mins => (${expr})::int)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${base}, '-' || (${expr}) || ' minutes')`;
const day = (expr: ReturnType<typeof sql>) => sql`substr(${expr}, 1, 10)`;

let phase = Date.now();
const timings: Record<string, number> = {};
const lap = (name: string) => {
  timings[name] = (Date.now() - phase) / 1000;
  phase = Date.now();
};

await db.transaction().execute(async (tx) => {
  await sql`with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${learners - 1})
    insert into users (id, username, email, password_hash, password_changed_at, created_at, updated_at)
    select ${userId(sql`n`)}, 'Learner ' || n, ${BENCH_EMAIL.before} || n || ${BENCH_EMAIL.after}, ${passwordHash}, ${at}, ${at}, ${at} from seq`.execute(tx);
  await sql`insert into user_settings (user_id, streak_email, streak_push, digest_email, updates_email, newsletter_email, dark_mode, public_profile, updated_at)
    select id, 1, 1, 1, 0, 0, 0, 1, ${at} from users where id like '00000000-0000-4000-8000-%' and cast(substr(id, 25) as integer) % 3 = 0`.execute(tx);
  lap('learners');
  // Secondary indexes are built once after the rows (a sort), not row by row.
  const indexes = pg
    ? (
        await sql<{ name: string; ddl: string }>`select indexname as name, indexdef as ddl from pg_indexes
        where tablename = 'xp_events' and indexname not in (select conname from pg_constraint)`.execute(tx)
      ).rows
    : (
        await sql<{
          name: string;
          ddl: string;
        }>`select name, sql as ddl from sqlite_master where type = 'index' and tbl_name = 'xp_events' and sql is not null`.execute(tx)
      ).rows;
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(tx);
  const count = sql`(1 + (u.n * 7919) % ${spread})`;
  await sql`with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${Math.max(learners, spread) - 1}),
      u as (select n from seq where n < ${learners}),
      k as (select n from seq where n < ${spread}),
      awards as (
        select u.n as u, k.n as k, ${minutesBefore(sql`(u.n * 31 + k.n * 7919) % ${MINUTES}`)} as earned_at
        from u join k on k.n < ${count}
      )
    insert into xp_events (id, user_id, award_key, reason, source_id, path_id, amount, earned_at, earned_on)
    select ${userId(sql`u`)} || '-' || k, ${userId(sql`u`)},
      case when k % 10 = 9 then 'project:bench-' || k else 'task:bench-' || k end,
      case when k % 10 = 9 then 'project' else 'task' end,
      'bench-' || k, null,
      case when k % 10 = 9 then 500 + 100 * ((u + k) % 11) else 20 end,
      earned_at, ${day(sql`earned_at`)}
    from awards`.execute(tx);
  for (const index of indexes) await sql.raw(index.ddl).execute(tx);
  lap('events');
  await createBoards(db).rebuild(tx, now);
  lap('boards');
});
if (pg) await sql`vacuum analyze`.execute(db);
else await sql`analyze`.execute(db);
lap('analyze');
// Who the benchmark signs in as, per board: its top 50, and 50 learners spread from its top to its last place.
const picks: Record<string, { top: number[]; spread: number[] }> = {};
const numberOf = (id: string) => Number(id.slice(24));
for (const period of LEADERBOARD_PERIODS) {
  const ranked = await db
    .selectFrom('xp_board')
    .select('user_id')
    .where('period', '=', period)
    .orderBy('xp', 'desc')
    .orderBy('reached_at')
    .orderBy('user_id')
    .execute();
  const step = Math.max(1, (ranked.length - 1) / 49);
  picks[period] = {
    top: ranked.slice(0, 50).map((r) => numberOf(r.user_id)),
    spread: Array.from({ length: 50 }, (_, i) => numberOf(ranked[Math.min(ranked.length - 1, Math.round(i * step))]!.user_id)),
  };
}
const [{ n: total } = { n: 0 }] = (await sql<{ n: number | string }>`select count(*) as n from xp_events`.execute(db)).rows;
const [{ n: boardRows } = { n: 0 }] = (await sql<{ n: number | string }>`select count(*) as n from xp_board`.execute(db)).rows;
await db.destroy();
console.log(JSON.stringify({ learners, events: Number(total), boardRows: Number(boardRows), timings, seconds: (Date.now() - started) / 1000, picks }));
