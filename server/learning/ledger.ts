/**
 * The XP ledger and what is derived from it (issue 11): awards are immutable events, unique per
 * (learner, award key), written in the same transaction as the work that earns them; a learner's
 * active days (their streak) likewise; badges are evaluated from the ledger's facts after every
 * change, in that transaction too. Totals are never stored: they are sums over the ledger, so
 * nothing can drift from it (`npm run xp:verify` checks the derived figures anyway).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { evaluateBadges, type BadgeDefinition } from '../../src/domain/badges.ts';
import { dailyStreak } from '../../src/domain/streaks.ts';
import { awardKey, badgeAward, type XpReason } from '../../src/domain/xp.ts';
import type { Database, Db } from '../db/database.ts';
import { toNumber } from '../db/dialect.ts';

export type Executor = Db | Transaction<Database>;

export type Award = { reason: XpReason; sourceId: string; pathId: string | null; amount: number };

/** When and where (the learner's local day) a change happened. */
export type Moment = { at: string; localDay: string };

export function createLedger(db: Db, badges: readonly BadgeDefinition[], projectSkills: ReadonlyMap<string, readonly string[]>) {
  async function award(tx: Executor, userId: string, item: Award, moment: Moment) {
    await tx
      .insertInto('xp_events')
      .values({
        id: randomUUID(),
        user_id: userId,
        award_key: awardKey(item.reason, item.sourceId),
        reason: item.reason,
        source_id: item.sourceId,
        path_id: item.pathId,
        amount: item.amount,
        earned_at: moment.at,
        earned_on: moment.localDay,
      })
      .onConflict((oc) => oc.columns(['user_id', 'award_key']).doNothing())
      .execute();
  }

  async function activity(tx: Executor, userId: string, pathId: string, moment: Moment) {
    await tx
      .insertInto('activity_days')
      .values({ user_id: userId, path_id: pathId, local_day: moment.localDay })
      .onConflict((oc) => oc.columns(['user_id', 'path_id', 'local_day']).doNothing())
      .execute();
  }

  /** The facts badges are judged on, read from the ledger and the learner's progress. */
  async function facts(tx: Executor, userId: string, today: string) {
    const [completed, total, days] = await Promise.all([
      tx
        .selectFrom('xp_events')
        .select(['source_id', 'earned_on'])
        .where('user_id', '=', userId)
        .where('reason', '=', 'project')
        .execute(),
      tx.selectFrom('xp_events').select((eb) => eb.fn.sum<number>('amount').as('xp')).where('user_id', '=', userId).executeTakeFirst(),
      tx.selectFrom('activity_days').select('local_day').where('user_id', '=', userId).execute(),
    ]);
    return {
      completedProjects: completed.map((r) => ({ id: r.source_id, completedOn: r.earned_on, skills: [...(projectSkills.get(r.source_id) ?? [])] })),
      longestDailyStreak: dailyStreak(
        days.map((d) => d.local_day),
        today,
      ).longest,
      totalXp: toNumber(total?.xp ?? 0),
    };
  }

  /**
   * Awards the badges the learner's facts now earn (each once, with its date and its XP), and,
   * after a reset (`mayRevoke`), takes back those the facts no longer earn: a badge is never taken
   * back otherwise.
   */
  async function settleBadges(tx: Executor, userId: string, moment: Moment, mayRevoke = false) {
    const [owned, current] = await Promise.all([
      tx.selectFrom('user_badges').select('badge_id').where('user_id', '=', userId).execute(),
      facts(tx, userId, moment.localDay),
    ]);
    const have = new Set(owned.map((b) => b.badge_id));
    let results = evaluateBadges(badges, current);
    // A badge's own XP can earn another (10,000 XP): settle until nothing changes.
    for (let round = 0; round < badges.length; round += 1) {
      const newly = results.filter((b) => b.earned && !have.has(b.id));
      if (newly.length === 0) break;
      for (const badge of newly) {
        await tx.insertInto('user_badges').values({ user_id: userId, badge_id: badge.id, earned_at: moment.at }).execute();
        await award(tx, userId, { ...badgeAward(badge.id), pathId: null }, moment);
        have.add(badge.id);
      }
      results = evaluateBadges(badges, await facts(tx, userId, moment.localDay));
    }
    if (mayRevoke) {
      const lost = results.filter((b) => !b.earned && have.has(b.id)).map((b) => b.id);
      if (lost.length > 0) {
        await tx.deleteFrom('user_badges').where('user_id', '=', userId).where('badge_id', 'in', lost).execute();
        await tx
          .deleteFrom('xp_events')
          .where('user_id', '=', userId)
          .where('reason', '=', 'badge')
          .where('source_id', 'in', lost)
          .execute();
      }
    }
  }

  /** A path reset: its events and active days go; badges are judged again on what is left. */
  async function resetPath(tx: Executor, userId: string, pathId: string, moment: Moment) {
    await tx.deleteFrom('xp_events').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
    await tx.deleteFrom('activity_days').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
    await settleBadges(tx, userId, moment, true);
  }

  return {
    award,
    activity,
    settleBadges,
    resetPath,
    /** The learner's time zone and weekly goal (defaults until the browser has told us). */
    async clockOf(userId: string) {
      return db.selectFrom('learner_clock').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    async setClock(userId: string, clock: { timeZone: string; weeklyGoal: number; changedAt: string }) {
      await db
        .insertInto('learner_clock')
        .values({ user_id: userId, time_zone: clock.timeZone, time_zone_changed_at: clock.changedAt, weekly_goal: clock.weeklyGoal })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ time_zone: clock.timeZone, time_zone_changed_at: clock.changedAt, weekly_goal: clock.weeklyGoal }),
        )
        .execute();
    },
    /** Everything the XP page shows, from the ledger. */
    async summaryOf(userId: string) {
      const [events, days, owned] = await Promise.all([
        db
          .selectFrom('xp_events')
          .select(['id', 'reason', 'source_id', 'path_id', 'amount', 'earned_at', 'earned_on'])
          .where('user_id', '=', userId)
          .orderBy('earned_at', 'desc')
          .orderBy('id')
          .execute(),
        db.selectFrom('activity_days').select('local_day').where('user_id', '=', userId).execute(),
        db.selectFrom('user_badges').select(['badge_id', 'earned_at']).where('user_id', '=', userId).execute(),
      ]);
      return { events, activeDays: [...new Set(days.map((d) => d.local_day))], badges: owned };
    },
    /**
     * A leaderboard: everyone's XP earned since `since` (null: all time), ranked, ties broken by
     * who reached their total first (their last counted event's time), then by id.
     */
    async board(since: string | null) {
      // Portable conditional sums (no FILTER clause): XP in the window ranks; the all-time total
      // gives the level shown beside it.
      const inWindow = since === null ? sql`1 = 1` : sql`e.earned_at >= ${since}`;
      const { rows } = await sql<{ user_id: string; username: string; public_profile: number | null; xp: number | string; total: number | string; reached_at: string }>`
        select e.user_id, u.username, s.public_profile,
          sum(case when ${inWindow} then e.amount else 0 end) as xp,
          sum(e.amount) as total,
          max(case when ${inWindow} then e.earned_at end) as reached_at
        from xp_events e
        join users u on u.id = e.user_id
        left join user_settings s on s.user_id = e.user_id
        group by e.user_id, u.username, s.public_profile
        having sum(case when ${inWindow} then e.amount else 0 end) > 0
        order by xp desc, reached_at asc, e.user_id asc`.execute(db);
      return rows.map((r) => ({
        userId: r.user_id,
        username: r.username,
        publicProfile: toNumber(r.public_profile ?? 0) === 1,
        xp: toNumber(r.xp),
        totalXp: toNumber(r.total),
      }));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
