/**
 * The leaderboards kept beside the ledger: ranks as a brute-force sort of the
 * ledger says (ties: who got there first, then id), "my rank" outside the top 50, the windows
 * job, and `npm run xp:verify`, which finds no drift on a board the app kept and names every
 * row someone changed behind the ledger's back.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_PERIODS, LEADERBOARD_WINDOW_HOURS } from '../../src/domain/learning.ts';
import type { Db } from '../db/database.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../test/helpers.ts';
import { CHANGES_KEPT_MS, createBoards, noteAccountDeleted, SNAPSHOT_TTL_MS } from './boards.ts';

const NOW = Date.parse('2026-06-10T12:00:00.000Z');
const HOUR = 3_600_000;
/** Half a day on: the day's window keeps the newest events, the others lose their oldest. */
const LATER = NOW + 12 * HOUR;
let t: TestApp;
let db: Db;
const id = (i: number) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;

type Event = { user: number; amount: number; at: number };
/**
 * 140 learners, deterministic: XP in steps of 20 so many tie; some ties reached at the same
 * moment (then the smaller id ranks first); events from 40 days ago to now.
 */
const events: Event[] = [];
for (let u = 0; u < 140; u += 1) {
  const count = 1 + (u % 5);
  for (let k = 0; k < count; k += 1) events.push({ user: u, amount: 20 * (1 + ((u * 7 + k) % 6)), at: NOW - ((u * 13 + k * 29) % 40) * 24 * HOUR - (u % 3) * HOUR });
}

/** Task awards straight into the ledger (as another instance, or the past, wrote them), keyed `key(i)`. */
async function insertEvents(list: readonly Event[], key: (i: number) => string) {
  await db
    .insertInto('xp_events')
    .values(
      list.map((e, i) => ({
        id: `ev-${key(i)}`,
        user_id: id(e.user),
        award_key: `task:${key(i)}`,
        reason: 'task',
        source_id: key(i),
        path_id: null,
        amount: e.amount,
        earned_at: new Date(e.at).toISOString(),
        earned_on: new Date(e.at).toISOString().slice(0, 10),
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  db = t.app.db as Db;
  const at = new Date(NOW - 60 * 24 * HOUR).toISOString();
  await db
    .insertInto('users')
    .values(
      Array.from({ length: 140 }, (_, u) => ({
        id: id(u),
        username: `Board ${u}`,
        email: `board${u}@example.com`,
        password_hash: 'x',
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await insertEvents(events, (i) => `seed-${String(i).padStart(4, '0')}`);
  // Events written behind the app's back: the board is rebuilt from the ledger.
  await db.deleteFrom('xp_board_windows').execute();
});
afterAll(async () => {
  await t.close();
});

/** The board by brute force: every learner's XP since `since`, sorted. */
function bruteBoard(since: number) {
  const by = new Map<number, { xp: number; reached: number }>();
  for (const e of events) {
    if (e.at < since) continue;
    const row = by.get(e.user) ?? { xp: 0, reached: 0 };
    by.set(e.user, { xp: row.xp + e.amount, reached: Math.max(row.reached, e.at) });
  }
  return [...by.entries()]
    .sort(([a, x], [b, y]) => y.xp - x.xp || x.reached - y.reached || id(a).localeCompare(id(b)))
    .map(([user, row]) => ({ userId: id(user), xp: row.xp }));
}

const sinceOf = (period: (typeof LEADERBOARD_PERIODS)[number], now: number) => {
  const hours = LEADERBOARD_WINDOW_HOURS[period];
  return hours === null ? Number.NEGATIVE_INFINITY : now - hours * HOUR;
};

describe('the leaderboards', () => {
  it('rank every learner as a sort of the ledger does, inside and outside the top 50', async () => {
    const boards = createBoards(db);
    expect(await boards.moveWindows(NOW)).toBe('built');
    for (const period of LEADERBOARD_PERIODS) {
      const expected = bruteBoard(sinceOf(period, NOW));
      for (const [index, row] of expected.entries()) {
        if (index % 7 !== 0 && index !== expected.length - 1) continue;
        const standing = await boards.standings(period, row.userId, 50, NOW);
        expect(standing.me).toMatchObject({ rank: index + 1, row: { xp: row.xp } });
        expect(standing.learners).toBe(expected.length);
        expect(standing.top.map((r) => r.userId)).toEqual(expected.slice(0, 50).map((r) => r.userId));
      }
    }
    // A learner with no XP in a window has no rank in it.
    const quiet = bruteBoard(sinceOf('day', NOW));
    const outside = Array.from({ length: 140 }, (_, u) => id(u)).find((u) => !quiet.some((r) => r.userId === u))!;
    expect((await boards.standings('day', outside, 50, NOW)).me).toBeNull();
  });

  it('move their windows with the clock: one job run rewrites the learners whose events left a window', async () => {
    const boards = createBoards(db);
    expect(await boards.moveWindows(NOW)).toBe('current');
    expect(await boards.moveWindows(LATER)).toBe('moved');
    for (const period of LEADERBOARD_PERIODS) {
      const expected = bruteBoard(sinceOf(period, LATER));
      expect(expected.length).toBeGreaterThan(0);
      const standing = await boards.standings(period, expected[0]!.userId, 50, LATER);
      expect(standing.learners).toBe(expected.length);
      expect(standing.top.map((r) => [r.userId, r.xp])).toEqual(expected.slice(0, 50).map((r) => [r.userId, r.xp]));
    }
    expect((await boards.verify()).drift).toEqual([]);
  });
});

describe('the copy of each board in memory', () => {
  it('shows a learner their own change at once, this instance’s changes at once, and others’ within SNAPSHOT_TTL_MS', async () => {
    const boards = createBoards(db);
    const before = bruteBoard(sinceOf('all', LATER));
    const asker = before[100]!.userId;
    await boards.standings('all', asker, 50, LATER);
    // Another instance's change: learner 90 earns enough to jump to first place.
    const other = createBoards(db);
    const jumper = before[90]!.userId;
    const jump = { user: Number(jumper.slice(24)), amount: 1_000_000, at: LATER - HOUR };
    await insertEvents([jump], () => 'jump');
    await other.refresh(db, [jumper], LATER);
    events.push(jump);
    expect((await boards.standings('all', asker, 50, LATER)).top[0]?.userId).toBe(before[0]!.userId);
    // …but the learner themself sees it at once.
    expect((await boards.standings('all', jumper, 50, LATER)).me).toMatchObject({ rank: 1 });
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_TTL_MS + 50));
    await boards.standings('all', asker, 50, LATER); // starts reading the copy again
    await expect.poll(async () => (await boards.standings('all', asker, 50, LATER)).top[0]?.userId).toBe(jumper);
    await boards.rebuild(db, LATER);

    // This instance's own change: the top 20 lose everything; the 51st to 70th move into the top 50, with their
    // names (read for the rows below the copy's named head).
    const fresh = createBoards(db);
    await fresh.standings('all', asker, 50, LATER);
    const losers = before.slice(0, 20).map((r) => r.userId);
    await db.deleteFrom('xp_events').where('user_id', 'in', losers).execute();
    await fresh.refresh(db, losers, LATER);
    for (let i = events.length - 1; i >= 0; i -= 1) if (losers.includes(id(events[i]!.user))) events.splice(i, 1);
    const after = bruteBoard(sinceOf('all', LATER));
    const standing = await fresh.standings('all', asker, 50, LATER);
    expect(standing.top.map((r) => r.userId)).toEqual(after.slice(0, 50).map((r) => r.userId));
    expect(standing.top.map((r) => r.username)).toEqual(after.slice(0, 50).map((r) => `Board ${Number(r.userId.slice(24))}`));
    expect(standing.me?.rank).toBe(after.findIndex((r) => r.userId === asker) + 1);
    expect(standing.learners).toBe(after.length);
  });

  it('is brought up to date from the learners another instance changed (gains, losses), and drops a deleted account', async () => {
    const boards = createBoards(db);
    const other = createBoards(db);
    const before = bruteBoard(sinceOf('week', LATER));
    const asker = before.at(-1)!.userId;
    await boards.standings('week', asker, 50, LATER);
    /** Polls this instance's week board until its top 50 and size are the ledger's, then checks some ranks. */
    const agrees = async () => {
      const expected = bruteBoard(sinceOf('week', LATER));
      await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_TTL_MS + 50));
      await expect
        .poll(async () => {
          const standing = await boards.standings('week', asker, 50, LATER);
          return { top: standing.top.map((r) => [r.userId, r.xp]), learners: standing.learners };
        })
        .toEqual({ top: expected.slice(0, 50).map((r) => [r.userId, r.xp]), learners: expected.length });
      for (const [index, row] of expected.entries()) {
        if (index % 5 === 0) expect((await boards.standings('week', row.userId, 50, LATER)).me?.rank).toBe(index + 1);
      }
      return expected;
    };

    // Through the other instance, 30 learners change: half earn more (some into the top), half lose everything.
    const changed = Array.from({ length: 30 }, (_, k) => 3 * k + 1);
    const gains = changed.filter((_, k) => k % 2 === 0);
    const losses = changed.filter((_, k) => k % 2 === 1);
    const gained = gains.map((u, k) => ({ user: u, amount: 40 * (k + 1) * (k % 3 === 0 ? 20 : 1), at: LATER - 2 * HOUR - k * 60_000 }));
    await insertEvents(gained, (k) => `gain-${k}`);
    await db.deleteFrom('xp_events').where('user_id', 'in', losses.map(id)).execute();
    await other.refresh(db, changed.map(id), LATER);
    events.push(...gained);
    for (let i = events.length - 1; i >= 0; i -= 1) if (losses.includes(events[i]!.user)) events.splice(i, 1);
    const expected = await agrees();
    // Learners both left the board and joined it.
    const on = (board: { userId: string }[], u: number) => board.some((r) => r.userId === id(u));
    expect(losses.some((u) => on(before, u) && !on(expected, u))).toBe(true);
    expect(gains.some((u) => !on(before, u) && on(expected, u))).toBe(true);

    // The other instance deletes an account on the board: this one's copy drops it.
    const gone = expected[1]!.userId;
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('users').where('id', '=', gone).execute();
      await noteAccountDeleted(tx, gone);
    });
    for (let i = events.length - 1; i >= 0; i -= 1) if (id(events[i]!.user) === gone) events.splice(i, 1);
    expect((await agrees()).some((r) => r.userId === gone)).toBe(false);
    // No change row keeps the deleted learner's id.
    expect(await db.selectFrom('xp_board_changes').select('user_id').where('user_id', '=', gone).execute()).toEqual([]);
  });

  it('keeps change rows for CHANGES_KEPT_MS: the windows job deletes older ones', async () => {
    const boards = createBoards(db);
    const old = new Date(Date.now() - CHANGES_KEPT_MS - 60_000).toISOString();
    await db
      .insertInto('xp_board_changes')
      .values({ user_id: id(139), changed_at: old })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ changed_at: old }))
      .execute();
    await boards.moveWindows(LATER);
    expect(
      await db
        .selectFrom('xp_board_changes')
        .select('user_id')
        .where('changed_at', '<', new Date(Date.now() - CHANGES_KEPT_MS).toISOString())
        .execute(),
    ).toEqual([]);
    expect(await db.selectFrom('xp_board_changes').select('user_id').execute()).not.toEqual([]);
  });
});

describe('npm run xp:verify', () => {
  const verify = () =>
    spawnSync(process.execPath, ['server/learning/verify-main.ts'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_PATH: t.config.database.kind === 'sqlite' ? t.config.database.path : '', DATABASE_URL: '' },
    });

  it('finds no drift on the board the app keeps, and names each row changed behind the ledger’s back', async () => {
    const boards = createBoards(db);
    expect((await boards.verify()).drift).toEqual([]);
    const victim = bruteBoard(sinceOf('week', LATER))[0]!;
    await db
      .updateTable('xp_board')
      .set((eb) => ({ xp: eb('xp', '+', 20) }))
      .where('period', '=', 'week')
      .where('user_id', '=', victim.userId)
      .execute();
    await db.deleteFrom('xp_board').where('period', '=', 'all').where('user_id', '=', id(5)).execute();
    const { drift } = await boards.verify();
    expect(drift).toHaveLength(2);
    expect(drift).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ period: 'week', userId: victim.userId, actual: expect.stringContaining(`${victim.xp + 20} XP`) }),
        expect.objectContaining({ period: 'all', userId: id(5), actual: 'no row' }),
      ]),
    );
    if (TEST_DATABASE === 'sqlite') {
      const run = verify();
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('2 rows differ from the ledger');
      expect(run.stdout).toContain(`week   learner ${victim.userId}`);
    }
    // Rebuilt from the ledger, the board agrees again.
    await boards.rebuild(db, LATER);
    expect((await boards.verify()).drift).toEqual([]);
    if (TEST_DATABASE === 'sqlite') {
      const run = verify();
      expect(run.stdout).toContain('No drift');
      expect(run.status).toBe(0);
    }
  });
});
