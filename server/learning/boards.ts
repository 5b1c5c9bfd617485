/**
 * The leaderboards: one row per (period, learner with XP in its window), derived from the XP
 * ledger and kept equal to it. This module owns those rows and nothing the learner earns: it
 * rewrites a learner's rows from their events (`refresh`, inside the ledger's transaction), moves
 * the rolling windows (the windows job), answers board reads from an in-memory copy of each board
 * (`standings`), and checks the rows against the ledger (`verify`, `npm run xp:verify`). It reads
 * `xp_events` and never writes it; what is earned is written by server/learning/ledger.ts.
 * One instance per app: its copies and the learners it changed lately live in memory.
 */
import { sql } from 'kysely';
import { LEADERBOARD_PERIODS, LEADERBOARD_WINDOW_HOURS } from '../../src/domain/learning.ts';
import type { BoardRow } from '../../src/domain/xpViews.ts';
import type { Db, Executor } from '../db/database.ts';
import { isPostgres, lockTransaction, toNumber } from '../db/dialect.ts';
import { precompiled } from '../db/precompiled.ts';
import type { SessionClaims } from '../auth/authenticate.ts';
import { activeSession } from '../auth/repository.ts';

type Period = (typeof LEADERBOARD_PERIODS)[number];
/** The board rows' periods whose windows roll (all but All Time). */
const WINDOWED = LEADERBOARD_PERIODS.filter((p) => LEADERBOARD_WINDOW_HOURS[p] !== null);
/** How often the windows job runs; a read finding a window further behind moves it first. */
export const WINDOW_STEP_MS = 60_000;
/** All Time's "window" starts before any event. */
const BEGINNING = '';
/** Learners rewritten per statement (keeps every IN list and multi-row insert small). */
const CHUNK = 500;

/** Where a period's window should start at `at` (ms). */
export function windowStartAt(period: Period, at: number): string {
  const hours = LEADERBOARD_WINDOW_HOURS[period];
  return hours === null ? BEGINNING : new Date(at - hours * 3_600_000).toISOString();
}

type Starts = Record<Period, string>;
type AggregateRow = { user_id: string; total: number | string } & Record<`${Period}_xp` | `${Period}_self` | `${Period}_at`, number | string | null>;

/**
 * Board rows as the ledger says they are, for some learners (or all): verified XP (what ranks),
 * self-reported XP (shown beside) and the last award time per window.
 */
async function aggregate(tx: Executor, starts: Starts, userIds?: readonly string[]) {
  const columns = LEADERBOARD_PERIODS.map(
    (p) =>
      sql`sum(case when earned_at >= ${starts[p]} and self_reported = 0 then amount else 0 end) as ${sql.ref(`${p}_xp`)}, sum(case when earned_at >= ${starts[p]} and self_reported = 1 then amount else 0 end) as ${sql.ref(`${p}_self`)}, max(case when earned_at >= ${starts[p]} then earned_at end) as ${sql.ref(`${p}_at`)}`,
  );
  const where = userIds ? sql`where user_id in (${sql.join(userIds)})` : sql``;
  const { rows } = await sql<AggregateRow>`select user_id, sum(amount) as total, ${sql.join(columns)} from xp_events ${where} group by user_id`.execute(tx);
  return rows.flatMap((r) =>
    LEADERBOARD_PERIODS.flatMap((period) => {
      const xp = toNumber(r[`${period}_xp`]);
      const self = toNumber(r[`${period}_self`]);
      return xp > 0 || self > 0 ? [{ period, user_id: r.user_id, xp, self_reported_xp: self, total: toNumber(r.total), reached_at: String(r[`${period}_at`]) }] : [];
    }),
  );
}

async function currentStarts(tx: Executor): Promise<Partial<Starts>> {
  const rows = await tx.selectFrom('xp_board_windows').select(['period', 'window_start']).execute();
  return { all: BEGINNING, ...Object.fromEntries(rows.map((r) => [r.period, r.window_start])) };
}

async function insertRows(
  tx: Executor,
  rows: readonly { period: string; user_id: string; xp: number; self_reported_xp: number; total: number; reached_at: string }[],
) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insertInto('xp_board')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** How old the in-memory copy of a board may get before a request brings it up to date. */
export const SNAPSHOT_TTL_MS = 2_000;
/**
 * An update of a copy reads the learners changed since this long before the copy began: covers
 * the time between a rewrite and its commit, and the clocks of instances differing a little.
 */
const CHANGE_MARGIN_MS = 30_000;
/** The windows job deletes change rows older than this; a copy older than that is read whole again. */
export const CHANGES_KEPT_MS = 10 * 60_000;
/** A change row meaning "every row changed" (a rebuild): copies are read whole again. */
const EVERYONE = '*';
/**
 * An account's deletion, inside its transaction: the copies of the boards are read whole again
 * (a rare event), so no change row keeps the deleted learner's id, not even for minutes.
 */
export async function noteAccountDeleted(tx: Executor, userId: string) {
  await tx.deleteFrom('xp_board_changes').where('user_id', '=', userId).execute();
  await noteBoardChanges(tx, [EVERYONE]);
}

/** More changed learners than this since a copy began: the board is read whole instead. */
const MAX_CHANGED = 20_000;

/**
 * Notes that these learners' board rows changed, inside the caller's transaction, so every
 * instance's copy of the boards reads them again.
 */
export async function noteBoardChanges(tx: Executor, userIds: readonly string[]) {
  const changedAt = new Date().toISOString();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    await tx
      .insertInto('xp_board_changes')
      .values([...new Set(userIds.slice(i, i + CHUNK))].map((user_id) => ({ user_id, changed_at: changedAt })))
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ changed_at: changedAt }))
      .execute();
  }
}
/**
 * A learner this instance changed is read live by answers from a copy that began less than this
 * before the change (the time between a transaction's rewrite of the rows and its commit).
 */
const TOUCH_MARGIN_MS = 5_000;

type Entry = { userId: string; xp: number; selfReportedXp: number; total: number; reachedAt: string };
type Named = { username: string; public_profile: number | null };
/** The copy's first rows with their names, built once per copy (an answer reuses them as they are). */
type NamedEntry = Entry & Named;
type Snapshot = { at: number; rows: Entry[]; index: Map<string, number>; names: Map<string, NamedEntry> };
/** Rows at the head of each copy whose names (and public-profile choice) the copy holds. */
const NAMED = 64;

/** Board order: more XP first, then who got there first, then the smaller id. */
function ahead(a: Entry, b: Entry): boolean {
  if (a.xp !== b.xp) return a.xp > b.xp;
  if (a.reachedAt !== b.reachedAt) return a.reachedAt < b.reachedAt;
  return a.userId < b.userId;
}

/** How many rows of a board (in board order) are ahead of `entry`: a binary search. */
function countAhead(rows: readonly Entry[], entry: Entry): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ahead(rows[mid]!, entry)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Each row's place by learner (a loop: a map of 100,000 rows built from pairs cost twice the time). */
function positions(rows: readonly Entry[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 1) index.set(rows[i]!.userId, i);
  return index;
}

/** How many of the sorted numbers are below `limit`. */
function countBelow(sorted: readonly number[], limit: number): number {
  let n = 0;
  while (n < sorted.length && sorted[n]! < limit) n += 1;
  return n;
}

/**
 * The leaderboards: rows per (period, learner) kept equal to the ledger. Every change to a
 * learner's events rewrites that learner's rows in the same transaction (`refresh`), computed
 * from the ledger (never incremented, so a rewrite is idempotent and order does not matter); the
 * windows job moves each rolling window's start and rewrites the learners whose events it passed.
 * On PostgreSQL a rewrite first locks the learner's `users` row, so two transactions rewriting the
 * same learner take turns and the second sees the first's events; the job runs under an advisory
 * lock, so one instance moves the windows at a time. SQLite has one writer at a time already.
 */
export function createBoards(db: Db) {
  /** Windows this process has seen moved (ms), so a read asks the database only when one may be behind. */
  const seen = new Map<Period, number>();

  async function lockLearners(tx: Executor, userIds: readonly string[]) {
    if (!isPostgres(tx)) return;
    await tx.selectFrom('users').select('id').where('id', 'in', userIds).orderBy('id').forUpdate().execute();
  }

  async function startsOrNow(tx: Executor, at: number): Promise<Starts> {
    const known = await currentStarts(tx);
    return Object.fromEntries(LEADERBOARD_PERIODS.map((p) => [p, known[p] ?? windowStartAt(p, at)])) as Starts;
  }

  /** Rewrites these learners' rows from the ledger (inside the caller's transaction). */
  async function refresh(tx: Executor, userIds: readonly string[], at: number, { touch = true } = {}) {
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const some = [...new Set(userIds.slice(i, i + CHUNK))];
      if (touch) for (const id of some) touched.set(id, Date.now());
      await lockLearners(tx, some);
      const rows = await aggregate(tx, await startsOrNow(tx, at), some);
      await tx.deleteFrom('xp_board').where('user_id', 'in', some).execute();
      await insertRows(tx, rows);
      await noteBoardChanges(tx, some);
    }
  }

  /** Every row again from the whole ledger, windows starting at `at`'s. */
  async function rebuild(tx: Executor, at: number) {
    const starts = Object.fromEntries(LEADERBOARD_PERIODS.map((p) => [p, windowStartAt(p, at)])) as Starts;
    await tx.deleteFrom('xp_board').execute();
    await tx.deleteFrom('xp_board_windows').execute();
    await tx
      .insertInto('xp_board_windows')
      .values(WINDOWED.map((period) => ({ period, window_start: starts[period] })))
      .execute();
    await insertRows(tx, await aggregate(tx, starts));
    await noteBoardChanges(tx, [EVERYONE]);
    for (const p of WINDOWED) seen.set(p, Date.parse(starts[p]));
  }

  /**
   * The windows job: moves every rolling window to start where it should at `at`, rewriting the
   * learners with events between the old start and the new; builds everything when there are no
   * windows yet (a new database, or one from before the boards). Returns what it did.
   */
  async function moveWindows(at: number): Promise<'built' | 'moved' | 'current'> {
    return db.transaction().execute(async (tx) => {
      await lockTransaction(tx, 'xp-board-windows');
      const known = await currentStarts(tx);
      if (WINDOWED.some((p) => known[p] === undefined)) {
        await rebuild(tx, at);
        snapshots.clear();
        generation += 1;
        return 'built';
      }
      // Change rows every copy has read by now (a copy older than that is read whole).
      await tx
        .deleteFrom('xp_board_changes')
        .where('changed_at', '<', new Date(Date.now() - CHANGES_KEPT_MS).toISOString())
        .execute();
      const moves = WINDOWED.map((p) => ({ period: p, from: known[p] as string, to: windowStartAt(p, at) })).filter((m) => m.to > m.from);
      for (const p of WINDOWED) if (!moves.some((m) => m.period === p)) seen.set(p, Date.parse(known[p] as string));
      if (moves.length === 0) return 'current';
      const passed = new Set<string>();
      for (const m of moves) {
        const rows = await tx.selectFrom('xp_events').select('user_id').distinct().where('earned_at', '>=', m.from).where('earned_at', '<', m.to).execute();
        for (const r of rows) passed.add(r.user_id);
        await tx.updateTable('xp_board_windows').set({ window_start: m.to }).where('period', '=', m.period).execute();
      }
      // The copies read the rewritten learners with their next update, as any change.
      await refresh(tx, [...passed].sort(), at, { touch: false });
      for (const m of moves) seen.set(m.period, Date.parse(m.to));
      return 'moved';
    });
  }

  /** Moves the windows first when one may be more than a job's step behind `at` (tests travel in time). */
  async function keepCurrent(at: number) {
    const behind = WINDOWED.some((p) => {
      const start = seen.get(p);
      return start === undefined || Date.parse(windowStartAt(p, at)) - start > WINDOW_STEP_MS;
    });
    if (behind) await moveWindows(at);
  }

  // Ranks are read from a copy of each board in memory (every row's XP, total and time, in board
  // order): "my rank" is a binary search instead of counting the rows ahead on every request.
  // The copy, with the names of its first rows, is at most SNAPSHOT_TTL_MS old (then one request
  // brings it up to date while the others answer from it: it reads only the learners whose rows
  // changed since, from `xp_board_changes`, so a board of 100,000 rows is not read again every
  // few seconds, which stalled answers), and every answer reads live the learner's
  // own row and those this instance changed lately. So a learner always sees their own XP and
  // rank as the ledger has them now, and a change made through this instance shows at once;
  // another instance's change (XP, a name, Public Profile turned off) shows within SNAPSHOT_TTL_MS.
  const snapshots = new Map<Period, Snapshot>();
  /** Counts the rebuilds on this instance: a copy read across one is not kept. */
  let generation = 0;
  const reading = new Map<Period, Promise<Snapshot>>();
  /** Learners whose rows this instance rewrote lately (real time, ms): their rows are read live. */
  const touched = new Map<string, number>();

  /** Board rows in board order, for some learners (or all). */
  async function boardRows(period: Period, userIds?: readonly string[]): Promise<Entry[]> {
    const query = (ids?: readonly string[]) => {
      let q = db
        .selectFrom('xp_board')
        .select(['user_id as userId', 'xp', 'self_reported_xp as selfReportedXp', 'total', 'reached_at as reachedAt'])
        .where('period', '=', period);
      if (ids) q = q.where('user_id', 'in', ids);
      return q.orderBy('xp', 'desc').orderBy('reached_at').orderBy('user_id').execute();
    };
    if (!userIds) return query();
    const rows: Entry[] = [];
    for (let i = 0; i < userIds.length; i += CHUNK) rows.push(...(await query(userIds.slice(i, i + CHUNK))));
    return rows.sort((a, b) => (ahead(a, b) ? -1 : 1));
  }

  /**
   * The copy brought up to date: only the learners changed since it began (their rows replace
   * theirs, or they leave it), or the whole board when there is no copy, it is older than the
   * change rows kept, a rebuild happened, or too many changed. The names of its first rows are
   * read again either way (another instance may have changed one, or Public Profile).
   */
  async function update(period: Period, current: Snapshot | undefined, started: number): Promise<Entry[]> {
    if (!current || started - current.at > CHANGES_KEPT_MS - CHANGE_MARGIN_MS) return boardRows(period);
    const changes = await db
      .selectFrom('xp_board_changes')
      .select('user_id')
      .where('changed_at', '>=', new Date(current.at - CHANGE_MARGIN_MS).toISOString())
      .execute();
    if (changes.length === 0) return current.rows;
    if (changes.length > MAX_CHANGED || changes.some((c) => c.user_id === EVERYONE)) return boardRows(period);
    const changed = new Set(changes.map((c) => c.user_id));
    const fresh = await boardRows(period, [...changed]);
    // Merge the kept rows (still in board order) with the changed learners' rows.
    const rows: Entry[] = [];
    let f = 0;
    for (const row of current.rows) {
      if (changed.has(row.userId)) continue;
      while (f < fresh.length && ahead(fresh[f]!, row)) rows.push(fresh[f++]!);
      rows.push(row);
    }
    while (f < fresh.length) rows.push(fresh[f++]!);
    return rows;
  }

  async function readSnapshot(period: Period): Promise<Snapshot> {
    let pending = reading.get(period);
    if (!pending) {
      const started = Date.now();
      const current = snapshots.get(period);
      const from = generation;
      pending = update(period, current, started)
        .then(async (rows) => {
          const head = rows.slice(0, NAMED).map((r) => r.userId);
          const named =
            head.length === 0
              ? []
              : await db
                  .selectFrom('users as u')
                  .leftJoin('user_settings as s', 's.user_id', 'u.id')
                  .select(['u.id', 'u.username', 's.public_profile'])
                  .where('u.id', 'in', head)
                  .execute();
          const byId = new Map(named.map((n) => [n.id, n]));
          const names = new Map<string, NamedEntry>();
          for (const row of rows.slice(0, NAMED)) {
            const name = byId.get(row.userId);
            if (name) names.set(row.userId, { ...row, username: name.username, public_profile: name.public_profile });
          }
          const index = current && rows === current.rows ? current.index : positions(rows);
          const snapshot: Snapshot = { at: started, rows, index, names };
          // A rebuild on this instance (which clears the copies) while this was read: not kept.
          if (generation === from) snapshots.set(period, snapshot);
          return snapshot;
        })
        .finally(() => reading.delete(period));
      reading.set(period, pending);
    }
    return pending;
  }

  async function snapshotOf(period: Period): Promise<Snapshot> {
    const current = snapshots.get(period);
    if (!current) return readSnapshot(period);
    if (Date.now() - current.at > SNAPSHOT_TTL_MS) readSnapshot(period).catch(() => {}); // the next request tries again
    return current;
  }

  /** Learners this instance changed since `copy` began reading (others are in it); forgets those every copy holds. */
  function changedSince(copy: Snapshot): string[] {
    // Forget a change only when every board has a copy begun after it (none yet: keep them all).
    const starts = [...snapshots.values()].map((s) => s.at);
    const covered = starts.length === 0 ? Number.NEGATIVE_INFINITY : Math.min(...starts) - TOUCH_MARGIN_MS;
    const ids: string[] = [];
    for (const [id, when] of touched) {
      if (when < covered) touched.delete(id);
      else if (when >= copy.at - TOUCH_MARGIN_MS) ids.push(id);
    }
    return ids;
  }

  /** Board rows of some learners, with their names. */
  const namedRows = (period: string, ids: readonly string[]) =>
    db
      .selectFrom('xp_board as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .leftJoin('user_settings as s', 's.user_id', 'b.user_id')
      .select(['b.user_id as userId', 'b.xp', 'b.self_reported_xp as selfReportedXp', 'b.total', 'b.reached_at as reachedAt', 'u.username', 's.public_profile'])
      .where('b.period', '=', period)
      .where('b.user_id', 'in', ids);
  // The learner's own row, read on every answer: built once (server/db/precompiled.ts).
  const rowOfOne = precompiled<'period' | 'id', NamedEntry>((param) => namedRows(param('period'), [param('id')]));
  /**
   * The same with the check that the learner's session is active (server/auth/authenticate.ts):
   * one row when it is (the board columns null when the learner has no row on this board), none
   * when it is not. The leaderboard's one query.
   */
  const rowInSession = precompiled<'period' | 'id' | 'familyId' | 'at', Named & { [K in keyof Entry]: Entry[K] | null }>((param) =>
    db
      .selectFrom('users as u')
      .leftJoin('xp_board as b', (join) => join.onRef('b.user_id', '=', 'u.id').on('b.period', '=', param('period')))
      .leftJoin('user_settings as s', 's.user_id', 'u.id')
      .select(['b.user_id as userId', 'b.xp', 'b.self_reported_xp as selfReportedXp', 'b.total', 'b.reached_at as reachedAt', 'u.username', 's.public_profile'])
      .where('u.id', '=', param('id'))
      .where((eb) => activeSession(eb, { familyId: param('familyId'), userId: param('id'), at: param('at') })),
  );

  /**
   * A board's top rows, the learner's own row and rank, and how many learners it holds. With
   * `inSession`, the learner's row is read with the check that their session is active, and
   * `inSession.ended()` is thrown when it is not.
   */
  async function standings(period: Period, userId: string, top: number, at: number, inSession?: { session: SessionClaims; ended: () => Error }) {
    await keepCurrent(at);
    const snapshot = await snapshotOf(period);
    const live = new Set([userId, ...changedSince(snapshot)]);
    const others = [...live].filter((id) => id !== userId);
    const [own, changed] = await Promise.all([
      inSession
        ? rowInSession(db, { period, id: userId, familyId: inSession.session.sessionId, at: inSession.session.at }).then((rows) => {
            if (rows.length === 0) throw inSession.ended();
            return rows.filter((row): row is NamedEntry => row.userId !== null);
          })
        : rowOfOne(db, { period, id: userId }),
      others.length === 0 ? [] : namedRows(period, others).execute(),
    ]);
    const fresh = [...own, ...changed].sort((a, b) => (ahead(a, b) ? -1 : 1));
    // The board now: the copy without the rows read live, and the live rows in their places.
    const supersededAt = [...live].flatMap((id) => {
      const i = snapshot.index.get(id);
      return i === undefined ? [] : [i];
    });
    supersededAt.sort((a, b) => a - b);
    const leaders: (typeof fresh)[number][] = [];
    const unnamed: Entry[] = [];
    let s = 0;
    let f = 0;
    while (leaders.length < top) {
      while (s < snapshot.rows.length && live.has(snapshot.rows[s]!.userId)) s += 1;
      const fromCopy = snapshot.rows[s];
      const fromLive = fresh[f];
      if (!fromCopy && !fromLive) break;
      if (fromLive && (!fromCopy || ahead(fromLive, fromCopy))) {
        leaders.push(fromLive);
        f += 1;
      } else if (fromCopy) {
        const withName = snapshot.names.get(fromCopy.userId);
        if (withName) leaders.push(withName);
        else {
          // A row below the copy's named head moved up (learners above lost XP): its name is read below.
          unnamed.push(fromCopy);
          leaders.push({ ...fromCopy, username: '', public_profile: null });
        }
        s += 1;
      }
    }
    if (unnamed.length > 0) {
      const names = new Map(
        (
          await namedRows(
            period,
            unnamed.map((r) => r.userId),
          ).execute()
        ).map((r) => [r.userId, r]),
      );
      for (const [i, row] of leaders.entries()) if (row.username === '' && names.has(row.userId)) leaders[i] = names.get(row.userId)!;
    }
    const asRow = (r: (typeof fresh)[number]): BoardRow => ({
      userId: r.userId,
      username: r.username,
      publicProfile: toNumber(r.public_profile ?? 0) === 1,
      xp: r.xp,
      selfReportedXp: r.selfReportedXp,
      totalXp: r.total,
    });
    const mine = fresh.find((r) => r.userId === userId);
    let me: { row: BoardRow; rank: number } | null = null;
    if (mine) {
      const place = leaders.findIndex((r) => r.userId === userId);
      let rank = place + 1;
      if (place === -1) {
        const copyAhead = countAhead(snapshot.rows, mine) - countBelow(supersededAt, countAhead(snapshot.rows, mine));
        rank = 1 + copyAhead + fresh.filter((r) => r.userId !== userId && ahead(r, mine)).length;
      }
      me = { row: asRow(mine), rank };
    }
    return { top: leaders.map(asRow), me, learners: snapshot.rows.length - supersededAt.length + fresh.length };
  }

  /**
   * \`npm run xp:verify\`: every learner's rows recomputed from the ledger (windows where they
   * start now) and compared with the board. Returns the differences (none when nothing drifted).
   */
  async function verify() {
    const check = async (tx: Executor) => {
      const starts = await startsOrNow(tx, Date.now());
      const [expected, actual] = await Promise.all([aggregate(tx, starts), tx.selectFrom('xp_board').selectAll().execute()]);
      const key = (r: { period: string; user_id: string }) => `${r.period} ${r.user_id}`;
      const have = new Map(actual.map((r) => [key(r), r]));
      const drift: { period: string; userId: string; expected: string; actual: string }[] = [];
      const show = (r?: { xp: number; self_reported_xp: number; total: number; reached_at: string }) =>
        r ? `${r.xp} XP${r.self_reported_xp > 0 ? ` + ${r.self_reported_xp} self-reported` : ''} (total ${r.total}) reached ${r.reached_at}` : 'no row';
      for (const want of expected) {
        const got = have.get(key(want));
        have.delete(key(want));
        if (!got || got.xp !== want.xp || got.self_reported_xp !== want.self_reported_xp || got.total !== want.total || got.reached_at !== want.reached_at) {
          drift.push({ period: want.period, userId: want.user_id, expected: show(want), actual: show(got) });
        }
      }
      for (const got of have.values()) drift.push({ period: got.period, userId: got.user_id, expected: 'no row', actual: show(got) });
      const learners = new Set(expected.map((r) => r.user_id)).size;
      return { learners, rows: expected.length, drift };
    };
    // One snapshot of ledger and board together.
    if (isPostgres(db)) return db.transaction().setIsolationLevel('repeatable read').execute(check);
    return db.transaction().execute(check);
  }

  return { refresh, moveWindows, standings, verify, rebuild };
}

export type Boards = ReturnType<typeof createBoards>;
